// A valid UPC program passes -pedantic-errors: the C that upcc hands to
// Clang (address spaces, forall markers, THREADS dimensions) is not an
// extension the user wrote.
// FLAGS: -pedantic-errors -Wall
// EXIT: 0
// CHECK-NOT: error
// CHECK-NOT: warning
#include <upc.h>
#include <upc_strict.h>
shared [4] int a[4 * THREADS];
shared [*] double d[8 * THREADS];
strict shared int flag;
int main(void) {
  int i;
  shared [4] int *p = &a[1];
  upc_forall (i = 0; i < 4 * THREADS; i++; &a[i]) a[i] = i;
  upc_barrier 3;
  d[MYTHREAD] = *p + (int)upc_blocksizeof(a) + (int)upc_localsizeof(d);
  flag = 1;
  return 0;
}
