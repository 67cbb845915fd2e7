/* test_vis.c — strided, vector (vlist) and indexed (ilist) transfers, get /
 * put / shared-to-shared copy, blocking and async, against a reference
 * computed from the data pattern (remote threads through MPI under
 * UPCRT_FORCE_RMA=1). */
#include "libtest.h"

#include "vis.h"

enum { AREA = 65536 };
static upcrt_pts_t V; /* shared [2*AREA] char[2*AREA*THREADS]: data, then scratch */

static unsigned char pat(int t, size_t k) { return (unsigned char)(t * 53 + k * 11 + (k >> 8)); }
static upcrt_pts_t at(int t, size_t off) { return (upcrt_pts_t){V.offset + off, (uint32_t)t, 0}; }
static unsigned char *mine(size_t off) {
  return (unsigned char *)upcrt_node_base[MYTHREAD] + V.offset + off;
}

static void setup(void) {
  if (upcrt_pts_isnull(V)) V = upc_all_alloc((size_t)THREADS, 2 * AREA);
  for (size_t k = 0; k < AREA; k++) mine(0)[k] = pat(MYTHREAD, k);
  memset(mine(AREA), 0, AREA);
  libtest_barrier();
}

/* A 3-level box: count {c0 bytes, c1, c2} out of a [D2][D1][D0] byte array. */
enum { D0 = 40, D1 = 9, D2 = 7 };
static const size_t cnt[3] = {24, 5, 4};
static const size_t box_strides[2] = {D0, D0 * D1};
static const size_t flat_strides[2] = {24, 24 * 5};

static size_t box_off(size_t i0, size_t i1, size_t i2) { return 3 + i0 + i1 * D0 + i2 * D0 * D1; }

static void test_strided(void **s) {
  (void)s;
  setup();
  int peer = (MYTHREAD + 1) % THREADS;
  unsigned char flat[24 * 5 * 4];
  for (int async = 0; async < 2; async++) {
    memset(flat, 0, sizeof flat);
    if (async) bupc_waitsync(bupc_memget_strided_async(flat, flat_strides, at(peer, 3), box_strides, cnt, 2));
    else bupc_memget_strided(flat, flat_strides, at(peer, 3), box_strides, cnt, 2);
    int bad = -1;
    for (size_t i2 = 0; i2 < 4; i2++)
      for (size_t i1 = 0; i1 < 5; i1++)
        for (size_t i0 = 0; i0 < 24; i0++)
          if (flat[i0 + 24 * i1 + 120 * i2] != pat(peer, box_off(i0, i1, i2)) && bad < 0)
            bad = (int)(i0 + 24 * i1 + 120 * i2);
    CHECK(bad < 0, "bupc_memget_strided%s: byte %d", async ? "_async" : "", bad);
  }
  /* put the flat box into the peer's scratch with the box strides */
  for (size_t k = 0; k < sizeof flat; k++) flat[k] = (unsigned char)(k * 3 + MYTHREAD);
  bupc_memput_strided(at(peer, AREA + 3), box_strides, flat, flat_strides, cnt, 2);
  /* and copy a 2-level piece shared-to-shared between two other threads */
  size_t c2[2] = {10, 6}, ss[1] = {D0}, ds[1] = {16};
  int a = (MYTHREAD + 2) % THREADS;
  bupc_waitsync(bupc_memcpy_strided_async(at(a, AREA + 4096 + 1024 * (size_t)MYTHREAD), ds,
                                          at(peer, 100), ss, c2, 1));
  upcrt_fence();
  libtest_barrier();
  int from = (MYTHREAD + THREADS - 1) % THREADS, bad = -1;
  for (size_t i2 = 0; i2 < 4; i2++)
    for (size_t i1 = 0; i1 < 5; i1++)
      for (size_t i0 = 0; i0 < 24; i0++) {
        size_t k = i0 + 24 * i1 + 120 * i2;
        if (mine(AREA)[box_off(i0, i1, i2)] != (unsigned char)(k * 3 + from) && bad < 0) bad = (int)k;
      }
  CHECK(bad < 0, "bupc_memput_strided: element %d", bad);
  CHECK(mine(AREA)[box_off(0, 0, 0) - 1] == 0 && mine(AREA)[box_off(24, 0, 0)] == 0,
        "bupc_memput_strided wrote outside the box");
  for (int t = 0; t < THREADS; t++) {
    if ((t + 2) % THREADS != MYTHREAD) continue;
    int src = (t + 1) % THREADS;
    for (size_t j = 0; j < 6; j++)
      for (size_t i = 0; i < 10; i++)
        if (mine(AREA + 4096 + 1024 * (size_t)t)[i + 16 * j] != pat(src, 100 + i + D0 * j)) {
          CHECK(0, "bupc_memcpy_strided by thread %d: [%zu][%zu]", t, j, i);
          j = 6;
          break;
        }
  }
  libtest_barrier();
  LIBTEST_AGREE();
}

static void test_vlist(void **s) {
  (void)s;
  setup();
  int T = THREADS;
  /* shared regions on every thread, odd lengths; private regions cut the
   * same byte stream differently */
  upc_smemvec_t sv[8];
  size_t total = 0, refoff[8];
  for (int i = 0; i < 8; i++) {
    int t = (MYTHREAD + i) % T;
    sv[i].addr = at(t, 1000 * (size_t)i + 7 * (size_t)MYTHREAD);
    sv[i].len = 13 + 17 * (size_t)i;
    refoff[i] = total;
    total += sv[i].len;
  }
  unsigned char *buf = calloc(total, 1);
  upc_pmemvec_t pv[3] = {{buf, 5}, {buf + 5, total - 105}, {buf + total - 100, 100}};
  for (int async = 0; async < 2; async++) {
    memset(buf, 0, total);
    if (async) bupc_waitsync(bupc_memget_vlist_async(3, pv, 8, sv));
    else bupc_memget_vlist(3, pv, 8, sv);
    for (int i = 0; i < 8; i++) {
      int t = (MYTHREAD + i) % T;
      for (size_t k = 0; k < sv[i].len; k++)
        if (buf[refoff[i] + k] != pat(t, 1000 * (size_t)i + 7 * (size_t)MYTHREAD + k)) {
          CHECK(0, "bupc_memget_vlist%s: region %d byte %zu", async ? "_async" : "", i, k);
          break;
        }
    }
  }
  /* put a private stream into regions in the next thread's scratch */
  for (size_t k = 0; k < total; k++) buf[k] = (unsigned char)(k + 5 * MYTHREAD);
  upc_smemvec_t dv[8];
  int peer = (MYTHREAD + 1) % T;
  for (int i = 0; i < 8; i++) dv[i] = (upc_smemvec_t){at(peer, AREA + 2000 * (size_t)i), sv[i].len};
  bupc_memput_vlist(8, dv, 3, pv);
  /* copy shared regions (all threads) to shared regions (peer's scratch) */
  upc_smemvec_t cv[2] = {{at(peer, AREA + 30000), total / 2}, {at(peer, AREA + 40000), total - total / 2}};
  bupc_memcpy_vlist(2, cv, 8, sv);
  libtest_barrier();
  int from = (MYTHREAD + T - 1) % T;
  size_t q = 0;
  for (int i = 0; i < 8; i++)
    for (size_t k = 0; k < 13 + 17 * (size_t)i; k++, q++) {
      if (mine(AREA + 2000 * (size_t)i)[k] != (unsigned char)(q + 5 * from)) {
        CHECK(0, "bupc_memput_vlist: region %d byte %zu", i, k);
        i = 8;
        break;
      }
    }
  q = 0;
  for (int i = 0; i < 8; i++) {
    int t = (from + i) % T;
    for (size_t k = 0; k < 13 + 17 * (size_t)i; k++, q++) {
      unsigned char got = q < total / 2 ? mine(AREA + 30000)[q] : mine(AREA + 40000)[q - total / 2];
      if (got != pat(t, 1000 * (size_t)i + 7 * (size_t)from + k)) {
        CHECK(0, "bupc_memcpy_vlist: region %d byte %zu", i, k);
        i = 8;
        break;
      }
    }
  }
  free(buf);
  libtest_barrier();
  LIBTEST_AGREE();
}

static void test_ilist(void **s) {
  (void)s;
  setup();
  int T = THREADS, peer = (MYTHREAD + 1) % T;
  enum { N = 12, L = 24 };
  upcrt_pts_t src[N], dst[N / 2];
  void *pdst[N / 3];
  unsigned char buf[N * L];
  for (int i = 0; i < N; i++) src[i] = at((MYTHREAD + i) % T, 500 + 64 * (size_t)i);
  for (int i = 0; i < N / 3; i++) pdst[i] = buf + (size_t)i * 3 * L;
  bupc_memget_ilist(N / 3, pdst, 3 * L, N, src, L);
  for (int i = 0; i < N; i++)
    for (size_t k = 0; k < L; k++)
      if (buf[(size_t)i * L + k] != pat((MYTHREAD + i) % T, 500 + 64 * (size_t)i + k)) {
        CHECK(0, "bupc_memget_ilist: piece %d byte %zu", i, k);
        i = N;
        break;
      }
  const void *psrc[N];
  for (int i = 0; i < N; i++) psrc[i] = buf + (size_t)i * L;
  for (int i = 0; i < N / 2; i++) dst[i] = at(peer, AREA + 128 * (size_t)i);
  bupc_waitsync(bupc_memput_ilist_async(N / 2, dst, 2 * L, N, psrc, L));
  upcrt_pts_t cdst[1] = {at(peer, AREA + 5000)};
  bupc_memcpy_ilist(1, cdst, N * L, N, src, L);
  libtest_barrier();
  int from = (MYTHREAD + T - 1) % T;
  for (int i = 0; i < N; i++) {
    int t = (from + i) % T;
    for (size_t k = 0; k < L; k++) {
      unsigned char e = pat(t, 500 + 64 * (size_t)i + k);
      unsigned char p1 = mine(AREA + 128 * (size_t)(i / 2))[(size_t)(i % 2) * L + k];
      unsigned char p2 = mine(AREA + 5000)[(size_t)i * L + k];
      if (p1 != e || p2 != e) {
        CHECK(0, "ilist put/copy: piece %d byte %zu: %u %u, expected %u", i, k, p1, p2, e);
        i = N;
        break;
      }
    }
  }
  libtest_barrier();
  LIBTEST_AGREE();
}

/* Many strided gets in flight at once, from every thread: more than one
 * aggregated batch holds (256) and more shapes than the type cache (64),
 * completed out of order, the last one by polling. */
enum { MANY = 300, MANY_MAX = 9 * 9 * 2 };
static void test_strided_many(void **s) {
  (void)s;
  setup();
  static unsigned char dst[MANY][MANY_MAX];
  static bupc_handle_t h[MANY];
  memset(dst, 0, sizeof dst);
  for (int i = 0; i < MANY; i++) {
    size_t c[3] = {1 + (size_t)i % 9, 1 + (size_t)i / 9 % 9, 2};
    size_t ds[2] = {c[0], c[0] * c[1]};
    h[i] = bupc_memget_strided_async(dst[i], ds, at((MYTHREAD + 1 + i) % THREADS, 3 + (size_t)i % 13),
                                     box_strides, c, 2);
  }
  while (!bupc_trysync(h[MANY - 1])) {
  }
  for (int i = MANY - 2; i >= 0; i--) bupc_waitsync(h[i]);
  int bad = -1;
  for (int i = 0; i < MANY && bad < 0; i++) {
    size_t c0 = 1 + (size_t)i % 9, c1 = 1 + (size_t)i / 9 % 9;
    for (size_t k = 0; k < c0 * c1 * 2 && bad < 0; k++)
      if (dst[i][k] != pat((MYTHREAD + 1 + i) % THREADS,
                           3 + (size_t)i % 13 + box_off(k % c0, k / c0 % c1, k / c0 / c1) - 3))
        bad = i;
  }
  CHECK(bad < 0, "bupc_memget_strided_async, many in flight: get %d", bad);
  libtest_barrier();
  LIBTEST_AGREE();
}

/* Every thread gets a box from the next one and waits by polling its handle
 * (bupc_trysync, then upc_synci_attempt for an implicit-handle get): the
 * next thread answers the packed get only when it polls (or its progress
 * thread does; the lib suite runs this also with UPCRT_PROGRESS=off), so
 * the polls themselves must answer it. */
static void test_strided_trysync(void **s) {
  (void)s;
  setup();
  int peer = (MYTHREAD + 1) % THREADS;
  unsigned char flat[24 * 5 * 4];
  for (int round = 0; round < 2; round++) {
    memset(flat, 0, sizeof flat);
    bupc_handle_t h = bupc_memget_strided_async(flat, flat_strides, at(peer, 3), box_strides, cnt, 2);
    while (!bupc_trysync(h)) {
    }
    if (round == 1) { /* again, through upc_memget_nbi and upc_synci_attempt */
      memset(flat, 0, sizeof flat);
      upc_memget_nbi(flat, at(peer, 3), 24);
      while (!upc_synci_attempt()) {
      }
      for (size_t k = 0; k < 24; k++)
        CHECK(flat[k] == pat(peer, 3 + k), "upc_memget_nbi: byte %zu", k);
      continue;
    }
    int bad = -1;
    for (size_t k = 0; k < sizeof flat && bad < 0; k++)
      if (flat[k] != pat(peer, box_off(k % 24, k / 24 % 5, k / 120))) bad = (int)k;
    CHECK(bad < 0, "bupc_memget_strided_async waited for with bupc_trysync: byte %d", bad);
  }
  libtest_barrier();
  LIBTEST_AGREE();
}

static const struct CMUnitTest tests[] = {cmocka_unit_test(test_strided),
                                          cmocka_unit_test(test_strided_many),
                                          cmocka_unit_test(test_strided_trysync),
                                          cmocka_unit_test(test_vlist),
                                          cmocka_unit_test(test_ilist)};
LIBTEST_MAIN(tests)
