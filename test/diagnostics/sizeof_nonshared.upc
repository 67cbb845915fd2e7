// upc_*sizeof on non-shared types and expressions.
#include <upc.h>
shared [4] int A[4 * THREADS];
int priv[10];
int main(void) {
  int n = 0;
  n += upc_blocksizeof(A) + upc_localsizeof(shared [4] int [8 * THREADS]); // fine
  // CHECK: sizeof_nonshared.upc:[[@LINE+1]]:24: error: 'upc_localsizeof' applied to a non-shared type 'int[10]'; the operand must have a shared-qualified type
  n += upc_localsizeof(priv);
  // CHECK: sizeof_nonshared.upc:[[@LINE+1]]:22: error: 'upc_elemsizeof' applied to a non-shared type 'double'; the operand must have a shared-qualified type
  n += upc_elemsizeof(double);
  return n;
}
