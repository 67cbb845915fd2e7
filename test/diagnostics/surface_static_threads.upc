// Under -T 4, THREADS is the constant 4 and [*] divides by it.
// FLAGS: -T 4 --print-surface
// EXIT: 0
#include <upc.h>
#if THREADS != 4 || !defined(__UPC_STATIC_THREADS__) || defined(__UPC_DYNAMIC_THREADS__)
#error static THREADS not defined
#endif
// CHECK: __attribute__((address_space(4194329))) int A[100];
shared [*] int A[100];
// CHECK: __attribute__((address_space(4194314))) int B[10*(4)];
shared [*] int B[10*THREADS];
int main(void) { return 0; }
