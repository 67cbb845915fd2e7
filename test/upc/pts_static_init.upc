/* pts_static_init.upc — pointers-to-shared with static storage whose
 * initialisers are addresses of shared objects: shared pointers at file
 * scope (&x, &a[i], &A[i] with a block size and so a phase, &s.m, array
 * decay, casts, shared void *, `shared []` pointees), pointers inside shared
 * structs and arrays, private ones at file scope, and static locals (private
 * and shared).  Every thread must see each pointer at the right thread,
 * phase and address, and read the right value through it. */
#include "upctest.h"

struct rec { int a; double m; int z; };
struct holder { shared int *p; shared [3] int *q; int tag; };

shared int x;
shared int a[4 * THREADS];            /* cyclic */
shared [3] int A[10 * THREADS];       /* blocked: &A[i] has phase i % 3 */
shared struct rec s;
shared [] double ind[5];              /* all on thread 0 */

shared int *shared sp = &x;
shared int *shared sa3 = &a[3];
shared [3] int *shared sA5 = &A[5];
shared double *shared sm = &s.m;
shared int *shared sdecay = a;        /* &a[0] */
shared [3] int *shared sAdecay = A + 4;
shared int *shared scast = (shared int *)&A[7];   /* phase reset to 0 */
shared void *shared sv = &x;
shared [] double *shared sind = &ind[2];
shared [] double *shared sind2 = ind + 3;
static shared int *shared sstatic = &a[2];
shared struct holder sh = {&x, &A[4], 9};
shared int *shared parr[3] = {&a[1], &a[2], 0};  /* parr[i] lives on thread i % THREADS */
shared [3] int *shared Aptrs[3 * THREADS] = {&A[2], &A[3], &A[8]};
shared int *gp = &a[1];               /* private pointers: one per thread */
shared [3] int *gA = &A[8];
struct holder hs[] = {{&a[3], &A[5], 1}, {0, &A[9], 2}}; /* size from the initialiser */
shared int *garr[2] = {&x, &a[2]};

static int a_val(int i) { return 100 + i; }
static int A_val(int i) { return 1000 + 7 * i; }

/* The layout of element i of a blocked array, computed independently. */
static int owner(int i, int b) { return (i / b) % THREADS; }

/* A private static local initialised with an address: initialised once,
 * keeps what the function stores in it between calls. */
static int walk_private(void) {
  static shared int *p = &a[1];
  int v = *p;
  p++;
  return v;
}

/* A shared static local: one object on thread 0, the same on every thread. */
static shared [3] int *shared_local(void) {
  static shared [3] int *shared q = &A[4];
  return q;
}

/* Static locals of several shapes in one function. */
static int locals_sum(void) {
  static shared int *shared r = &x;
  static shared int *arr[] = {&a[0], &a[3]};
  static struct { shared [3] int *p; int n; } st = {&A[6], 2};
  return *r + *arr[0] + *arr[1] + st.p[0] + st.n + (int)(sizeof arr / sizeof arr[0]);
}

int main(void) {
  if (MYTHREAD == 0) {
    x = 77;
    s.a = 1;
    s.m = 2.5;
    s.z = 3;
    for (int i = 0; i < 5; i++) ind[i] = 0.5 * i;
  }
  upc_forall(int i = 0; i < 4 * THREADS; i++; &a[i]) a[i] = a_val(i);
  upc_forall(int i = 0; i < 10 * THREADS; i++; &A[i]) A[i] = A_val(i);
  upc_barrier;

  CHECK(sp == &x);
  CHECK_INT(upc_threadof(sp), 0);
  CHECK_INT(*sp, 77);

  CHECK(sa3 == &a[3]);
  CHECK_INT(upc_threadof(sa3), 3 % THREADS);
  CHECK_INT(upc_phaseof(sa3), 0);
  CHECK_INT(*sa3, a_val(3));
  CHECK_INT(sa3[-1], a_val(2));

  CHECK(sA5 == &A[5]);
  CHECK_INT(upc_threadof(sA5), owner(5, 3));
  CHECK_INT(upc_phaseof(sA5), 2);
  CHECK_INT(*sA5, A_val(5));
  CHECK_INT(upc_phaseof(sA5 + 1), 0);
  CHECK_INT(upc_threadof(sA5 + 1), owner(6, 3));
  CHECK_INT(sA5[1], A_val(6));
  CHECK(sA5 + 1 == &A[6]);

  CHECK_INT(upc_threadof(sm), 0);
  CHECK_DBL(*sm, 2.5);
  CHECK((shared void *)sm == (shared void *)&s.m);

  CHECK(sdecay == &a[0]);
  CHECK_INT(*sdecay, a_val(0));
  CHECK_INT(sdecay[THREADS + 1], a_val(THREADS + 1));
  CHECK(sAdecay == &A[4]);
  CHECK_INT(upc_phaseof(sAdecay), 1);
  CHECK_INT(*sAdecay, A_val(4));

  CHECK_INT(upc_threadof(scast), owner(7, 3));
  CHECK_INT(upc_phaseof(scast), 0);
  CHECK_INT(*scast, A_val(7));
  CHECK(scast == (shared int *)&A[7]);

  CHECK(sv == (shared void *)&x);
  CHECK_INT(*(shared int *)sv, 77);

  CHECK(sind == &ind[2]);
  CHECK_INT(upc_threadof(sind), 0);
  CHECK_DBL(*sind, 1.0);
  CHECK_DBL(sind[2], 2.0);
  CHECK_DBL(*sind2, 1.5);

  CHECK(sstatic == &a[2]);
  CHECK_INT(upc_threadof(sstatic), 2 % THREADS);
  CHECK_INT(*sstatic, a_val(2));

  CHECK(sh.p == &x);
  CHECK_INT(*sh.p, 77);
  CHECK(sh.q == &A[4]);
  CHECK_INT(upc_phaseof(sh.q), 1);
  CHECK_INT(*sh.q, A_val(4));
  CHECK_INT(sh.tag, 9);

  CHECK(parr[0] == &a[1]);
  CHECK(parr[1] == &a[2]);
  CHECK(parr[2] == NULL);
  CHECK_INT(upc_threadof(&parr[2]), 2 % THREADS);
  CHECK_INT(*parr[0], a_val(1));
  CHECK_INT(*parr[1], a_val(2));

  CHECK(Aptrs[0] == &A[2]);
  CHECK(Aptrs[1] == &A[3]);
  CHECK(Aptrs[2] == &A[8]);
  CHECK_INT(upc_phaseof(Aptrs[0]), 2);
  CHECK_INT(upc_phaseof(Aptrs[1]), 0);
  CHECK_INT(upc_threadof(Aptrs[2]), owner(8, 3));
  CHECK_INT(*Aptrs[2], A_val(8));
  for (int i = 3; i < 3 * THREADS; i++) CHECK(Aptrs[i] == NULL);

  CHECK(gp == &a[1]);
  CHECK_INT(*gp, a_val(1));
  CHECK_INT(upc_phaseof(gA), 2);
  CHECK_INT(upc_threadof(gA), owner(8, 3));
  CHECK_INT(*gA, A_val(8));
  CHECK_INT(sizeof hs / sizeof hs[0], 2);
  CHECK(hs[0].p == &a[3]);
  CHECK(hs[1].p == NULL);
  CHECK_INT(*hs[0].q, A_val(5));
  CHECK_INT(upc_phaseof(hs[1].q), 0);
  CHECK_INT(*hs[1].q, A_val(9));
  CHECK_INT(hs[1].tag, 2);
  CHECK_INT(*garr[0], 77);
  CHECK_INT(*garr[1], a_val(2));

  /* Private static local: initialised once, then advanced by each call. */
  CHECK_INT(walk_private(), a_val(1));
  CHECK_INT(walk_private(), a_val(2));
  CHECK_INT(walk_private(), a_val(3));

  shared [3] int *q = shared_local();
  CHECK(q == &A[4]);
  CHECK_INT(upc_phaseof(q), 1);
  CHECK_INT(upc_threadof(q), owner(4, 3));
  CHECK_INT(*q, A_val(4));

  CHECK_INT(locals_sum(), 77 + a_val(0) + a_val(3) + A_val(6) + 2 + 2);
  CHECK_INT(locals_sum(), 77 + a_val(0) + a_val(3) + A_val(6) + 2 + 2);

  /* The shared pointers are one object: a store by one thread is seen by all. */
  upc_barrier;
  if (MYTHREAD == THREADS - 1) sp = &a[THREADS - 1];
  upc_barrier;
  CHECK(sp == &a[THREADS - 1]);
  CHECK_INT(upc_threadof(sp), THREADS - 1);
  CHECK_INT(*sp, a_val(THREADS - 1));
  return upctest_done();
}
