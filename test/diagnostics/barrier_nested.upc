// The expression of upc_barrier, upc_notify and upc_wait (UPC 1.3 6.6.1
// constraint: type int) checked on the whole expression, however nested.
// Any integer type is accepted (converted to int), as other UPC compilers do.
#include <upc.h>
struct pt { int x; };
int main(void) {
  double d = 2;
  int *p = 0;
  struct pt s = {0};
  // CHECK: barrier_nested.upc:[[@LINE+1]]:18: error: the expression of 'upc_barrier' must have integer type, not 'double'
  upc_barrier (d + 1);
  // CHECK: barrier_nested.upc:[[@LINE+1]]:15: error: the expression of 'upc_barrier' must have integer type, not 'double'
  upc_barrier d > 1 ? d : 2;
  // CHECK: barrier_nested.upc:[[@LINE+1]]:17: error: the expression of 'upc_notify' must have integer type, not 'int *'
  upc_notify (p + 1);
  // CHECK: barrier_nested.upc:[[@LINE+1]]:12: error: the expression of 'upc_wait' must have integer type, not 'struct pt'
  upc_wait s;
  upc_barrier 1L;          // fine: integer types
  upc_barrier 'c' + s.x;
  upc_barrier (int)d;
  return 0;
}
// CHECK: 4 errors generated.
