// goto out of the body of a upc_forall.
#include <upc.h>
int main(void) {
  int i;
  upc_forall (i = 0; i < 10; i++; i) {
    // CHECK: forall_goto_out.upc:[[@LINE+1]]:17: error: 'goto' jumps out of the body of a upc_forall
    if (i == 5) goto done;
  }
done:
  return 0;
}
