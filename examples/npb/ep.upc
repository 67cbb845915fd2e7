/* ep.upc — NAS Parallel Benchmarks kernel EP (embarrassingly parallel),
 * class S (M = 24), W (M = 25, -DNPB_CLASS_W) or A (M = 28, -DNPB_CLASS_A),
 * in UPC as in the GWU NPB 2.4 UPC port: the 2^(M-MK) batches of Gaussian
 * pairs are shared out by a upc_forall, and each thread adds its sums and
 * annulus counts into shared totals under a lock.  Any THREADS.
 *
 * Verification: the published NPB values of the sums of the X and Y
 * deviates for the class's M, to a relative 1e-8. */
#include <upc.h>
#include <math.h>
#include <stdio.h>
#include "npb_common.h"

#if defined(NPB_CLASS_A)
#define M 28
#define SX_VERIFY (-4.295875165629892e3)
#define SY_VERIFY (-1.580732573678431e4)
#elif defined(NPB_CLASS_W)
#define M 25
#define SX_VERIFY (-2.863319731645753e3)
#define SY_VERIFY (-6.320053679109499e3)
#else /* class S */
#define M 24
#define SX_VERIFY (-3.247834652034740e3)
#define SY_VERIFY (-6.958407078382297e3)
#endif
#define MK 16
#define MM (M - MK)
#define NN (1 << MM) /* batches */
#define NK (1 << MK) /* pairs per batch */
#define NQ 10
#define EPSILON 1.0e-8

static double x[2 * NK];

shared double sx_total, sy_total;
shared double q_total[NQ];
upc_lock_t *sum_lock;

int main(void)
{
  double q[NQ] = {0};
  double sx = 0.0, sy = 0.0, t1, t2, t3, t4, x1, x2;

  sum_lock = upc_all_lock_alloc();
  if (MYTHREAD == 0) {
    sx_total = sy_total = 0.0;
    for (int i = 0; i < NQ; i++)
      q_total[i] = 0.0;
    printf("\n\n NAS Parallel Benchmarks (upcc, after the GWU NPB 2.4 UPC port) - EP Benchmark\n\n");
    printf(" Number of random numbers generated: %15.0f\n", pow(2.0, M + 1));
    printf(" Number of active threads:           %15d\n", THREADS);
  }
  upc_barrier;

  double tstart = npb_wtime();
  /* an = A^(2*NK) mod 2^46: the jump from one batch's seed to the next */
  t1 = NPB_MULT;
  for (int i = 1; i <= MK + 1; i++)
    randlc(&t1, t1);
  double an = t1;

  int k;
  upc_forall (k = 1; k <= NN; k++; k) {
    /* the seed of batch k: S * an^(k-1), by binary powering */
    int kk = k - 1;
    t1 = 271828183.0;
    t2 = an;
    for (int i = 1; i <= 100; i++) {
      int ik = kk / 2;
      if (2 * ik != kk)
        randlc(&t1, t2);
      if (ik == 0)
        break;
      randlc(&t2, t2);
      kk = ik;
    }
    vranlc(2 * NK, &t1, NPB_MULT, x);
    /* Gaussian deviates by acceptance-rejection, counted in square annuli */
    for (int i = 0; i < NK; i++) {
      x1 = 2.0 * x[2 * i] - 1.0;
      x2 = 2.0 * x[2 * i + 1] - 1.0;
      t1 = x1 * x1 + x2 * x2;
      if (t1 <= 1.0) {
        t2 = sqrt(-2.0 * log(t1) / t1);
        t3 = x1 * t2;
        t4 = x2 * t2;
        int l = (int)fmax(fabs(t3), fabs(t4));
        q[l] += 1.0;
        sx += t3;
        sy += t4;
      }
    }
  }

  upc_lock(sum_lock);
  sx_total += sx;
  sy_total += sy;
  for (int i = 0; i < NQ; i++)
    q_total[i] += q[i];
  upc_unlock(sum_lock);
  upc_barrier;
  double tm = npb_wtime() - tstart;

  int verified = 0;
  double gc = 0.0;
  if (MYTHREAD == 0) {
    for (int i = 0; i < NQ; i++)
      gc += q_total[i];
    sx = sx_total;
    sy = sy_total;
    verified = fabs((sx - SX_VERIFY) / SX_VERIFY) <= EPSILON &&
               fabs((sy - SY_VERIFY) / SY_VERIFY) <= EPSILON;
    printf("\n EP Benchmark Results:\n\n");
    printf(" CPU Time =%10.4f\n", tm);
    printf(" N = 2^%5d\n", M);
    printf(" No. Gaussian Pairs = %15.0f\n", gc);
    printf(" Sums = %25.15e %25.15e\n", sx, sy);
    printf(" Counts: \n");
    for (int i = 0; i < NQ; i++)
      printf("%3d%15.0f\n", i, q_total[i]);
  }
  char size[24];
  snprintf(size, sizeof size, "%ld", 1L << M);
  int rc = npb_report("EP", NPB_CLASS, size, 0, tm, pow(2.0, M + 1) / tm / 1000000.0,
                      "Random numbers generated", verified);
  upc_barrier;
  return MYTHREAD == 0 ? rc : 0;
}
