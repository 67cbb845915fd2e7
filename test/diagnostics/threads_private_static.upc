// With static THREADS (-T) a private array may have THREADS in a dimension,
// as code written for upcc -T N does (threads_private_dynamic.upc: without -T).
// FLAGS: -T 4
// EXIT: 0
#include <upc.h>
#define NUM_PROCS THREADS
int send_count[NUM_PROCS];
static double counts[2][THREADS + 1];
struct cell { int n; int per[THREADS]; };
void f(void) {
  static int buf[THREADS];
  (void)buf;
}
_Static_assert(sizeof send_count == 4 * sizeof(int), "THREADS is 4");
_Static_assert(sizeof(struct cell) == 5 * sizeof(int), "THREADS is 4");
// CHECK-NOT: error
int main(void) { return 0; }
