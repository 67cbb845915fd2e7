/* matvec.upc — style matrix (issue 35, item 5): y = A x with the rows of A
 * as blocks (shared [N] double A[N][N]: row i on thread i % THREADS), y
 * cyclic (y[i] with row i), x on thread 0 (shared []), as in the UPC
 * textbook's matrix-vector product, spelled the ways UPC code in the wild
 * spells it:
 *   top      C89: `int r, i, j; double sum;` at the top, affinity &y[i]
 *   header   the loop variables and sum declared where they are used
 *   intaff   integer affinity i (row i's owner)
 *   ptraff   pointer affinity of the row, &A[i][0]
 *   macro    A(i,j), X(j), Y(i) macros for the indexing
 *   alloc    A and y from upc_all_alloc: shared [N] double *pA, pA[i*N + j]
 *   chunks   A's rows and y in per-thread upc_alloc chunks (contiguous
 *            slabs of R rows), through a shared directory and macros
 *   cast     hand-privatized: x fetched with upc_memget, this thread's rows
 *            and y through double *
 * Exact: A and x hold small integers, so every product and partial sum is an
 * exact integer (whatever the order, fused or not) and y must equal the
 * serial C reference bit for bit.  See style.h for `bench [REPS]`. */
#include "style.h"

#ifndef N
#define N 240 /* a multiple of 12: whole slabs of rows at THREADS 1-4 */
#endif
#ifndef BENCH_REPS
#define BENCH_REPS 3000 /* about 0.2 s at 2 threads with -O2 */
#endif

shared [N] double A[N][N];
shared [] double x[N];
shared double y[N];
shared [N] double *pA; /* alloc: N blocks of a row */
shared double *py;     /* alloc: cyclic */
shared dir_t dA[THREADS], dy[THREADS]; /* chunks */
static long R;                         /* rows per chunk */

static double ref[N];

static double in_A(long i, long j) { return (double)((i * 7 + j * 3) % 11 - 5); }
static double in_x(long j) { return (double)(j % 13 - 6); }

/* ---- the spellings ---- */

void matvec_top(int reps) {
  int r, i, j;
  double sum;
  for (r = 0; r < reps; r++) {
    upc_forall (i = 0; i < N; i++; &y[i]) { /* FA */
      sum = 0.0;
      for (j = 0; j < N; j++)
        sum += A[i][j] * x[j];
      y[i] = sum;
    }
    upc_barrier;
  }
}

void matvec_header(int reps) {
  for (int r = 0; r < reps; r++) {
    upc_forall (int i = 0; i < N; i++; &y[i]) { /* FA */
      double sum = 0.0;
      for (int j = 0; j < N; j++)
        sum += A[i][j] * x[j];
      y[i] = sum;
    }
    upc_barrier;
  }
}

void matvec_intaff(int reps) {
  for (int r = 0; r < reps; r++) {
    upc_forall (int i = 0; i < N; i++; i) { /* FA */
      double sum = 0.0;
      for (int j = 0; j < N; j++)
        sum += A[i][j] * x[j];
      y[i] = sum;
    }
    upc_barrier;
  }
}

void matvec_ptraff(int reps) {
  for (int r = 0; r < reps; r++) {
    upc_forall (int i = 0; i < N; i++; &A[i][0]) { /* FA */
      double sum = 0.0;
      for (int j = 0; j < N; j++)
        sum += A[i][j] * x[j];
      y[i] = sum;
    }
    upc_barrier;
  }
}

#define A(i, j) A[i][j]
#define X(j) x[j]
#define Y(i) y[i]
void matvec_macro(int reps) {
  for (int r = 0; r < reps; r++) {
    upc_forall (int i = 0; i < N; i++; &Y(i)) { /* FA */
      double sum = 0.0;
      for (int j = 0; j < N; j++)
        sum += A(i, j) * X(j);
      Y(i) = sum;
    }
    upc_barrier;
  }
}
#undef A
#undef X
#undef Y

void matvec_alloc(int reps) {
  for (int r = 0; r < reps; r++) {
    upc_forall (int i = 0; i < N; i++; &py[i]) { /* FA */
      double sum = 0.0;
      for (int j = 0; j < N; j++)
        sum += pA[i * N + j] * x[j];
      py[i] = sum;
    }
    upc_barrier;
  }
}

#define CA(i, j) dA[(i) / R].chunk[((i) % R) * N + (j)]
#define CY(i) dy[(i) / R].chunk[(i) % R]
void matvec_chunks(int reps) {
  for (int r = 0; r < reps; r++) {
    upc_forall (int i = 0; i < N; i++; &CY(i)) { /* FA */
      double sum = 0.0;
      for (int j = 0; j < N; j++)
        sum += CA(i, j) * x[j];
      CY(i) = sum;
    }
    upc_barrier;
  }
}

void matvec_cast(int reps) {
  static double xl[N];
  for (int r = 0; r < reps; r++) {
    upc_memget(xl, x, sizeof xl);
    for (int i = MYTHREAD; i < N; i += THREADS) {
      const double *row = (const double *)&A[i][0];
      double sum = 0.0;
      for (int j = 0; j < N; j++)
        sum += row[j] * xl[j];
      *(double *)&y[i] = sum;
    }
    upc_barrier;
  }
}

/* ---- data: set and checked through upc_memput/upc_memget only ---- */

static void fill_rows(shared [N] double *p) {
  double row[N];
  for (long i = 0; i < N; i++)
    if (upc_threadof(&p[i * N]) == MYTHREAD) {
      for (long j = 0; j < N; j++) row[j] = in_A(i, j);
      upc_memput(&p[i * N], row, sizeof row);
    }
}

static void clear_cyclic(shared double *p) {
  double zero = 0.0;
  for (long i = 0; i < N; i++)
    if (upc_threadof(&p[i]) == MYTHREAD) upc_memput(&p[i], &zero, sizeof zero);
}

static void check_value(const char *sp, long i, double got) {
  if (got != ref[i]) {
    char m[200];
    snprintf(m, sizeof m, "matvec_%s: y[%ld] = %.17g, expected %.17g", sp, i, got, ref[i]);
    upctest_report(__FILE__, __LINE__, m);
  }
}

/* Every thread checks what it owns (local upc_memget): no remote traffic. */
static void check_cyclic(const char *sp, shared double *p) {
  upc_barrier;
  for (long i = 0; i < N; i++)
    if (upc_threadof(&p[i]) == MYTHREAD) {
      double v;
      upc_memget(&v, &p[i], sizeof v);
      check_value(sp, i, v);
    }
  upc_barrier;
}

static void check_chunks(const char *sp) {
  upc_barrier;
  long n = N - MYTHREAD * R < R ? N - MYTHREAD * R : R;
  if (n > 0) {
    double *buf = malloc(R * sizeof(double));
    upc_memget(buf, dy[MYTHREAD].chunk, n * sizeof(double));
    for (long k = 0; k < n; k++) check_value(sp, MYTHREAD * R + k, buf[k]);
    free(buf);
  }
  upc_barrier;
}

int main(int argc, char **argv) {
  style_args(argc, argv, 1, BENCH_REPS);

  for (long i = 0; i < N; i++) { /* the serial reference */
    double sum = 0.0;
    for (long j = 0; j < N; j++) sum += in_A(i, j) * in_x(j);
    ref[i] = sum;
  }

  pA = upc_all_alloc(N, N * sizeof(double));
  py = upc_all_alloc(N, sizeof(double));
  R = (N + THREADS - 1) / THREADS;
  STYLE_PUBLISH_CHUNK(dA, R * N);
  STYLE_PUBLISH_CHUNK(dy, R);
  upc_barrier;

  fill_rows(&A[0][0]);
  fill_rows(pA);
  { /* this thread's chunk of rows MYTHREAD*R .. */
    double *mine = (double *)dA[MYTHREAD].chunk;
    for (long k = 0; k < R; k++)
      for (long j = 0; j < N; j++)
        mine[k * N + j] = MYTHREAD * R + k < N ? in_A(MYTHREAD * R + k, j) : 0.0;
  }
  if (MYTHREAD == 0)
    for (long j = 0; j < N; j++) x[j] = in_x(j);

  static const struct {
    const char *name;
    void (*fn)(int);
    int kind; /* 0 static, 1 alloc, 2 chunks */
  } sp[] = {
      {"top", matvec_top, 0},     {"header", matvec_header, 0}, {"intaff", matvec_intaff, 0},
      {"ptraff", matvec_ptraff, 0}, {"macro", matvec_macro, 0}, {"alloc", matvec_alloc, 1},
      {"chunks", matvec_chunks, 2}, {"cast", matvec_cast, 0},
  };
  for (unsigned s = 0; s < sizeof sp / sizeof sp[0]; s++) {
    if (sp[s].kind == 0) clear_cyclic(y);
    if (sp[s].kind == 1) clear_cyclic(py);
    if (sp[s].kind == 2)
      for (long k = 0; k < R; k++) ((double *)dy[MYTHREAD].chunk)[k] = 0.0;
    style_time("matvec", sp[s].name, sp[s].fn, style_reps);
    if (sp[s].kind == 0) check_cyclic(sp[s].name, y);
    if (sp[s].kind == 1) check_cyclic(sp[s].name, py);
    if (sp[s].kind == 2) check_chunks(sp[s].name);
  }
  return upctest_done();
}
