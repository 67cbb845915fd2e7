/* array_block4.upc — a blocked shared array, shared [4] int, with a fixed size that is a multiple of the block:
 * owner, phase and local position of every element checked against the
 * layout model, then data written by owners and read by all. */
#include "upctest.h"

#define B 4
shared [B] int a[40];
shared [B] int z[40]; /* a second object: must not overlap the first */

int main(void) {
  const int n = 40;
  for (int i = 0; i < n; i++) {
    CHECK_UINT(upc_threadof(&a[i]), model_thread(i, B));
    CHECK_UINT(upc_phaseof(&a[i]), model_phase(i, B));
    if (i > 0 && upc_threadof(&a[i]) == upc_threadof(&a[0]))
      CHECK_INT(upc_addrfield(&a[i]) - upc_addrfield(&a[0]), model_local(i, B) * sizeof(int));
  }
  for (int i = 0; i < n; i++)
    if (model_thread(i, B) == (size_t)MYTHREAD) {
      a[i] = (int)(i * 3 + 1);
      z[i] = (int)(-i);
    }
  upc_barrier;
  for (int i = 0; i < n; i++) {
    CHECK_INT(a[i], i * 3 + 1);
    CHECK_INT(z[i], -i);
  }
  upc_barrier;
  /* Writes from a thread that does not own the element. */
  for (int i = 0; i < n; i++)
    if (model_thread(i, B) == (size_t)((MYTHREAD + 1) % THREADS)) a[i] += 1000;
  upc_barrier;
  for (int i = 0; i < n; i++) CHECK_INT(a[i], i * 3 + 1 + 1000);
  /* The private view of this thread's part holds its elements in local order. */
  if (model_count(n, B, MYTHREAD) > 0) {
    int first = -1;
    for (int i = 0; i < n && first < 0; i++)
      if (model_thread(i, B) == (size_t)MYTHREAD) first = i;
    int *mine = (int *)&a[first];
    for (int i = 0; i < n; i++)
      if (model_thread(i, B) == (size_t)MYTHREAD) CHECK_INT(mine[model_local(i, B)], i * 3 + 1 + 1000);
  }
  return upctest_done();
}
