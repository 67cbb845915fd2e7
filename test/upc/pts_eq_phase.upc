/* pts_eq_phase.upc — == and != of pointers-to-shared compare the place
 * (thread and address), not the phase (UPC 1.3 6.4.2): a cast through
 * another block size resets the phase but keeps the place, so the result
 * equals the original; pointers to other elements stay unequal. */
#include "upctest.h"

shared [4] int A[8 * THREADS];

int main(void) {
  int n = 8 * THREADS;
  for (int i = 0; i < n; i++) {
    shared [4] int *a = &A[i];
    shared [4] int *b = (shared [4] int *)(shared [5] int *)a;
    CHECK_INT((int)upc_phaseof(b), 0);
    CHECK_INT((int)upc_phaseof(a), i % 4);
    CHECK(upc_threadof(a) == upc_threadof(b) && upc_addrfield(a) == upc_addrfield(b));
    CHECK_INT(a == b, 1);
    CHECK_INT(a != b, 0);
    CHECK_INT(b == a, 1);
    /* Through shared void * too. */
    shared void *v = b;
    CHECK_INT(v == (shared void *)a, 1);
    for (int j = 0; j < n; j += 3) {
      shared [4] int *c = (shared [4] int *)(shared [5] int *)&A[j];
      CHECK_INT(a == c, i == j);
      CHECK_INT(c != a, i != j);
    }
  }
  return upctest_done();
}
