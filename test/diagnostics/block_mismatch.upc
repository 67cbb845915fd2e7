// Pointers-to-shared with different block sizes convert with a warning, as
// for incompatible pointers in C; the conversion keeps thread and address
// and resets the phase (an explicit cast says the same without a warning).
// EXIT: 0
// CHECK-NOT: error
#include <upc.h>
shared [4] int *p4;
shared [5] int *p5;
shared [8] char *c8;
shared char *c1;
shared [] char *ci;
void take(shared [] char *s) { (void)s; }
shared [] char *give(void) {
  // CHECK: block_mismatch.upc:[[@LINE+1]]:10: warning: implicit conversion from 'shared [8] char *' to 'shared [] char *' when returning changes the block size; the phase is reset, as by an explicit cast
  return c8;
}
int main(void) {
  // CHECK: block_mismatch.upc:[[@LINE+1]]:6: warning: implicit conversion from 'shared [4] int *' to 'shared [5] int *' in an assignment changes the block size
  p5 = p4;
  p5 = (shared [5] int *)p4; // no warning
  // CHECK: block_mismatch.upc:[[@LINE+1]]:19: warning: implicit conversion from 'shared [8] char *' to 'shared [] char *' in an initialization changes the block size
  shared [] char *loc = c8;
  // CHECK: block_mismatch.upc:[[@LINE+1]]:8: warning: implicit conversion from 'shared char *' to 'shared [] char *' when passing an argument changes the block size
  take(c1);
  // CHECK: block_mismatch.upc:[[@LINE+2]]:12: warning: implicit conversion from 'shared char *' to 'shared [8] char *' in a conditional operator changes the block size
  // CHECK: block_mismatch.upc:[[@LINE+1]]:6: warning: implicit conversion from 'shared [8] char *' to 'shared [] char *' in an assignment changes the block size
  ci = loc ? (c8) : (c1);
  // CHECK-NOT: warning: implicit
  ci = (shared [] char *)c1;
  return ci == 0 && give() == 0;
}
