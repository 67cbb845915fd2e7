/* stencil3d.upc — 3-D heat conduction, the 7-point Jacobi stencil, as the
 * UPC textbook writes it (El-Ghazawi, Carlson, Sterling, Yelick, "UPC:
 * Distributed Shared Memory Programming", the heat-conduction example):
 * two N^3 grids in one shared array whose blocks are the rows (block size N),
 * a upc_forall over one row with the point's own affinity, the six
 * neighbours read at x+-1, y+-1, z+-1, the largest change of the sweep
 * reduced through a shared array between two barriers, and the grids swapped.
 * As C89 code does, the loop variables are declared at the top and x is
 * used again by the reduction's loop after the sweep (issue 35: the forall
 * must not keep its affinity test for that).
 * Every thread computes the rows it owns; the row (sg,z,y) lives on thread
 * (sg*N*N + z*N + y) % THREADS.  The loop is left as the textbook has it (the
 * loop variables and temporaries are plain locals of the function): it is
 * the shape the optimizer must bring to the speed of plain C.
 *
 * Baseline, in the same run: the same sweeps in plain C over private arrays
 * (each thread its own two grids, the same rows as in the UPC sweep, the
 * same loop order, arithmetic, reduction and barriers).  Then thread 0
 * repeats the sweeps serially in private memory and compares every point of
 * both shared grids and the last sweep's dTmax with it: the operations are
 * the same and in the same order, so they must be equal exactly.
 *
 * Values only grow from 0; the first non-zero value at distance d from the
 * hot face is 6^-d, at least 6^-(N-2) (1e-98 at N = 128): never a subnormal
 * number (N < 397), which would slow the UPC sweeps and not the C copy.
 *
 * Prints a human line with the time per grid point per sweep, then
 * "RESULT stencil3d_upc_s <s>" and "RESULT stencil3d_c_s <s>" (the sweeps
 * only, the slowest thread's time) for tools/upcbench, then PASS, or FAIL
 * and exit status 1.
 *   upcc -O2 [-DN=128] stencil3d.upc; upcrun -n 2 ./a.out [sweeps (default 50)] */
#include <upc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef N
#define N 128 /* grid points per edge */
#endif
#ifndef SWEEPS
#define SWEEPS 50 /* about 1-2 s at N = 128, 2 threads, -fupc-opts=none */
#endif

shared [N] double grids[2][N][N][N];
shared double dTmax_local[THREADS];
shared double elapsed[THREADS];

typedef double grid_t[N][N][N]; /* a private grid */

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

/* The textbook's initialization: the face z = 0 is held at 1.0, the rest
 * starts at 0 (static shared data is zero). */
void initialize(void) {
  int y, x;
  for (y = 1; y < N - 1; y++)
    upc_forall (x = 1; x < N - 1; x++; &grids[0][0][y][x]) {
      grids[0][0][y][x] = 1.0;
      grids[1][0][y][x] = 1.0;
    }
  upc_barrier;
}

/* The textbook's sweeps, a fixed number of them (the book stops when dTmax
 * drops below epsilon).  Returns the last sweep's dTmax over all threads;
 * *final_grid is the grid the last sweep wrote. */
double heat_conduction(int sweeps, int *final_grid) {
  double dTmax, dT, T;
  int x, y, z, iter;
  int sg = 0, dg = 1;
  for (iter = 0; iter < sweeps; iter++) {
    dTmax = 0.0;
    for (z = 1; z < N - 1; z++)
      for (y = 1; y < N - 1; y++)
        upc_forall (x = 1; x < N - 1; x++; &grids[sg][z][y][x]) {
          T = (grids[sg][z + 1][y][x] + grids[sg][z - 1][y][x] + grids[sg][z][y - 1][x] +
               grids[sg][z][y + 1][x] + grids[sg][z][y][x - 1] + grids[sg][z][y][x + 1]) / 6.0;
          dT = T - grids[sg][z][y][x];
          grids[dg][z][y][x] = T;
          if (dTmax < fabs(dT)) dTmax = fabs(dT);
        }
    dTmax_local[MYTHREAD] = dTmax;
    upc_barrier;
    dTmax = dTmax_local[0];
    for (x = 1; x < THREADS; x++) /* x again, as C89 code reuses its variables */
      if (dTmax < dTmax_local[x]) dTmax = dTmax_local[x];
    upc_barrier;
    dg = sg;
    sg = !sg;
  }
  *final_grid = sg;
  return dTmax;
}

/* Both private grids as initialize() leaves the shared ones. */
static void initialize_private(grid_t *p) {
  for (int g = 0; g < 2; g++)
    for (int z = 0; z < N; z++)
      for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++)
          p[g][z][y][x] = z == 0 && y > 0 && y < N - 1 && x > 0 && x < N - 1 ? 1.0 : 0.0;
}

/* The same sweeps in plain C on this thread's private grids p: the rows
 * thread `me` of `nthreads` computes in heat_conduction (all rows when
 * nthreads is 1), with the same arithmetic in the same order.  With
 * `reduce`, the same reduction and barriers as heat_conduction. */
static double heat_private(grid_t *p, int sweeps, int me, int nthreads, int reduce) {
  double dTmax = 0.0;
  int sg = 0, dg = 1;
  for (int iter = 0; iter < sweeps; iter++) {
    dTmax = 0.0;
    for (int z = 1; z < N - 1; z++)
      for (int y = 1; y < N - 1; y++) {
        if (((long)sg * N * N + (long)z * N + y) % nthreads != me) continue;
        for (int x = 1; x < N - 1; x++) {
          double T = (p[sg][z + 1][y][x] + p[sg][z - 1][y][x] + p[sg][z][y - 1][x] +
                      p[sg][z][y + 1][x] + p[sg][z][y][x - 1] + p[sg][z][y][x + 1]) / 6.0;
          double dT = T - p[sg][z][y][x];
          p[dg][z][y][x] = T;
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
    dg = sg;
    sg = !sg;
  }
  return dTmax;
}

int main(int argc, char **argv) {
  int sweeps = argc > 1 ? atoi(argv[1]) : SWEEPS;
  if (sweeps < 1) {
    if (MYTHREAD == 0) fprintf(stderr, "usage: stencil3d [sweeps]\n");
    return 2;
  }
  grid_t *p = malloc(2 * sizeof(grid_t));
  if (!p) {
    fprintf(stderr, "stencil3d: thread %d: no memory for the private grids\n", MYTHREAD);
    return 2;
  }

  initialize();
  int final_grid;
  upc_barrier;
  double t0 = now();
  double dTmax = heat_conduction(sweeps, &final_grid);
  double t_upc = slowest(now() - t0);

  initialize_private(p);
  upc_barrier;
  t0 = now();
  double dTmax_c = heat_private(p, sweeps, MYTHREAD, THREADS, 1);
  double t_c = slowest(now() - t0);

  int ok = 1;
  if (MYTHREAD == 0) {
    /* The serial reference, and every point of both shared grids, row by
     * row (a row is one block: one thread's memory). */
    initialize_private(p);
    double dTmax_ref = heat_private(p, sweeps, 0, 1, 0);
    static double row[N];
    long bad = 0;
    for (int g = 0; g < 2; g++)
      for (int z = 0; z < N; z++)
        for (int y = 0; y < N; y++) {
          upc_memget(row, &grids[g][z][y][0], sizeof row);
          for (int x = 0; x < N; x++)
            if (row[x] != p[g][z][y][x]) {
              if (bad++ < 5)
                printf("grids[%d][%d][%d][%d] = %.17g, the serial sweeps give %.17g\n", g, z, y,
                       x, row[x], p[g][z][y][x]);
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
    double points = (double)(N - 2) * (N - 2) * (N - 2) * sweeps;
    printf("stencil3d: %d^3 grid, %d sweeps, %d threads; per grid point per sweep: "
           "UPC %.3f ns, plain C %.3f ns (C / UPC = %.2fx); dTmax %.6g (C copy %.6g)\n",
           N, sweeps, THREADS, t_upc / points * 1e9, t_c / points * 1e9, t_c / t_upc, dTmax,
           dTmax_c);
    printf("RESULT stencil3d_upc_s %.9f\n", t_upc);
    printf("RESULT stencil3d_c_s %.9f\n", t_c);
    printf("%s\n", ok ? "PASS" : "FAIL");
  }
  free(p);
  upc_barrier;
  return !ok;
}
