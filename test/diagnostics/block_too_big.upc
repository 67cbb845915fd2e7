// A block size above UPC_MAX_BLOCK_SIZE, also through a macro expression.
#include <upc.h>
#define BIG (UPC_MAX_BLOCK_SIZE + 1)
// CHECK: block_too_big.upc:[[@LINE+1]]:9: error: block size 1048576 exceeds UPC_MAX_BLOCK_SIZE (1048575)
shared [BIG] int a[10 * THREADS];
int main(void) { return 0; }
