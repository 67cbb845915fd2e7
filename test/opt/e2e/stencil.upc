/* stencil.upc — end-to-end test of the stencil rules (issue 23): accesses
 * in the affinity's block (x-1, x+1), whole layout periods (THREADS blocks)
 * away, and rows of the grid that loop versioning runs as plain C when they
 * lie on this node (y-1, y+1, z-1, z+1, the other grid), in the textbook's
 * 2-D and 3-D Jacobi sweeps; through a blocked pointer; with bounds known
 * only at run time; in a plain loop nested in a upc_forall; with rows that
 * leave their block (the naive copy runs) and rows on thread 0 read by
 * everyone (on another node under UPCRT_FORCE_RMA=1: the naive copy).
 * Every thread checks every value against the same sweep in plain C.
 * Markers (remarks.sh): FA, PRIV, NOPRIV, RV, NORV, LV, NOLV, RU. */
#include "e2e.h"

#include <math.h>

#define N 16 /* 2-D grid: a row of N is a block */
#define M 8  /* 3-D grid */

shared [N] double g[2][N][N];
shared [M] double c3[2][M][M][M];
shared [4] long v[16 * THREADS];  /* v[i + 4*THREADS]: one layout period on */
shared long cy[8 * THREADS];      /* cy[i + THREADS]: the same, cyclic */
shared [N] double w[N * THREADS]; /* w[i + 1] leaves the block at its edge */
shared [] double ind[N][N];       /* all on thread 0 */
shared [*] double st[N * THREADS];

static double r2[2][N][N], r3[2][M][M][M];
static double rw[N * 64], rst[N * 64], rind[N][N];
static long rv[16 * 64], rcy[8 * 64];

static double start2(int y, int x) { return (double)((y * 7 + x * 3) % 11); }
static double start3(int z, int y, int x) { return (double)((z * 5 + y * 7 + x * 3) % 13); }

/* The textbook's 2-D sweep: rows as blocks, x over one row with the row's
 * affinity. */
static void sweep2(int s, int d) {
  int x, y;
  for (y = 1; y < N - 1; y++)
    upc_forall (x = 1; x < N - 1; x++; &g[s][y][x]) /* FA */
      g[d][y][x] = (g[s][y - 1][x] + g[s][y + 1][x] + /* RV */
                    g[s][y][x - 1] + g[s][y][x + 1]) / 4.0; /* PRIV */
}

/* The textbook's 3-D heat conduction (El-Ghazawi et al.). */
static double sweep3(int sg, int dg) {
  int x, y, z;
  double T, dT, dTmax = 0.0;
  for (z = 1; z < M - 1; z++)
    for (y = 1; y < M - 1; y++)
      upc_forall (x = 1; x < M - 1; x++; &c3[sg][z][y][x]) { /* FA */
        T = (c3[sg][z + 1][y][x] + c3[sg][z - 1][y][x] + c3[sg][z][y - 1][x] + /* RV */
             c3[sg][z][y + 1][x] + c3[sg][z][y][x - 1] + c3[sg][z][y][x + 1]) / 6.0;
        dT = T - c3[sg][z][y][x]; /* PRIV */
        c3[dg][z][y][x] = T; /* RV */
        if (dTmax < fabs(dT)) dTmax = fabs(dT);
      }
  return dTmax;
}

static void ref_sweep2(int s, int d) {
  for (int y = 1; y < N - 1; y++)
    for (int x = 1; x < N - 1; x++)
      r2[d][y][x] = (r2[s][y - 1][x] + r2[s][y + 1][x] + r2[s][y][x - 1] + r2[s][y][x + 1]) / 4.0;
}

static double ref_sweep3(int sg, int dg) {
  double T, dT, dTmax = 0.0;
  for (int z = 1; z < M - 1; z++)
    for (int y = 1; y < M - 1; y++)
      for (int x = 1; x < M - 1; x++) {
        T = (r3[sg][z + 1][y][x] + r3[sg][z - 1][y][x] + r3[sg][z][y - 1][x] +
             r3[sg][z][y + 1][x] + r3[sg][z][y][x - 1] + r3[sg][z][y][x + 1]) / 6.0;
        dT = T - r3[sg][z][y][x];
        r3[dg][z][y][x] = T;
        if (dTmax < fabs(dT)) dTmax = fabs(dT);
      }
  return dTmax;
}

static void check2(const char *what) {
  upc_barrier;
  for (int k = 0; k < 2; k++)
    for (int y = 0; y < N; y++)
      for (int x = 0; x < N; x++) CHECK_DEQ(g[k][y][x], r2[k][y][x], "%s: g[%d][%d][%d]", what, k, y, x);
  upc_barrier;
}

static void reset2(void) {
  int x, y;
  for (int k = 0; k < 2; k++)
    for (y = 0; y < N; y++)
      upc_forall (int j = 0; j < N; j++; &g[k][y][j]) g[k][y][j] = start2(y, j) + k; /* PRIV */
  for (int k = 0; k < 2; k++)
    for (y = 0; y < N; y++)
      for (x = 0; x < N; x++) r2[k][y][x] = start2(y, x) + k;
  upc_barrier;
}

static int twice(int a) { return 2 * a; }

/* Bounds known at run time: x-1 and x+1 are rows, tested before the loop. */
static void runtime_bounds(int lo, int hi) {
  int x, y;
  for (y = 1; y < N - 1; y++)
    upc_forall (x = lo; x < hi; x++; &g[0][y][x]) /* FA */
      g[1][y][x] = g[0][y][x - 1] - g[0][y][x + 1] + g[0][y + 1][x]; /* RV */
}

/* Through blocked pointers. */
static void pointer_rows(shared [N] double *p, shared [N] double *q) {
  int x, y;
  for (y = 1; y < N - 1; y++)
    upc_forall (x = 1; x < N - 1; x++; &p[y * N + x]) /* FA */
      q[y * N + x] = p[y * N + x - 1] + p[(y - 1) * N + x] * 2.0; /* RV */
}

/* A plain loop in a upc_forall over the rows. */
static void nested_rows(void) {
  int x, y;
  upc_forall (y = 1; y < N - 1; y++; &g[0][y][0]) /* FA */
    for (x = 1; x < N - 1; x++) /* LV */
      g[1][y][x] = (g[0][y - 1][x] + g[0][y + 1][x] + g[0][y][x - 1] + g[0][y][x + 1]) / 4.0;
}

static void nested_call(void) {
  int x, y;
  upc_forall (y = 1; y < N - 1; y++; &g[0][y][0])
    for (x = 1; x < N - 1; x++) g[1][y][x] = twice((int)g[0][y][x + 1]); /* NOLV */
}

/* Updates of rows: the remote update and the plain += agree. */
static void update_rows(void) {
  int x;
  upc_forall (x = 1; x < N - 1; x++; &g[0][3][x]) /* FA */
    g[1][3][x] += g[0][4][x]; /* RU RV */
}

int main(int argc, char **argv) {
  int x, y, z, i;
  (void)argv;
  volatile int one = argc > 0; /* bounds the optimizer cannot see */

  /* 2-D: four sweeps back and forth */
  reset2();
  for (int k = 0; k < 4; k++) {
    sweep2(k % 2, 1 - k % 2);
    ref_sweep2(k % 2, 1 - k % 2);
    check2("sweep2");
  }
  e2e_phase("2-D");

  /* 3-D */
  for (int k = 0; k < 2; k++)
    for (z = 0; z < M; z++)
      for (y = 0; y < M; y++)
        for (x = 0; x < M; x++) {
          r3[k][z][y][x] = start3(z, y, x) * (k + 1);
          if (upc_threadof(&c3[k][z][y][x]) == MYTHREAD) c3[k][z][y][x] = r3[k][z][y][x];
        }
  upc_barrier;
  for (int k = 0; k < 3; k++) {
    double got = sweep3(k % 2, 1 - k % 2), want = ref_sweep3(k % 2, 1 - k % 2);
    upc_barrier;
    CHECK(got <= want);
    for (int t = 0; t < 2; t++)
      for (z = 0; z < M; z++)
        for (y = 0; y < M; y++)
          for (x = 0; x < M; x++)
            CHECK_DEQ(c3[t][z][y][x], r3[t][z][y][x], "sweep3 %d: c3[%d][%d][%d][%d]", k, t, z, y, x);
    upc_barrier;
  }
  e2e_phase("3-D");

  reset2();
  runtime_bounds(one, N - one);
  for (y = 1; y < N - 1; y++)
    for (x = 1; x < N - 1; x++) r2[1][y][x] = r2[0][y][x - 1] - r2[0][y][x + 1] + r2[0][y + 1][x];
  check2("run-time bounds");

  reset2();
  pointer_rows(&g[0][0][0], &g[1][0][0]);
  for (y = 1; y < N - 1; y++)
    for (x = 1; x < N - 1; x++) r2[1][y][x] = r2[0][y][x - 1] + r2[0][y - 1][x] * 2.0;
  check2("pointer");

  reset2();
  nested_rows();
  ref_sweep2(0, 1);
  check2("nested plain loop");
  nested_call();
  for (y = 1; y < N - 1; y++)
    for (x = 1; x < N - 1; x++) r2[1][y][x] = twice((int)r2[0][y][x + 1]);
  check2("nested loop with a call");

  update_rows();
  for (x = 1; x < N - 1; x++) r2[1][3][x] += r2[0][4][x];
  check2("updates");
  e2e_phase("rows");

  /* one layout period on: v[i + 4*THREADS] is on the executing thread */
  upc_forall (i = 0; i < 16 * THREADS; i++; &v[i]) v[i] = i; /* PRIV */
  for (i = 0; i < 16 * THREADS; i++) rv[i] = i;
  upc_barrier;
  upc_forall (i = 0; i < 12 * THREADS; i++; &v[i]) /* FA */
    v[i + 4 * THREADS] += v[i] * 2 + 1; /* PRIV */
  for (i = 0; i < 12 * THREADS; i++) rv[i + 4 * THREADS] += rv[i] * 2 + 1;
  upc_barrier;
  for (i = 0; i < 16 * THREADS; i++) CHECK_EQ(v[i], rv[i], "v[%d]", i);
  upc_barrier;
  upc_forall (i = 0; i < 8 * THREADS; i++; &cy[i]) cy[i] = 3 * i; /* PRIV */
  for (i = 0; i < 8 * THREADS; i++) rcy[i] = 3 * i;
  upc_barrier;
  upc_forall (i = 0; i < 7 * THREADS; i++; &cy[i]) /* FA */
    cy[i] -= cy[i + THREADS]; /* PRIV */
  for (i = 0; i < 7 * THREADS; i++) rcy[i] -= rcy[i + THREADS];
  upc_barrier;
  for (i = 0; i < 8 * THREADS; i++) CHECK_EQ(cy[i], rcy[i], "cy[%d]", i);
  upc_barrier;
  long sum = 0;
  upc_forall (i = 0; i < 7 * THREADS; i++; &cy[i]) sum += cy[i + 1]; /* NOPRIV NORV */
  long want = 0;
  for (i = 0; i < 7 * THREADS; i++)
    if (e2e_owner(i, 1) == MYTHREAD) want += rcy[i + 1];
  CHECK_EQ(sum, want, "cyclic neighbours");
  e2e_phase("periods");

  /* w[i + 1] leaves its block at every block's end: no privatization; as a
   * row the test before the loop fails (but with one thread) */
  upc_forall (i = 0; i < N * THREADS; i++; &w[i]) w[i] = rw[i] = i % 5; /* PRIV */
  for (i = 0; i < N * THREADS; i++) rw[i] = i % 5;
  upc_barrier;
  double wsum = 0, wwant = 0;
  upc_forall (i = 0; i < N * THREADS - 1; i++; &w[i]) wsum += w[i + 1] * (i + 1); /* NOPRIV */
  for (i = 0; i < N * THREADS - 1; i++)
    if (e2e_owner(i, N) == MYTHREAD) wwant += rw[i + 1] * (i + 1);
  CHECK_DEQ(wsum, wwant, "w[i + 1]");
  /* [*]: the block is N */
  upc_forall (i = 0; i < N * THREADS; i++; &st[i]) st[i] = rst[i] = i * 0.5; /* PRIV */
  for (i = 0; i < N * THREADS; i++) rst[i] = i * 0.5;
  upc_barrier;
  for (int t = 0; t < THREADS; t++)
    upc_forall (int j = t * N + 1; j < t * N + N - 1; j++; &st[j]) /* FA */
      st[j] += st[j - 1] + st[j + 1]; /* RV */
  for (int t = 0; t < THREADS; t++)
    for (i = t * N + 1; i < t * N + N - 1; i++) rst[i] += rst[i - 1] + rst[i + 1];
  upc_barrier;
  for (i = 0; i < N * THREADS; i++) CHECK_DEQ(st[i], rst[i], "st[%d]", i);
  e2e_phase("edges");

  /* rows of thread 0's indefinite array, read by everyone */
  if (MYTHREAD == 0)
    for (y = 0; y < N; y++)
      for (x = 0; x < N; x++) ind[y][x] = start2(x, y);
  for (y = 0; y < N; y++)
    for (x = 0; x < N; x++) rind[y][x] = start2(x, y);
  upc_barrier;
  double isum = 0, iwant = 0;
  for (y = 0; y < N - 1; y++)
    for (x = 0; x < N; x++) isum += ind[y][x] * ind[y + 1][x]; /* LV */
  for (y = 0; y < N - 1; y++)
    for (x = 0; x < N; x++) iwant += rind[y][x] * rind[y + 1][x];
  CHECK_DEQ(isum, iwant, "indefinite rows");
  upc_barrier;
  e2e_phase("indefinite");
  return e2e_done();
}
