// A layout qualifier with a negative block size.
#include <upc.h>
// CHECK: block_negative.upc:[[@LINE+1]]:9: error: block size -3 is negative
shared [-3] int a[10 * THREADS];
int main(void) { return 0; }
