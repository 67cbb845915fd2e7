/* pts_convert_phase.upc — UPC 1.3 6.4.3: a conversion from one
 * pointer-to-shared type to another keeps the thread and the address, and
 *  - to the generic type (shared void *) keeps the phase;
 *  - from the generic type keeps it unless the target's block size is 1 or
 *    indefinite (then 0), whatever block size the pointer had before;
 *  - between non-generic types keeps it only when the block size and the
 *    element size are both equal and neither referenced type is incomplete.
 * Every pair of eleven types (block sizes 1, 3, 5 and indefinite; int,
 * char, float, long long, a struct, an incomplete struct; strict; generic),
 * in every context a conversion happens in: cast, initialization,
 * assignment, argument, return, compound literal, conditional operator (its
 * type is then shared void *), private and shared arrays of pointers, and
 * members of private and shared structs.  Then the example of the issue as
 * the specification's tests write it, upc_resetphase, the library's
 * shared void * parameters, and an atomic compare-and-swap of a
 * pointer-to-shared. */
#include "upctest.h"
#include <upc_atomic.h>
#include <string.h>

struct s { int a, b; };
struct inc; /* never completed */

shared [3] int A3[6 * THREADS];
shared [3] char C3[6 * THREADS];
shared [3] float F3[6 * THREADS];
shared [3] long long L3[6 * THREADS];
shared [5] int A5[6 * THREADS];
shared int A1[6 * THREADS];
shared [] int A0[6];
shared struct s S1[6 * THREADS];

typedef shared int *T1;
typedef shared [3] int *T3;
typedef strict shared [3] int *T3S;
typedef shared [] int *T0;
typedef shared [3] char *TC;
typedef shared [3] float *TF;
typedef shared [3] long long *TL;
typedef shared [5] int *T5;
typedef shared void *TV;
typedef shared struct s *TS;
typedef shared [3] struct inc *TI;

#define GEN (-1) /* the generic type's "block size" here */

/* The rule, written from the specification: the phase a pointer at phase
 * ph of a type with block size sb and element size se (0: incomplete) has
 * after a conversion to block size db and element size de (same: to its
 * own type, no conversion at all). */
static size_t want_phase(int same, int sb, size_t se, int db, size_t de, size_t ph) {
  if (same || db == GEN) return ph;
  if (sb == GEN) return db > 1 ? ph : 0;
  return sb == db && se == de && se != 0 ? ph : 0;
}

/* Each type: its name, block size, element size (0: incomplete).  Two
 * lists, so that one can be expanded inside the other. */
#define SRC_TYPES(X, A)                                                            \
  X(A, T1, 1, sizeof(int)) X(A, T3, 3, sizeof(int)) X(A, T3S, 3, sizeof(int))        \
  X(A, T0, 0, sizeof(int)) X(A, TC, 3, 1) X(A, TF, 3, sizeof(float))                 \
  X(A, TL, 3, sizeof(long long)) X(A, T5, 5, sizeof(int)) X(A, TV, GEN, 0)           \
  X(A, TS, 1, sizeof(struct s)) X(A, TI, 3, 0)
#define DST_TYPES(X, A)                                                            \
  X(A, T1, 1, sizeof(int)) X(A, T3, 3, sizeof(int)) X(A, T3S, 3, sizeof(int))        \
  X(A, T0, 0, sizeof(int)) X(A, TC, 3, 1) X(A, TF, 3, sizeof(float))                 \
  X(A, TL, 3, sizeof(long long)) X(A, T5, 5, sizeof(int)) X(A, TV, GEN, 0)           \
  X(A, TS, 1, sizeof(struct s)) X(A, TI, 3, 0)

/* Per target type: a struct holding one, shared arrays of them and of
 * structs holding them, a function taking one. */
#define TARGET_HELPERS(A, DT, DB, DE)                                              \
  struct hold_##DT { int tag; DT m; };                                             \
  DT shared SA_##DT[THREADS];                                                      \
  shared struct hold_##DT SH_##DT[THREADS];                                        \
  static DT arg_##DT(DT p) { return p; }
DST_TYPES(TARGET_HELPERS, _)

/* Per pair: a function returning its ST argument as a DT. */
#define RETURN_HELPER(ST, DT, DB, DE) static DT ret_##ST##_##DT(ST p) { return p; }
#define RETURN_HELPERS(A, ST, SB, SE) DST_TYPES(RETURN_HELPER, ST)
SRC_TYPES(RETURN_HELPERS, _)

static int nchecked;

/* p (converted to the generic type, which keeps everything) is at thread
 * th, address ad and phase ph. */
static void expect(TV p, size_t th, size_t ad, size_t ph, const char *from, const char *to,
                   const char *how, int line) {
  nchecked++;
  if (upc_threadof(p) == th && upc_addrfield(p) == ad && upc_phaseof(p) == ph) return;
  char m[256];
  snprintf(m, sizeof m, "%s -> %s by %s: thread %zu addr %zu phase %zu, expected %zu %zu %zu",
           from, to, how, upc_threadof(p), upc_addrfield(p), upc_phaseof(p), th, ad, ph);
  upctest_report(__FILE__, line, m);
}

/* The value s_ of type ST (block sb_, element size se_, at th_/ad_/ph_)
 * converted to DT in each context. */
#define TO(ST, DT, DB, DE)                                                        \
  {                                                                               \
    size_t w_ = want_phase(!strcmp(#ST, #DT), sb_, se_, DB, DE, ph_);                                \
    size_t wc_ = want_phase(0, GEN, 0, DB, DE, ph_); /* through shared void * */     \
    DT i_ = s_;                                                                   \
    DT a_;                                                                        \
    a_ = s_;                                                                      \
    DT pa_[2] = {s_, s_};                                                         \
    pa_[1] = s_;                                                                  \
    struct hold_##DT h_ = {1, s_};                                                \
    struct hold_##DT hd_ = {.m = s_};                                             \
    struct hold_##DT hs_;                                                         \
    hs_.m = s_;                                                                   \
    SA_##DT[MYTHREAD] = s_;                                                       \
    SH_##DT[MYTHREAD].m = s_;                                                     \
    DT q_ = MYTHREAD >= 0 ? s_ : vnull_;                                          \
    expect((TV)(DT)s_, th_, ad_, w_, #ST, #DT, "cast", __LINE__);                 \
    expect((TV)i_, th_, ad_, w_, #ST, #DT, "initialization", __LINE__);           \
    expect((TV)a_, th_, ad_, w_, #ST, #DT, "assignment", __LINE__);               \
    expect((TV)pa_[0], th_, ad_, w_, #ST, #DT, "array initializer", __LINE__);    \
    expect((TV)pa_[1], th_, ad_, w_, #ST, #DT, "array element", __LINE__);        \
    expect((TV)h_.m, th_, ad_, w_, #ST, #DT, "struct initializer", __LINE__);     \
    expect((TV)hd_.m, th_, ad_, w_, #ST, #DT, "designated initializer", __LINE__); \
    expect((TV)hs_.m, th_, ad_, w_, #ST, #DT, "struct member", __LINE__);         \
    expect((TV)SA_##DT[MYTHREAD], th_, ad_, w_, #ST, #DT, "shared array", __LINE__); \
    expect((TV)SH_##DT[MYTHREAD].m, th_, ad_, w_, #ST, #DT, "shared struct member", \
           __LINE__);                                                             \
    expect((TV)arg_##DT(s_), th_, ad_, w_, #ST, #DT, "argument", __LINE__);       \
    expect((TV)ret_##ST##_##DT(s_), th_, ad_, w_, #ST, #DT, "return", __LINE__);  \
    expect((TV)(DT){s_}, th_, ad_, w_, #ST, #DT, "compound literal", __LINE__);   \
    expect((TV)((struct hold_##DT){2, s_}).m, th_, ad_, w_, #ST, #DT,             \
           "compound literal member", __LINE__);                                  \
    expect((TV)q_, th_, ad_, wc_, #ST, #DT, "conditional", __LINE__);             \
  }

/* The source value src of type ST at thread th, address ad and phase ph:
 * checked itself, then converted to every type. */
#define FROM(ST, SB, SE, src, th, ad, ph)                                         \
  do {                                                                            \
    const int sb_ = (SB);                                                         \
    const size_t se_ = (SE), th_ = (th), ad_ = (ad), ph_ = (ph);                  \
    ST s_ = (src);                                                                \
    expect((TV)s_, th_, ad_, ph_, #ST, #ST, "the source itself", __LINE__);       \
    DST_TYPES(TO, ST)                                                             \
  } while (0)

/* The address field of element i of an array of elements of size e laid
 * out with block size b, relative to element 0's. */
#define ADDR(base0, i, b, e) (upc_addrfield(base0) + model_local(i, b) * (e))

/* The example of the issue, as the specification's tests write it. */
static void spec_example(void) {
  static shared [10] int A10[10 * THREADS];
  shared [10] int *p1 = &A10[1];
  shared void *p5;
  p5 = p1;
  CHECK_UINT(upc_phaseof(p5), 1);
  CHECK_UINT(upc_phaseof((shared [20] int *)p1), 0);
  CHECK_UINT(upc_phaseof((shared [] int *)p1), 0);
  CHECK_UINT(upc_phaseof((shared int *)p1), 0);
  p1 = p5;
  CHECK_UINT(upc_phaseof(p1), 1);
  shared [20] int *p2 = p5;
  CHECK_UINT(upc_phaseof(p2), 1);
  shared [] int *p3 = p5;
  CHECK_UINT(upc_phaseof(p3), 0);
  shared int *p4 = p5;
  CHECK_UINT(upc_phaseof(p4), 0);
  p2 = (shared void *)p1;
  CHECK_UINT(upc_phaseof(p2), 1);
  /* element sizes: shared [2] uint32_t * to shared [2] uint64_t * */
  static shared [2] unsigned int U32[4 * THREADS];
  shared [2] unsigned int *u = &U32[3];
  CHECK_UINT(upc_phaseof(u), 1);
  CHECK_UINT(upc_phaseof((shared [2] unsigned long long *)u), 0);
  CHECK_UINT(upc_phaseof((shared [2] float *)u), 1);
  CHECK_UINT(upc_threadof((shared [2] unsigned long long *)u), upc_threadof(u));
}

/* upc_resetphase gives phase 0 from every type; the library's shared void *
 * parameters see the phase as a conversion to shared void * keeps it. */
static void resetphase_and_library(void) {
  for (int k = 0; k < 6 * THREADS; k++) {
    T3 p3 = &A3[k];
    T5 p5 = &A5[k];
    TV v = p5;
    CHECK_UINT(upc_phaseof(p3), k % 3);
    CHECK_UINT(upc_phaseof(&A5[k]), k % 5);
    CHECK_UINT(upc_phaseof(v), k % 5);
    CHECK_UINT(upc_phaseof(upc_resetphase(p3)), 0);
    CHECK_UINT(upc_phaseof(upc_resetphase(v)), 0);
    CHECK_UINT(upc_threadof(upc_resetphase(v)), model_thread(k, 5));
    CHECK_UINT(upc_addrfield(upc_resetphase(p3)), upc_addrfield(p3));
    T5 back = upc_resetphase(p5);
    CHECK_UINT(upc_phaseof(back), 0);
  }
}

/* An atomic on a shared void * stores and returns a pointer with its phase. */
static void atomic_pointer(void) {
  static shared TV slot[THREADS];
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_PTS, UPC_GET | UPC_SET | UPC_CSWAP, 0);
  TV want = &A5[5 * MYTHREAD + 3], got, expected = 0, next = &A3[3 * MYTHREAD + 2];
  upc_atomic_relaxed(d, NULL, UPC_SET, &slot[MYTHREAD], &want, NULL);
  upc_atomic_relaxed(d, &got, UPC_GET, &slot[MYTHREAD], NULL, NULL);
  CHECK_UINT(upc_phaseof(got), 3);
  CHECK_UINT(upc_threadof(got), upc_threadof(want));
  expected = want;
  upc_atomic_strict(d, &got, UPC_CSWAP, &slot[MYTHREAD], &expected, &next);
  CHECK_UINT(upc_phaseof(got), 3);
  CHECK_UINT(upc_phaseof(slot[MYTHREAD]), 2);
  T3 back = slot[MYTHREAD];
  CHECK_UINT(upc_phaseof(back), 2);
  upc_barrier;
  upc_all_atomicdomain_free(d);
}

int main(void) {
  const TV vnull_ = 0;
  for (int k = 0; k < 6 * THREADS; k++) {
    int k6 = k % 6;
    FROM(T1, 1, sizeof(int), &A1[k], model_thread(k, 1), ADDR(&A1[0], k, 1, sizeof(int)), 0);
    FROM(T3, 3, sizeof(int), &A3[k], model_thread(k, 3), ADDR(&A3[0], k, 3, sizeof(int)), k % 3);
    FROM(T3S, 3, sizeof(int), (T3S)&A3[k], model_thread(k, 3),
         ADDR(&A3[0], k, 3, sizeof(int)), k % 3);
    FROM(T0, 0, sizeof(int), &A0[k6], 0, ADDR(&A0[0], k6, 0, sizeof(int)), 0);
    FROM(TC, 3, 1, &C3[k], model_thread(k, 3), ADDR(&C3[0], k, 3, 1), k % 3);
    FROM(TF, 3, sizeof(float), &F3[k], model_thread(k, 3), ADDR(&F3[0], k, 3, sizeof(float)),
         k % 3);
    FROM(TL, 3, sizeof(long long), &L3[k], model_thread(k, 3),
         ADDR(&L3[0], k, 3, sizeof(long long)), k % 3);
    FROM(T5, 5, sizeof(int), &A5[k], model_thread(k, 5), ADDR(&A5[0], k, 5, sizeof(int)), k % 5);
    /* generic pointers holding the phase of a block size of 3 and of 5 */
    FROM(TV, GEN, 0, &A3[k], model_thread(k, 3), ADDR(&A3[0], k, 3, sizeof(int)), k % 3);
    FROM(TV, GEN, 0, &A5[k], model_thread(k, 5), ADDR(&A5[0], k, 5, sizeof(int)), k % 5);
    FROM(TS, 1, sizeof(struct s), &S1[k], model_thread(k, 1),
         ADDR(&S1[0], k, 1, sizeof(struct s)), 0);
    /* an incomplete type gets its phase from the generic type (block 3) */
    FROM(TI, 3, 0, (TV)&A3[k], model_thread(k, 3), ADDR(&A3[0], k, 3, sizeof(int)), k % 3);
  }
  spec_example();
  resetphase_and_library();
  atomic_pointer();
  /* 12 sources of 11 targets in 15 contexts, each k */
  CHECK_INT(nchecked, 6 * THREADS * 12 * (1 + 11 * 15));
  return upctest_done();
}
