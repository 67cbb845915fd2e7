/* test_access.c — static shared objects, get/put of every size between
 * threads, relaxed-put completion, read-own-write, bulk copies, remote
 * updates and pointer queries, under mpiexec (and UPCRT_FORCE_RMA=1). */
#include "rtstest.h"

#include <stdint.h>
#include <string.h>

#include "cache.h"

/* Static objects as upcc would emit them. */
typedef struct {
  int32_t a;
  double b;
  char c[8];
} rec_t; /* 24 bytes */

static int32_t cyc_init[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
static upcrt_static_t CYC = {"cyc", "shared int[10*THREADS]", 4, 1, 10, 1, cyc_init, 10, 0, 0};
static int64_t blk_init[37];
static upcrt_static_t BLK = {"blk", "shared [5] long[37]", 8, 5, 37, 0, blk_init, 37, 0, 0};
static rec_t rec_init[3] = {{1, 1.5, "one"}, {2, 2.5, "two"}, {3, 3.5, "three"}};
static upcrt_static_t REC = {"rec", "shared [2] rec_t[7]", 24, 2, 7, 0, rec_init, 3, 0, 0};
static int16_t ind_init[9] = {9, 8, 7, 6, 5, 4, 3, 2, 1};
static upcrt_static_t IND = {"ind", "shared [] short[9]", 2, 0, 9, 0, ind_init, 9, 0, 0};
static upcrt_static_t BUF = {"buf", "shared [65536] char[65536*THREADS]", 1, 65536, 65536, 1,
                             NULL, 0, 0, 0};
static upcrt_static_t SCALAR = {"counter", "shared long", 8, 0, 1, 0, NULL, 0, 0, 0};

__attribute__((constructor)) static void register_statics(void) {
  for (int i = 0; i < 37; i++) blk_init[i] = 1000 + i;
  upcrt_register_static(&CYC);
  upcrt_register_static(&BLK);
  upcrt_register_static(&REC);
  upcrt_register_static(&IND);
  upcrt_register_static(&BUF);
  upcrt_register_static(&SCALAR);
}

/* Every thread reads every element: initialisers ran once, on the owner. */
static void test_static_init(void **state) {
  (void)state;
  upcrt_pts_t cyc = upcrt_static_pts(&CYC), blk = upcrt_static_pts(&BLK);
  for (int i = 0; i < 10 * THREADS; i++) {
    int32_t v = upcrt_get_i32(upcrt_pts_add(cyc, i, 1, 4));
    CHECK(v == (i < 10 ? i + 1 : 0), "cyc[%d] = %d", i, v);
  }
  for (int i = 0; i < 37; i++) {
    upcrt_pts_t p = upcrt_pts_add(blk, i, 5, 8);
    CHECK(upcrt_get_i64(p) == 1000 + i, "blk[%d] = %ld", i, (long)upcrt_get_i64(p));
    CHECK((int)upc_threadof(p) == (i / 5) % THREADS, "blk[%d] on thread %zu", i,
          upc_threadof(p));
  }
  for (int i = 0; i < 7; i++) {
    rec_t r;
    upcrt_get(&r, upcrt_pts_add(upcrt_static_pts(&REC), i, 2, 24), sizeof r);
    if (i < 3) {
      CHECK(r.a == rec_init[i].a && r.b == rec_init[i].b && strcmp(r.c, rec_init[i].c) == 0,
            "rec[%d]", i);
    } else {
      CHECK(r.a == 0 && r.b == 0 && r.c[0] == 0, "rec[%d] not zero", i);
    }
    /* a member through addbytes */
    upcrt_pts_t pb = upcrt_pts_addbytes(upcrt_pts_add(upcrt_static_pts(&REC), i, 2, 24),
                                        offsetof(rec_t, b));
    CHECK(upcrt_get_d(pb) == (i < 3 ? rec_init[i].b : 0.0), "rec[%d].b", i);
  }
  for (int i = 0; i < 9; i++) {
    upcrt_pts_t p = upcrt_pts_add(upcrt_static_pts(&IND), i, 0, 2);
    CHECK(upcrt_get_i16(p) == 9 - i && upc_threadof(p) == 0, "ind[%d]", i);
  }
  /* the objects do not overlap */
  CHECK(BLK.offset >= CYC.offset + 10 * 4, "layout overlap");
  CHECK(BUF.offset % 64 == 0 && SCALAR.offset % 64 == 0, "alignment");
  RTSTEST_AGREE();
}

static unsigned char pattern(int writer, size_t size, size_t i) {
  return (unsigned char)(writer * 31 + size * 7 + i * 13 + 1);
}

/* Every size from 1 to 300 bytes (packed at odd offsets, one barrier for
 * all), then large ones, to the next thread; read back by the owner through
 * its local address and by the writer through the runtime. */
static void check_sizes(const size_t *sizes, size_t count, int packed) {
  upcrt_pts_t buf = upcrt_static_pts(&BUF);
  int to = (MYTHREAD + 1) % THREADS, from = (MYTHREAD + THREADS - 1) % THREADS;
  unsigned char *src = malloc(65536), *dst = malloc(65536);
  assert_non_null(src);
  assert_non_null(dst);
  size_t *offs = malloc(count * sizeof *offs);
  assert_non_null(offs);
  size_t off = 0;
  for (size_t k = 0; k < count; k++) {
    size_t n = sizes[k];
    off = packed ? off + k % 7 : (k * 7) % 13; /* unaligned starts */
    if (off + n > 65536) off = 0;
    offs[k] = off;
    for (size_t i = 0; i < n; i++) src[i] = pattern(MYTHREAD, n, i);
    upcrt_pts_t dstp = upcrt_pts_addbytes(upcrt_pts_add(buf, (ptrdiff_t)to * 65536, 65536, 1), off);
    if (k % 2) upcrt_put(dstp, src, n);
    else upc_memput(dstp, src, n);
    if (packed) off += n;
    if (packed && k + 1 < count) continue;
    upcrt_barrier(0, 0);
    unsigned char *mine = upcrt_pts_to_local(upcrt_pts_add(buf, (ptrdiff_t)MYTHREAD * 65536, 65536, 1));
    for (size_t j = packed ? 0 : k; j <= k; j++) {
      size_t m = sizes[j];
      int bad = 0;
      for (size_t i = 0; i < m; i++) bad += mine[offs[j] + i] != pattern(from, m, i);
      CHECK(bad == 0, "size %zu: %d bytes wrong at the owner", m, bad);
      upcrt_pts_t srcp = upcrt_pts_addbytes(upcrt_pts_add(buf, (ptrdiff_t)to * 65536, 65536, 1), offs[j]);
      if (j % 2) upcrt_get(dst, srcp, m);
      else upc_memget(dst, srcp, m);
      for (size_t i = 0; i < m; i++) src[i] = pattern(MYTHREAD, m, i);
      CHECK(memcmp(dst, src, m) == 0, "size %zu: read back differs", m);
    }
    upcrt_barrier(0, 0);
  }
  free(offs);
  free(src);
  free(dst);
}

static void test_getput_sizes(void **state) {
  (void)state;
  size_t small[300];
  for (size_t k = 0; k < 300; k++) small[k] = k + 1;
  check_sizes(small, 300, 1);
  static const size_t big[] = {511, 512, 513, 4096, 65535, 65536};
  check_sizes(big, sizeof big / sizeof big[0], 0);
  RTSTEST_AGREE();
}

/* The typed accessors of every scalar type, relaxed and strict. */
static void test_scalar_types(void **state) {
  (void)state;
  upcrt_pts_t buf = upcrt_static_pts(&BUF);
  int to = (MYTHREAD + 1) % THREADS;
  upcrt_pts_t p = upcrt_pts_add(buf, (ptrdiff_t)to * 65536 + 64 * MYTHREAD % 4096, 65536, 1);
  upcrt_put_i8(p, -5);
  CHECK(upcrt_get_i8(p) == -5, "i8");
  upcrt_put_u8(p, 250);
  CHECK(upcrt_sget_u8(p) == 250, "u8");
  upcrt_sput_i16(p, -30000);
  CHECK(upcrt_get_i16(p) == -30000, "i16");
  upcrt_put_u16(p, 60000);
  CHECK(upcrt_get_u16(p) == 60000, "u16");
  upcrt_put_i32(p, -2000000000);
  CHECK(upcrt_get_i32(p) == -2000000000, "i32");
  upcrt_sput_u32(p, 4000000000u);
  CHECK(upcrt_sget_u32(p) == 4000000000u, "u32");
  upcrt_put_i64(p, -((int64_t)1 << 60));
  CHECK(upcrt_get_i64(p) == -((int64_t)1 << 60), "i64");
  upcrt_put_u64(p, UINT64_MAX - 3);
  CHECK(upcrt_get_u64(p) == UINT64_MAX - 3, "u64");
  upcrt_put_f(p, 1.25f);
  CHECK(upcrt_get_f(p) == 1.25f, "f");
  upcrt_sput_d(p, -3.5);
  CHECK(upcrt_get_d(p) == -3.5, "d");
  upcrt_put_ld(p, 7.25L);
  CHECK(upcrt_get_ld(p) == 7.25L, "ld");
  upcrt_put_ptr(p, (void *)&p);
  CHECK(upcrt_get_ptr(p) == (void *)&p, "ptr");
  upcrt_pts_t v = {12345, (uint32_t)to, 3};
  upcrt_put_pts(p, v);
  CHECK(upcrt_pts_eq(upcrt_sget_pts(p), v), "pts");
  RTSTEST_AGREE();
}

/* Relaxed puts to every other thread, completed by the barrier. */
static void test_relaxed_put_barrier(void **state) {
  (void)state;
  upcrt_pts_t cyc = upcrt_static_pts(&CYC); /* 10*THREADS ints, cyclic */
  for (int round = 0; round < 20; round++) {
    /* element MYTHREAD*... : thread t owns elements t, t+T, ...; write the
     * element (row MYTHREAD % 10) of every thread */
    for (int t = 0; t < THREADS; t++)
      upcrt_put_i32(upcrt_pts_add(cyc, (MYTHREAD % 10) * THREADS + t, 1, 4),
                    round * 1000 + MYTHREAD);
    upcrt_barrier(0, 0);
    int32_t *mine = upcrt_pts_to_local(upcrt_pts_add(cyc, MYTHREAD, 1, 4));
    for (int w = 0; w < THREADS && w < 10; w++) {
      /* row w of my column was written by thread w (and w+10, ...) */
      int32_t got = mine[w];
      CHECK(got % 1000 % 10 == w % 10 && got / 1000 == round, "round %d row %d: %d", round, w,
            got);
    }
    upcrt_barrier(0, 0);
  }
  RTSTEST_AGREE();
}

/* A thread reads back its own relaxed write to a remote location at once. */
static void test_read_own_write(void **state) {
  (void)state;
  upcrt_pts_t buf = upcrt_static_pts(&BUF);
  int to = (MYTHREAD + 1) % THREADS;
  upcrt_pts_t p = upcrt_pts_add(buf, (ptrdiff_t)to * 65536 + 8192 + 8 * MYTHREAD, 65536, 1);
  for (int64_t i = 0; i < RTSTEST_SCALE(2000); i++) {
    upcrt_put_i64(p, i * 3 + 1);
    int64_t v = upcrt_get_i64(p);
    CHECK(v == i * 3 + 1, "iteration %ld: read %ld", (long)i, (long)v);
  }
  /* bulk: memput then memget of an overlapping range */
  char out[1000], in[1000];
  for (int i = 0; i < 1000; i++) out[i] = (char)(i ^ MYTHREAD);
  upcrt_pts_t q = upcrt_pts_add(buf, (ptrdiff_t)to * 65536 + 16384 + 1000 * MYTHREAD, 65536, 1);
  upc_memput(q, out, 1000);
  upc_memget(in, upcrt_pts_addbytes(q, 100), 900);
  CHECK(memcmp(in, out + 100, 900) == 0, "memput/memget");
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* upc_memcpy between two other threads' blocks, upc_memset, large sizes. */
static void test_memcpy_memset(void **state) {
  (void)state;
  upcrt_pts_t buf = upcrt_static_pts(&BUF);
  int a = (MYTHREAD + 1) % THREADS, b = (MYTHREAD + 2) % THREADS;
  size_t slot = 65536 / (size_t)THREADS;
  size_t n = slot - 7;
  upcrt_pts_t pa = upcrt_pts_add(buf, (ptrdiff_t)(a * 65536 + MYTHREAD * slot), 65536, 1);
  upcrt_pts_t pb = upcrt_pts_add(buf, (ptrdiff_t)(b * 65536 + MYTHREAD * slot + 3), 65536, 1);
  unsigned char *src = malloc(n), *got = malloc(n);
  assert_non_null(src);
  assert_non_null(got);
  for (size_t i = 0; i < n; i++) src[i] = (unsigned char)(i * 5 + MYTHREAD);
  upc_memput(pa, src, n);
  upc_memcpy(pb, pa, n - 3);
  upc_memget(got, pb, n - 3);
  CHECK(memcmp(got, src, n - 3) == 0, "memcpy of %zu bytes from thread %d to %d", n - 3, a, b);
  upc_memset(pa, 0x5a, n);
  upc_memget(got, pa, n);
  size_t bad = 0;
  for (size_t i = 0; i < n; i++) bad += got[i] != 0x5a;
  CHECK(bad == 0, "memset: %zu bytes wrong", bad);
  upc_memcpy(pb, pb, 0);
  upcrt_barrier(0, 0);
  free(src);
  free(got);
  RTSTEST_AGREE();
}

/* Remote updates from every thread on one location are all applied. */
static void test_update(void **state) {
  (void)state;
  upcrt_pts_t c = upcrt_static_pts(&SCALAR);
  if (MYTHREAD == 0) upcrt_put_i64(c, 0);
  upcrt_barrier(0, 0);
  int64_t one = 1;
  for (int i = 0; i < 500; i++) upcrt_update(c, UPC_INT64, UPC_ADD, &one);
  upcrt_barrier(0, 0);
  CHECK(upcrt_get_i64(c) == 500 * THREADS, "sum %ld", (long)upcrt_get_i64(c));
  upcrt_barrier(0, 0);
  /* XOR, MAX and double ADD on per-thread words of another thread */
  upcrt_pts_t buf = upcrt_static_pts(&BUF);
  int to = (MYTHREAD + 1) % THREADS;
  upcrt_pts_t w = upcrt_pts_add(buf, (ptrdiff_t)to * 65536 + 32768 + 64 * MYTHREAD, 65536, 1);
  upcrt_put_u32(w, 0xff00ff00u);
  upcrt_put_d(upcrt_pts_addbytes(w, 8), 1.0);
  upcrt_put_i32(upcrt_pts_addbytes(w, 16), -7);
  upcrt_put_ld(upcrt_pts_addbytes(w, 32), 1.0L);
  upcrt_fence();
  uint32_t x = 0x0ff00ff0u;
  double h = 0.5;
  int32_t m = 5;
  long double ld = 3.0L;
  upcrt_update(w, UPC_UINT32, UPC_XOR, &x);
  for (int i = 0; i < 4; i++) upcrt_update(upcrt_pts_addbytes(w, 8), UPC_DOUBLE, UPC_ADD, &h);
  upcrt_update(upcrt_pts_addbytes(w, 16), UPC_INT32, UPC_MAX, &m);
  upcrt_update(upcrt_pts_addbytes(w, 32), UPC_LDOUBLE, UPC_MULT, &ld);
  upcrt_fence();
  CHECK(upcrt_get_u32(w) == (0xff00ff00u ^ 0x0ff00ff0u), "xor %x", upcrt_get_u32(w));
  CHECK(upcrt_get_d(upcrt_pts_addbytes(w, 8)) == 3.0, "double add %g",
        upcrt_get_d(upcrt_pts_addbytes(w, 8)));
  CHECK(upcrt_get_i32(upcrt_pts_addbytes(w, 16)) == 5, "max");
  CHECK(upcrt_get_ld(upcrt_pts_addbytes(w, 32)) == 3.0L, "long double mult");
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* Updates through MPI are gathered per target (256 to a batch): the thread
 * still sees them in program order without a fence — reads, puts and
 * further updates of the same place, overlaps inside a batch, changes of
 * type and operation, and more updates than one batch. */
static void test_update_order(void **state) {
  (void)state;
  upcrt_pts_t buf = upcrt_static_pts(&BUF);
  for (int k = 0; k < 2; k++) { /* the next thread, then this thread's own */
    int to = k == 0 ? (MYTHREAD + 1) % THREADS : MYTHREAD;
    upcrt_pts_t w = upcrt_pts_add(buf, (ptrdiff_t)to * 65536 + 40960 + 2048 * MYTHREAD, 65536, 1);
    upcrt_pts_t d = upcrt_pts_addbytes(w, 1024);
    for (int i = 0; i < 100; i++) upcrt_put_i64(upcrt_pts_addbytes(w, 8 * (size_t)i), i);
    upcrt_put_d(d, 1.0);
    upcrt_fence();
    /* 1000 updates over 100 words: every word appears 10 times */
    int64_t expect[100];
    for (int i = 0; i < 100; i++) expect[i] = i;
    for (int i = 0; i < 1000; i++) {
      int64_t v = i * 7 + 1;
      upcrt_update(upcrt_pts_addbytes(w, 8 * (size_t)(i % 100)), UPC_INT64, UPC_ADD, &v);
      expect[i % 100] += v;
    }
    /* floating point: x*3 then x+1 in order, repeated, mixed in one batch */
    double three = 3.0, one = 1.0, dx = 1.0;
    for (int i = 0; i < 5; i++) {
      upcrt_update(d, UPC_DOUBLE, UPC_MULT, &three);
      upcrt_update(d, UPC_DOUBLE, UPC_ADD, &one);
      dx = dx * 3.0 + 1.0;
    }
    double got = upcrt_get_d(d); /* no fence between */
    CHECK(got == dx, "to thread %d: double updates in order gave %g, expected %g", to, got, dx);
    int64_t g5 = upcrt_get_i64(upcrt_pts_addbytes(w, 40));
    CHECK(g5 == expect[5], "to thread %d: word 5 is %ld, expected %ld", to, (long)g5,
          (long)expect[5]);
    /* a put after updates of the same place wins; an update after it applies */
    int64_t two = 2;
    upcrt_update(upcrt_pts_addbytes(w, 48), UPC_INT64, UPC_ADD, &two);
    upcrt_put_i64(upcrt_pts_addbytes(w, 48), -5);
    upcrt_update(upcrt_pts_addbytes(w, 48), UPC_INT64, UPC_MULT, &two);
    expect[6] = -10;
    upcrt_fence();
    int bad = 0;
    for (int i = 0; i < 100; i++) bad += upcrt_get_i64(upcrt_pts_addbytes(w, 8 * (size_t)i)) != expect[i];
    CHECK(bad == 0, "to thread %d: %d of 100 words wrong after the fence", to, bad);
  }
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* Small relaxed puts through MPI are gathered per target and sent as one
 * indexed put (with the software cache off, so each put reaches transport.c):
 * puts to distinct places, a put to exactly a gathered place (the later
 * value wins), adjacent puts joined into runs and a put into a run's
 * middle, a get and an update of a gathered place without a fence, and more
 * puts and bytes than one batch holds. */
static void test_put_gather(void **state) {
  (void)state;
  upcrt_pts_t buf = upcrt_static_pts(&BUF);
  upcrt_cache_enable(0);
  for (int k = 0; k < 2; k++) { /* the next thread, then this thread's own */
    int to = k == 0 ? (MYTHREAD + 1) % THREADS : MYTHREAD;
    upcrt_pts_t w = upcrt_pts_add(buf, (ptrdiff_t)to * 65536 + 16384 + 4096 * MYTHREAD, 65536, 1);
    int64_t expect[512];
    /* 512 words in a scattered order (5 is coprime to 512), then every
     * seventh again: more puts than a batch, exact overwrites */
    for (int i = 0; i < 512; i++) {
      int j = (i * 5) % 512;
      expect[j] = 1000 * (int64_t)j + MYTHREAD;
      upcrt_put_i64(upcrt_pts_addbytes(w, 8 * (size_t)j), expect[j]);
    }
    for (int j = 0; j < 512; j += 7) {
      expect[j] = -(int64_t)j;
      upcrt_put_i64(upcrt_pts_addbytes(w, 8 * (size_t)j), expect[j]);
    }
    /* a get of a gathered place, no fence between */
    CHECK(upcrt_get_i64(upcrt_pts_addbytes(w, 8 * 14)) == expect[14], "get after put: %ld",
          (long)upcrt_get_i64(upcrt_pts_addbytes(w, 8 * 14)));
    /* adjacent 4-byte puts form a run; a 2-byte put into its middle, and
     * an update of a word in it, apply after the run */
    for (int j = 100; j < 120; j++) {
      upcrt_put_i32(upcrt_pts_addbytes(w, 4 * (size_t)j), j);
    }
    uint16_t ones = 0xFFFF;
    upcrt_put(upcrt_pts_addbytes(w, 4 * 110), &ones, 2);
    int32_t add = 1000;
    upcrt_update(upcrt_pts_addbytes(w, 4 * 111), UPC_INT, UPC_ADD, &add);
    for (int j = 100; j < 120; j += 2) {
      int64_t pair;
      int32_t lo = j == 110 ? (int32_t)((uint32_t)j | 0xFFFF) : j, hi = j + 1 + (j == 110 ? 1000 : 0);
      memcpy(&pair, &lo, 4);
      memcpy((char *)&pair + 4, &hi, 4);
      expect[j / 2] = pair;
    }
    /* 64-byte puts: more bytes than a batch */
    char block[64];
    for (int r = 0; r < 8; r++) {
      for (int j = 0; j < 32; j++) {
        memset(block, r * 32 + j, sizeof block);
        upcrt_put(upcrt_pts_addbytes(w, 2048 + 64 * (size_t)j), block, sizeof block);
      }
    }
    upcrt_fence();
    int bad = 0;
    for (int j = 0; j < 256; j++)
      bad += upcrt_get_i64(upcrt_pts_addbytes(w, 8 * (size_t)j)) != expect[j];
    CHECK(bad == 0, "to thread %d: %d of 256 words wrong after the fence", to, bad);
    char got[64];
    for (int j = 0; j < 32; j++) {
      upcrt_get(got, upcrt_pts_addbytes(w, 2048 + 64 * (size_t)j), sizeof got);
      memset(block, 7 * 32 + j, sizeof block);
      CHECK(memcmp(got, block, sizeof got) == 0, "to thread %d: 64-byte put %d lost", to, j);
    }
  }
  upcrt_cache_enable(1);
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* Pointer queries, private<->shared casts, names for messages. */
static void test_pointer_queries(void **state) {
  (void)state;
  upcrt_pts_t blk = upcrt_static_pts(&BLK);
  upcrt_pts_t p = upcrt_pts_add(blk, 12, 5, 8);
  char d[256];
  upcrt_describe_pts(p, d, sizeof d);
  CHECK(strcmp(d, "blk[12]") == 0, "describe gave \"%s\"", d);
  upcrt_describe_pts(upcrt_static_pts(&SCALAR), d, sizeof d);
  CHECK(strcmp(d, "counter") == 0, "describe gave \"%s\"", d);
  upcrt_describe_pts(upcrt_pts_add(upcrt_static_pts(&CYC), 3 * THREADS + MYTHREAD, 1, 4), d,
                     sizeof d);
  char want[64];
  snprintf(want, sizeof want, "cyc[%d]", 3 * THREADS + MYTHREAD);
  CHECK(strcmp(d, want) == 0, "describe gave \"%s\", want %s", d, want);
  /* my own element: cast to local and back */
  upcrt_pts_t mine = upcrt_pts_add(upcrt_static_pts(&CYC), MYTHREAD, 1, 4);
  int32_t *lp = upcrt_pts_to_local(mine);
  CHECK(lp != NULL, "own element not castable");
  upcrt_pts_t back = upcrt_local_to_pts(lp);
  CHECK(upcrt_pts_eq(back, mine), "local_to_pts round trip");
  CHECK(upcrt_pts_isnull(upcrt_local_to_pts(NULL)), "NULL cast");
  CHECK(upcrt_pts_to_local(UPCRT_NULL_PTS) == NULL, "null to local");
  /* the next thread is castable when it shares this node: never under
   * UPCRT_FORCE_RMA, and within nodes of UPCRT_NODE_SIZE threads */
  if (THREADS > 1) {
    void *other = upcrt_pts_to_local(upcrt_pts_add(mine, 1, 1, 4));
    const char *ns = getenv("UPCRT_NODE_SIZE");
    int k = ns && *ns ? atoi(ns) : THREADS, next = (MYTHREAD + 1) % THREADS;
    int near = !upcrt_seg_force_rma && MYTHREAD / k == next / k;
    CHECK((other != NULL) == near, "castability of a neighbour");
  }
  RTSTEST_AGREE();
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_static_init),      cmocka_unit_test(test_getput_sizes),
    cmocka_unit_test(test_scalar_types),     cmocka_unit_test(test_relaxed_put_barrier),
    cmocka_unit_test(test_read_own_write),   cmocka_unit_test(test_memcpy_memset),
    cmocka_unit_test(test_update),           cmocka_unit_test(test_update_order),
    cmocka_unit_test(test_put_gather),       cmocka_unit_test(test_pointer_queries),
};

RTSTEST_MAIN(tests)
