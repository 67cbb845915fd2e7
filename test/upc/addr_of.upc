/* addr_of.upc — & of shared lvalues: scalars, elements, members, members
 * through ->, multi-dimensional elements, and &*p / &p[k] identities. */
#include "upctest.h"
#include <stddef.h>

struct s { int a; double b[3]; };

shared int x;
shared [2] int a[6 * THREADS];
shared struct s ss[THREADS];
shared int m[3][THREADS];

int main(void) {
  shared int *px = &x;
  CHECK_UINT(upc_threadof(px), 0);
  if (MYTHREAD == THREADS - 1) *px = 5;
  upc_barrier;
  CHECK_INT(x, 5);
  for (int i = 0; i < 6 * THREADS; i++) {
    shared [2] int *p = &a[i];
    CHECK(p == a + i);
    CHECK(&*p == p);
    CHECK(&p[0] == p);
    CHECK(&a[i] - &a[0] == i);
    CHECK_UINT(upc_threadof(&a[i]), model_thread(i, 2));
  }
  for (int t = 0; t < THREADS; t++) {
    shared struct s *ps = &ss[t];
    CHECK(&ps->a == &ss[t].a);
    CHECK(&ps->b[2] == &ss[t].b[2]);
    CHECK_UINT(upc_threadof(&ps->b[1]), t);
    CHECK_UINT(upc_addrfield(&ps->b[1]) - upc_addrfield(ps), offsetof(struct s, b) + sizeof(double));
    CHECK((shared void *)&ss[t] == (shared void *)&ss[t].a); /* first member */
  }
  for (int i = 0; i < 3; i++)
    for (int t = 0; t < THREADS; t++) {
      CHECK(&m[i][t] == &m[0][0] + i * THREADS + t);
      CHECK_UINT(upc_threadof(&m[i][t]), t);
    }
  /* Writing through the taken addresses. */
  shared double *pb = &ss[MYTHREAD].b[1];
  *pb = MYTHREAD * 1.25;
  shared int *pm = &m[2][MYTHREAD];
  *pm = MYTHREAD + 100;
  upc_barrier;
  for (int t = 0; t < THREADS; t++) {
    CHECK_DBL(ss[t].b[1], t * 1.25);
    CHECK_INT(m[2][t], t + 100);
  }
  return upctest_done();
}
