/* pts_convert_phase.upc — UPC 1.3 6.4.3 and spec issue 70: converting a
 * pointer-to-shared, by a cast or by assignment, to one whose referenced
 * type has another block size, another element type, or is incomplete
 * (shared void) gives phase 0; thread and address stay.  Only a conversion
 * to the same block size and element type (strict/relaxed aside) keeps the
 * phase.  Every pair of six types, both directions, explicit and implicit,
 * from pointer variables, shared arrays, private arrays of pointers and
 * shared arrays of pointers.  (upc_phaseof reports the phase of the pointer
 * it is given: its parameter is the library's, not a conversion.) */
#include "upctest.h"

struct s { int a, b; };

shared [3] int A3[6 * THREADS];
shared [3] char C3[6 * THREADS];
shared int A1[2 * THREADS];
shared [] int A0[8];
shared struct s S1[2 * THREADS];
shared [3] int *shared PS[THREADS];

typedef shared int *T1;
typedef shared [3] int *T3;
typedef shared [] int *T0;
typedef shared [3] char *TC;
typedef shared void *TV;
typedef shared struct s *TS;
typedef strict shared [3] int *T3S;

/* Converts src to DT explicitly and by assignment (declaration and
 * assignment expression); keep says whether the phase survives. */
#define CONVERT(DT, src, keep)                                            \
  do {                                                                    \
    size_t th_ = upc_threadof(src), ad_ = upc_addrfield(src);             \
    size_t ph_ = (keep) ? upc_phaseof(src) : 0;                           \
    DT e_ = (DT)(src);                                                    \
    DT d_ = (src);                                                        \
    DT a_;                                                                \
    a_ = (src);                                                           \
    CHECK_UINT(upc_threadof(e_), th_);                                    \
    CHECK_UINT(upc_addrfield(e_), ad_);                                   \
    CHECK_UINT(upc_phaseof(e_), ph_);                                     \
    CHECK_UINT(upc_threadof(d_), th_);                                    \
    CHECK_UINT(upc_addrfield(d_), ad_);                                   \
    CHECK_UINT(upc_phaseof(d_), ph_);                                     \
    CHECK_UINT(upc_phaseof(a_), ph_);                                     \
  } while (0)

/* From a source of type ST (phase phase_src): to each of the six types. */
#define FROM_ALL(src, is3, isc3)                                          \
  do {                                                                    \
    CONVERT(T1, src, 0);                                                  \
    CONVERT(T3, src, is3);                                                \
    CONVERT(T3S, src, is3);                                               \
    CONVERT(T0, src, 0);                                                  \
    CONVERT(TC, src, isc3);                                               \
    CONVERT(TV, src, 0);                                                  \
    CONVERT(TS, src, 0);                                                  \
  } while (0)

int main(void) {
  for (int k = 0; k < 6 * THREADS; k++) {
    /* sources with a phase: shared [3] int * and shared [3] char * */
    T3 p3 = &A3[k];
    TC pc = &C3[k];
    CHECK_UINT(upc_phaseof(p3), k % 3);
    CHECK_UINT(upc_phaseof(&A3[k]), k % 3);
    CHECK_UINT(upc_phaseof(pc), k % 3);
    FROM_ALL(p3, 1, 0);
    FROM_ALL(&A3[k], 1, 0);
    FROM_ALL(A3 + k, 1, 0);
    FROM_ALL(pc, 0, 1);
    FROM_ALL(&C3[k], 0, 1);
    T3 arr[2] = {p3, &A3[0]};
    FROM_ALL(arr[0], 1, 0);
    /* a strict pointer to the same layout keeps it too */
    T3S s3 = p3;
    CHECK_UINT(upc_phaseof(s3), k % 3);
    FROM_ALL(s3, 1, 0);
    /* the example of the issue: shared [] from a phase-1 pointer */
    if (k % 3 == 1) {
      shared [] int *p0 = p3;
      CHECK_UINT(upc_phaseof(p0), 0);
      CHECK_UINT(upc_threadof(p0), upc_threadof(p3));
    }
  }
  PS[MYTHREAD] = &A3[3 * MYTHREAD + 1];
  upc_barrier;
  for (int t = 0; t < THREADS; t++) {
    CHECK_UINT(upc_phaseof(PS[t]), (3 * t + 1) % 3);
    FROM_ALL(PS[t], 1, 0);
  }
  /* sources whose phase is always 0: the other four types */
  for (int k = 0; k < 2 * THREADS; k++) {
    FROM_ALL(&A1[k], 0, 0);
    FROM_ALL(&S1[k], 0, 0);
    TV v = &A3[3 * k + 2];
    CHECK_UINT(upc_phaseof(v), 0); /* converted to shared void: phase 0 */
    FROM_ALL(v, 0, 0);
  }
  for (int k = 0; k < 8; k++) FROM_ALL(&A0[k], 0, 0);
  return upctest_done();
}
