// Barrier expressions must have integer type.
#include <upc.h>
int main(void) {
  upc_barrier 7; // fine
  // CHECK: barrier_nonint.upc:[[@LINE+1]]:15: error: the expression of 'upc_barrier' must have integer type, not 'double'
  upc_barrier 1.5;
  // CHECK: barrier_nonint.upc:[[@LINE+1]]:14: error: the expression of 'upc_notify' must have integer type, not 'char *'
  upc_notify "x";
  upc_wait;
  return 0;
}
