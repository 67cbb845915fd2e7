// Pointers-to-shared of distinct types compared: a warning, as C warns for
// distinct pointer types; with another block size the right operand
// converts as by an explicit cast.  shared void * compares with any.
// EXIT: 0
// CHECK-NOT: error
#include <upc.h>
shared [4] int *p4;
shared [5] int *p5;
shared int *pi;
shared double *pd;
shared void *pv;
int main(void) {
  int r = 0;
  // Clang's own warning comes first (during Sema):
  // CHECK: pts_compare_blocks.upc:[[@LINE+1]]:11: warning: comparison of distinct pointer types ('shared int *' and 'shared double *')
  r += pi < pd;
  // CHECK: pts_compare_blocks.upc:[[@LINE+1]]:11: warning: comparison of pointers-to-shared with different block sizes ('shared [4] int *' and 'shared [5] int *'); the right operand is converted as by an explicit cast
  r += p4 < p5;
  // CHECK: pts_compare_blocks.upc:[[@LINE+1]]:11: warning: comparison of pointers-to-shared with different block sizes ('shared [5] int *' and 'shared [4] int *')
  r += p5 == p4;
  r += p4 == pv || pv != p5 || p4 == (shared [4] int *)p5; // no warning
  return r;
}
// CHECK: 3 warnings generated.
