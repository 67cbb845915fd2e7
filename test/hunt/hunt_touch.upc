/* hunt_touch.upc — HUNT (upcrun -hunt / UPCRT_HUNT=1) keeps upc_memget's
 * meaning: every thread fetches large pieces of its right neighbour's block
 * into private buffers and checks every byte against a pattern computed
 * here, touching the buffer up, down, in random page order, partly, after
 * overwriting it, after handing it to write(2), and with the hints of
 * <upcx.h>.  The bytes around the destination (on the same pages) must stay
 * as they were.  With HUNT on and another thread's data (THREADS > 1 under
 * UPCRT_FORCE_RMA=1) the runtime's counters must show strips and signals. */
#include "../upc/upctest.h"
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <upcx.h>

/* The runtime's counters (rts/comm/hunt.h), for checking that HUNT really ran. */
typedef struct {
  unsigned long long gets, strips, bytes, signals, retired_early, declined;
} hunt_stats_t;
void upcrt_hunt_stats(hunt_stats_t *out);

#define PAGE 4096
#define BLK ((size_t)(3 << 20) + 777) /* bytes of each thread's block */
#define PAD 8192                      /* guard bytes each side of a buffer */

static unsigned char *block; /* BLK bytes of every thread, one block each */
shared [] unsigned char *shared blocks[THREADS];
static int right, hunting, forced;
static size_t hunt_min = (size_t)64 << 10; /* UPCRT_HUNT_MIN, default 64K */
static unsigned char *raw; /* buffer with guards */

static unsigned char pattern(int owner, size_t i) {
  return (unsigned char)(owner * 131 + i * 7 + (i >> 12) * 13 + 1);
}

static shared [] unsigned char *src_at(size_t off) { return blocks[right] + off; }

/* Does a memget into buf take the HUNT path (enough whole pages)? */
static int will_hunt(const unsigned char *buf, size_t len) {
  uintptr_t lo = ((uintptr_t)buf + PAGE - 1) / PAGE * PAGE, hi = ((uintptr_t)buf + len) / PAGE * PAGE;
  return hi > lo && hi - lo >= hunt_min;
}

/* Buffer at `mis` bytes past a page boundary, guards filled with 0xa5. */
static unsigned char *fresh(size_t mis, size_t len) {
  memset(raw, 0xa5, PAD + len + mis + PAD);
  return raw + PAD + mis;
}

/* Guards unchanged, and byte i of buf is pattern(right, off + i) for i in [a, b). */
static int bad_range(const unsigned char *buf, size_t off, size_t a, size_t b) {
  int bad = 0;
  for (size_t i = a; i < b; i++) bad += buf[i] != pattern(right, off + i);
  return bad;
}
static int bad_guards(const unsigned char *buf, size_t len) {
  int bad = 0;
  for (size_t i = 1; i <= PAD; i++) bad += buf[-(ptrdiff_t)i] != 0xa5;
  for (size_t i = 0; i < PAD; i++) bad += buf[len + i] != 0xa5;
  return bad;
}

static unsigned lcg = 12345;
static unsigned next_rand(void) {
  lcg = lcg * 1103515245u + 12345u;
  return lcg >> 8;
}

static hunt_stats_t before;
static void mark(void) { upcrt_hunt_stats(&before); }
/* With HUNT on: that many memgets went through it since mark(), and at
 * least one signal was taken (the program touched a strip first).  Without
 * UPCRT_HUNT_MIN the runtime chooses per memget (HUNT or blocking, see
 * rts/comm/hunt.c): then they are counted either way. */
static void expect_hunt(int gets, int touched) {
  hunt_stats_t now;
  upcrt_hunt_stats(&now);
  if (!hunting) {
    CHECK_UINT(now.gets, 0);
    return;
  }
  if (!forced) {
    CHECK_UINT(now.gets - before.gets + now.declined - before.declined, gets);
    return;
  }
  CHECK_UINT(now.declined, 0);
  CHECK_UINT(now.gets - before.gets, gets);
  CHECK(now.strips - before.strips >= (unsigned long long)gets);
  if (touched) CHECK(now.signals > before.signals);
  CHECK(now.signals - before.signals <= now.strips - before.strips);
}

int main(void) {
  right = (MYTHREAD + 1) % THREADS;
  const char *h = getenv("UPCRT_HUNT");
  hunting = THREADS > 1 && h && strcmp(h, "1") == 0;
  const char *m = getenv("UPCRT_HUNT_MIN"); /* K only, as the tests set it */
  if (m) hunt_min = (size_t)atol(m) << 10;
  forced = m != NULL;
  blocks[MYTHREAD] = upc_alloc(BLK);
  block = (unsigned char *)blocks[MYTHREAD];
  for (size_t i = 0; i < BLK; i++) block[i] = pattern(MYTHREAD, i);
  raw = aligned_alloc(PAGE, BLK + 2 * PAD + PAGE);
  CHECK(raw != NULL);
  upc_barrier;

  /* 1. Sizes, buffer and source misalignments; touched in ascending order. */
  static const size_t lens[] = {(size_t)64 * PAGE + 1, 300000, (1 << 20) - 3, (2 << 20) + 4095,
                                BLK};
  static const size_t mis[] = {0, 1, 100, PAGE - 1};
  static const size_t soff[] = {0, 3, PAGE};
  for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++)
    for (size_t m = 0; m < sizeof mis / sizeof mis[0]; m++)
      for (size_t s = 0; s < sizeof soff / sizeof soff[0]; s++) {
        size_t len = lens[l], off = soff[s];
        if (off + len > BLK) continue;
        unsigned char *buf = fresh(mis[m], len);
        mark();
        upc_memget(buf, src_at(off), len);
        CHECK_INT(bad_range(buf, off, 0, len), 0);
        CHECK_INT(bad_guards(buf, len), 0);
        expect_hunt(will_hunt(buf, len), will_hunt(buf, len));
      }

  /* 2. Descending touch, with the order hint and without. */
  for (int hint = 0; hint < 2; hint++) {
    upcx_hunt_set_order(hint ? UPCX_HUNT_DOWN : UPCX_HUNT_UP);
    size_t len = (2 << 20) + 5;
    unsigned char *buf = fresh(7, len);
    mark();
    upc_memget(buf, src_at(11), len);
    int bad = 0;
    for (size_t i = len; i-- > 0;) bad += buf[i] != pattern(right, 11 + i);
    CHECK_INT(bad, 0);
    CHECK_INT(bad_guards(buf, len), 0);
    expect_hunt(1, 1);
  }
  upcx_hunt_set_order(UPCX_HUNT_UP);

  /* 3. Random page order (each page once), strips of equal and growing size. */
  for (int decomp = 1; decomp <= 3; decomp += 2) {
    upcx_hunt_set_decomp(decomp);
    size_t len = BLK - 100, npages = (len + PAGE - 1) / PAGE;
    unsigned char *buf = fresh(0, len);
    static size_t order[(BLK + PAGE - 1) / PAGE];
    for (size_t i = 0; i < npages; i++) order[i] = i;
    for (size_t i = npages - 1; i > 0; i--) {
      size_t j = next_rand() % (i + 1), t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    mark();
    upc_memget(buf, src_at(100), len);
    int bad = 0;
    for (size_t k = 0; k < npages; k++) {
      size_t a = order[k] * PAGE, b = a + PAGE < len ? a + PAGE : len;
      bad += bad_range(buf, 100, a, b);
    }
    CHECK_INT(bad, 0);
    CHECK_INT(bad_guards(buf, len), 0);
    expect_hunt(1, 1);
  }
  upcx_hunt_set_decomp(2);

  /* 4. Partial touches: a few bytes, then the next memget into the same
   * buffer, then a barrier, then everything. */
  {
    size_t len = (2 << 20) + 300;
    unsigned char *buf = fresh(300, len);
    mark();
    upc_memget(buf, src_at(0), len);
    CHECK_INT(buf[len / 2], pattern(right, len / 2));
    CHECK_INT(buf[len - 1], pattern(right, len - 1));
    upc_memget(buf, src_at(5000), len); /* over strips never touched */
    CHECK_INT(buf[PAGE * 100 + 5], pattern(right, 5000 + PAGE * 100 + 5));
    upcx_hunt_start_piggyback_thresh(0);
    upc_barrier;
    CHECK_INT(bad_range(buf, 5000, 0, len), 0);
    CHECK_INT(bad_guards(buf, len), 0);
    upcx_hunt_start_piggyback_thresh(1);
    expect_hunt(2, 1);
  }

  /* 5. The buffer reused before it is read: the program's writes win, the
   * bytes it did not write are the data. */
  {
    size_t len = (1 << 20) + 999;
    unsigned char *buf = fresh(1, len);
    mark();
    upc_memget(buf, src_at(1), len);
    for (size_t i = 0; i < len; i += 3) buf[i] = (unsigned char)(i ^ 0x5a);
    int bad = 0;
    for (size_t i = 0; i < len; i++)
      bad += buf[i] != (i % 3 == 0 ? (unsigned char)(i ^ 0x5a) : pattern(right, 1 + i));
    CHECK_INT(bad, 0);
    upc_memget(buf, src_at(2), len);
    memset(buf, 0x3c, len); /* all of it, through libc */
    upc_fence;
    bad = 0;
    for (size_t i = 0; i < len; i++) bad += buf[i] != 0x3c;
    CHECK_INT(bad, 0);
    CHECK_INT(bad_guards(buf, len), 0);
    expect_hunt(2, 1);
  }

  /* 6. Into write(2) after upc_fence(), read back from the file exactly;
   * and upc_memput straight from a fresh HUNT buffer, without a fence. */
  {
    size_t len = (1 << 20) + 4097;
    unsigned char *buf = fresh(9, len);
    upc_memget(buf, src_at(17), len);
    upc_fence;
    char name[] = "/tmp/upc_hunt_XXXXXX";
    int fd = mkstemp(name);
    CHECK(fd >= 0);
    unlink(name);
    CHECK_INT(write(fd, buf, len), (long long)len);
    unsigned char *back = malloc(len);
    CHECK(back != NULL);
    CHECK_INT(pread(fd, back, len, 0), (long long)len);
    close(fd);
    int bad = 0;
    for (size_t i = 0; i < len; i++) bad += back[i] != pattern(right, 17 + i);
    CHECK_INT(bad, 0);
    free(back);

    /* to the thread the strips still come from: they must land first */
    upc_barrier; /* every thread is done reading the blocks */
    upc_memget(buf, src_at(0), len);
    upc_memput(src_at(50), buf, len); /* right's block[50 + i] = its pattern(i) */
    upc_barrier;
    bad = 0;
    for (size_t i = 0; i < len; i++) bad += block[50 + i] != pattern(MYTHREAD, i);
    CHECK_INT(bad, 0);
    upc_barrier;
    for (size_t i = 0; i < BLK; i++) block[i] = pattern(MYTHREAD, i);
    upc_barrier;
  }

  /* 7. A buffer on the stack (the handler runs on the alternate stack). */
  {
    unsigned char stackbuf[(size_t)512 << 10];
    mark();
    upc_memget(stackbuf, src_at(33), sizeof stackbuf);
    CHECK_INT(bad_range(stackbuf, 33, 0, sizeof stackbuf), 0);
    expect_hunt(1, 1);
  }

  /* 8. Small gets stay blocking; upcx_hunt_enable switches it. */
  {
    unsigned char *buf = fresh(0, 8 * PAGE);
    mark();
    upc_memget(buf, src_at(0), 8 * PAGE);
    CHECK_INT(bad_range(buf, 0, 0, 8 * PAGE), 0);
    expect_hunt(0, 0);
    int was = upcx_hunt_enable(0);
    CHECK_INT(was, h && strcmp(h, "1") == 0);
    size_t len = 1 << 20;
    buf = fresh(0, len);
    hunt_stats_t a, b;
    upcrt_hunt_stats(&a);
    upc_memget(buf, src_at(0), len);
    upcrt_hunt_stats(&b);
    CHECK_UINT(b.gets, a.gets);
    CHECK_INT(bad_range(buf, 0, 0, len), 0);
    upcx_hunt_enable(was);
  }

  free(raw);
  return upctest_done();
}
