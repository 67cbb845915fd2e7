/* test_nb.c — upc_nb.h (explicit and implicit handles) and the Berkeley
 * async copies: data arrives correctly, computation overlaps the transfer
 * (the call returns before the data has moved), handles complete once. */
#include "libtest.h"

#include "nb.h"
#include "tick.h"

static upcrt_pts_t B; /* shared [SZ] char[SZ*THREADS] */
static size_t SZ;

static unsigned char pat(int t, size_t k, int salt) {
  return (unsigned char)(t * 31 + k * 7 + (k >> 10) + salt);
}
static upcrt_pts_t at(int t, size_t off) { return (upcrt_pts_t){B.offset + off, (uint32_t)t, 0}; }

static void setup(int salt) {
  if (!SZ) {
    SZ = upcrt_seg_force_rma ? (1u << 20) : (4u << 20);
    B = upc_all_alloc((size_t)THREADS, 2 * SZ);
  }
  unsigned char *l = (unsigned char *)upcrt_node_base[MYTHREAD] + B.offset;
  for (size_t k = 0; k < SZ; k++) l[k] = pat(MYTHREAD, k, salt);
  memset(l + SZ, 0, SZ);
  libtest_barrier();
}

static int check_block(const unsigned char *p, int t, size_t off, size_t n, int salt) {
  for (size_t k = 0; k < n; k++)
    if (p[k] != pat(t, off + k, salt)) return (int)k;
  return -1;
}

/* Busy work the transfer overlaps with. */
static volatile double sink;
static double work(int rounds) {
  double x = 0;
  for (int i = 0; i < rounds * 1000; i++) x += (double)i * 1e-9;
  sink = x;
  return x;
}

static void test_explicit(void **s) {
  (void)s;
  setup(1);
  int peer = (MYTHREAD + 1) % THREADS;
  unsigned char *buf = malloc(SZ);
  /* get: overlap with work, poll with upc_sync_attempt, then sync */
  memset(buf, 0, SZ);
  upc_handle_t h = upc_memget_nb(buf, at(peer, 0), SZ);
  int attempts = 0;
  while (!upc_sync_attempt(h)) {
    work(1);
    attempts++;
  }
  int bad = check_block(buf, peer, 0, SZ, 1);
  CHECK(bad < 0, "upc_memget_nb: byte %d wrong", bad);
  /* put into the peer's second half, memcpy from the peer after next */
  for (size_t k = 0; k < SZ; k++) buf[k] = pat(MYTHREAD, k, 9);
  h = upc_memput_nb(at(peer, SZ), buf, SZ);
  work(5);
  upc_sync(h);
  libtest_barrier();
  bad = check_block((unsigned char *)upcrt_node_base[MYTHREAD] + B.offset + SZ,
                    (MYTHREAD + THREADS - 1) % THREADS, 0, SZ, 9);
  CHECK(bad < 0, "upc_memput_nb: byte %d wrong", bad);
  libtest_barrier();
  int from = (MYTHREAD + 2) % THREADS;
  h = upc_memcpy_nb(at(peer, SZ + 100), at(from, 50), 4096);
  upc_sync(h);
  upc_handle_t z = upc_memset_nb(at(peer, SZ + 8192), 0x7b, 1000);
  upc_sync(z);
  CHECK(upc_memget_nb(buf, at(peer, 0), 0) == UPC_COMPLETE_HANDLE, "zero bytes: complete");
  CHECK(upc_sync_attempt(UPC_COMPLETE_HANDLE) == 1, "complete handle");
  upc_sync(UPC_COMPLETE_HANDLE);
  libtest_barrier();
  /* I am the peer of MYTHREAD-1, whose "from" is MYTHREAD+1 */
  unsigned char *mine = (unsigned char *)upcrt_node_base[MYTHREAD] + B.offset + SZ;
  bad = check_block(mine + 100, (MYTHREAD + 1) % THREADS, 50, 4096, 1);
  CHECK(bad < 0, "upc_memcpy_nb: byte %d wrong", bad);
  for (int k = 0; k < 1000; k++)
    if (mine[8192 + k] != 0x7b) {
      CHECK(0, "upc_memset_nb: byte %d", k);
      break;
    }
  free(buf);
  LIBTEST_AGREE();
}

/* The call returns before the data has moved: posting a remote get costs
 * far less than the blocking get of the same bytes (through MPI RMA). */
static void test_overlap(void **s) {
  (void)s;
  setup(2);
  int peer = (MYTHREAD + 1) % THREADS;
  unsigned char *buf = malloc(SZ);
  uint64_t post = UINT64_MAX, blocking = UINT64_MAX;
  for (int r = 0; r < 5; r++) {
    uint64_t t0 = upc_ticks_now();
    upc_handle_t h = upc_memget_nb(buf, at(peer, 0), SZ);
    uint64_t t1 = upc_ticks_now();
    work(2);
    upc_sync(h);
    uint64_t t2 = upc_ticks_now();
    upc_memget(buf, at(peer, 0), SZ);
    uint64_t t3 = upc_ticks_now();
    if (t1 - t0 < post) post = t1 - t0;
    if (t3 - t2 < blocking) blocking = t3 - t2;
  }
  int bad = check_block(buf, peer, 0, SZ, 2);
  CHECK(bad < 0, "data after the overlapped gets: byte %d", bad);
  if (upcrt_node_base[peer] == NULL && MYTHREAD == 0)
    fprintf(stderr, "thread 0: %zu-byte get: post %.1f us, blocking %.1f us\n", SZ,
            post / 1e3, blocking / 1e3);
  if (upcrt_node_base[peer] == NULL)
    CHECK(post < blocking, "posting (%lu ns) is not cheaper than the transfer (%lu ns)",
          (unsigned long)post, (unsigned long)blocking);
  free(buf);
  libtest_barrier();
  LIBTEST_AGREE();
}

static void test_implicit(void **s) {
  (void)s;
  setup(3);
  int peer = (MYTHREAD + 1) % THREADS;
  enum { PIECES = 16 };
  size_t piece = SZ / PIECES;
  unsigned char *buf = malloc(SZ), *out = malloc(SZ);
  for (int i = 0; i < PIECES; i++)
    upc_memget_nbi(buf + (size_t)i * piece, at(peer, (size_t)i * piece), piece);
  while (!upc_synci_attempt()) work(1);
  int bad = check_block(buf, peer, 0, SZ, 3);
  CHECK(bad < 0, "upc_memget_nbi: byte %d", bad);
  for (size_t k = 0; k < SZ; k++) out[k] = pat(MYTHREAD, k, 77);
  for (int i = 0; i < PIECES; i++)
    upc_memput_nbi(at(peer, SZ + (size_t)i * piece), out + (size_t)i * piece, piece);
  upc_memset_nbi(at(peer, 2 * SZ - 64), 0x11, 64);
  upc_memcpy_nbi(at(peer, SZ), at(peer, SZ), 0);
  bupc_memput_asynci(at(peer, SZ + SZ / 2), out + SZ / 2, 16);
  upc_synci();
  CHECK(upc_synci_attempt() == 1, "nothing outstanding after upc_synci");
  libtest_barrier();
  const unsigned char *m = (unsigned char *)upcrt_node_base[MYTHREAD] + B.offset + SZ;
  int src = (MYTHREAD + THREADS - 1) % THREADS;
  bad = check_block(m, src, 0, SZ - 64, 77);
  CHECK(bad < 0, "upc_memput_nbi: byte %d", bad);
  CHECK(m[SZ - 1] == 0x11, "upc_memset_nbi");
  libtest_barrier();
  /* Berkeley explicit forms */
  bupc_handle_t h = bupc_memget_async(buf, at(peer, 10), 1000);
  bupc_waitsync(h);
  CHECK(check_block(buf, peer, 10, 1000, 3) < 0, "bupc_memget_async");
  h = bupc_memcpy_async(at(MYTHREAD, SZ + 4), at(peer, 20), 500);
  while (!bupc_trysync(h)) work(1);
  libtest_barrier();
  CHECK(check_block((unsigned char *)upcrt_node_base[MYTHREAD] + B.offset + SZ + 4, peer, 20,
                    500, 3) < 0, "bupc_memcpy_async");
  free(buf);
  free(out);
  libtest_barrier();
  LIBTEST_AGREE();
}

static const struct CMUnitTest tests[] = {cmocka_unit_test(test_explicit),
                                          cmocka_unit_test(test_overlap),
                                          cmocka_unit_test(test_implicit)};
LIBTEST_MAIN(tests)
