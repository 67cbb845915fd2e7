/* pts_reblock_implicit.upc — implicit conversions between pointers-to-shared
 * with different block sizes (issue 12, item 2): assignment, initialization,
 * argument passing, return and the conditional operator each keep the
 * thread and the address and reset the phase, exactly as the explicit cast
 * does (UPC 1.3 6.4.3).  upcc warns about each. */
#include "upctest.h"

shared [8] char A[16 * THREADS];
shared char C[4 * THREADS];

static size_t thread_of_ind(shared [] char *p) { return upc_threadof(p); }
static size_t phase_of_ind(shared [] char *p) { return upc_phaseof(p); }
static shared [] char *as_ind(shared [8] char *p) { return p; }

int main(void) {
  int T = THREADS;
  for (int i = 0; i < 16 * T; i++)
    if (model_thread(i, 8) == (size_t)MYTHREAD) A[i] = (char)(i + 1);
  for (int i = 0; i < 4 * T; i++)
    if (i % T == MYTHREAD) C[i] = (char)(100 + i);
  upc_barrier;
  for (int i = 0; i < 16 * T; i += 5) {
    shared [8] char *p8 = &A[i];
    size_t th = model_thread(i, 8), ph = i % 8;
    CHECK_UINT(upc_threadof(p8), th);
    CHECK_UINT(upc_phaseof(p8), ph);
    shared [] char *want = (shared [] char *)p8; /* the explicit cast */
    CHECK_UINT(upc_phaseof(want), 0);

    shared [] char *init = p8;                    /* initialization */
    shared [] char *asg;
    asg = p8;                                     /* assignment */
    CHECK(init == want);
    CHECK(asg == want);
    CHECK_UINT(upc_threadof(init), th);
    CHECK_UINT(upc_phaseof(init), 0);
    CHECK_UINT(upc_addrfield(init), upc_addrfield(p8));
    CHECK_INT(*init, i + 1);
    /* the next byte of an indefinite pointer stays on the same thread */
    if (ph < 7) CHECK_INT(init[1], i + 2);
    CHECK_UINT(thread_of_ind(p8), th);            /* argument */
    CHECK_UINT(phase_of_ind(p8), 0);
    CHECK(as_ind(p8) == want);                    /* return */
    shared [] char *c = i % 2 ? p8 : want;        /* conditional operator */
    CHECK(c == want);
    CHECK_INT(*c, i + 1);

    /* and back: indefinite to block 8 (phase 0 either way) */
    shared [8] char *back = init;
    CHECK(back == (shared [8] char *)init);
    CHECK_UINT(upc_phaseof(back), 0);
    CHECK_UINT(upc_threadof(back), th);
    CHECK_INT(*back, i + 1);
  }
  /* block 1 to indefinite: C[i] is on thread i % T */
  for (int i = 0; i < 4 * T; i++) {
    shared char *p1 = &C[i];
    shared [] char *ind = p1;
    CHECK(ind == (shared [] char *)p1);
    CHECK_UINT(upc_threadof(ind), i % T);
    CHECK_INT(*ind, 100 + i);
    shared [8] char *b8;
    b8 = p1;
    CHECK_UINT(upc_threadof(b8), i % T);
    CHECK_UINT(upc_phaseof(b8), 0);
    CHECK_INT(*b8, 100 + i);
  }
  return upctest_done();
}
