// upcx_async checks the arguments against the prototype as a call does.
#include <upc.h>
#include <upcx.h>

int two(int a, double b);
struct s { int n; };

int main(void) {
  struct s v = {1};
  // CHECK: async_call_check.upc:[[@LINE+1]]:23: error: too few arguments to function call, expected 2, have 1
  upcx_async(0, two, 1);
  // CHECK: async_call_check.upc:[[@LINE+1]]:22: error: passing 'struct s' to parameter of incompatible type 'int'
  upcx_async(0, two, v, 2.0);
  return 0;
}
