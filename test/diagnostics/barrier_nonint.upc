// Barrier expressions (UPC 1.3 6.6.1, spec issue 64): any type that can be
// assigned to an int, converted as by assignment (barrier_types in
// test/decls runs them); a struct, a pointer or an array is an error.
#include <upc.h>
struct pair { int a, b; };
enum colour { RED, GREEN };
void barrier_fn(void);
int main(void) {
  double d = 1.5;
  long l = 2;
  char c = 'c';
  enum colour e = GREEN;
  _Bool b = 1;
  struct pair s = {1, 2};
  int arr[2] = {0, 1};
  int *p = arr;
  // CHECK-NOT: barrier_nonint.upc:[[@LINE+1]]:{{.*}}error
  upc_barrier 7;
  // CHECK-NOT: barrier_nonint.upc:[[@LINE+1]]:{{.*}}error
  upc_barrier 1.5;
  // CHECK-NOT: barrier_nonint.upc:[[@LINE+1]]:{{.*}}error
  upc_notify d;
  // CHECK-NOT: barrier_nonint.upc:[[@LINE+1]]:{{.*}}error
  upc_wait l;
  // CHECK-NOT: barrier_nonint.upc:[[@LINE+1]]:{{.*}}error
  upc_barrier c;
  // CHECK-NOT: barrier_nonint.upc:[[@LINE+1]]:{{.*}}error
  upc_barrier e;
  // CHECK-NOT: barrier_nonint.upc:[[@LINE+1]]:{{.*}}error
  upc_barrier b;
  // CHECK: barrier_nonint.upc:[[@LINE+1]]:14: error: the expression of 'upc_notify' must have a type assignable to 'int', not 'char *'
  upc_notify "x";
  upc_wait;
  // CHECK: barrier_nonint.upc:[[@LINE+1]]:15: error: the expression of 'upc_barrier' must have a type assignable to 'int', not 'struct pair'
  upc_barrier s;
  // CHECK: barrier_nonint.upc:[[@LINE+1]]:15: error: the expression of 'upc_barrier' must have a type assignable to 'int', not 'int *'
  upc_barrier p;
  // CHECK: barrier_nonint.upc:[[@LINE+1]]:12: error: the expression of 'upc_wait' must have a type assignable to 'int', not 'int *'
  upc_wait arr;
  // CHECK: barrier_nonint.upc:[[@LINE+1]]:15: error: the expression of 'upc_barrier' must have a type assignable to 'int', not 'void (*)(void)'
  upc_barrier barrier_fn;
  return 0;
}
// CHECK: 5 errors generated.
void barrier_fn(void) {}
