/* struct_member.upc — members of shared structs through . and ->, nested
 * structs, and the addresses of members. */
#include "upctest.h"
#include <stddef.h>

struct inner { short s; double d; };
struct rec {
  char c;
  int i;
  struct inner in;
  long long ll;
};

shared struct rec r;                   /* on thread 0 */
shared struct rec per[THREADS];        /* one per thread */

int main(void) {
  if (MYTHREAD == THREADS - 1) {
    r.c = 'x';
    r.i = -5;
    r.in.s = 300;
    r.in.d = 0.125;
    r.ll = 1LL << 50;
  }
  shared struct rec *p = &per[MYTHREAD];
  p->c = (char)('a' + MYTHREAD);
  p->i = MYTHREAD * 11;
  p->in.s = (short)-MYTHREAD;
  p->in.d = MYTHREAD + 0.5;
  p->ll = -(long long)MYTHREAD;
  upc_barrier;
  CHECK_INT(r.c, 'x');
  CHECK_INT(r.i, -5);
  CHECK_INT(r.in.s, 300);
  CHECK_DBL(r.in.d, 0.125);
  CHECK_INT(r.ll, 1LL << 50);
  shared struct rec *q = &r;
  CHECK_INT(q->i, -5);
  CHECK_DBL(q->in.d, 0.125);
  CHECK_DBL((*q).in.d, 0.125);
  for (int t = 0; t < THREADS; t++) {
    shared struct rec *o = &per[t];
    CHECK_UINT(upc_threadof(o), t);
    CHECK_INT(o->c, 'a' + t);
    CHECK_INT(per[t].i, t * 11);
    CHECK_INT(o->in.s, -t);
    CHECK_DBL(per[t].in.d, t + 0.5);
    CHECK_INT(o->ll, -(long long)t);
    /* A member's address stays on the struct's thread, offsetof bytes in. */
    CHECK_UINT(upc_threadof(&o->in.d), t);
    CHECK_UINT(upc_addrfield(&o->in.d) - upc_addrfield(o), offsetof(struct rec, in.d));
    CHECK_UINT(upc_addrfield(&per[t].ll) - upc_addrfield(&per[t]), offsetof(struct rec, ll));
    shared double *pd = &per[t].in.d;
    CHECK_DBL(*pd, t + 0.5);
    shared struct inner *pi = &o->in;
    CHECK_INT(pi->s, -t);
  }
  upc_barrier;
  /* Update a neighbour's members through -> and . */
  int nb = (MYTHREAD + 1) % THREADS;
  per[nb].i += 1;
  (&per[nb])->in.d *= 2;
  upc_barrier;
  CHECK_INT(per[MYTHREAD].i, MYTHREAD * 11 + 1);
  CHECK_DBL(p->in.d, (MYTHREAD + 0.5) * 2);
  return upctest_done();
}
