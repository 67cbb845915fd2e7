// -pedantic-errors makes every legacy form an error again.
// FLAGS: -pedantic-errors
#include <upc.h>
shared int x[THREADS];
// CHECK: legacy_c_pedantic.upc:[[@LINE+1]]:8: error: type specifier missing, defaults to 'int'
static counter;
int main(void) {
  // CHECK: legacy_c_pedantic.upc:[[@LINE+1]]:8: error: incompatible pointer to integer conversion
  long a = &counter;
  x[MYTHREAD] = (int)a;
  // CHECK: legacy_c_pedantic.upc:[[@LINE+1]]:10: error: call to undeclared function 'later'
  return later(counter);
}
int later(int v) { return v; }
