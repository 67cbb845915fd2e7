/* pts_null.upc — null pointers-to-shared: initialisation from 0 and NULL,
 * !p, p in conditions and logical operators, comparison with NULL, and null
 * after a round trip through shared void * and other block sizes. */
#include "upctest.h"

shared int x[THREADS];
shared [4] int *shared gp;   /* zero-initialised: null */
shared int *table[3];        /* private array of pointers-to-shared */

static int is_null(shared void *v) { return v == NULL; }

int main(void) {
  shared int *p = 0;
  shared [4] int *q = NULL;
  shared [] int *r;
  r = 0;
  CHECK(!p);
  CHECK(p == NULL);
  CHECK(NULL == q);
  CHECK(!(p != 0));
  CHECK(!r);
  CHECK(gp == NULL);
  CHECK(!gp);
  CHECK(is_null(p) && is_null(q) && is_null(r) && is_null(gp));
  CHECK_UINT(upc_threadof(p), 0);
  CHECK_UINT(upc_phaseof(q), 0);
  int taken = 0;
  if (p) taken = 1;
  CHECK_INT(taken, 0);
  CHECK_INT(p ? 1 : 2, 2);
  CHECK_INT(p || q, 0);
  for (int k = 0; k < 3; k++) CHECK(table[k] == NULL);

  p = &x[THREADS - 1];
  CHECK(p);
  CHECK(!!p);
  CHECK(p != NULL);
  CHECK_INT(p ? 1 : 2, 1);
  CHECK_INT(p && !q, 1);
  taken = 0;
  while (p) {
    taken++;
    p = NULL;
  }
  CHECK_INT(taken, 1);
  /* &x[0] is on thread 0 at phase 0 but is not null. */
  p = &x[0];
  CHECK(p != NULL);
  CHECK(!is_null(p));
  /* Null survives casts. */
  shared void *v = (shared void *)q;
  CHECK(v == NULL);
  shared [3] int *c3 = (shared [3] int *)q;
  CHECK(c3 == NULL);
  upc_barrier; /* everyone has checked gp before it changes */
  if (MYTHREAD == 0) gp = (shared [4] int *)&x[THREADS - 1];
  upc_barrier;
  CHECK(gp != NULL);
  CHECK_UINT(upc_threadof(gp), THREADS - 1);
  upc_barrier;
  if (MYTHREAD == THREADS - 1) gp = NULL;
  upc_barrier;
  CHECK(!gp);
  return upctest_done();
}
