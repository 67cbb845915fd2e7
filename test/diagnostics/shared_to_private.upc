// Implicit conversion of a pointer-to-shared to a private pointer.
#include <upc.h>
shared [4] int A[4 * THREADS];
void use(int *p);
int main(void) {
  // CHECK: shared_to_private.upc:[[@LINE+1]]:7: error: cannot convert 'shared [4] int *' to 'int *' when passing an argument: implicit conversion from a pointer-to-shared to a private pointer is not allowed (use an explicit cast; valid only for data with affinity to this thread)
  use(&A[MYTHREAD * 4]);
  int *ok = (int *)&A[MYTHREAD * 4]; // explicit cast: allowed
  return *ok;
}
