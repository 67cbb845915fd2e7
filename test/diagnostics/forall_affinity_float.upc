// upc_forall affinity of floating type.
#include <upc.h>
int main(void) {
  int i;
  double w = 1.0;
  // CHECK: forall_affinity_float.upc:[[@LINE+1]]:35: error: upc_forall affinity must be an integer expression, a pointer-to-shared or 'continue', not 'double'
  upc_forall (i = 0; i < 10; i++; w) { }
  return 0;
}
