// A shared-qualified structure member.
#include <upc.h>
struct cell {
  int key;
  // CHECK: shared_member.upc:[[@LINE+1]]:17: error: member 'value' may not be shared-qualified; declare the whole structure object shared instead
  shared double value;
  shared int *fine; // a pointer-to-shared member is allowed
};
int main(void) { return 0; }
