// goto into the body of a upc_forall.
#include <upc.h>
int main(void) {
  int i = 0;
  // CHECK: forall_goto_into.upc:[[@LINE+1]]:3: error: 'goto' jumps into the body of a upc_forall
  goto inside;
  upc_forall (i = 0; i < 10; i++; i) {
  inside:
    ;
  }
  return 0;
}
