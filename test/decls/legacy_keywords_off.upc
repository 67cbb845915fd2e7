/* legacy_keywords_off.upc — a program that uses the UPC 1.0 names for its
 * own identifiers defines UPC_NO_LEGACY_KEYWORDS before <upc.h> (here with
 * -DUPC_NO_LEGACY_KEYWORDS, as docs/using.md says): <upc.h> then leaves them
 * alone (issue 19 item 10). */
#include "../upc/upctest.h"

#if defined(forall) || defined(barrier) || defined(barrier_notify) || \
    defined(barrier_wait) || defined(fence)
#error "UPC_NO_LEGACY_KEYWORDS: <upc.h> defined a UPC 1.0 name"
#endif

struct fence { int barrier; };
static int forall(int n) { return n + 1; }
shared int barrier_notify[THREADS];

int main(void) {
  struct fence fence = {3};
  int barrier = fence.barrier, barrier_wait = forall(barrier);
  barrier_notify[MYTHREAD] = barrier_wait;
  upc_barrier;
  for (int t = 0; t < THREADS; t++) CHECK_INT(barrier_notify[t], 4);
  return upctest_done();
}
