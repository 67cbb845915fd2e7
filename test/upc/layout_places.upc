/* layout_places.upc — a layout qualifier in each place UPC 1.3 6.5.1.1
 * allows one (issue 12, item 5): `[*]` on arrays (not in typedefs: issue 19
 * item 13), layouts in typedefs, after the type specifier, with other
 * qualifiers, in pointer types (variables, parameters, return types, struct
 * members, casts), in type names (sizeof, upc_*sizeof, typeof), with
 * constant expressions; each checked against the layout model. */
#include "upctest.h"

#define N 3
enum { FOUR = 4 };

/* [*] is not allowed in a typedef (UPC 1.3 6.5.1.1, spec issue 71;
 * test/diagnostics/star_typedef): in each object's declaration instead. */
shared [*] int r[5 * THREADS];                /* block 5 */
shared [*] long sa[6 * THREADS];              /* block 6 */
shared [*] long sb[THREADS];                  /* block 1 */
shared [*] long sc[2 * THREADS];              /* block 2 */
typedef shared [3] int s3;                    /* a layout in a typedef */
s3 arr3[9 * THREADS];
int shared [2] after[4 * THREADS];            /* after the type specifier */
shared [N + 1] const volatile int *cvp;       /* with other qualifiers */
shared [FOUR] int four[8 * THREADS];          /* an enumerator */
shared [sizeof(short)] char twos[4 * THREADS]; /* a sizeof */
shared [0] int zero[7];                       /* [0]: indefinite */
struct node { shared [2] int *next; int v; }; /* a pointer member */
shared struct node nodes[THREADS];

static shared [2] int *advance(shared [2] int *p, int n) { return p + n; } /* param, return */

int main(void) {
  int T = THREADS;
  CHECK_UINT(upc_blocksizeof(r), 5);
  CHECK_UINT(upc_localsizeof(r), 5 * sizeof(int));
  for (int i = 0; i < 5 * T; i++) CHECK_UINT(upc_threadof(&r[i]), i / 5);
  CHECK_UINT(upc_blocksizeof(sa), 6);
  CHECK_UINT(upc_blocksizeof(sb), 1);
  CHECK_UINT(upc_blocksizeof(sc), 2);
  for (int i = 0; i < 6 * T; i++) CHECK_UINT(upc_threadof(&sa[i]), model_thread(i, 6));
  for (int i = 0; i < 2 * T; i++) CHECK_UINT(upc_threadof(&sc[i]), model_thread(i, 2));
  CHECK_UINT(upc_blocksizeof(arr3), 3);
  for (int i = 0; i < 9 * T; i++) CHECK_UINT(upc_threadof(&arr3[i]), model_thread(i, 3));
  CHECK_UINT(upc_blocksizeof(after), 2);
  for (int i = 0; i < 4 * T; i++) CHECK_UINT(upc_threadof(&after[i]), model_thread(i, 2));
  CHECK_UINT(upc_blocksizeof(four), 4);
  CHECK_UINT(upc_blocksizeof(twos), sizeof(short));
  CHECK_UINT(upc_blocksizeof(zero), 0);
  for (int i = 0; i < 7; i++) CHECK_UINT(upc_threadof(&zero[i]), 0);

  /* pointer types */
  cvp = (shared [N + 1] const volatile int *)&four[5];
  CHECK_UINT(upc_blocksizeof(*cvp), 4);
  CHECK_UINT(upc_threadof(cvp), model_thread(5, 4));
  CHECK_UINT(upc_phaseof(cvp), 1);
  shared [2] int *p = after;
  shared [2] int *q = advance(p, 3);
  CHECK(q == &after[3]);
  CHECK_UINT(upc_threadof(q), model_thread(3, 2));
  nodes[MYTHREAD].next = &after[2 * MYTHREAD + 1];
  nodes[MYTHREAD].v = MYTHREAD;
  after[2 * MYTHREAD + 1] = 50 + MYTHREAD;
  upc_barrier;
  for (int t = 0; t < T; t++) {
    CHECK_INT(*nodes[t].next, 50 + t);
    CHECK_UINT(upc_threadof(nodes[t].next), model_thread(2 * t + 1, 2));
  }

  /* type names */
  CHECK_UINT(sizeof(shared [7] int), sizeof(int));
  CHECK_UINT(upc_blocksizeof(shared [7] int), 7);
  CHECK_UINT(upc_blocksizeof(shared [] double), 0);
  CHECK_UINT(upc_elemsizeof(shared [3] double[6 * THREADS]), sizeof(double));
  __typeof__(p) p2 = p + 3;
  CHECK(p2 == &after[3]);
  CHECK_UINT(upc_blocksizeof(*p2), 2);
  CHECK_UINT(upc_phaseof((shared [3] int *)&four[6]), 0);
  CHECK_UINT(upc_phaseof((shared [FOUR] int *)&four[6]), 2);
  return upctest_done();
}
