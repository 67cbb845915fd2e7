// THREADS must be a multiplicative factor of the dimension.
#include <upc.h>
// CHECK: threads_not_factor.upc:[[@LINE+1]]:14: error: THREADS may only appear as a multiplicative factor of a shared array dimension under dynamic THREADS
shared int a[THREADS + 1];
int main(void) { return 0; }
// CHECK: threads_not_factor.upc:[[@LINE+1]]:14: error: THREADS may only appear as a multiplicative factor of a shared array dimension under dynamic THREADS
shared int b[(2 + THREADS) * 3];
