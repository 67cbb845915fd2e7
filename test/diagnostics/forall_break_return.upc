// break and return out of a upc_forall body: undefined in UPC, a warning; a
// break of an inner loop is fine.
// EXIT: 0
#include <upc.h>
int find(int key) {
  int i, j;
  upc_forall (i = 0; i < 100; i++; i) {
    for (j = 0; j < 3; j++)
      if (j == key) break; // fine: leaves the inner loop only
    // CHECK: forall_break_return.upc:[[@LINE+1]]:19: warning: 'break' leaves the body of a upc_forall; the behaviour is undefined in UPC
    if (i == key) break;
    // CHECK: forall_break_return.upc:[[@LINE+1]]:18: warning: 'return' leaves the body of a upc_forall; the behaviour is undefined in UPC
    if (i == 50) return i;
  }
  return -1;
}
int main(void) { return find(3) < -1; }
// Only the two warnings above (none for the inner break):
// CHECK: 2 warnings generated.
