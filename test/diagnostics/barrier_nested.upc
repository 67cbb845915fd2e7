// The expression of upc_barrier, upc_notify and upc_wait (UPC 1.3 6.6.1,
// spec issue 64: any type assignable to an int) checked on the whole
// expression, however nested.
#include <upc.h>
struct pt { int x; };
int main(void) {
  double d = 2;
  int *p = 0;
  struct pt s = {0};
  // CHECK-NOT: error
  upc_barrier (d + 1);      // fine: arithmetic types, converted as by assignment
  upc_barrier d > 1 ? d : 2;
  upc_barrier 1L;
  upc_barrier 'c' + s.x;
  upc_barrier (int)d;
  // CHECK: barrier_nested.upc:[[@LINE+1]]:17: error: the expression of 'upc_notify' must have a type assignable to 'int', not 'int *'
  upc_notify (p + 1);
  // CHECK: barrier_nested.upc:[[@LINE+1]]:12: error: the expression of 'upc_wait' must have a type assignable to 'int', not 'struct pt'
  upc_wait s;
  // CHECK: barrier_nested.upc:[[@LINE+1]]:15: error: the expression of 'upc_barrier' must have a type assignable to 'int', not 'int *'
  upc_barrier d > 1 ? p : p + 1;
  return 0;
}
// CHECK: 3 errors generated.
