// THREADS and MYTHREAD are values (UPC 1.3 6.3), not lvalues.
#include <upc.h>
int main(void) {
  // CHECK: threads_assign.upc:[[@LINE+1]]:12: error: cannot assign to 'MYTHREAD': MYTHREAD is a value, not a variable
  MYTHREAD = 3;
  // CHECK-NOT: note:
  // CHECK: threads_assign.upc:[[@LINE+1]]:10: error: cannot assign to 'THREADS': THREADS is a value, not a variable
  THREADS++;
  // CHECK-NOT: upcc_prelude
  return 0;
}
// CHECK: 2 errors generated.
