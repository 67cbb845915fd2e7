/* matmul.upc — blocked matrix multiplication C = A x B on shared matrices.
 * Shows: matrices stored as TB x TB tiles, one tile per block of a
 * block-cyclic shared array (upc_all_alloc with the tile as the block);
 * upc_forall over C's tiles with the tile's address as the affinity, so each
 * thread computes the tiles it owns; upc_memget to fetch whole remote tiles
 * of A and B into private buffers; a private-pointer view of the local C tile.
 * The result is checked against a serial computation of the same product.
 *
 *   build/tools/upcc -O2 -o matmul examples/matmul.upc
 *   build/tools/upcrun -n 4 ./matmul [tiles-per-side]
 *
 * The matrices are N x N with N = TB * tiles-per-side (default 8 -> 128).
 * Prints "RESULT matmul_s <seconds>" (the multiplication, for tools/upcbench)
 * and PASS if every element of C is right. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TB 16                         /* tile edge */
#define TILE (TB * TB)                /* doubles per tile = the block size */
typedef shared [TILE] double tiled_t; /* element type of a tiled matrix */

shared long errors[THREADS];

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Small integers keep every product and sum exact in double. */
static double a_at(int i, int k) { return (double)((i + 2 * k) % 7 - 3); }
static double b_at(int k, int j) { return (double)((3 * k + j) % 5 - 2); }

/* Element (i, j) of an nt x nt-tile matrix: tile (i/TB, j/TB), row-major inside. */
static long idx(int nt, int i, int j) {
  return ((long)(i / TB) * nt + j / TB) * TILE + (i % TB) * TB + j % TB;
}

int main(int argc, char **argv) {
  int nt = argc > 1 ? atoi(argv[1]) : 8;
  if (nt < 1 || nt > 512) {
    if (MYTHREAD == 0) fprintf(stderr, "usage: matmul [tiles-per-side (1-512)]\n");
    return 2;
  }
  int n = nt * TB;
  tiled_t *A = upc_all_alloc((size_t)nt * nt, TILE * sizeof(double));
  tiled_t *B = upc_all_alloc((size_t)nt * nt, TILE * sizeof(double));
  tiled_t *C = upc_all_alloc((size_t)nt * nt, TILE * sizeof(double));

  /* Tile t of each matrix lives on thread t % THREADS: fill the ones we own. */
  upc_forall (int t = 0; t < nt * nt; t++; &A[(long)t * TILE]) {
    int ti = t / nt, tj = t % nt;
    for (int r = 0; r < TB; r++)
      for (int c = 0; c < TB; c++) {
        A[(long)t * TILE + r * TB + c] = a_at(ti * TB + r, tj * TB + c);
        B[(long)t * TILE + r * TB + c] = b_at(ti * TB + r, tj * TB + c);
      }
  }
  upc_barrier;

  double *abuf = malloc(TILE * sizeof(double)), *bbuf = malloc(TILE * sizeof(double));
  double t0 = now();
  upc_forall (int t = 0; t < nt * nt; t++; &C[(long)t * TILE]) {
    int ti = t / nt, tj = t % nt;
    double *c = (double *)&C[(long)t * TILE]; /* our own tile */
    memset(c, 0, TILE * sizeof(double));
    for (int tk = 0; tk < nt; tk++) {
      upc_memget(abuf, &A[((long)ti * nt + tk) * TILE], TILE * sizeof(double));
      upc_memget(bbuf, &B[((long)tk * nt + tj) * TILE], TILE * sizeof(double));
      for (int r = 0; r < TB; r++)
        for (int k = 0; k < TB; k++) {
          double a = abuf[r * TB + k];
          for (int s = 0; s < TB; s++) c[r * TB + s] += a * bbuf[k * TB + s];
        }
    }
  }
  upc_barrier;
  double secs = now() - t0;

  /* Check the tiles this thread owns against the plain triple loop. */
  long bad = 0;
  upc_forall (int t = 0; t < nt * nt; t++; &C[(long)t * TILE]) {
    int ti = t / nt, tj = t % nt;
    for (int r = 0; r < TB; r++)
      for (int s = 0; s < TB; s++) {
        int i = ti * TB + r, j = tj * TB + s;
        double want = 0;
        for (int k = 0; k < n; k++) want += a_at(i, k) * b_at(k, j);
        if (C[idx(nt, i, j)] != want) bad++;
      }
  }
  errors[MYTHREAD] = bad;
  upc_barrier;
  long total = 0;
  for (int t = 0; t < THREADS; t++) total += errors[t];
  if (MYTHREAD == 0) {
    printf("matmul: %d x %d matrices in %d x %d tiles of %d x %d on %d threads\n", n, n, nt, nt, TB,
           TB, THREADS);
    printf("  C[0][0] = %g, C[%d][%d] = %g\n", (double)C[0], n - 1, n - 1,
           (double)C[idx(nt, n - 1, n - 1)]);
    printf("RESULT matmul_s %.9f\n", secs);
    if (total == 0)
      printf("PASS\n");
    else
      printf("FAIL: %ld wrong elements\n", total);
  }
  free(abuf);
  free(bbuf);
  upc_barrier;
  upc_all_free(A);
  upc_all_free(B);
  upc_all_free(C);
  return total != 0;
}
