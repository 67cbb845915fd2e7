// With -Werror a conversion between block sizes is an error.
// FLAGS: -Werror
#include <upc.h>
shared [4] int *p4;
shared [5] int *p5;
int main(void) {
  // CHECK: block_mismatch_werror.upc:[[@LINE+1]]:6: error: cannot convert 'shared [4] int *' to 'shared [5] int *' in an assignment
  p5 = p4;
  return 0;
}
