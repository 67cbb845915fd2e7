/* pts_arith_block.upc — pointer-to-shared arithmetic with block sizes 4 and 3
 * and 1-, 8- and 24-byte elements: every p + k checked against the layout model
 * (thread, phase, local address), both directions. */
#include "upctest.h"

struct s24 { long a, b, c; };

shared [4] int a[38];
shared [3] char c[29];
shared [3] struct s24 s[17];

int main(void) {
  for (int i = MYTHREAD; i < 38; i += THREADS) a[i] = i + 1;
  for (int i = MYTHREAD; i < 29; i += THREADS) c[i] = (char)(i + 2);
  for (int i = MYTHREAD; i < 17; i += THREADS) s[i].b = i + 3;
  upc_barrier;

  for (int from = 0; from < 38; from += 5) {
    shared [4] int *p = &a[from];
    for (int k = -from; from + k < 38; k++) {
      int i = from + k;
      shared [4] int *q = p + k;
      CHECK_UINT(upc_threadof(q), model_thread(i, 4));
      CHECK_UINT(upc_phaseof(q), model_phase(i, 4));
      CHECK(q == &a[i]);
      CHECK_INT(*q, i + 1);
      CHECK_INT(p[k], i + 1);
      CHECK_INT(q - p, k);
    }
  }
  /* Local addresses: consecutive local elements are sizeof apart. */
  for (int i = 0; i < 38; i++) {
    size_t t = model_thread(i, 4), first = t * 4;
    if (first < 38)
      CHECK_UINT(upc_addrfield(&a[i]) - upc_addrfield(&a[first]), model_local(i, 4) * sizeof(int));
  }
  for (int from = 0; from < 29; from += 4) {
    shared [3] char *p = &c[from];
    for (int k = -from; from + k < 29; k++) {
      int i = from + k;
      CHECK_UINT(upc_threadof(p + k), model_thread(i, 3));
      CHECK_UINT(upc_phaseof(p + k), model_phase(i, 3));
      CHECK_INT(p[k], i + 2);
    }
  }
  shared [3] struct s24 *ps = &s[16];
  for (int k = 0; k <= 16; k++) {
    CHECK_UINT(upc_threadof(ps - k), model_thread(16 - k, 3));
    CHECK_UINT(upc_phaseof(ps - k), model_phase(16 - k, 3));
    CHECK_INT((ps - k)->b, 16 - k + 3);
  }
  /* Stepping one at a time accumulates the same way. */
  shared [4] int *w = a;
  for (int i = 0; i < 37; i++) w++;
  CHECK(w == &a[37]);
  for (int i = 0; i < 37; i++) --w;
  CHECK(w == a);
  w += 23;
  w -= 9;
  CHECK(w == &a[14]);
  CHECK_INT(*w, 15);
  return upctest_done();
}
