// #pragma upc (UPC 1.3 6.7.1): strict/relaxed outside declarations or first
// in a compound statement; unknown directives and extra tokens are ignored
// with a warning, as C ignores unknown pragmas.
// EXIT: 0
// CHECK-NOT: error
#include <upc.h>
#pragma upc strict
#pragma upc relaxed
// CHECK: pragma_placement.upc:[[@LINE+1]]:1: warning: extra tokens at end of '#pragma upc strict' ignored
#pragma upc strict now
// CHECK: pragma_placement.upc:[[@LINE+1]]:1: warning: '#pragma upc' without a directive ignored (expected strict, relaxed, upc_code or c_code)
#pragma upc
// CHECK: pragma_placement.upc:[[@LINE+1]]:1: warning: unknown '#pragma upc bogus' ignored (expected strict, relaxed, upc_code or c_code)
#pragma upc bogus
shared int x;
int main(void) {
#pragma upc relaxed
  int y = 0;
  {
    #pragma upc strict
    x = 1;
  }
  y += x;
  // CHECK: pragma_placement.upc:[[@LINE+1]]:3: warning: '#pragma upc strict' after declarations or statements of a block; UPC allows it only outside declarations or at the start of a compound statement (it applies from here to the end of the block)
  #pragma upc strict
  return y;
}
// CHECK: 4 warnings generated.
