// THREADS in a dimension of an array with indefinite block size.
#include <upc.h>
// CHECK: threads_indefinite.upc:[[@LINE+1]]:18: error: THREADS may not appear in a dimension of 'buf', which has an indefinite block size ('shared []')
shared [] int buf[100 * THREADS];
int main(void) { return 0; }
