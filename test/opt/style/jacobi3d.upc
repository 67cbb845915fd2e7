/* jacobi3d.upc — style matrix (issue 35, item 5): the 3-D 7-point Jacobi
 * sweep of the UPC textbook's heat conduction (test/bench/stencil3d.upc: two
 * N^3 grids, rows of N doubles as blocks, shared [N] double g[2][N][N][N]:
 * row (s,z,y) on thread ((s*N + z)*N + y) % THREADS; the new value the mean
 * of the six neighbours, the largest change of the sweep reduced through a
 * shared array between two barriers, the grids swapped), spelled the ways
 * UPC code in the wild spells it:
 *   top        the textbook: C89 `double dTmax, dT, T; int x, y, z, i, iter;`
 *              at the top, a upc_forall over a row with &g[sg][z][y][x], i
 *              reused by the loop that combines dTmax
 *   header     the loop variables and temporaries declared where used
 *   intaff     integer affinity (sg*N + z)*N + y (the row's owner)
 *   ptraff     pointer affinity of the written point, &g[dg][z][y][x] (owner
 *              computes: another thread than the read row's in general)
 *   rowforall  the upc_forall over y (affinity &g[sg][z][y][0]), a plain loop
 *              over x inside
 *   macro      a flat array shared [N] double gf[2*N*N*N] indexed through
 *              #define IDX(s,z,y,x)
 *   alloc      the same through a shared [N] double * from upc_all_alloc
 *   chunks     the heat-conduction spelling sh_grids[s][t].chunk[off]: each
 *              thread a slab of ZP planes of each grid in a upc_alloc'ed
 *              chunk, through #define GC(s,z,y,x)
 * Exact: every spelling does the serial reference's operations in the same
 * order (the textbook's sum of six / 6.0, then T - centre; the max of |dT|
 * does not depend on the order), so every point of both grids and dTmax must
 * equal it bit for bit.  Values only grow from 0 and the first non-zero one
 * at distance d from the hot face is 6^-d: never subnormal.  See style.h for
 * `bench [SWEEPS]`. */
#include "style.h"

#include <math.h>

#ifndef N
#define N 12 /* a multiple of 12: whole slabs of planes at THREADS 1-4; bench: -DN=48 */
#endif
#ifndef BENCH_REPS
#define BENCH_REPS 600 /* sweeps: about 0.2 s at 2 threads with -O2 and -DN=48 */
#endif
#define TEST_SWEEPS 3

shared [N] double g[2][N][N][N];
shared [N] double gf[2 * N * N * N]; /* macro */
shared [N] double *G;                /* alloc: 2*N*N blocks of a row */
shared dir_t sh_grids[2][THREADS];   /* chunks: [s][t] is on thread t */
static long ZP;                      /* planes per chunk */
shared double dTmax_local[THREADS];

#define IDX(s, z, y, x) ((((s) * N + (z)) * N + (y)) * N + (x))

static double last_dTmax[16]; /* the last sweep's dTmax, per spelling */
static double ref[2][N][N][N], ref_dTmax;

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

void jacobi3d_top(int sweeps) {
  double dTmax, dT, T;
  int x, y, z, iter;
  int sg = 0, dg = 1;
  for (iter = 0; iter < sweeps; iter++) {
    dTmax = 0.0;
    for (z = 1; z < N - 1; z++)
      for (y = 1; y < N - 1; y++)
        upc_forall (x = 1; x < N - 1; x++; &g[sg][z][y][x]) { /* FA */
          T = (g[sg][z + 1][y][x] + g[sg][z - 1][y][x] + g[sg][z][y - 1][x] +
               g[sg][z][y + 1][x] + g[sg][z][y][x - 1] + g[sg][z][y][x + 1]) / 6.0;
          dT = T - g[sg][z][y][x];
          g[dg][z][y][x] = T;
          if (dTmax < fabs(dT)) dTmax = fabs(dT);
        }
    dTmax_local[MYTHREAD] = dTmax;
    upc_barrier;
    dTmax = dTmax_local[0];
    for (x = 1; x < THREADS; x++) /* x reused, as the textbook does */
      if (dTmax < dTmax_local[x]) dTmax = dTmax_local[x];
    upc_barrier;
    dg = sg;
    sg = !sg;
  }
  last_dTmax[0] = dTmax;
}

void jacobi3d_header(int sweeps) {
  int sg = 0, dg = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    double dTmax = 0.0;
    for (int z = 1; z < N - 1; z++)
      for (int y = 1; y < N - 1; y++)
        upc_forall (int x = 1; x < N - 1; x++; &g[sg][z][y][x]) { /* FA */
          double T = (g[sg][z + 1][y][x] + g[sg][z - 1][y][x] + g[sg][z][y - 1][x] +
                      g[sg][z][y + 1][x] + g[sg][z][y][x - 1] + g[sg][z][y][x + 1]) / 6.0;
          double dT = T - g[sg][z][y][x];
          g[dg][z][y][x] = T;
          if (dTmax < fabs(dT)) dTmax = fabs(dT);
        }
    last_dTmax[1] = max_over_threads(dTmax);
    dg = sg;
    sg = !sg;
  }
}

void jacobi3d_intaff(int sweeps) {
  int sg = 0, dg = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    double dTmax = 0.0;
    for (int z = 1; z < N - 1; z++)
      for (int y = 1; y < N - 1; y++)
        upc_forall (int x = 1; x < N - 1; x++; (sg * N + z) * N + y) { /* FA */
          double T = (g[sg][z + 1][y][x] + g[sg][z - 1][y][x] + g[sg][z][y - 1][x] +
                      g[sg][z][y + 1][x] + g[sg][z][y][x - 1] + g[sg][z][y][x + 1]) / 6.0;
          double dT = T - g[sg][z][y][x];
          g[dg][z][y][x] = T;
          if (dTmax < fabs(dT)) dTmax = fabs(dT);
        }
    last_dTmax[2] = max_over_threads(dTmax);
    dg = sg;
    sg = !sg;
  }
}

void jacobi3d_ptraff(int sweeps) {
  int sg = 0, dg = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    double dTmax = 0.0;
    for (int z = 1; z < N - 1; z++)
      for (int y = 1; y < N - 1; y++)
        upc_forall (int x = 1; x < N - 1; x++; &g[dg][z][y][x]) { /* FA */
          double T = (g[sg][z + 1][y][x] + g[sg][z - 1][y][x] + g[sg][z][y - 1][x] +
                      g[sg][z][y + 1][x] + g[sg][z][y][x - 1] + g[sg][z][y][x + 1]) / 6.0;
          double dT = T - g[sg][z][y][x];
          g[dg][z][y][x] = T;
          if (dTmax < fabs(dT)) dTmax = fabs(dT);
        }
    last_dTmax[3] = max_over_threads(dTmax);
    dg = sg;
    sg = !sg;
  }
}

void jacobi3d_rowforall(int sweeps) {
  int sg = 0, dg = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    double dTmax = 0.0;
    for (int z = 1; z < N - 1; z++)
      upc_forall (int y = 1; y < N - 1; y++; &g[sg][z][y][0]) /* FA */
        for (int x = 1; x < N - 1; x++) {
          double T = (g[sg][z + 1][y][x] + g[sg][z - 1][y][x] + g[sg][z][y - 1][x] +
                      g[sg][z][y + 1][x] + g[sg][z][y][x - 1] + g[sg][z][y][x + 1]) / 6.0;
          double dT = T - g[sg][z][y][x];
          g[dg][z][y][x] = T;
          if (dTmax < fabs(dT)) dTmax = fabs(dT);
        }
    last_dTmax[4] = max_over_threads(dTmax);
    dg = sg;
    sg = !sg;
  }
}

void jacobi3d_macro(int sweeps) {
  int sg = 0, dg = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    double dTmax = 0.0;
    for (int z = 1; z < N - 1; z++)
      for (int y = 1; y < N - 1; y++)
        upc_forall (int x = 1; x < N - 1; x++; &gf[IDX(sg, z, y, x)]) { /* FA */
          double T = (gf[IDX(sg, z + 1, y, x)] + gf[IDX(sg, z - 1, y, x)] +
                      gf[IDX(sg, z, y - 1, x)] + gf[IDX(sg, z, y + 1, x)] +
                      gf[IDX(sg, z, y, x - 1)] + gf[IDX(sg, z, y, x + 1)]) / 6.0;
          double dT = T - gf[IDX(sg, z, y, x)];
          gf[IDX(dg, z, y, x)] = T;
          if (dTmax < fabs(dT)) dTmax = fabs(dT);
        }
    last_dTmax[5] = max_over_threads(dTmax);
    dg = sg;
    sg = !sg;
  }
}

void jacobi3d_alloc(int sweeps) {
  int sg = 0, dg = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    double dTmax = 0.0;
    for (int z = 1; z < N - 1; z++)
      for (int y = 1; y < N - 1; y++)
        upc_forall (int x = 1; x < N - 1; x++; &G[IDX(sg, z, y, x)]) { /* FA */
          double T = (G[IDX(sg, z + 1, y, x)] + G[IDX(sg, z - 1, y, x)] +
                      G[IDX(sg, z, y - 1, x)] + G[IDX(sg, z, y + 1, x)] +
                      G[IDX(sg, z, y, x - 1)] + G[IDX(sg, z, y, x + 1)]) / 6.0;
          double dT = T - G[IDX(sg, z, y, x)];
          G[IDX(dg, z, y, x)] = T;
          if (dTmax < fabs(dT)) dTmax = fabs(dT);
        }
    last_dTmax[6] = max_over_threads(dTmax);
    dg = sg;
    sg = !sg;
  }
}

#define GC(s, z, y, x) sh_grids[s][(z) / ZP].chunk[(((z) % ZP) * N + (y)) * N + (x)]
void jacobi3d_chunks(int sweeps) {
  int sg = 0, dg = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    double dTmax = 0.0;
    for (int z = 1; z < N - 1; z++)
      for (int y = 1; y < N - 1; y++)
        upc_forall (int x = 1; x < N - 1; x++; &GC(sg, z, y, x)) { /* FA */
          double T = (GC(sg, z + 1, y, x) + GC(sg, z - 1, y, x) + GC(sg, z, y - 1, x) +
                      GC(sg, z, y + 1, x) + GC(sg, z, y, x - 1) + GC(sg, z, y, x + 1)) / 6.0;
          double dT = T - GC(sg, z, y, x);
          GC(dg, z, y, x) = T;
          if (dTmax < fabs(dT)) dTmax = fabs(dT);
        }
    last_dTmax[7] = max_over_threads(dTmax);
    dg = sg;
    sg = !sg;
  }
}

/* ---- data: set and checked through upc_memput/upc_memget of rows ---- */

/* Row (s,z,y) of the storage of spelling kind k. */
static shared [] double *row_of(int k, int s, int z, int y) {
  switch (k) {
  case 0: return (shared [] double *)&g[s][z][y][0];
  case 1: return (shared [] double *)&gf[IDX(s, z, y, 0)];
  case 2: return (shared [] double *)&G[IDX(s, z, y, 0)];
  default: return &sh_grids[s][z / ZP].chunk[((z % ZP) * N + y) * N];
  }
}

static double start(int z, int y, int x) {
  return z == 0 && y > 0 && y < N - 1 && x > 0 && x < N - 1 ? 1.0 : 0.0;
}

static void initialize(int k) {
  double row[N];
  for (int s = 0; s < 2; s++)
    for (int z = 0; z < N; z++)
      for (int y = 0; y < N; y++)
        if (upc_threadof(row_of(k, s, z, y)) == MYTHREAD) {
          for (int x = 0; x < N; x++) row[x] = start(z, y, x);
          upc_memput(row_of(k, s, z, y), row, sizeof row);
        }
  upc_barrier;
}

static void reference(int sweeps) {
  for (int s = 0; s < 2; s++)
    for (int z = 0; z < N; z++)
      for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) ref[s][z][y][x] = start(z, y, x);
  int sg = 0, dg = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    double dTmax = 0.0;
    for (int z = 1; z < N - 1; z++)
      for (int y = 1; y < N - 1; y++)
        for (int x = 1; x < N - 1; x++) {
          double T = (ref[sg][z + 1][y][x] + ref[sg][z - 1][y][x] + ref[sg][z][y - 1][x] +
                      ref[sg][z][y + 1][x] + ref[sg][z][y][x - 1] + ref[sg][z][y][x + 1]) / 6.0;
          double dT = T - ref[sg][z][y][x];
          ref[dg][z][y][x] = T;
          if (dTmax < fabs(dT)) dTmax = fabs(dT);
        }
    ref_dTmax = dTmax;
    dg = sg;
    sg = !sg;
  }
}

static void check(int k, const char *sp, double dTmax) {
  if (dTmax != ref_dTmax) {
    char m[200];
    snprintf(m, sizeof m, "jacobi3d_%s: dTmax %.17g, expected %.17g", sp, dTmax, ref_dTmax);
    upctest_report(__FILE__, __LINE__, m);
  }
  { /* every thread the rows it owns: no remote traffic */
    double row[N];
    for (int s = 0; s < 2; s++)
      for (int z = 0; z < N; z++)
        for (int y = 0; y < N; y++) {
          if (upc_threadof(row_of(k, s, z, y)) != MYTHREAD) continue;
          upc_memget(row, row_of(k, s, z, y), sizeof row);
          for (int x = 0; x < N; x++)
            if (row[x] != ref[s][z][y][x]) {
              char m[200];
              snprintf(m, sizeof m,
                       "jacobi3d_%s: grid %d point (%d,%d,%d) = %.17g, expected %.17g", sp, s, z,
                       y, x, row[x], ref[s][z][y][x]);
              upctest_report(__FILE__, __LINE__, m);
            }
        }
  }
  upc_barrier;
}

int main(int argc, char **argv) {
  style_args(argc, argv, TEST_SWEEPS, BENCH_REPS);
  reference(style_reps);

  G = upc_all_alloc(2 * N * N, N * sizeof(double));
  ZP = (N + THREADS - 1) / THREADS;
  for (int s = 0; s < 2; s++) STYLE_PUBLISH_CHUNK(sh_grids[s], ZP * N * N);
  upc_barrier;

  static const struct {
    const char *name;
    void (*fn)(int);
    int kind; /* row_of's k */
  } sp[] = {
      {"top", jacobi3d_top, 0},       {"header", jacobi3d_header, 0},
      {"intaff", jacobi3d_intaff, 0}, {"ptraff", jacobi3d_ptraff, 0},
      {"rowforall", jacobi3d_rowforall, 0}, {"macro", jacobi3d_macro, 1},
      {"alloc", jacobi3d_alloc, 2},   {"chunks", jacobi3d_chunks, 3},
  };
  for (unsigned s = 0; s < sizeof sp / sizeof sp[0]; s++) {
    initialize(sp[s].kind);
    last_dTmax[s] = -1.0;
    style_time("jacobi3d", sp[s].name, sp[s].fn, style_reps);
    check(sp[s].kind, sp[s].name, last_dTmax[s]);
  }
  return upctest_done();
}
