// A function name converted to a pointer-to-shared: Clang 19's Sema crashes
// while diagnosing this (DiagnoseAssignmentResult); upcc turns that into an
// error and exit status 1, never a signal.
#include <upc.h>
int counter(void);
int main(void) {
  // CHECK: function_to_pts.upc:[[@LINE+1]]:26: error: invalid conversion the C front end cannot diagnose before this point
  shared int *p = counter;
  return *p;
}
