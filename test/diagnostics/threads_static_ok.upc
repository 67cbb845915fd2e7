// Under static THREADS (-T N) THREADS is an integer constant (UPC 1.3
// 6.5.2.1 constrains only the dynamic environment): any dimension, any
// expression, also with an indefinite block size.
// FLAGS: -T 4
// EXIT: 0
// CHECK-NOT: error
// CHECK-NOT: warning
#include <upc.h>
shared int a[10][THREADS];
shared int b[THREADS + 1];
shared int c[THREADS][THREADS];
shared [] int d[THREADS];
shared [THREADS] int e[2 * THREADS];
int main(void) { return (int)(upc_localsizeof(b) + upc_blocksizeof(e)); }
