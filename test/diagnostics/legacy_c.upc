// Legacy C89/gnu89 code compiles with warnings (issue 12, item 1): calls to
// undeclared functions, implicit int, int/pointer conversions, incompatible
// function pointers.  Each is a warning, located on the UPC source.
// EXIT: 0
// CHECK-NOT: error
#include <upc.h>
shared int x[THREADS];
// CHECK: legacy_c.upc:[[@LINE+1]]:8: warning: type specifier missing, defaults to 'int'
static counter;
int twice(int v) { return 2 * v; }
int main(void) {
  // CHECK: legacy_c.upc:[[@LINE+1]]:3: warning: call to undeclared function 'srand'
  srand(3);
  // CHECK: legacy_c.upc:[[@LINE+1]]:7: warning: call to undeclared function 'later'
  if (later(2) != 5) counter++;
  // CHECK: legacy_c.upc:[[@LINE+1]]:8: warning: incompatible pointer to integer conversion initializing 'long' with an expression of type 'int *'
  long a = &counter;
  // CHECK: legacy_c.upc:[[@LINE+1]]:9: warning: incompatible function pointer types initializing 'int (*)(long)' with an expression of type 'int (int)'
  int (*fp)(long) = twice;
  x[MYTHREAD] = (int)a + (fp != 0);
  // CHECK: legacy_c.upc:[[@LINE+1]]:3: warning: call to undeclared library function 'exit'
  exit(counter);
}
int later(int v) { return 2 * v + 1; }
