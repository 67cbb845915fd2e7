// #pragma upc is removed from the text (Berkeley's upc_code/c_code are
// accepted); the predefined macros have their UPC 1.3 values.
// FLAGS: --print-surface
// EXIT: 0
#include <upc_strict.h>
#if __UPC__ != 1 || __UPC_VERSION__ != 201311L || UPC_MAX_BLOCK_SIZE != 1048575
#error predefined macros
#endif
#if !defined(__UPC_DYNAMIC_THREADS__) || defined(__UPC_STATIC_THREADS__)
#error dynamic THREADS
#endif
#if !defined(__UPC_COLLECTIVE__) || !defined(__UPC_TICK__)
#error feature macros
#endif
// CHECK-NOT: #pragma upc
#pragma upc relaxed
#pragma upc upc_code
#pragma upc c_code
shared int x;
int main(void) {
  #pragma upc strict
  x = 1;
  return 0;
}
