/* heat.upc — a 2-D heat-diffusion (Jacobi) stencil with ghost-row exchange.
 * Shows: a domain decomposition by row slabs, each thread's slab allocated
 * with upc_alloc in its own shared memory and published through a shared
 * array of pointers; each step fetches the neighbours' boundary rows with
 * upc_memget into private ghost rows, computes on private memory through a
 * cast of the local slab, and synchronises with barriers. The result is
 * checked against a serial run of the same stencil.
 *
 *   build/tools/upcc -O2 -o heat examples/heat.upc
 *   build/tools/upcrun -n 4 ./heat [rows-per-thread] [columns] [steps]
 *
 * The top edge is held at 100 degrees, the other edges at 0.
 * Prints "RESULT heat_s <seconds>" (the steps, for tools/upcbench) and PASS
 * if the grid matches the serial run. */
#include <upc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

shared [] double *shared slab[THREADS]; /* slab[t]: thread t's rows, on thread t */
shared double maxerr[THREADS];

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* One Jacobi step for rows [0, rows) of width w; up/down are the rows just
 * above and below; columns outside are 0. */
static void step(const double *cur, double *next, const double *up, const double *down,
                 int rows, int w) {
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < w; c++) {
      double n = r > 0 ? cur[(r - 1) * w + c] : up[c];
      double s = r < rows - 1 ? cur[(r + 1) * w + c] : down[c];
      double e = c < w - 1 ? cur[r * w + c + 1] : 0.0;
      double west = c > 0 ? cur[r * w + c - 1] : 0.0;
      next[r * w + c] = 0.25 * (n + s + e + west);
    }
}

int main(int argc, char **argv) {
  int rows = argc > 1 ? atoi(argv[1]) : 64;
  int w = argc > 2 ? atoi(argv[2]) : 256;
  int steps = argc > 3 ? atoi(argv[3]) : 200;
  if (rows < 1 || w < 1 || steps < 0) {
    if (MYTHREAD == 0) fprintf(stderr, "usage: heat [rows-per-thread] [columns] [steps]\n");
    return 2;
  }
  size_t slab_bytes = (size_t)rows * w * sizeof(double);
  slab[MYTHREAD] = upc_alloc(slab_bytes);
  double *cur = (double *)slab[MYTHREAD]; /* our slab, as private memory */
  double *next = malloc(slab_bytes);
  double *up = malloc(w * sizeof(double)), *down = malloc(w * sizeof(double));
  memset(cur, 0, slab_bytes);
  upc_barrier;
  /* Neighbour slabs, fetched once: the pointers do not change. */
  shared [] double *above = NULL, *below = NULL;
  if (MYTHREAD > 0) above = slab[MYTHREAD - 1];
  if (MYTHREAD < THREADS - 1) below = slab[MYTHREAD + 1];

  double t0 = now();
  for (int s = 0; s < steps; s++) {
    /* Ghost rows: the last row of the slab above, the first of the one below. */
    if (above)
      upc_memget(up, above + (size_t)(rows - 1) * w, w * sizeof(double));
    else
      for (int c = 0; c < w; c++) up[c] = 100.0;
    if (below)
      upc_memget(down, below, w * sizeof(double));
    else
      for (int c = 0; c < w; c++) down[c] = 0.0;
    step(cur, next, up, down, rows, w);
    upc_barrier; /* everybody has read our boundary rows of this step */
    memcpy(cur, next, slab_bytes);
    upc_barrier; /* our new rows are in place before anybody reads them */
  }
  double secs = now() - t0;

  /* Serial reference on the whole grid, compared with our slab. */
  int total_rows = rows * THREADS;
  double *g = calloc((size_t)total_rows * w, sizeof(double));
  double *g2 = malloc((size_t)total_rows * w * sizeof(double));
  double *hot = malloc(w * sizeof(double)), *cold = calloc(w, sizeof(double));
  for (int c = 0; c < w; c++) hot[c] = 100.0;
  for (int s = 0; s < steps; s++) {
    step(g, g2, hot, cold, total_rows, w);
    double *t = g;
    g = g2;
    g2 = t;
  }
  double err = 0;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < w; c++) {
      double d = fabs(cur[r * w + c] - g[((size_t)MYTHREAD * rows + r) * w + c]);
      if (d > err) err = d;
    }
  maxerr[MYTHREAD] = err;
  upc_barrier;
  double worst = 0;
  for (int t = 0; t < THREADS; t++)
    if (maxerr[t] > worst) worst = maxerr[t];
  int ok = worst <= 1e-12;
  if (MYTHREAD == 0) {
    printf("heat: %d x %d grid, %d rows per thread on %d threads, %d steps\n", total_rows, w, rows,
           THREADS, steps);
    printf("  T[0][%d] = %.6f, largest difference from the serial run %.3g\n", w / 2, cur[w / 2],
           worst);
    printf("RESULT heat_s %.9f\n", secs);
    printf(ok ? "PASS\n" : "FAIL\n");
  }
  free(g);
  free(g2);
  free(hot);
  free(cold);
  free(next);
  free(up);
  free(down);
  upc_barrier;
  upc_free(slab[MYTHREAD]);
  return !ok;
}
