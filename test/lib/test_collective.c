/* test_collective.c — the six relocalization collectives (and the in-place
 * and vector XUPC variants) against a serial model of the UPC layout, for
 * every algorithm flag, several sync-flag mixes, sizes and start threads. */
#include "libtest.h"

enum { MAXN = 3000 };
static size_t S;             /* bytes of each thread's block of SRC and DST */
static upcrt_pts_t SRC, DST; /* shared [S] char[S*THREADS] */
static unsigned char *SI, *DE, *GOT; /* model images: [thread][S] */

static const int algs[] = {0, UPC_PULL, UPC_PUSH, UPC_MULTICORE};
static const char *alg_name[] = {"default", "PULL", "PUSH", "MULTICORE"};
static const int mixes[] = {0, UPC_IN_MYSYNC | UPC_OUT_MYSYNC, UPC_IN_NOSYNC | UPC_OUT_NOSYNC,
                            UPC_IN_ALLSYNC | UPC_OUT_MYSYNC, UPC_IN_MYSYNC | UPC_OUT_ALLSYNC};
static const size_t sizes[] = {1, 13, 256, MAXN};

static unsigned char pat(int t, size_t k, int c) {
  return (unsigned char)(t * 71 + k * 13 + c * 7 + (k >> 8) + 1);
}

/* Block i of a shared [B] char array starting at (t0, off), phase 0, as the
 * UPC layout places it: thread (t0+i) mod T, row (t0+i) div T. */
static void blk(int t0, size_t off, size_t i, size_t B, int *th, size_t *o) {
  size_t g = (size_t)t0 + i;
  *th = (int)(g % (size_t)THREADS);
  *o = off + (g / (size_t)THREADS) * B;
}

static void model_copy(int dt, size_t doff, int st, size_t soff, size_t n) {
  memcpy(DE + (size_t)dt * S + doff, SI + (size_t)st * S + soff, n);
}

static void setup_buffers(void) {
  if (S) return;
  S = 8 * MAXN * (size_t)THREADS + 512; /* two rows of the widest layout */
  SRC = upc_all_alloc((size_t)THREADS, S);
  DST = upc_all_alloc((size_t)THREADS, S);
  SI = malloc(S * (size_t)THREADS);
  DE = malloc(S * (size_t)THREADS);
  GOT = malloc(S * (size_t)THREADS);
}

/* Fills own blocks: SRC with the case's pattern, DST with 0xEE; the model
 * images likewise for every thread. */
static void fill(int c) {
  char *s = upcrt_pts_to_local((upcrt_pts_t){SRC.offset, (uint32_t)MYTHREAD, 0});
  char *d = upcrt_pts_to_local((upcrt_pts_t){DST.offset, (uint32_t)MYTHREAD, 0});
  for (size_t k = 0; k < S; k++) s[k] = (char)pat(MYTHREAD, k, c);
  memset(d, 0xEE, S);
  for (int t = 0; t < THREADS; t++)
    for (size_t k = 0; k < S; k++) SI[(size_t)t * S + k] = pat(t, k, c);
  memset(DE, 0xEE, S * (size_t)THREADS);
}

/* Compares the model with dst: own block first (what OUT_MYSYNC promises),
 * then, after a barrier, every thread's block. */
static void verify(const char *what, int alg, int mix, size_t n, int variant) {
  const char *d = upcrt_pts_to_local((upcrt_pts_t){DST.offset, (uint32_t)MYTHREAD, 0});
  int bad = -1;
  if (!(mix & UPC_OUT_NOSYNC)) {
    for (size_t k = 0; k < S && bad < 0; k++)
      if ((unsigned char)d[k] != DE[(size_t)MYTHREAD * S + k]) bad = (int)k;
    CHECK(bad < 0, "%s alg %s mix 0x%x n %zu variant %d: own block byte %d is 0x%02x, "
          "expected 0x%02x", what, alg_name[alg], mix, n, variant, bad,
          bad >= 0 ? (unsigned char)d[bad] : 0, bad >= 0 ? DE[(size_t)MYTHREAD * S + bad] : 0);
    /* Scribble on my source: with OUT_MYSYNC nobody may still read it. */
    char *s = upcrt_pts_to_local((upcrt_pts_t){SRC.offset, (uint32_t)MYTHREAD, 0});
    memset(s, 0x55, S);
  }
  libtest_barrier();
  for (int t = 0; t < THREADS; t++)
    upc_memget(GOT + (size_t)t * S, (upcrt_pts_t){DST.offset, (uint32_t)t, 0}, S);
  bad = -1;
  for (size_t k = 0; k < S * (size_t)THREADS && bad < 0; k++)
    if (GOT[k] != DE[k]) bad = (int)k;
  CHECK(bad < 0, "%s alg %s mix 0x%x n %zu variant %d: thread %d byte %d is 0x%02x, "
        "expected 0x%02x", what, alg_name[alg], mix, n, variant, bad >= 0 ? bad / (int)S : 0,
        bad >= 0 ? bad % (int)S : 0, bad >= 0 ? GOT[bad] : 0, bad >= 0 ? DE[bad] : 0);
  libtest_barrier();
}

static void before(int mix) {
  if (mix & UPC_IN_NOSYNC) libtest_barrier();
}

typedef void (*coll_fn)(int d0, int s0, int root, size_t n, int flags, int c);

static void run_all(const char *what, coll_fn f) {
  setup_buffers();
  int c = 0;
  /* Through MPI RMA everything is slower: two sizes and two layouts there. */
  int rma = upcrt_seg_force_rma;
  for (size_t a = 0; a < 4; a++)
    for (size_t m = 0; m < sizeof mixes / sizeof *mixes; m++)
      for (size_t z = rma ? 1 : 0; z < 4; z += rma ? 2 : 1)
        for (int v = 0; v < (rma ? 2 : 3); v++) {
          /* v 0: the spec's layout (thread 0 starts, MPI path by default);
           * v 1, 2: other start threads and roots (one-sided paths). */
          int d0 = v == 0 ? 0 : v % THREADS, s0 = v == 2 ? (THREADS - 1) : 0;
          int root = (v + (int)z) % THREADS;
          c++;
          if (getenv("LIBTEST_VERBOSE"))
            fprintf(stderr, "thread %d: %s alg %s mix 0x%x n %zu variant %d\n", MYTHREAD,
                    what, alg_name[a], mixes[m], sizes[z], v);
          fill(c);
          before(mixes[m]);
          f(d0, s0, root, sizes[z], algs[a] | mixes[m], c);
          verify(what, (int)a, mixes[m], sizes[z], v);
        }
  LIBTEST_AGREE();
}

static void do_broadcast(int d0, int s0, int root, size_t n, int flags, int c) {
  (void)s0;
  (void)c;
  size_t soff = 16, doff = 8;
  upc_all_broadcast((upcrt_pts_t){DST.offset + doff, (uint32_t)d0, 0},
                    (upcrt_pts_t){SRC.offset + soff, (uint32_t)root, 0}, n, flags);
  for (int i = 0; i < THREADS; i++) {
    int th;
    size_t o;
    blk(d0, doff, (size_t)i, n, &th, &o);
    model_copy(th, o, root, soff, n);
  }
}

static void do_scatter(int d0, int s0, int root, size_t n, int flags, int c) {
  (void)s0;
  (void)c;
  size_t soff = 24, doff = 0;
  upc_all_scatter((upcrt_pts_t){DST.offset + doff, (uint32_t)d0, 0},
                  (upcrt_pts_t){SRC.offset + soff, (uint32_t)root, 0}, n, flags);
  for (int i = 0; i < THREADS; i++) {
    int th;
    size_t o;
    blk(d0, doff, (size_t)i, n, &th, &o);
    model_copy(th, o, root, soff + (size_t)i * n, n);
  }
}

static void do_gather(int d0, int s0, int root, size_t n, int flags, int c) {
  (void)d0;
  (void)c;
  size_t soff = 40, doff = 8;
  upc_all_gather((upcrt_pts_t){DST.offset + doff, (uint32_t)root, 0},
                 (upcrt_pts_t){SRC.offset + soff, (uint32_t)s0, 0}, n, flags);
  for (int i = 0; i < THREADS; i++) {
    int th;
    size_t o;
    blk(s0, soff, (size_t)i, n, &th, &o);
    model_copy(root, doff + (size_t)i * n, th, o, n);
  }
}

static void do_gather_all(int d0, int s0, int root, size_t n, int flags, int c) {
  (void)root;
  (void)c;
  size_t soff = 8, doff = 32, row = n * (size_t)THREADS;
  upc_all_gather_all((upcrt_pts_t){DST.offset + doff, (uint32_t)d0, 0},
                     (upcrt_pts_t){SRC.offset + soff, (uint32_t)s0, 0}, n, flags);
  for (int j = 0; j < THREADS; j++) {
    int dt;
    size_t dof;
    blk(d0, doff, (size_t)j, row, &dt, &dof);
    for (int i = 0; i < THREADS; i++) {
      int st;
      size_t sof;
      blk(s0, soff, (size_t)i, n, &st, &sof);
      model_copy(dt, dof + (size_t)i * n, st, sof, n);
    }
  }
}

static void do_exchange(int d0, int s0, int root, size_t n, int flags, int c) {
  (void)root;
  (void)c;
  size_t soff = 0, doff = 16, row = n * (size_t)THREADS;
  upc_all_exchange((upcrt_pts_t){DST.offset + doff, (uint32_t)d0, 0},
                   (upcrt_pts_t){SRC.offset + soff, (uint32_t)s0, 0}, n, flags);
  for (int i = 0; i < THREADS; i++)
    for (int j = 0; j < THREADS; j++) {
      int st, dt;
      size_t sof, dof;
      blk(s0, soff, (size_t)i, row, &st, &sof);
      blk(d0, doff, (size_t)j, row, &dt, &dof);
      model_copy(dt, dof + (size_t)i * n, st, sof + (size_t)j * n, n);
    }
}

static upcrt_pts_t PERM; /* shared int[THREADS] (block 1) */

static void do_permute(int d0, int s0, int root, size_t n, int flags, int c) {
  (void)s0;
  size_t soff = 8, doff = 24;
  int T = THREADS, *perm = malloc(sizeof(int) * (size_t)T);
  /* A rotation by root plus a swap: different permutations per case. */
  for (int i = 0; i < T; i++) perm[i] = (i + root) % T;
  if (T > 2 && c % 2) {
    int x = perm[0];
    perm[0] = perm[1];
    perm[1] = x;
  }
  /* Each thread sets its own element: part of what IN_MYSYNC covers. */
  upcrt_put_i32(upcrt_pts_add(PERM, MYTHREAD, 1, sizeof(int)), perm[MYTHREAD]);
  upc_all_permute((upcrt_pts_t){DST.offset + doff, (uint32_t)d0, 0},
                  (upcrt_pts_t){SRC.offset + soff, (uint32_t)d0, 0}, PERM, n, flags);
  for (int i = 0; i < T; i++) {
    int st, dt;
    size_t sof, dof;
    blk(d0, soff, (size_t)i, n, &st, &sof);
    blk(d0, doff, (size_t)perm[i], n, &dt, &dof);
    model_copy(dt, dof, st, sof, n);
  }
  free(perm);
}

static void do_bcast_in_place(int d0, int s0, int root, size_t n, int flags, int c) {
  (void)d0;
  (void)s0;
  (void)c;
  /* The root's DST block holds the data: copy it there first (own block). */
  size_t off = 40;
  if (MYTHREAD == root) {
    char *d = upcrt_pts_to_local((upcrt_pts_t){DST.offset, (uint32_t)MYTHREAD, 0});
    for (size_t k = 0; k < n; k++) d[off + k] = (char)(pat(root, k, 99) ^ 0x3c);
  }
  for (int t = 0; t < THREADS; t++)
    for (size_t k = 0; k < n; k++) DE[(size_t)t * S + off + k] = pat(root, k, 99) ^ 0x3c;
  if (flags & UPC_IN_NOSYNC) libtest_barrier(); /* the source is ready */
  xupc_all_broadcast_in_place((upcrt_pts_t){DST.offset + off, (uint32_t)root, 0}, n, flags);
}

static upcrt_pts_t NV, DV; /* shared size_t[THREADS]: counts, displacements */

static void do_gather_v(int d0, int s0, int root, size_t n, int flags, int c) {
  (void)d0;
  int T = THREADS;
  size_t ts = 4, blkel = n, soff = 0, doff = 16;
  /* thread i sends (n - i) mod (n+1) elements, placed in reverse order */
  size_t *cnt = malloc(sizeof(size_t) * (size_t)T), *dsp = malloc(sizeof(size_t) * (size_t)T);
  size_t at = 0;
  for (int i = T - 1; i >= 0; i--) {
    cnt[i] = (n + (size_t)i * 3 + (size_t)c) % (n + 1);
    dsp[i] = at;
    at += cnt[i];
  }
  upcrt_put_u64(upcrt_pts_add(NV, MYTHREAD, 1, 8), cnt[MYTHREAD]);
  upcrt_put_u64(upcrt_pts_add(DV, MYTHREAD, 1, 8), dsp[MYTHREAD]);
  if (!(flags & UPC_IN_ALLSYNC)) libtest_barrier(); /* counts are input data */
  xupc_all_gather_v((upcrt_pts_t){DST.offset + doff, (uint32_t)root, 0},
                    (upcrt_pts_t){SRC.offset + soff, (uint32_t)s0, 0}, NV, DV, blkel, ts,
                    flags);
  for (int i = 0; i < T; i++) {
    int st;
    size_t sof;
    blk(s0, soff, (size_t)i, blkel * ts, &st, &sof);
    model_copy(root, doff + dsp[i] * ts, st, sof, cnt[i] * ts);
  }
  free(cnt);
  free(dsp);
}

static void do_gather_all_v(int d0, int s0, int root, size_t n, int flags, int c) {
  (void)root;
  int T = THREADS;
  size_t ts = 2, sblk = n, dblk = n * (size_t)T, soff = 8, doff = 0;
  size_t *cnt = malloc(sizeof(size_t) * (size_t)T), *dsp = malloc(sizeof(size_t) * (size_t)T);
  for (int i = 0; i < T; i++) {
    cnt[i] = (n + (size_t)i + (size_t)c) % (n + 1);
    dsp[i] = (size_t)i * n;
  }
  upcrt_put_u64(upcrt_pts_add(NV, MYTHREAD, 1, 8), cnt[MYTHREAD]);
  upcrt_put_u64(upcrt_pts_add(DV, MYTHREAD, 1, 8), dsp[MYTHREAD]);
  if (!(flags & UPC_IN_ALLSYNC)) libtest_barrier();
  xupc_all_gather_all_v((upcrt_pts_t){DST.offset + doff, (uint32_t)d0, 0},
                        (upcrt_pts_t){SRC.offset + soff, (uint32_t)s0, 0}, NV, DV, sblk,
                        dblk, ts, flags);
  for (int j = 0; j < T; j++) {
    int dt;
    size_t dof;
    blk(d0, doff, (size_t)j, dblk * ts, &dt, &dof);
    for (int i = 0; i < T; i++) {
      int st;
      size_t sof;
      blk(s0, soff, (size_t)i, sblk * ts, &st, &sof);
      model_copy(dt, dof + dsp[i] * ts, st, sof, cnt[i] * ts);
    }
  }
  free(cnt);
  free(dsp);
}

static void do_broadcast_v(int d0, int s0, int root, size_t n, int flags, int c) {
  (void)s0;
  int T = THREADS;
  size_t ts = 8, nel = n / 2 + 1, dblk = nel + (size_t)T, soff = 16, doff = 0;
  size_t *dsp = malloc(sizeof(size_t) * (size_t)T);
  for (int i = 0; i < T; i++) dsp[i] = ((size_t)i + (size_t)c) % ((size_t)T + 1);
  upcrt_put_u64(upcrt_pts_add(DV, MYTHREAD, 1, 8), dsp[MYTHREAD]);
  if (!(flags & UPC_IN_ALLSYNC)) libtest_barrier();
  xupc_all_broadcast_v((upcrt_pts_t){DST.offset + doff, (uint32_t)d0, 0},
                       (upcrt_pts_t){SRC.offset + soff, (uint32_t)root, 0}, DV, nel, dblk, ts,
                       flags);
  for (int i = 0; i < T; i++) {
    int dt;
    size_t dof;
    blk(d0, doff, (size_t)i, dblk * ts, &dt, &dof);
    model_copy(dt, dof + dsp[i] * ts, root, soff, nel * ts);
  }
  free(dsp);
}

static void test_broadcast(void **s) { (void)s; run_all("upc_all_broadcast", do_broadcast); }
static void test_scatter(void **s) { (void)s; run_all("upc_all_scatter", do_scatter); }
static void test_gather(void **s) { (void)s; run_all("upc_all_gather", do_gather); }
static void test_gather_all(void **s) { (void)s; run_all("upc_all_gather_all", do_gather_all); }
static void test_exchange(void **s) { (void)s; run_all("upc_all_exchange", do_exchange); }
static void test_permute(void **s) {
  (void)s;
  PERM = upc_all_alloc((size_t)THREADS, sizeof(int));
  run_all("upc_all_permute", do_permute);
}
static void test_in_place(void **s) {
  (void)s;
  run_all("xupc_all_broadcast_in_place", do_bcast_in_place);
}
static void test_vector(void **s) {
  (void)s;
  NV = upc_all_alloc((size_t)THREADS, 8);
  DV = upc_all_alloc((size_t)THREADS, 8);
  run_all("xupc_all_gather_v", do_gather_v);
  run_all("xupc_all_gather_all_v", do_gather_all_v);
  run_all("xupc_all_broadcast_v", do_broadcast_v);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_broadcast), cmocka_unit_test(test_scatter),
    cmocka_unit_test(test_gather),    cmocka_unit_test(test_gather_all),
    cmocka_unit_test(test_exchange),  cmocka_unit_test(test_permute),
    cmocka_unit_test(test_in_place),  cmocka_unit_test(test_vector)};
LIBTEST_MAIN(tests)
