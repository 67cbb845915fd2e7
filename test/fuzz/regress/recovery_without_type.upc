// Found by upcc-fuzz (test/fuzz/BUGS.md, input #31538 of seed 7): a cast
// broken around a shared array element.  Clang's error recovery keeps an
// operand without a type, which the fix for members' addresses read.
#include <upc.h>
shared [4] double m[THREADS][4];
int main(void) {
  int t = 0, j = 0;
  // CHECK: recovery_without_type.upc:[[@LINE+1]]:31: error: expected ')'
  double g = (double)(m[t][j] double)(t + j / 8.0);
  // CHECK-NOT: internal error
  // CHECK-NOT: cannot diagnose
  return (int)g;
}
