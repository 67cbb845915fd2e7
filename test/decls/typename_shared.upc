/* typename_shared.upc — a shared qualifier after '*' in a type name (issue
 * 19 item 9): casts, sizeof, _Alignof, prototypes without parameter names.
 * The cast's own top-level qualifier is dropped from its value, as in C. */
#include "../upc/upctest.h"

shared int *shared b[THREADS];
shared [2] int *shared [3] c[3 * THREADS];
strict shared int *strict shared d;
int *shared pv[THREADS];
shared int data[4 * THREADS];

void set(shared int *shared, int);
void set(shared int *p, int v) { *p = v; }
int get2(shared [2] int *strict shared, int *shared);
int get2(shared [2] int *p, int *q) { return *p + (q ? 1 : 0); }

int main(void) {
  int T = THREADS;
  b[MYTHREAD] = (shared int *shared)upc_global_alloc(THREADS, sizeof(int));
  *b[MYTHREAD] = 10 + MYTHREAD;
  CHECK_UINT(sizeof(shared int *shared), sizeof(shared int *));
  CHECK_UINT(sizeof(int *shared), sizeof(int *));
  CHECK_UINT(sizeof(shared [2] int *shared [3]), sizeof(shared [2] int *));
  CHECK_UINT(_Alignof(shared int *shared), _Alignof(shared int *));
  CHECK_UINT(sizeof(shared int *shared *), sizeof(shared void *)); /* to a shared object */
  CHECK_UINT(sizeof(int *shared *), sizeof(shared void *));
  CHECK_UINT(upc_blocksizeof(b), 1);
  CHECK_UINT(upc_blocksizeof(c), 3);
  CHECK_UINT(upc_elemsizeof(c), sizeof(shared [2] int *));
  upc_forall(int i = 0; i < 4 * T; i++; &data[i]) data[i] = i;
  if (MYTHREAD == 0) d = (strict shared int *strict shared)&data[1];
  upc_barrier;
  /* the value of the cast: a pointer-to-shared to the same place */
  shared int *p = (shared int *shared)&data[T];
  CHECK_UINT(upc_threadof(p), 0);
  CHECK_INT(*p, T);
  CHECK_INT(*d, 1);
  upc_barrier; /* every thread has read data[] */
  shared [2] int *q = (shared [2] int *shared)(shared [2] int *)&data[0];
  CHECK_INT(q[3], ((shared [2] int *)data)[3]);
  CHECK_UINT(upc_threadof(&q[3]), 1 % T);
  set((shared int *shared)&data[MYTHREAD], 100 + MYTHREAD);
  upc_barrier;
  for (int t = 0; t < T; t++) {
    CHECK_INT(*b[t], 10 + t);
    CHECK_INT(data[t], 100 + t);
  }
  pv[MYTHREAD] = 0;
  CHECK_INT(get2((shared [2] int *)&data[0], pv[MYTHREAD]), 100);
  upc_barrier;
  upc_free(b[MYTHREAD]);
  return upctest_done();
}
