// THREADS in two dimensions of a shared array (dynamic THREADS).
#include <upc.h>
// CHECK: threads_two_dims.upc:[[@LINE+1]]:25: error: THREADS appears in more than one dimension of 'grid'
shared int grid[THREADS][THREADS];
int main(void) { return 0; }
