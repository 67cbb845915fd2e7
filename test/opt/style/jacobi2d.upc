/* jacobi2d.upc — style matrix (issue 35, item 5): the 2-D 5-point Jacobi
 * sweep of test/bench/stencil2d.upc (two N x N grids, the rows as blocks:
 * row (s,y) on thread (s*N + y) % THREADS; the new value the mean of the four
 * neighbours, the largest change of the sweep reduced through a shared array
 * between two barriers, the grids swapped), spelled the ways UPC code in the
 * wild spells it:
 *   top        the textbook: C89 `double dTmax, dT, T; int x, y, i, iter;`
 *              at the top, a upc_forall over a row with &g[s][y][x], i
 *              reused by the loop that combines dTmax
 *   header     the loop variables and temporaries declared where used
 *   intaff     integer affinity s*N + y (the row's owner)
 *   ptraff     pointer affinity of the written point, &g[d][y][x] (owner
 *              computes: another thread than the read row's when N % THREADS)
 *   rowforall  the upc_forall over the rows (affinity &g[s][y][0]), a plain
 *              loop over x inside
 *   macro      a flat array shared [N] double gf[2*N*N] indexed through
 *              #define IDX(s,y,x)
 *   alloc      the same through a shared [N] double * from upc_all_alloc
 *   chunks     the heat-conduction spelling: sh_grids[s][t].chunk[off], each
 *              thread a slab of R rows of each grid in a upc_alloc'ed chunk,
 *              through #define G(s,y,x)
 * Exact: every spelling does the serial reference's operations in the same
 * order ((n + s + w + e) / 4.0, then T - centre; the max of |dT| does not
 * depend on the order), so every point of both grids and dTmax must equal it
 * bit for bit.  Values only grow from 0 and the first non-zero one at
 * distance d from the hot edge is 4^-d: never subnormal.  See style.h for
 * `bench [SWEEPS]`. */
#include "style.h"

#include <math.h>

#ifndef N
#define N 24 /* a multiple of 12: whole slabs of rows at THREADS 1-4; bench: -DN=240 */
#endif
#ifndef BENCH_REPS
#define BENCH_REPS 4000 /* sweeps: about 0.2 s at 2 threads with -O2 and -DN=240 */
#endif
#define TEST_SWEEPS 4

shared [N] double g[2][N][N];
shared [N] double gf[2 * N * N]; /* macro */
shared [N] double *G;            /* alloc: 2*N blocks of a row */
shared dir_t sh_grids[2][THREADS]; /* chunks: [s][t] is on thread t */
static long R;                     /* rows per chunk */
shared double dTmax_local[THREADS];

#define IDX(s, y, x) (((s) * N + (y)) * N + (x))

static double last_dTmax[16]; /* the last sweep's dTmax, per spelling */
static double ref[2][N][N], ref_dTmax;

/* The largest of every thread's dTmax. */
static double max_over_threads(double dTmax) {
  dTmax_local[MYTHREAD] = dTmax;
  upc_barrier;
  dTmax = dTmax_local[0];
  for (int i = 1; i < THREADS; i++)
    if (dTmax < dTmax_local[i]) dTmax = dTmax_local[i];
  upc_barrier;
  return dTmax;
}

/* ---- the spellings ---- */

void jacobi2d_top(int sweeps) {
  double dTmax, dT, T;
  int x, y, iter;
  int s = 0, d = 1;
  for (iter = 0; iter < sweeps; iter++) {
    dTmax = 0.0;
    for (y = 1; y < N - 1; y++)
      upc_forall (x = 1; x < N - 1; x++; &g[s][y][x]) { /* FA */
        T = (g[s][y - 1][x] + g[s][y + 1][x] + g[s][y][x - 1] + g[s][y][x + 1]) / 4.0;
        dT = T - g[s][y][x];
        g[d][y][x] = T;
        if (dTmax < fabs(dT)) dTmax = fabs(dT);
      }
    dTmax_local[MYTHREAD] = dTmax;
    upc_barrier;
    dTmax = dTmax_local[0];
    for (x = 1; x < THREADS; x++) /* x reused, as the textbook does */
      if (dTmax < dTmax_local[x]) dTmax = dTmax_local[x];
    upc_barrier;
    d = s;
    s = !s;
  }
  last_dTmax[0] = dTmax;
}

void jacobi2d_header(int sweeps) {
  int s = 0, d = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    double dTmax = 0.0;
    for (int y = 1; y < N - 1; y++)
      upc_forall (int x = 1; x < N - 1; x++; &g[s][y][x]) { /* FA */
        double T = (g[s][y - 1][x] + g[s][y + 1][x] + g[s][y][x - 1] + g[s][y][x + 1]) / 4.0;
        double dT = T - g[s][y][x];
        g[d][y][x] = T;
        if (dTmax < fabs(dT)) dTmax = fabs(dT);
      }
    last_dTmax[1] = max_over_threads(dTmax);
    d = s;
    s = !s;
  }
}

void jacobi2d_intaff(int sweeps) {
  int s = 0, d = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    double dTmax = 0.0;
    for (int y = 1; y < N - 1; y++)
      upc_forall (int x = 1; x < N - 1; x++; s * N + y) { /* FA */
        double T = (g[s][y - 1][x] + g[s][y + 1][x] + g[s][y][x - 1] + g[s][y][x + 1]) / 4.0;
        double dT = T - g[s][y][x];
        g[d][y][x] = T;
        if (dTmax < fabs(dT)) dTmax = fabs(dT);
      }
    last_dTmax[2] = max_over_threads(dTmax);
    d = s;
    s = !s;
  }
}

void jacobi2d_ptraff(int sweeps) {
  int s = 0, d = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    double dTmax = 0.0;
    for (int y = 1; y < N - 1; y++)
      upc_forall (int x = 1; x < N - 1; x++; &g[d][y][x]) { /* FA */
        double T = (g[s][y - 1][x] + g[s][y + 1][x] + g[s][y][x - 1] + g[s][y][x + 1]) / 4.0;
        double dT = T - g[s][y][x];
        g[d][y][x] = T;
        if (dTmax < fabs(dT)) dTmax = fabs(dT);
      }
    last_dTmax[3] = max_over_threads(dTmax);
    d = s;
    s = !s;
  }
}

void jacobi2d_rowforall(int sweeps) {
  int s = 0, d = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    double dTmax = 0.0;
    upc_forall (int y = 1; y < N - 1; y++; &g[s][y][0]) /* FA */
      for (int x = 1; x < N - 1; x++) {
        double T = (g[s][y - 1][x] + g[s][y + 1][x] + g[s][y][x - 1] + g[s][y][x + 1]) / 4.0;
        double dT = T - g[s][y][x];
        g[d][y][x] = T;
        if (dTmax < fabs(dT)) dTmax = fabs(dT);
      }
    last_dTmax[4] = max_over_threads(dTmax);
    d = s;
    s = !s;
  }
}

void jacobi2d_macro(int sweeps) {
  int s = 0, d = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    double dTmax = 0.0;
    for (int y = 1; y < N - 1; y++)
      upc_forall (int x = 1; x < N - 1; x++; &gf[IDX(s, y, x)]) { /* FA */
        double T = (gf[IDX(s, y - 1, x)] + gf[IDX(s, y + 1, x)] + gf[IDX(s, y, x - 1)] +
                    gf[IDX(s, y, x + 1)]) / 4.0;
        double dT = T - gf[IDX(s, y, x)];
        gf[IDX(d, y, x)] = T;
        if (dTmax < fabs(dT)) dTmax = fabs(dT);
      }
    last_dTmax[5] = max_over_threads(dTmax);
    d = s;
    s = !s;
  }
}

void jacobi2d_alloc(int sweeps) {
  int s = 0, d = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    double dTmax = 0.0;
    for (int y = 1; y < N - 1; y++)
      upc_forall (int x = 1; x < N - 1; x++; &G[IDX(s, y, x)]) { /* FA */
        double T = (G[IDX(s, y - 1, x)] + G[IDX(s, y + 1, x)] + G[IDX(s, y, x - 1)] +
                    G[IDX(s, y, x + 1)]) / 4.0;
        double dT = T - G[IDX(s, y, x)];
        G[IDX(d, y, x)] = T;
        if (dTmax < fabs(dT)) dTmax = fabs(dT);
      }
    last_dTmax[6] = max_over_threads(dTmax);
    d = s;
    s = !s;
  }
}

#define GC(s, y, x) sh_grids[s][(y) / R].chunk[((y) % R) * N + (x)]
void jacobi2d_chunks(int sweeps) {
  int s = 0, d = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    double dTmax = 0.0;
    for (int y = 1; y < N - 1; y++)
      upc_forall (int x = 1; x < N - 1; x++; &GC(s, y, x)) { /* FA */
        double T = (GC(s, y - 1, x) + GC(s, y + 1, x) + GC(s, y, x - 1) + GC(s, y, x + 1)) / 4.0;
        double dT = T - GC(s, y, x);
        GC(d, y, x) = T;
        if (dTmax < fabs(dT)) dTmax = fabs(dT);
      }
    last_dTmax[7] = max_over_threads(dTmax);
    d = s;
    s = !s;
  }
}

/* ---- data: set and checked through upc_memput/upc_memget of rows ---- */

/* Row (s,y) of the storage of spelling kind k. */
static shared [] double *row_of(int k, int s, int y) {
  switch (k) {
  case 0: return (shared [] double *)&g[s][y][0];
  case 1: return (shared [] double *)&gf[IDX(s, y, 0)];
  case 2: return (shared [] double *)&G[IDX(s, y, 0)];
  default: return &sh_grids[s][y / R].chunk[(y % R) * N];
  }
}

static void initialize(int k) {
  double row[N];
  for (int s = 0; s < 2; s++)
    for (int y = 0; y < N; y++)
      if (upc_threadof(row_of(k, s, y)) == MYTHREAD) {
        for (int x = 0; x < N; x++) row[x] = y == 0 && x > 0 && x < N - 1 ? 1.0 : 0.0;
        upc_memput(row_of(k, s, y), row, sizeof row);
      }
  upc_barrier;
}

static void reference(int sweeps) {
  for (int s = 0; s < 2; s++)
    for (int y = 0; y < N; y++)
      for (int x = 0; x < N; x++) ref[s][y][x] = y == 0 && x > 0 && x < N - 1 ? 1.0 : 0.0;
  int s = 0, d = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    double dTmax = 0.0;
    for (int y = 1; y < N - 1; y++)
      for (int x = 1; x < N - 1; x++) {
        double T = (ref[s][y - 1][x] + ref[s][y + 1][x] + ref[s][y][x - 1] + ref[s][y][x + 1]) / 4.0;
        double dT = T - ref[s][y][x];
        ref[d][y][x] = T;
        if (dTmax < fabs(dT)) dTmax = fabs(dT);
      }
    ref_dTmax = dTmax;
    d = s;
    s = !s;
  }
}

static void check(int k, const char *sp, double dTmax) {
  if (dTmax != ref_dTmax) {
    char m[200];
    snprintf(m, sizeof m, "jacobi2d_%s: dTmax %.17g, expected %.17g", sp, dTmax, ref_dTmax);
    upctest_report(__FILE__, __LINE__, m);
  }
  { /* every thread the rows it owns: no remote traffic */
    double row[N];
    for (int s = 0; s < 2; s++)
      for (int y = 0; y < N; y++) {
        if (upc_threadof(row_of(k, s, y)) != MYTHREAD) continue;
        upc_memget(row, row_of(k, s, y), sizeof row);
        for (int x = 0; x < N; x++)
          if (row[x] != ref[s][y][x]) {
            char m[200];
            snprintf(m, sizeof m, "jacobi2d_%s: grid %d point (%d,%d) = %.17g, expected %.17g",
                     sp, s, y, x, row[x], ref[s][y][x]);
            upctest_report(__FILE__, __LINE__, m);
          }
      }
  }
  upc_barrier;
}

int main(int argc, char **argv) {
  style_args(argc, argv, TEST_SWEEPS, BENCH_REPS);
  reference(style_reps);

  G = upc_all_alloc(2 * N, N * sizeof(double));
  R = (N + THREADS - 1) / THREADS;
  for (int s = 0; s < 2; s++) STYLE_PUBLISH_CHUNK(sh_grids[s], R * N);
  upc_barrier;

  static const struct {
    const char *name;
    void (*fn)(int);
    int kind; /* row_of's k */
  } sp[] = {
      {"top", jacobi2d_top, 0},       {"header", jacobi2d_header, 0},
      {"intaff", jacobi2d_intaff, 0}, {"ptraff", jacobi2d_ptraff, 0},
      {"rowforall", jacobi2d_rowforall, 0}, {"macro", jacobi2d_macro, 1},
      {"alloc", jacobi2d_alloc, 2},   {"chunks", jacobi2d_chunks, 3},
  };
  for (unsigned s = 0; s < sizeof sp / sizeof sp[0]; s++) {
    initialize(sp[s].kind);
    last_dTmax[s] = -1.0;
    style_time("jacobi2d", sp[s].name, sp[s].fn, style_reps);
    check(sp[s].kind, sp[s].name, last_dTmax[s]);
  }
  return upctest_done();
}
