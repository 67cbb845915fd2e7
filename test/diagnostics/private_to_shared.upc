// Implicit conversion of a private pointer to a pointer-to-shared.
#include <upc.h>
shared int *sp;
int main(void) {
  int local = 0;
  // CHECK: private_to_shared.upc:[[@LINE+1]]:6: error: cannot convert 'int *' to 'shared int *' in an assignment: implicit conversion from a private pointer to a pointer-to-shared is not allowed
  sp = &local;
  return 0;
}
