/* pts_in_structs.upc — pointers-to-shared as struct members: in private
 * structs, in shared structs (read and followed by other threads), arrays of
 * them, and a descriptor struct passed by value. */
#include "upctest.h"

struct view {
  shared [3] int *base;   /* a pointer-to-shared member */
  int len;
};
struct entry {
  shared int *target;
  int expect;
};

shared [3] int data[6 * THREADS];
shared struct entry dir[THREADS];    /* shared structs holding pointers */

static long sum_view(struct view v) {
  long s = 0;
  for (int i = 0; i < v.len; i++) s += v.base[i];
  return s;
}

shared int cells[THREADS];

int main(void) {
  for (int i = 0; i < 6 * THREADS; i++)
    if (model_thread(i, 3) == (size_t)MYTHREAD) data[i] = i;
  cells[MYTHREAD] = 100 + MYTHREAD;
  /* Each thread points its directory entry at the next thread's cell. */
  dir[MYTHREAD].target = &cells[(MYTHREAD + 1) % THREADS];
  dir[MYTHREAD].expect = 100 + (MYTHREAD + 1) % THREADS;
  upc_barrier;
  struct view v = {data + 2, 6 * THREADS - 2};
  long want = 0;
  for (int i = 2; i < 6 * THREADS; i++) want += i;
  CHECK_INT(sum_view(v), want);
  struct view vs[2] = {{data, 3}, {&data[3], 3}};
  CHECK_INT(sum_view(vs[0]) + sum_view(vs[1]), 15);
  CHECK_UINT(upc_threadof(vs[1].base), model_thread(3, 3));
  for (int t = 0; t < THREADS; t++) {
    shared int *p = dir[t].target;
    CHECK_UINT(upc_threadof(p), (t + 1) % THREADS);
    CHECK_INT(*p, dir[t].expect);
    CHECK_INT(*dir[t].target, 100 + (t + 1) % THREADS);
    struct entry e = dir[t];
    CHECK(e.target == &cells[(t + 1) % THREADS]);
  }
  upc_barrier;
  /* Write through a pointer fetched from a shared struct. */
  *dir[MYTHREAD].target += 1000;
  upc_barrier;
  CHECK_INT(cells[MYTHREAD], 1100 + MYTHREAD);
  return upctest_done();
}
