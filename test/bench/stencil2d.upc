/* stencil2d.upc — 2-D heat conduction (the Laplace equation), the 5-point
 * Jacobi stencil, written as the UPC textbook writes its 3-D heat-conduction
 * example (test/bench/stencil3d.upc) brought down to two dimensions: two N^2
 * grids in one shared array whose blocks are the rows (block size N), a
 * upc_forall over one row with the point's own affinity, the new value the
 * mean of the four neighbours at x+-1, y+-1, its change from the centre
 * point, the largest change of the sweep reduced through a shared array
 * between two barriers, and the grids swapped.  Every thread computes the
 * rows it owns; the row (s,y) lives on thread (s*N + y) % THREADS.  The loop
 * variables and temporaries are plain locals of the function, as the
 * textbook has them: the shape the optimizer must bring to the speed of C.
 *
 * Baseline, in the same run: the same sweeps in plain C over private arrays
 * (each thread its own two grids, the same rows as in the UPC sweep, the
 * same loop order, arithmetic, reduction and barriers).  Then thread 0
 * repeats the sweeps serially in private memory and compares every point of
 * both shared grids and the last sweep's dTmax with it: the operations are
 * the same and in the same order, so they must be equal exactly.
 *
 * Values only grow from 0; the first non-zero value at distance d from the
 * hot edge is 4^-d, so up to about 500 sweeps no value is a subnormal number
 * (which would slow the UPC sweeps and not the C copy, whose values differ).
 *
 * Prints a human line with the time per grid point per sweep, then
 * "RESULT stencil2d_upc_s <s>" and "RESULT stencil2d_c_s <s>" (the sweeps
 * only, the slowest thread's time) for tools/upcbench, then PASS, or FAIL
 * and exit status 1.
 *   upcc -O2 [-DN=1024] stencil2d.upc; upcrun -n 2 ./a.out [sweeps (default 100)] */
#include <upc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef N
#define N 1024 /* grid points per edge */
#endif
#ifndef SWEEPS
#define SWEEPS 100 /* about 1-2 s at N = 1024, 2 threads, -fupc-opts=none */
#endif

shared [N] double g[2][N][N];
shared double dTmax_local[THREADS];
shared double elapsed[THREADS];

typedef double grid_t[N][N]; /* a private grid */

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The slowest thread's time of the phase that just ended. */
static double slowest(double t) {
  elapsed[MYTHREAD] = t;
  upc_barrier;
  double m = 0;
  for (int i = 0; i < THREADS; i++)
    if (elapsed[i] > m) m = elapsed[i];
  upc_barrier;
  return m;
}

/* The edge y = 0 is held at 1.0, the rest starts at 0 (static shared data
 * is zero). */
void initialize(void) {
  int x;
  upc_forall (x = 1; x < N - 1; x++; &g[0][0][x]) {
    g[0][0][x] = 1.0;
    g[1][0][x] = 1.0;
  }
  upc_barrier;
}

/* A fixed number of sweeps.  Returns the last sweep's dTmax over all
 * threads; *final_grid is the grid the last sweep wrote. */
double laplace(int sweeps, int *final_grid) {
  double dTmax, dT, T;
  int x, y, i, iter;
  int s = 0, d = 1;
  for (iter = 0; iter < sweeps; iter++) {
    dTmax = 0.0;
    for (y = 1; y < N - 1; y++)
      upc_forall (x = 1; x < N - 1; x++; &g[s][y][x]) {
        T = (g[s][y - 1][x] + g[s][y + 1][x] + g[s][y][x - 1] + g[s][y][x + 1]) / 4.0;
        dT = T - g[s][y][x];
        g[d][y][x] = T;
        if (dTmax < fabs(dT)) dTmax = fabs(dT);
      }
    dTmax_local[MYTHREAD] = dTmax;
    upc_barrier;
    dTmax = dTmax_local[0];
    for (i = 1; i < THREADS; i++)
      if (dTmax < dTmax_local[i]) dTmax = dTmax_local[i];
    upc_barrier;
    d = s;
    s = !s;
  }
  *final_grid = s;
  return dTmax;
}

/* Both private grids as initialize() leaves the shared ones. */
static void initialize_private(grid_t *p) {
  for (int k = 0; k < 2; k++)
    for (int y = 0; y < N; y++)
      for (int x = 0; x < N; x++)
        p[k][y][x] = y == 0 && x > 0 && x < N - 1 ? 1.0 : 0.0;
}

/* The same sweeps in plain C on this thread's private grids p: the rows
 * thread `me` of `nthreads` computes in laplace (all rows when nthreads is
 * 1), with the same arithmetic in the same order.  With `reduce`, the same
 * reduction and barriers as laplace. */
static double laplace_private(grid_t *p, int sweeps, int me, int nthreads, int reduce) {
  double dTmax = 0.0;
  int s = 0, d = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    dTmax = 0.0;
    for (int y = 1; y < N - 1; y++) {
      if (((long)s * N + y) % nthreads != me) continue;
      for (int x = 1; x < N - 1; x++) {
        double T = (p[s][y - 1][x] + p[s][y + 1][x] + p[s][y][x - 1] + p[s][y][x + 1]) / 4.0;
        double dT = T - p[s][y][x];
        p[d][y][x] = T;
        if (dTmax < fabs(dT)) dTmax = fabs(dT);
      }
    }
    if (reduce) {
      dTmax_local[MYTHREAD] = dTmax;
      upc_barrier;
      dTmax = dTmax_local[0];
      for (int i = 1; i < THREADS; i++)
        if (dTmax < dTmax_local[i]) dTmax = dTmax_local[i];
      upc_barrier;
    }
    d = s;
    s = !s;
  }
  return dTmax;
}

int main(int argc, char **argv) {
  int sweeps = argc > 1 ? atoi(argv[1]) : SWEEPS;
  if (sweeps < 1) {
    if (MYTHREAD == 0) fprintf(stderr, "usage: stencil2d [sweeps]\n");
    return 2;
  }
  grid_t *p = malloc(2 * sizeof(grid_t));
  if (!p) {
    fprintf(stderr, "stencil2d: thread %d: no memory for the private grids\n", MYTHREAD);
    return 2;
  }

  initialize();
  int final_grid;
  upc_barrier;
  double t0 = now();
  double dTmax = laplace(sweeps, &final_grid);
  double t_upc = slowest(now() - t0);

  initialize_private(p);
  upc_barrier;
  t0 = now();
  double dTmax_c = laplace_private(p, sweeps, MYTHREAD, THREADS, 1);
  double t_c = slowest(now() - t0);

  int ok = 1;
  if (MYTHREAD == 0) {
    /* The serial reference, and every point of both shared grids, row by
     * row (a row is one block: one thread's memory). */
    initialize_private(p);
    double dTmax_ref = laplace_private(p, sweeps, 0, 1, 0);
    static double row[N];
    long bad = 0;
    for (int k = 0; k < 2; k++)
      for (int y = 0; y < N; y++) {
        upc_memget(row, &g[k][y][0], sizeof row);
        for (int x = 0; x < N; x++)
          if (row[x] != p[k][y][x]) {
            if (bad++ < 5)
              printf("g[%d][%d][%d] = %.17g, the serial sweeps give %.17g\n", k, y, x, row[x],
                     p[k][y][x]);
          }
      }
    if (bad) printf("%ld points differ from the serial sweeps\n", bad);
    if (dTmax != dTmax_ref) {
      printf("dTmax of the last sweep %.17g, the serial sweeps give %.17g\n", dTmax, dTmax_ref);
      bad++;
    }
    if (final_grid != sweeps % 2) {
      printf("the last sweep wrote grid %d, expected %d\n", final_grid, sweeps % 2);
      bad++;
    }
    ok = bad == 0;
    double points = (double)(N - 2) * (N - 2) * sweeps;
    printf("stencil2d: %d^2 grid, %d sweeps, %d threads; per grid point per sweep: "
           "UPC %.3f ns, plain C %.3f ns (C / UPC = %.2fx); dTmax %.6g (C copy %.6g)\n",
           N, sweeps, THREADS, t_upc / points * 1e9, t_c / points * 1e9, t_c / t_upc, dTmax,
           dTmax_c);
    printf("RESULT stencil2d_upc_s %.9f\n", t_upc);
    printf("RESULT stencil2d_c_s %.9f\n", t_c);
    printf("%s\n", ok ? "PASS" : "FAIL");
  }
  free(p);
  upc_barrier;
  return !ok;
}
