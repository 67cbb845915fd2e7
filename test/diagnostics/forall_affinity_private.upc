// upc_forall affinity that is a private pointer.
#include <upc.h>
int data[10];
int main(void) {
  int i;
  // CHECK: forall_affinity_private.upc:[[@LINE+1]]:35: error: upc_forall affinity must be an integer expression, a pointer-to-shared or 'continue', not 'int *'
  upc_forall (i = 0; i < 10; i++; &data[i]) { }
  return 0;
}
