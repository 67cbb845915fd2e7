/* pts_shared_ptr_member.upc — members reached through a pointer-to-shared
 * that is itself a shared object (issue 12, item 3): p->m, (*p).m, p[i].m,
 * &p->m, nested members, compound assignment, ++/--, arrays of such pointers
 * and such pointers inside shared structs; reads and writes from every
 * thread. */
#include "upctest.h"

struct inner { int a; double d; };
struct pt { double x; int n; struct inner in; int arr[4]; };

shared struct pt *shared p;              /* one pointer, on thread 0 */
shared struct pt *shared ps[THREADS];    /* an array of such pointers */
strict shared struct pt *shared sp;      /* strict pointee */
struct holder { shared struct pt *ptr; int tag; };
shared struct holder hold[THREADS];      /* such pointers in shared structs */
shared [2] struct pt *shared bp;         /* a blocked pointee */

int main(void) {
  int T = THREADS, me = MYTHREAD;
  /* upc_all_alloc is collective: every thread calls it, thread 0 keeps it. */
  shared void *all = upc_all_alloc(T, sizeof(struct pt));
  shared void *blk = upc_all_alloc(T, 2 * sizeof(struct pt));
  if (me == 0) {
    p = all;
    sp = all;
    bp = blk;
  }
  ps[me] = (shared struct pt *)all + (me + 1) % T;
  hold[me].ptr = (shared struct pt *)all + me;
  hold[me].tag = 10 + me;
  /* The allocations are not zeroed: each thread clears its own elements. */
  upc_memset((shared struct pt *)all + me, 0, sizeof(struct pt));
  upc_memset((shared [2] struct pt *)blk + 2 * me, 0, 2 * sizeof(struct pt));
  upc_barrier;

  /* p->m writes and reads; p points at the element of thread 0. */
  if (me == 0) {
    p->x = 5.0;
    p->n = 7;
    p->in.a = 3;
    p->in.d = 0.5;
    for (int i = 0; i < 4; i++) p->arr[i] = 100 + i;
  }
  upc_barrier;
  CHECK_DBL(p->x, 5.0);
  CHECK_INT(p->n, 7);
  CHECK_INT((*p).n, 7);
  CHECK_INT(p[0].n, 7);
  CHECK_INT(p->in.a, 3);
  CHECK_DBL((*p).in.d, 0.5);
  CHECK_INT(p->arr[2], 102);
  CHECK_INT(p[0].arr[3], 103);
  CHECK_UINT(upc_threadof(&p->n), 0);
  CHECK_UINT(upc_threadof(&p->in.d), 0);
  shared int *pn = &p->n;
  CHECK_INT(*pn, 7);
  shared int *pa = &p->arr[1];
  CHECK_INT(*pa, 101);
  upc_barrier;

  /* p[i].m: element i of the cyclic array has affinity to thread i. */
  p[me].n = 1000 + me;
  (*(p + me)).x = me * 2.0;
  p[me].in.a = me;
  upc_barrier;
  for (int t = 0; t < T; t++) {
    CHECK_INT(p[t].n, 1000 + t);
    CHECK_DBL(p[t].x, t * 2.0);
    CHECK_INT((p + t)->in.a, t);
    CHECK_UINT(upc_threadof(&p[t].n), t);
  }
  upc_barrier;

  /* Compound assignment and increments, one thread at a time on p[0]. */
  if (me == 0) p->x = 1.0;
  upc_barrier;
  for (int t = 0; t < T; t++) {
    if (me == t) {
      p->n += 2;
      p->x *= 2.0;
      p->in.a -= 1;
      p->arr[0] |= 0x100;
      ++p->n;
      p->n--;
      (*p).n++;
      p[0].in.a++;
      --p->arr[3];
    }
    upc_barrier;
  }
  CHECK_INT(p->n, 1000 + 3 * T);
  CHECK_DBL(p->x, (double)(1 << T));
  CHECK_INT(p->in.a, 0);
  CHECK_INT(p->arr[0], 100 | 0x100);
  CHECK_INT(p->arr[3], 103 - T);
  int old = 0;
  upc_barrier;
  if (me == 0) {
    old = p->n++;
    CHECK_INT(old, 1000 + 3 * T);
    CHECK_INT(++p->n, 1000 + 3 * T + 2);
    CHECK_INT(p->n = 9, 9);
    CHECK_INT(p->n += 1, 10);
  }
  upc_barrier;
  CHECK_INT(p->n, 10);

  /* Arrays of shared pointers: ps[t] points at element (t+1)%T. */
  upc_barrier;
  ps[me]->n = 2000 + me;       /* writes element (me+1)%T */
  upc_barrier;
  for (int t = 0; t < T; t++) {
    CHECK_INT(ps[t]->n, 2000 + t);
    CHECK_INT((*ps[t]).n, 2000 + t);
    CHECK_INT(ps[t][0].n, 2000 + t);
    CHECK_UINT(upc_threadof(&ps[t]->n), (t + 1) % T);
    CHECK_INT(p[(t + 1) % T].n, 2000 + t);
  }
  upc_barrier;
  ps[me]->in.d += 1.5;
  upc_barrier;
  CHECK_DBL(ps[me]->in.d, (me + 1) % T == 0 ? 2.0 : 1.5);

  /* Pointers in shared structs. */
  upc_barrier;
  hold[me].ptr->x = 3.0 * me;
  hold[me].ptr->in.a += hold[me].tag;
  upc_barrier;
  for (int t = 0; t < T; t++) {
    CHECK_DBL(hold[t].ptr->x, 3.0 * t);
    CHECK_INT(hold[t].ptr->in.a, t + 10 + t);
    CHECK_INT((*hold[t].ptr).in.a, 2 * t + 10);
    CHECK(&hold[t].ptr->x == &p[t].x);
  }
  upc_barrier;

  /* A strict pointee, and a blocked one (block 2: elements 0,1 on thread 0). */
  if (me == T - 1) {
    sp->in.a = 77;
    sp[T - 1].n = 78;
    for (int i = 0; i < 2 * T; i++) bp[i].n = i;
    bp->x = 0.25;
  }
  upc_barrier;
  CHECK_INT(sp->in.a, 77);
  CHECK_INT(sp[T - 1].n, 78);
  for (int i = 0; i < 2 * T; i++) {
    CHECK_INT(bp[i].n, i);
    CHECK_UINT(upc_threadof(&bp[i].n), (i / 2) % T);
  }
  CHECK_DBL(bp->x, 0.25);
  upc_barrier;
  if (me == 0) {
    upc_free(all);
    upc_free(blk);
  }
  return upctest_done();
}
