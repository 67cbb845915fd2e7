// THREADS in a dimension of a private array needs static THREADS: under
// dynamic THREADS it is not a constant.  Code written for `upcc -T N` (the
// GWU NPB UPC port, for one) compiled without -T gets a message that says so,
// not C's "variable length array at file scope" (threads_private_static.upc:
// the same declarations with -T).
#include <upc.h>
#define NUM_PROCS THREADS
// CHECK: threads_private_dynamic.upc:[[@LINE+1]]:5: error: 'send_count' has THREADS in a dimension but is not a shared array: THREADS is not a constant under dynamic THREADS, so only shared arrays may have it there (compile with upcc -T N for static THREADS)
int send_count[NUM_PROCS];
// CHECK: threads_private_dynamic.upc:[[@LINE+1]]:15: error: 'counts' has THREADS in a dimension but is not a shared array
static double counts[2][THREADS + 1];
// CHECK: threads_private_dynamic.upc:[[@LINE+1]]:26: error: 'per' has THREADS in a dimension but is not a shared array
struct cell { int n; int per[THREADS]; };
void f(void) {
  // CHECK: threads_private_dynamic.upc:[[@LINE+1]]:14: error: 'buf' has THREADS in a dimension but is not a shared array
  static int buf[THREADS];
  int ok[THREADS]; /* automatic: a C variable length array */
  (void)ok;
  (void)buf;
}
// A shared array may have THREADS in a dimension.
shared int fine[4 * THREADS];
// CHECK-NOT: fine
// CHECK-NOT: variable length array
int main(void) { return 0; }
