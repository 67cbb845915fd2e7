/* test_io.c — upc_io.h round trips through a temporary file: individual and
 * common file pointers, local and shared buffers (several block sizes),
 * list I/O, asynchronous forms, hints and fcntl, error returns; every read
 * is checked against the values written, and the file bytes against an
 * independent plain-C read by thread 0. */
#include "libtest.h"

#include <errno.h>
#include <unistd.h>

#include "io.h"

static char path[256];

static void make_path(const char *tag) {
  if (MYTHREAD == 0) snprintf(path, sizeof path, "/tmp/upcc_io_%d_%s", (int)getpid(), tag);
  xupc_allav_broadcast(path, path, sizeof path, 0, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
}

static unsigned char pat(size_t k) { return (unsigned char)(k * 7 + (k >> 9) + 3); }

/* Thread 0 reads the file with stdio and checks byte k == pat(k). */
static void check_file(size_t n, const char *what) {
  libtest_barrier();
  if (MYTHREAD == 0) {
    FILE *fp = fopen(path, "rb");
    CHECK(fp != NULL, "%s: file missing", what);
    if (fp) {
      unsigned char *b = malloc(n + 1);
      size_t got = fread(b, 1, n + 1, fp);
      CHECK(got == n, "%s: file has %zu bytes, expected %zu", what, got, n);
      for (size_t k = 0; k < n && k < got; k++)
        if (b[k] != pat(k)) {
          CHECK(0, "%s: file byte %zu is %u, expected %u", what, k, b[k], pat(k));
          break;
        }
      free(b);
      fclose(fp);
    }
  }
  libtest_barrier();
}

enum { CH = 10000 };

static void test_individual_local(void **s) {
  (void)s;
  make_path("ind");
  upcrt_pts_t fd = upc_all_fopen(path, UPC_WRONLY | UPC_CREATE | UPC_TRUNC | UPC_INDIVIDUAL_FP, 0, NULL);
  CHECK(!upcrt_pts_isnull(fd), "open for writing: errno %d", errno);
  unsigned char *b = malloc(CH);
  for (size_t k = 0; k < CH; k++) b[k] = pat((size_t)MYTHREAD * CH + k);
  CHECK(upc_all_fseek(fd, (upc_off_t)MYTHREAD * CH, UPC_SEEK_SET) == (upc_off_t)MYTHREAD * CH, "seek");
  /* two writes: the individual pointer advances */
  CHECK(upc_all_fwrite_local(fd, b, 1, CH / 2, 0) == CH / 2, "first half");
  CHECK(upc_all_fwrite_local(fd, b + CH / 2, CH / 2, 1, 0) == CH / 2, "second half");
  CHECK(upc_all_fseek(fd, 0, UPC_SEEK_CUR) == (upc_off_t)(MYTHREAD + 1) * CH, "pointer moved");
  CHECK(upc_all_fsync(fd) == 0, "fsync");
  CHECK(upc_all_fclose(fd) == 0, "close");
  check_file((size_t)THREADS * CH, "individual writes");
  fd = upc_all_fopen(path, UPC_RDONLY | UPC_INDIVIDUAL_FP, 0, NULL);
  CHECK(upc_all_fget_size(fd) == (upc_off_t)THREADS * CH, "size");
  int other = (MYTHREAD + 1) % THREADS;
  upc_all_fseek(fd, (upc_off_t)other * CH, UPC_SEEK_SET);
  memset(b, 0, CH);
  CHECK(upc_all_fread_local(fd, b, 4, CH / 4, UPC_IN_MYSYNC | UPC_OUT_MYSYNC) == CH, "read");
  for (size_t k = 0; k < CH; k++)
    if (b[k] != pat((size_t)other * CH + k)) {
      CHECK(0, "read byte %zu", k);
      break;
    }
  /* reading at the end returns what is there */
  upc_all_fseek(fd, -100, UPC_SEEK_END);
  CHECK(upc_all_fread_local(fd, b, 1, CH, 0) == 100, "short read at the end");
  CHECK(upc_all_fread_local(fd, b, 1, CH, 0) == 0, "read at EOF");
  CHECK(upc_all_fwrite_local(fd, b, 1, 10, 0) == -1 && errno == EBADF, "write on read-only");
  CHECK(upc_all_fclose(fd) == 0, "close");
  free(b);
  if (MYTHREAD == 0) unlink(path);
  LIBTEST_AGREE();
}

/* Common pointer, shared buffers: the file holds the array in element order. */
static void test_common_shared(void **s) {
  (void)s;
  make_path("common");
  const size_t N = 1000; /* ints */
  upcrt_pts_t A = upc_all_alloc((size_t)THREADS, 3 * N * 4);
  upcrt_pts_t fd = upc_all_fopen(path, UPC_RDWR | UPC_CREATE | UPC_TRUNC | UPC_COMMON_FP, 0, NULL);
  CHECK(upc_all_fcntl(fd, UPC_GET_FP, NULL) == UPC_COMMON_FP, "common pointer");
  const size_t blks[] = {7, 1, 0, 64};
  upc_off_t at = 0;
  for (int bi = 0; bi < 4; bi++) {
    size_t B = blks[bi];
    /* element i of the shared [B] int array at A holds pat-derived bytes */
    upcrt_pts_t base = A;
    if (B == 0) base.thread = (uint32_t)(THREADS - 1);
    for (size_t i = 0; i < N; i++) {
      upcrt_pts_t e = upcrt_pts_add(base, (ptrdiff_t)i, B, 4);
      if ((int)e.thread == MYTHREAD) {
        unsigned char v[4];
        for (int k = 0; k < 4; k++) v[k] = pat((size_t)at + i * 4 + (size_t)k);
        memcpy(upcrt_node_base[MYTHREAD] + e.offset, v, 4);
      }
    }
    upc_off_t w = upc_all_fwrite_shared(fd, base, B, 4, N, UPC_IN_MYSYNC | UPC_OUT_MYSYNC);
    CHECK(w == (upc_off_t)(N * 4), "block %zu: wrote %ld", B, (long)w);
    at += (upc_off_t)(N * 4);
    CHECK(upc_all_fseek(fd, 0, UPC_SEEK_CUR) == at, "block %zu: pointer %ld", B, (long)at);
  }
  check_file((size_t)at, "common-pointer shared writes");
  /* read everything back into a differently blocked array */
  upc_all_fseek(fd, 0, UPC_SEEK_SET);
  size_t B2 = 5, n2 = (size_t)at / 4;
  upcrt_pts_t R = upc_all_alloc((size_t)THREADS, ((n2 + 4) / 5 / (size_t)THREADS + 2) * 5 * 4);
  upc_off_t r = upc_all_fread_shared(fd, R, B2, 4, n2, 0);
  CHECK(r == at, "read %ld of %ld", (long)r, (long)at);
  for (size_t i = 0; i < n2; i += 37) {
    unsigned char v[4];
    upc_memget(v, upcrt_pts_add(R, (ptrdiff_t)i, B2, 4), 4);
    for (int k = 0; k < 4; k++)
      CHECK(v[k] == pat(i * 4 + (size_t)k), "element %zu byte %d", i, k);
  }
  CHECK(upc_all_fclose(fd) == 0, "close");
  upc_all_free(R);
  upc_all_free(A);
  if (MYTHREAD == 0) unlink(path);
  LIBTEST_AGREE();
}

/* Individual pointers with shared buffers that span other threads. */
static void test_individual_shared(void **s) {
  (void)s;
  make_path("indsh");
  const size_t K = 300, B = 16; /* each thread: K elements of 2 bytes */
  upcrt_pts_t A = upc_all_alloc((size_t)THREADS, (K / B + 2) * B * 2 * (size_t)1 + 4096);
  /* the shared [16] short array at A: element j = pat bytes of file 2j */
  for (size_t j = 0; j < K * (size_t)THREADS / 2; j++) {
    upcrt_pts_t e = upcrt_pts_add(A, (ptrdiff_t)j, B, 2);
    if ((int)e.thread == MYTHREAD) {
      unsigned char v[2] = {pat(2 * j), pat(2 * j + 1)};
      memcpy(upcrt_node_base[MYTHREAD] + e.offset, v, 2);
    }
  }
  upcrt_pts_t fd = upc_all_fopen(path, UPC_WRONLY | UPC_CREATE | UPC_INDIVIDUAL_FP, 0, NULL);
  /* thread t writes elements [t*K/2, t*K/2 + K/2) at file offset t*K */
  size_t first = (size_t)MYTHREAD * K / 2;
  upc_all_fseek(fd, (upc_off_t)(first * 2), UPC_SEEK_SET);
  CHECK(upc_all_fwrite_shared(fd, upcrt_pts_add(A, (ptrdiff_t)first, B, 2), B, 2, K / 2, 0) ==
            (upc_off_t)K, "individual shared write");
  upc_all_fclose(fd);
  check_file(K * (size_t)THREADS, "individual shared writes");
  /* read back, each thread a neighbour's piece, into a shared buffer */
  fd = upc_all_fopen(path, UPC_RDONLY | UPC_INDIVIDUAL_FP | UPC_DELETE_ON_CLOSE, 0, NULL);
  upcrt_pts_t R = upc_all_alloc((size_t)THREADS, 4096);
  int nb = (MYTHREAD + 1) % THREADS;
  upc_all_fseek(fd, (upc_off_t)nb * (upc_off_t)K, UPC_SEEK_SET);
  upcrt_pts_t dst = {R.offset + 8, (uint32_t)((MYTHREAD + 2) % THREADS), 0};
  CHECK(upc_all_fread_shared(fd, dst, 0, 1, K, 0) == (upc_off_t)K, "read into shared");
  libtest_barrier();
  unsigned char *got = malloc(K);
  upc_memget(got, dst, K);
  for (size_t k = 0; k < K; k++)
    if (got[k] != pat((size_t)nb * K + k)) {
      CHECK(0, "shared read byte %zu", k);
      break;
    }
  free(got);
  upc_all_fclose(fd);
  if (MYTHREAD == 0) CHECK(access(path, F_OK) != 0, "UPC_DELETE_ON_CLOSE removed the file");
  upc_all_free(R);
  upc_all_free(A);
  LIBTEST_AGREE();
}

/* List I/O: each thread's regions interleave with everyone else's. */
static void test_list(void **s) {
  (void)s;
  make_path("list");
  enum { R = 16, NREG = 6 };
  int T = THREADS;
  upc_filevec_t fv[NREG];
  for (int k = 0; k < NREG; k++)
    fv[k] = (upc_filevec_t){(upc_off_t)(((size_t)k * (size_t)T + (size_t)MYTHREAD) * R), R};
  unsigned char mem[NREG * R];
  size_t q = 0;
  for (int k = 0; k < NREG; k++)
    for (size_t j = 0; j < R; j++) mem[q++] = pat(((size_t)k * (size_t)T + (size_t)MYTHREAD) * R + j);
  /* three private pieces that cut the stream elsewhere than the file regions */
  upc_local_memvec_t mv[3] = {{mem, 5}, {mem + 5, 50}, {mem + 55, NREG * R - 55}};
  upcrt_pts_t fd = upc_all_fopen(path, UPC_RDWR | UPC_CREATE | UPC_TRUNC | UPC_INDIVIDUAL_FP, 0, NULL);
  CHECK(upc_all_fwrite_list_local(fd, 3, mv, NREG, fv, 0) == NREG * R, "list write");
  CHECK(upc_all_fseek(fd, 0, UPC_SEEK_CUR) == 0, "list I/O leaves the pointer");
  check_file((size_t)NREG * R * (size_t)T, "list writes");
  /* read the whole file back through shared memvecs (block 10 bytes) */
  size_t total = (size_t)NREG * R * (size_t)T, per = total / (size_t)T;
  upcrt_pts_t S = upc_all_alloc((size_t)THREADS, 2 * total + 128);
  /* my two regions of the shared [10] char array at S: bytes [t*per, +per/2)
   * and [total + t*per + 3, +per - per/2) */
  size_t r0 = (size_t)MYTHREAD * per, r1 = total + (size_t)MYTHREAD * per + 3;
  upc_shared_memvec_t sv[2] = {{upcrt_pts_add(S, (ptrdiff_t)r0, 10, 1), 10, per / 2},
                               {upcrt_pts_add(S, (ptrdiff_t)r1, 10, 1), 10, per - per / 2}};
  upc_filevec_t rf[1] = {{(upc_off_t)((size_t)MYTHREAD * per), per}};
  CHECK(upc_all_fread_list_shared(fd, 2, sv, 1, rf, 0) == (upc_off_t)per, "list read");
  unsigned char *got = malloc(per);
  for (size_t j = 0; j < per / 2; j++)
    upc_memget(&got[j], upcrt_pts_add(S, (ptrdiff_t)(r0 + j), 10, 1), 1);
  for (size_t j = 0; j < per - per / 2; j++)
    upc_memget(&got[per / 2 + j], upcrt_pts_add(S, (ptrdiff_t)(r1 + j), 10, 1), 1);
  for (size_t j = 0; j < per; j++)
    if (got[j] != pat((size_t)MYTHREAD * per + j)) {
      CHECK(0, "list read byte %zu", j);
      break;
    }
  free(got);
  upc_off_t bad = upc_all_fread_list_local(fd, 1, mv, 1, rf, 0);
  CHECK(bad == -1 && errno == EINVAL, "mismatched list lengths are refused");
  upc_all_fclose(fd);
  upc_all_free(S);
  if (MYTHREAD == 0) unlink(path);
  LIBTEST_AGREE();
}

static void test_async_hints(void **s) {
  (void)s;
  make_path("async");
  struct upc_hint h[2] = {{"cb_buffer_size", "1048576"}, {"romio_no_indep_rw", "false"}};
  upcrt_pts_t fd = upc_all_fopen(path, UPC_RDWR | UPC_CREATE | UPC_TRUNC | UPC_INDIVIDUAL_FP |
                                           UPC_STRONG_CA, 2, h);
  CHECK(!upcrt_pts_isnull(fd), "open with hints");
  const struct upc_hint *hh = NULL;
  CHECK(upc_all_fcntl(fd, UPC_GET_HINTS, &hh) == 2 && hh && strcmp(hh[0].key, "cb_buffer_size") == 0,
        "hints kept");
  const char *fn = NULL;
  CHECK(upc_all_fcntl(fd, UPC_GET_FN, &fn) == 0 && fn && strcmp(fn, path) == 0, "file name");
  CHECK(upc_all_fcntl(fd, UPC_GET_FL, NULL) & UPC_STRONG_CA, "flags");
  CHECK(upc_all_fcntl(fd, UPC_GET_CA_SEMANTICS, NULL) == UPC_STRONG_CA, "strong CA");
  CHECK(upc_all_fcntl(fd, UPC_SET_WEAK_CA_SEMANTICS, NULL) == 0, "weak CA");
  struct upc_hint nh = {"romio_cb_write", "enable"};
  CHECK(upc_all_fcntl(fd, UPC_SET_HINT, &nh) == 0, "set hint");
  unsigned char *b = malloc(CH);
  for (size_t k = 0; k < CH; k++) b[k] = pat((size_t)MYTHREAD * CH + k);
  upc_all_fseek(fd, (upc_off_t)MYTHREAD * CH, UPC_SEEK_SET);
  upc_all_fwrite_local_async(fd, b, 1, CH, 0);
  CHECK(upc_all_fcntl(fd, UPC_ASYNC_OUTSTANDING, NULL) == 1, "outstanding");
  CHECK(upc_all_fseek(fd, 0, UPC_SEEK_SET) == -1, "no seek while async is outstanding");
  int flag = 0;
  upc_off_t r = 0;
  while (!flag) r = upc_all_ftest_async(fd, &flag);
  CHECK(r == CH, "async write: %ld", (long)r);
  CHECK(upc_all_fcntl(fd, UPC_ASYNC_OUTSTANDING, NULL) == 0, "not outstanding");
  upc_all_fsync(fd);
  check_file((size_t)THREADS * CH, "async writes");
  /* async read of a neighbour's chunk into a shared buffer, then wait */
  upcrt_pts_t S = upc_all_alloc((size_t)THREADS, CH);
  CHECK(upc_all_fcntl(fd, UPC_SET_COMMON_FP, NULL) == 0, "switch to a common pointer");
  CHECK(upc_all_fcntl(fd, UPC_GET_FP, NULL) == UPC_COMMON_FP, "common now");
  upc_all_fread_shared_async(fd, S, CH, 1, (size_t)THREADS * CH, 0);
  r = upc_all_fwait_async(fd);
  CHECK(r == (upc_off_t)THREADS * CH, "async common read: %ld", (long)r);
  char *l = upcrt_node_base[MYTHREAD] + S.offset;
  for (size_t k = 0; k < CH; k++)
    if ((unsigned char)l[k] != pat((size_t)MYTHREAD * CH + k)) {
      CHECK(0, "async shared read byte %zu", k);
      break;
    }
  CHECK(upc_all_fwait_async(fd) == -1, "nothing to wait for");
  CHECK(upc_all_fread_local(fd, b, 1, 1, 0) == -1 && errno == EINVAL,
        "local buffers need individual pointers");
  upc_all_fclose(fd);
  upc_all_free(S);
  free(b);
  if (MYTHREAD == 0) unlink(path);
  /* bad opens */
  errno = 0;
  upcrt_pts_t bad = upc_all_fopen(path, UPC_RDONLY | UPC_WRONLY | UPC_INDIVIDUAL_FP, 0, NULL);
  CHECK(upcrt_pts_isnull(bad) && errno == EINVAL, "two access modes");
  bad = upc_all_fopen(path, UPC_RDONLY | UPC_INDIVIDUAL_FP, 0, NULL);
  CHECK(upcrt_pts_isnull(bad) && errno == ENOENT, "missing file: errno %d", errno);
  LIBTEST_AGREE();
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_individual_local), cmocka_unit_test(test_common_shared),
    cmocka_unit_test(test_individual_shared), cmocka_unit_test(test_list),
    cmocka_unit_test(test_async_hints)};
LIBTEST_MAIN(tests)
