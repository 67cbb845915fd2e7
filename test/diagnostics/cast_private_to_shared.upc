// A private pointer cast to a pointer-to-shared (UPC 1.3 6.4.3 constraint:
// no shared qualifier in a cast where the operand's corresponding pointer
// component is not shared); a null pointer constant may be cast.
#include <upc.h>
#include <stddef.h>
int loc;
int *lp;
int **lpp;
shared int x;
int main(void) {
  // CHECK: cast_private_to_shared.upc:[[@LINE+1]]:19: error: cannot cast 'int *' to 'shared int *': a private pointer cannot become a pointer-to-shared
  shared int *p = (shared int *)&loc;
  // CHECK: cast_private_to_shared.upc:[[@LINE+1]]:20: error: cannot cast 'int *' to 'shared void *': a private pointer cannot become a pointer-to-shared
  shared void *v = (shared void *)lp;
  // CHECK: cast_private_to_shared.upc:[[@LINE+1]]:21: error: cannot cast 'int **' to 'shared int **': a private pointer cannot become a pointer-to-shared
  shared int **pp = (shared int **)lpp;
  // Allowed: null pointer constants, shared to private (for local data),
  // between pointers-to-shared.
  shared int *n1 = (shared int *)0, *n2 = (shared int *)NULL;
  int *mine = (int *)&x;
  shared [4] int *q = (shared [4] int *)&x;
  return p == n1 && v == n2 && pp != 0 && mine != 0 && q != 0;
}
// CHECK: 3 errors generated.
