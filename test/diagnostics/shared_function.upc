// shared qualifies object types only: not a function type (UPC 1.3 6.5.1),
// not a compound literal in a function (automatic storage).
#include <upc.h>
typedef int fn_t(void);
// CHECK: shared_function.upc:[[@LINE+1]]:1: error: a function type may not be shared-qualified
shared fn_t f;
int main(void) {
  // CHECK: shared_function.upc:[[@LINE+1]]:19: error: a compound literal in a function may not be shared-qualified
  int *q = (int *)(shared int []){1, 2};
  return q != 0;
}
