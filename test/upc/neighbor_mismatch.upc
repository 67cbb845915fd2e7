/* neighbor_mismatch.upc — a neighbour sync that can never complete (thread 1
 * waits for thread 0, which went to a barrier instead) is reported, not a
 * hang.  Run at THREADS 2: the job must end with the runtime's message. */
#include <upc.h>
#include <upcx.h>

int main(void) {
  if (MYTHREAD == 1) {
    int zero = 0;
    upcx_sync_neighbors(&zero, 1);
  }
  upc_barrier;
  return 0;
}
