/* pts_cast_block.upc — casts between pointer-to-shared types with different
 * block sizes keep thread and local address and reset the phase (UPC 1.3,
 * 6.4.3); the new type's arithmetic then applies. Also byte access through
 * shared [] char *, and upc_resetphase. */
#include "upctest.h"

shared [4] int a[8 * THREADS];

int main(void) {
  const int n = 8 * THREADS;
  for (int i = 0; i < n; i++)
    if (model_thread(i, 4) == (size_t)MYTHREAD) a[i] = i;
  upc_barrier;
  for (int i = 0; i < n; i++) {
    shared [4] int *p = &a[i];
    shared int *c = (shared int *)p;          /* to block size 1 */
    shared [] int *ind = (shared [] int *)p;  /* to indefinite */
    shared [2] int *b2 = (shared [2] int *)p; /* to block size 2 */
    CHECK_UINT(upc_threadof(c), upc_threadof(p));
    CHECK_UINT(upc_addrfield(c), upc_addrfield(p));
    CHECK_UINT(upc_phaseof(c), 0);
    CHECK_UINT(upc_phaseof(ind), 0);
    CHECK_UINT(upc_phaseof(b2), 0);
    CHECK_UINT(upc_threadof(b2), upc_threadof(p));
    CHECK_INT(*c, i);
    CHECK_INT(*ind, i);
    CHECK_INT(*b2, i);
    /* Through shared [] the next element is the next local one. */
    size_t t = model_thread(i, 4), l = model_local(i, 4);
    if (l + 1 < model_count(n, 4, t)) {
      int want = -1;
      for (int j = 0; j < n; j++)
        if (model_thread(j, 4) == t && model_local(j, 4) == l + 1) want = j;
      CHECK_INT(ind[1], want);
    }
    /* Through block size 1 the next element is on the next thread, same
     * local address. */
    if (t + 1 < (size_t)THREADS) {
      shared int *nx = c + 1;
      CHECK_UINT(upc_threadof(nx), t + 1);
      CHECK_UINT(upc_addrfield(nx), upc_addrfield(c));
      int want = -1;
      for (int j = 0; j < n; j++)
        if (model_thread(j, 4) == t + 1 && model_local(j, 4) == l) want = j;
      CHECK_INT(*nx, want);
    }
    /* Casting back gives phase 0 on the same element, i.e. the block start
     * only when i is at phase 0. */
    shared [4] int *back = (shared [4] int *)c;
    CHECK_UINT(upc_phaseof(back), 0);
    CHECK_UINT(upc_threadof(back), upc_threadof(p));
    CHECK(upc_resetphase(p) == (shared void *)back);
    CHECK_INT(*back, i);
    if (i % 4 == 0) CHECK(back == p);
    /* Through shared void * and back: nothing lost (UPC 1.3 6.4.3: the
     * generic type keeps the phase, and so does a block size above 1). */
    shared void *v = p;
    shared [4] int *same = v;
    CHECK(same == p);
    CHECK_UINT(upc_phaseof(same), i % 4);
    CHECK_INT(*same, i);
  }
  upc_barrier; /* everyone has read a[] before it changes */
  /* Bytes of an int, through an indefinite char pointer on its thread. */
  if (MYTHREAD == THREADS - 1) {
    int k = 4 * (THREADS - 1) + 1; /* on this thread */
    a[k] = 0x11223344;
    shared [] unsigned char *bytes = (shared [] unsigned char *)&a[k];
    int v = 0x11223344;
    unsigned char *model = (unsigned char *)&v;
    for (int j = 0; j < 4; j++) CHECK_INT(bytes[j], model[j]);
    bytes[0] = 0;
    model[0] = 0;
    CHECK_INT(a[k], v);
  }
  return upctest_done();
}
