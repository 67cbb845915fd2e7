/* pts_generic.upc — shared void *: implicit conversion from and to every
 * pointer-to-shared type (any block size, adding const), round trips that
 * keep the pointer intact, and generic pointers in the library calls. */
#include "upctest.h"

shared [4] int a4[4 * THREADS];
shared int a1[3 * THREADS];
shared [] char ind[16];

static size_t thread_of_generic(shared const void *p) { return upc_threadof((shared void *)p); }

int main(void) {
  for (int i = 0; i < 4 * THREADS; i++) {
    shared void *v = &a4[i];                 /* implicit to generic */
    shared [4] int *back = v;                /* implicit from generic */
    CHECK(back == &a4[i]);
    CHECK_UINT(upc_phaseof(&a4[i]), i % 4);
    CHECK_UINT(upc_phaseof(v), i % 4);      /* to shared void: the phase stays (6.4.3) */
    CHECK_UINT(upc_phaseof(back), i % 4);   /* from it to block 4: stays too */
    CHECK_UINT(upc_threadof(v), model_thread(i, 4));
    CHECK_UINT(thread_of_generic(&a4[i]), model_thread(i, 4));
    shared const void *cv = back;            /* adding const */
    CHECK(cv == v);
  }
  /* upc_all_alloc results go straight into typed pointers. */
  shared [4] int *dyn = upc_all_alloc(THREADS, 4 * sizeof(int));
  shared int *cyc = upc_all_alloc(THREADS, sizeof(int));
  shared [] char *bytes = upc_alloc(8);
  CHECK_UINT(upc_threadof(&dyn[4 * MYTHREAD]), MYTHREAD);
  CHECK_UINT(upc_threadof(&cyc[MYTHREAD]), MYTHREAD);
  CHECK_UINT(upc_threadof(bytes + 7), MYTHREAD);
  for (int k = 0; k < 4; k++) dyn[4 * MYTHREAD + k] = MYTHREAD + k;
  cyc[MYTHREAD] = -MYTHREAD;
  upc_barrier;
  for (int i = 0; i < 4 * THREADS; i++) CHECK_INT(dyn[i], i / 4 + i % 4);
  for (int t = 0; t < THREADS; t++) CHECK_INT(cyc[t], -t);
  /* Generic pointers compare equal when they point to the same byte. */
  shared void *g1 = &ind[3];
  shared void *g2 = (shared [] char *)ind + 3;
  CHECK(g1 == g2);
  /* A strict-qualified and a relaxed-qualified pointer convert too. */
  strict shared int *sp = &a1[MYTHREAD];
  shared void *gs = (shared void *)sp;
  relaxed shared int *rp = (relaxed shared int *)gs;
  CHECK(rp == &a1[MYTHREAD]);
  upc_free(bytes);
  upc_barrier;
  upc_all_free(dyn);
  upc_all_free(cyc);
  return upctest_done();
}
