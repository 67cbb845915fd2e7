/* coalesce.upc — end-to-end test of read coalescing (upc-coalesce): the
 * shapes fine-grained remote reads are written in — a sparse product
 * reading x[colidx[k]] in a plain loop and in a upc_forall, through
 * upc_all_alloc pointers, a column walk of a row-blocked matrix, a gather
 * through a permutation, a table lookup, a remote scalar read on every
 * iteration, abs() in the address — next to loops the pass must leave
 * alone (the loop writes the array, calls a function, fences, reads
 * strictly, writes the index array, reads under a condition, breaks, calls
 * rand() in the address).  Strips are kept small (UPCRT_COALESCE_LIMIT=13)
 * so that every loop runs in many.  Each value is checked against serial
 * C, also after the data changes, after a thread's own writes to other
 * threads' elements, and with a private pointer writing this thread's
 * element inside the loop.  Lines marked CO must have every read coalesced
 * by the default build, NOCO one not (checked by remarks.sh). */
#include "e2e.h"

#include <stdlib.h>

#define N 37   /* elements per thread (odd: blocks and rows cross threads unevenly) */
#define NZ 5   /* reads per row */
#define M 11   /* columns of the row-blocked matrix */

shared double x[N * THREADS];
shared double y[N * THREADS];
shared [M] double B[M * THREADS][M];
strict shared double sx[N * THREADS];
shared double scale;
shared int sidx[N * THREADS];

int colidx[N * NZ], rowptr[N + 1], perm[N];
double a[N * NZ];

static double xval(long i, int round) { return (double)((i * 7 + round * 3) % 29) - 9.0; }
static void touch(double *p) { *p += 0.0; }

static void fill_x(int round) {
  upc_forall (int i = 0; i < N * THREADS; i++; &x[i]) x[i] = xval(i, round); /* FA PRIV */
  upc_barrier;
}

/* serial references from the same formulas */
static double row_ref(int i, int round) {
  double s = 0;
  for (int k = rowptr[i]; k < rowptr[i + 1]; k++) s += a[k] * xval(colidx[k], round);
  return s;
}

int main(void) {
  setenv("UPCRT_COALESCE_LIMIT", "13", 1);
  srand(11 + MYTHREAD);
  for (int i = 0; i <= N; i++) rowptr[i] = i * NZ;
  for (int k = 0; k < N * NZ; k++) {
    colidx[k] = rand() % (N * THREADS);
    a[k] = k % 5 + 1;
  }
  for (int i = 0; i < N; i++) perm[i] = (i * 17 + MYTHREAD * 5) % (N * THREADS);
  fill_x(0);

  /* the sparse product, a plain loop over this thread's rows; twice with the
   * same indexes (the schedule's grouping reused), then with new data */
  double w[N];
  for (int round = 0; round < 3; round++) {
    upc_barrier; /* nobody refills x while another reads it */
    if (round == 2) fill_x(2);
    int i, k;
    for (i = 0; i < N; i++) { /* a plain C89 spelling, i and k declared above */
      double s = 0;
      for (k = rowptr[i]; k < rowptr[i + 1]; k++)
        s += a[k] * x[colidx[k]]; /* CO */
      w[i] = s;
    }
    CHECK_EQ(i, N, "the loop's variable after it");
    for (i = 0; i < N; i++) CHECK_DEQ(w[i], row_ref(i, round == 2 ? 2 : 0), "spmv round %d row %d", round, i);
  }
  upc_barrier;

  /* new indexes: a new grouping */
  for (int k = 0; k < N * NZ; k++) colidx[k] = (colidx[k] * 5 + 3) % (N * THREADS);
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++) s += a[k] * x[colidx[k]]; /* CO */
    CHECK_DEQ(s, row_ref(i, 2), "spmv new indexes row %d", i);
  }

  /* a upc_forall over the rows of y, writing y (this thread's part) */
  upc_forall (int i = 0; i < N * THREADS; i++; &y[i]) { /* FA */
    double s = 0;
    int r = i % N;
    for (int k = rowptr[r]; k < rowptr[r + 1]; k++) s += a[k] * x[colidx[k]]; /* CO */
    y[i] = s; /* PRIV */
  }
  upc_barrier;
  for (int i = 0; i < N * THREADS; i++)
    if (upc_threadof(&y[i]) == MYTHREAD) CHECK_DEQ(y[i], row_ref(i % N, 2), "forall spmv %d", i);
  upc_barrier;

  /* the same through upc_all_alloc pointers, rows counted from the forall */
  shared double *px = upc_all_alloc(THREADS, N * sizeof(double));
  shared double *py = upc_all_alloc(THREADS, N * sizeof(double));
  upc_forall (int i = 0; i < N * THREADS; i++; &px[i]) px[i] = xval(i, 4); /* FA PRIV */
  upc_barrier;
  upc_forall (int i = 0; i < N * THREADS; i++; &py[i]) { /* FA */
    double s = 0;
    for (int k = rowptr[i / THREADS]; k < rowptr[i / THREADS + 1]; k++)
      s += a[k] * px[colidx[k]]; /* CO */
    py[i] = s; /* PRIV */
  }
  upc_barrier;
  for (int i = MYTHREAD; i < N * THREADS; i += THREADS) {
    double want = 0;
    for (int k = rowptr[i / THREADS]; k < rowptr[i / THREADS + 1]; k++) want += a[k] * xval(colidx[k], 4);
    CHECK_DEQ(py[i], want, "pointer spmv %d", i);
  }
  upc_barrier;

  /* a column walk of a row-blocked matrix: B[k][j] over k, every M elements */
  upc_forall (int r = 0; r < M * THREADS; r++; &B[r][0]) /* FA */
    for (int c = 0; c < M; c++) B[r][c] = r * 3 - c;
  upc_barrier;
  double col[M];
  for (int j = 0; j < M; j++) {
    double s = 0;
    for (int k = 0; k < M * THREADS; k++) s += B[k][j] * (k % 3); /* CO */
    col[j] = s;
  }
  for (int j = 0; j < M; j++) {
    double want = 0;
    for (int k = 0; k < M * THREADS; k++) want += (double)(k * 3 - j) * (k % 3);
    CHECK_DEQ(col[j], want, "column %d", j);
  }

  /* a gather through a permutation; a lookup; a remote scalar each time */
  if (MYTHREAD == THREADS - 1) scale = 1.5;
  upc_barrier;
  double g[N], h = 0;
  for (int i = 0; i < N; i++) g[i] = x[perm[i]] * scale; /* CO */
  for (int i = 0; i < N; i++) h += x[(perm[i] * 3 + 1) % (N * THREADS)]; /* CO */
  double hw = 0;
  for (int i = 0; i < N; i++) {
    CHECK_DEQ(g[i], xval(perm[i], 2) * 1.5, "gather %d", i);
    hw += xval((perm[i] * 3 + 1) % (N * THREADS), 2);
  }
  CHECK_DEQ(h, hw, "lookups");

  /* thread 0's own writes to the next thread's elements, just before the
   * loop (the others wait): the loop sees them */
  upc_barrier;
  if (MYTHREAD == 0) {
    int mine = 1 % THREADS;
    for (int i = mine; i < N * THREADS; i += THREADS) x[i] = 1000 + i;
    double own = 0;
    for (int i = 0; i < N; i++) own += x[perm[i]]; /* CO */
    double ow = 0;
    for (int i = 0; i < N; i++)
      ow += perm[i] % THREADS == mine ? 1000 + perm[i] : xval(perm[i], 2);
    CHECK_DEQ(own, ow, "own writes before the loop");
  }
  upc_barrier;
  fill_x(5);

  /* a private pointer writes this thread's element inside the loop */
  double *lp = (double *)&x[MYTHREAD];
  double seen = 0, sw = 0;
  for (int i = 0; i < N; i++) { *lp = i; seen += x[(MYTHREAD + i * THREADS) % (N * THREADS)]; } /* CO */
  for (int i = 0; i < N; i++) {
    long e = (MYTHREAD + (long)i * THREADS) % (N * THREADS);
    sw += e == MYTHREAD ? i : xval(e, 5);
  }
  CHECK_DEQ(seen, sw, "private writes in the loop");
  upc_barrier;
  fill_x(6);

  /* a library call in the address: abs() depends on its argument alone,
   * rand() changes its state (an inspector calling it would list other
   * elements than the loop reads) */
  double ab = 0, abw = 0, rd = 0, rdw = 0;
  for (int k = 0; k < N; k++) ab += x[abs(k - N / 2) * THREADS]; /* CO */
  for (int k = 0; k < N; k++) abw += xval(abs(k - N / 2) * THREADS, 6);
  CHECK_DEQ(ab, abw, "abs() in the address");
  srand(7 + MYTHREAD);
  for (int k = 0; k < N; k++) rd += x[rand() % (N * THREADS)]; /* NOCO */
  srand(7 + MYTHREAD);
  for (int k = 0; k < N; k++) rdw += xval(rand() % (N * THREADS), 6);
  CHECK_DEQ(rd, rdw, "rand() in the address");
  upc_barrier;

  /* loops the pass must leave alone */
  double s = 0;
  for (int k = 0; k < N; k++) { s += x[colidx[k]]; if (MYTHREAD == 0 && k == 3) x[colidx[k + 1]] = 7; } /* NOCO */
  upc_barrier;
  fill_x(6);
  s = 0;
  double t = 0;
  for (int k = 0; k < N; k++) { s += x[colidx[k]]; touch(&t); } /* NOCO */
  for (int k = 0; k < N; k++) { s += x[colidx[k]]; upc_fence; } /* NOCO */
  for (int k = 0; k < N; k++) s += sx[colidx[k]]; /* NOCO */
  for (int k = 0; k < N; k++) { s += x[colidx[k]]; colidx[k + 1] = k; } /* NOCO */
  for (int k = 0; k < N; k++) if (k % 2) s += x[perm[k % N]]; /* NOCO */
  for (int k = 0; k < N; k++) { if (perm[k % N] < 0) break; s += x[perm[k % N]]; } /* NOCO */
  for (int k = 0; k < N; k++) s += x[sidx[k]]; /* NOCO */
  CHECK_EQ(s == s, 1, "not a number");
  upc_barrier;
  upc_all_free(px);
  upc_all_free(py);
  e2e_done();
  return 0;
}
