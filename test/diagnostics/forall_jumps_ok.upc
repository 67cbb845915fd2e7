// What a upc_forall body may do (UPC 1.3 6.6.2): continue, jumps and breaks
// inside the body, nested upc_foralls (the inner one's affinity is ignored
// under a controlling one: test/upc/forall_nested.upc runs that).
// EXIT: 0
// CHECK-NOT: warning
// CHECK-NOT: error
#include <upc.h>
shared int a[10 * THREADS];
int main(void) {
  int i, j;
  upc_forall (i = 0; i < 10 * THREADS; i++; &a[i]) {
    if (i % 3 == 0) continue;
    upc_forall (j = 0; j < 10; j++; j) {
      if (j == 4) continue;
      a[i] += j;
    }
    for (j = 0; j < 4; j++)
      if (j == 2) break;
    switch (i) { case 1: break; default: break; }
    if (a[i] > 100) goto again;
    a[i]++;
  again:
    ;
  }
  upc_forall (int k = 0; k < 4; k++; continue) a[k] = 0;
  return 0;
}
