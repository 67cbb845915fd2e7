/* updates_alias.upc — updates.upc part (d): updates of this thread's own
 * element read back through a private pointer obtained earlier by a cast.
 * A separate translation unit: pass 3 keeps every update whose target a
 * shared-to-private cast in the same unit may alias. */
#define E2E_SECONDARY
#include "e2e.h"

shared double PD[THREADS];
shared double PL[THREADS];
shared [4] long PB[4 * THREADS];

int alias_tests(void) {
  const int t = MYTHREAD;
  PD[t] = 1.0;
  PL[t] = 1.0;
  for (int k = 0; k < 4; k++) PB[4 * t + k] = k;

  /* A direct cast: the pass sees it and keeps the updates. */
  double *p = (double *)&PD[t];
  PD[t] += 2.0; /* NORU */
  CHECK_DEQ(*p, 3.0, "*p after PD[MYTHREAD] += 2.0");
  PD[t] *= 4.0; /* NORU */
  CHECK_DEQ(*p, 12.0, "*p after PD[MYTHREAD] *= 4.0");
  for (int r = 0; r < 300; r++) PD[t] -= 1.0; /* NORU */
  CHECK_DEQ(*p, -288.0, "*p after 300 x PD[MYTHREAD] -= 1.0");

  /* Through a pointer-to-shared of another type: the pass cannot tell that
   * pl aliases PL and converts the updates; the runtime must still complete
   * them before the private read. */
  shared int *iq = (shared int *)&PL[t];
  double *pl = (double *)iq;
  PL[t] += 2.0; /* RU */
  CHECK_DEQ(*pl, 3.0, "*pl after PL[MYTHREAD] += 2.0");
  PL[t] *= 3.0; /* RU */
  PL[t] += 1.0; /* RU */
  CHECK_DEQ(*pl, 10.0, "*pl after PL[MYTHREAD] *= 3.0, += 1.0");
  for (int r = 0; r < 300; r++) PL[t] += 1.0; /* RU */
  CHECK_DEQ(*pl, 310.0, "*pl after 300 x PL[MYTHREAD] += 1.0");

  /* A blocked array: pointer to the start of this thread's block, updates
   * of its elements through the shared array. */
  shared unsigned *bq = (shared unsigned *)&PB[4 * t];
  long *pb = (long *)bq;
  for (int k = 0; k < 4; k++) PB[4 * t + k] += 10 * k; /* RU */
  for (int k = 0; k < 4; k++) CHECK_EQ(pb[k], 11 * k, "pb[%d] after PB[4*MYTHREAD+%d] += %d", k, k, 10 * k);
  PB[4 * t + 3]++; /* RU */
  CHECK_EQ(pb[3], 34, "pb[3] after PB[4*MYTHREAD+3]++");

  upc_barrier;
  for (int s = 0; s < THREADS; s++) {
    CHECK_DEQ(PD[s], -288.0, "final PD[%d]", s);
    CHECK_DEQ(PL[s], 310.0, "final PL[%d]", s);
    for (int k = 0; k < 4; k++) CHECK_EQ(PB[4 * s + k], 11 * k + (k == 3), "final PB[%d]", 4 * s + k);
  }
  upc_barrier;
  return e2e_nfail;
}
