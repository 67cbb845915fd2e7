/* array_params.upc — array parameters of shared element type are pointers
 * to their first element, as every C array parameter is (issue 19 item 7):
 * `strict shared int a[2][10*THREADS]` is `strict shared int (*a)[10*THREADS]`.
 * Each form is called on a shared array and writes or reads through the
 * parameter; the results are checked against the array itself. */
#include "../upc/upctest.h"

strict shared int A[2][10 * THREADS];
shared int R[2][10 * THREADS];
shared [3] long B[6 * THREADS];
shared double V[THREADS];
typedef shared int sint;
sint C[4][THREADS];

/* The issue's own form: 2 rows, the row type keeps its THREADS dimension. */
void fill(strict shared int a[2][10 * THREADS], int v) {
  CHECK_UINT(sizeof a, sizeof(shared int *));
  for (int i = 0; i < 2; i++)
    upc_forall(int j = 0; j < 10 * THREADS; j++; &a[i][j]) a[i][j] = v + i * 1000 + j;
}
/* Unknown size, a blocked element type, [static N] and [const]. */
long sum_blocked(shared [3] long b[], int n) {
  long s = 0;
  for (int i = 0; i < n; i++) s += b[i];
  return s;
}
double first(relaxed shared double v[static 1]) { return v[0]; }
void bump(shared [3] long b[const 6 * THREADS], int i) {
  b[i] += 1;
  CHECK_UINT(upc_blocksizeof(*b), 3);
}
/* A shared typedef element type; a prototype without parameter names. */
int column(sint c[][THREADS], int i, int t);
int column(sint c[][THREADS], int i, int t) { return c[i][t]; }
int count_rows(shared int [][10 * THREADS], int);
int count_rows(shared int rows[][10 * THREADS], int n) {
  int k = 0;
  for (int i = 0; i < n; i++) k += rows[i][0] != 0;
  return k;
}
/* The same, relaxed, with the first dimension written as THREADS. */
void fill_relaxed(shared int a[THREADS][10 * THREADS], int v) {
  upc_forall(int j = 0; j < 10 * THREADS; j++; &a[1][j]) a[1][j] = v + j;
}
/* A function pointer whose parameter is such an array. */
void (*filler)(strict shared int a[2][10 * THREADS], int) = fill;

int main(void) {
  int T = THREADS;
  filler(A, 7);
  fill_relaxed(R, 5);
  upc_forall(int i = 0; i < 6 * T; i++; &B[i]) B[i] = i;
  V[MYTHREAD] = 0.5 + MYTHREAD;
  for (int i = 0; i < 4; i++) C[i][MYTHREAD] = 100 * i + MYTHREAD;
  upc_barrier;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 10 * T; j++) CHECK_INT(A[i][j], 7 + i * 1000 + j);
  CHECK_INT(sum_blocked(B, 6 * T), (long)(6 * T) * (6 * T - 1) / 2);
  CHECK_INT(sum_blocked(&B[3], 3), 3 + 4 + 5);
  CHECK_DBL(first(&V[T - 1]), 0.5 + (T - 1));
  CHECK_INT(column(C, 3, T - 1), 300 + T - 1);
  CHECK_INT(count_rows(R, 2), 1);
  for (int j = 0; j < 10 * T; j++) CHECK_INT(R[1][j], 5 + j);
  upc_barrier;
  if (MYTHREAD == 0) bump(B, 4);
  upc_barrier;
  CHECK_INT(B[4], 5);
  return upctest_done();
}
