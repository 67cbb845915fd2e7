/* pts_shared_to_shared.upc — pointers-to-shared stored in shared memory
 * (shared int *shared): written by one thread, followed by another; arrays of
 * them; a linked list across threads built with upc_alloc. */
#include "upctest.h"

shared int data[4 * THREADS];
shared int *shared ptrs[THREADS];        /* one shared pointer per thread */
shared [2] int *shared gp;               /* one, on thread 0 */
struct link { int value; shared struct link *next; };
shared struct link *shared head;
upc_lock_t *shared list_lock;

int main(void) {
  for (int k = 0; k < 4; k++) data[k * THREADS + MYTHREAD] = 10 * MYTHREAD + k;
  /* Each thread publishes a pointer to its last element. */
  ptrs[MYTHREAD] = &data[3 * THREADS + MYTHREAD];
  upc_barrier;
  for (int t = 0; t < THREADS; t++) {
    shared int *p = ptrs[t];
    CHECK_UINT(upc_threadof(p), t);
    CHECK_INT(*p, 10 * t + 3);
    CHECK_INT(*ptrs[t], 10 * t + 3);
    CHECK_INT(ptrs[t][-THREADS], 10 * t + 2); /* index through a shared pointer */
  }
  upc_barrier;
  /* Arithmetic on the shared pointer itself, by its neighbour. */
  int nb = (MYTHREAD + 1) % THREADS;
  ptrs[nb] -= THREADS;
  upc_barrier;
  CHECK_INT(*ptrs[MYTHREAD], 10 * MYTHREAD + 2);
  if (MYTHREAD == THREADS - 1) gp = (shared [2] int *)&data[1];
  upc_barrier;
  CHECK_UINT(upc_threadof(gp), 1 % THREADS);
  CHECK_INT(gp[0], 10 * (1 % THREADS) + (1 / THREADS));

  /* A linked list: every thread pushes three nodes it allocates itself. */
  if (MYTHREAD == 0) list_lock = upc_global_lock_alloc();
  upc_barrier;
  for (int k = 0; k < 3; k++) {
    shared struct link *n = upc_alloc(sizeof(struct link));
    CHECK_UINT(upc_threadof(n), MYTHREAD);
    n->value = MYTHREAD * 3 + k;
    upc_lock(list_lock);
    n->next = head;
    head = n;
    upc_unlock(list_lock);
  }
  upc_barrier;
  int seen[12] = {0}, count = 0;
  for (shared struct link *p = head; p != NULL; p = p->next) {
    int v = p->value;
    CHECK(v >= 0 && v < 3 * THREADS);
    if (v >= 0 && v < 12) seen[v]++;
    CHECK_UINT(upc_threadof(p), v / 3);
    if (++count > 3 * THREADS) break;
  }
  CHECK_INT(count, 3 * THREADS);
  for (int v = 0; v < 3 * THREADS; v++) CHECK_INT(seen[v], 1);
  upc_barrier;
  /* Free our own nodes once nobody walks the list any more. */
  shared struct link *mine[3];
  int nmine = 0;
  for (shared struct link *p = head; p != NULL && nmine < 3; p = p->next)
    if (upc_threadof(p) == (size_t)MYTHREAD) mine[nmine++] = p;
  CHECK_INT(nmine, 3);
  upc_barrier;
  for (int k = 0; k < nmine; k++) upc_free(mine[k]);
  upc_barrier;
  if (MYTHREAD == 0) upc_lock_free(list_lock);
  return upctest_done();
}
