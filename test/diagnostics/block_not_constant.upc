// A block size that is not an integer constant expression.
#include <upc.h>
int n = 4;
// CHECK: block_not_constant.upc:[[@LINE+1]]:9: error: block size is not an integer constant expression
shared [n] int a[10 * THREADS];
int main(void) { return 0; }
