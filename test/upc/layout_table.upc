/* layout_table.upc — prints the layout of shared [3] int a[10] as the runtime
 * sees it (owner and phase of each element, iterations each thread runs in a
 * upc_forall over &a[i]); the test compares the output with hand-computed
 * tables in layout_table.T<n>.expected. */
#include "upctest.h"

shared [3] int a[10];
shared int ran[THREADS];

int main(void) {
  int mine = 0;
  upc_forall (int i = 0; i < 10; i++; &a[i]) mine++;
  ran[MYTHREAD] = mine;
  upc_barrier;
  if (MYTHREAD == 0) {
    printf("THREADS=%d\nowner:", THREADS);
    for (int i = 0; i < 10; i++) printf(" %d", (int)upc_threadof(&a[i]));
    printf("\nphase:");
    for (int i = 0; i < 10; i++) printf(" %d", (int)upc_phaseof(&a[i]));
    printf("\nforall:");
    for (int t = 0; t < THREADS; t++) printf(" %d", ran[t]);
    printf("\n");
    fflush(stdout);
  }
  return upctest_done();
}
