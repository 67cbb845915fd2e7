// -Werror=implicit-function-declaration makes a call to an undeclared
// function an error again; the other legacy forms stay warnings.
// FLAGS: -Werror=implicit-function-declaration
// CHECK-NOT: error: type specifier
#include <upc.h>
// CHECK: legacy_c_werror.upc:[[@LINE+1]]:8: warning: type specifier missing, defaults to 'int'
static counter;
int main(void) {
  // CHECK: legacy_c_werror.upc:[[@LINE+1]]:10: error: call to undeclared function 'later'
  return later(counter);
}
int later(int v) { return v; }
