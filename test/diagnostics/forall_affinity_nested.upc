// upc_forall affinity (UPC 1.3 6.6.2 constraint: a pointer-to-shared or an
// integer type) checked on the type of the whole expression, however nested.
#include <upc.h>
struct pt { int x; };
shared int a[10 * THREADS];
shared int n;
shared [4] int rows[THREADS][4];
int main(void) {
  int i;
  double w = 1.0;
  struct pt s = {0};
  int *priv = 0;
  // CHECK: forall_affinity_nested.upc:[[@LINE+1]]:38: error: upc_forall affinity must be an integer expression, a pointer-to-shared or 'continue', not 'double'
  upc_forall (i = 0; i < 10; i++; (w + 1.0)) { }
  // CHECK: forall_affinity_nested.upc:[[@LINE+1]]:35: error: upc_forall affinity must be an integer expression, a pointer-to-shared or 'continue', not 'double'
  upc_forall (i = 0; i < 10; i++; i > 2 ? w : i) { }
  // CHECK: forall_affinity_nested.upc:[[@LINE+1]]:35: error: upc_forall affinity must be an integer expression, a pointer-to-shared or 'continue', not 'struct pt'
  upc_forall (i = 0; i < 10; i++; s) { }
  // CHECK: forall_affinity_nested.upc:[[@LINE+1]]:37: error: upc_forall affinity must be an integer expression, a pointer-to-shared or 'continue', not 'int *'
  upc_forall (i = 0; i < 10; i++; (i, priv + i)) { }
  // CHECK: forall_affinity_nested.upc:[[@LINE+1]]:35: error: upc_forall affinity must be an integer expression, a pointer-to-shared or 'continue', not 'float'
  upc_forall (i = 0; i < 10; i++; (float)i) { }
  // Valid: integer expressions (a shared int's value), pointers-to-shared
  // chosen by an expression, a row of a shared array, continue.
  upc_forall (i = 0; i < 10; i++; i * 2 + n) { }
  upc_forall (i = 0; i < 10; i++; i > 2 ? &a[i] : &a[0]) { }
  upc_forall (i = 0; i < THREADS; i++; rows[i]) { }
  upc_forall (i = 0; i < 10; i++; continue) { }
  return 0;
}
// CHECK: 5 errors generated.
