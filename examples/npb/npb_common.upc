/* npb_common.upc — the NPB random number generator, timer and report shared
 * by the kernels of examples/npb (see npb_common.h). */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include "npb_common.h"

#define R23 (0.5 * 0.5 * 0.5 * 0.5 * 0.5 * 0.5 * 0.5 * 0.5 * 0.5 * 0.5 * 0.5 * 0.5 * \
             0.5 * 0.5 * 0.5 * 0.5 * 0.5 * 0.5 * 0.5 * 0.5 * 0.5 * 0.5 * 0.5)
#define R46 (R23 * R23)
#define T23 (2.0 * 2.0 * 2.0 * 2.0 * 2.0 * 2.0 * 2.0 * 2.0 * 2.0 * 2.0 * 2.0 * 2.0 * \
             2.0 * 2.0 * 2.0 * 2.0 * 2.0 * 2.0 * 2.0 * 2.0 * 2.0 * 2.0 * 2.0)
#define T46 (T23 * T23)

/* The NPB 2.x randdp: the products are split in 23-bit halves so that every
 * intermediate is exact in a double. */
double randlc(double *x, double a)
{
  double t1 = R23 * a;
  double a1 = (int)t1;
  double a2 = a - T23 * a1;
  t1 = R23 * *x;
  double x1 = (int)t1;
  double x2 = *x - T23 * x1;
  t1 = a1 * x2 + a2 * x1;
  double t2 = (int)(R23 * t1);
  double z = t1 - T23 * t2;
  double t3 = T23 * z + a2 * x2;
  double t4 = (int)(R46 * t3);
  *x = t3 - T46 * t4;
  return R46 * *x;
}

void vranlc(int n, double *x_seed, double a, double *y)
{
  double t1 = R23 * a;
  double a1 = (int)t1;
  double a2 = a - T23 * a1;
  double x = *x_seed;
  for (int i = 0; i < n; i++) {
    t1 = R23 * x;
    double x1 = (int)t1;
    double x2 = x - T23 * x1;
    t1 = a1 * x2 + a2 * x1;
    double t2 = (int)(R23 * t1);
    double z = t1 - T23 * t2;
    double t3 = T23 * z + a2 * x2;
    double t4 = (int)(R46 * t3);
    x = t3 - T46 * t4;
    y[i] = R46 * x;
  }
  *x_seed = x;
}

double npb_power(double a, long n)
{
  double result = 1.0, aj = a;
  while (n != 0) {
    if (n % 2 == 1)
      randlc(&result, aj);
    randlc(&aj, aj);
    n /= 2;
  }
  return result;
}

double npb_wtime(void)
{
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return tv.tv_sec + tv.tv_usec * 1e-6;
}

int npb_report(const char *name, char cls, const char *size, int niter, double seconds,
               double mops, const char *optype, int verified)
{
  if (MYTHREAD == 0) {
    printf("\n\n %s Benchmark Completed.\n", name);
    printf(" Class           =             %12c\n", cls);
    printf(" Size            =             %12s\n", size);
    printf(" Iterations      =             %12d\n", niter);
    printf(" Time in seconds =             %12.2f\n", seconds);
    printf(" Total threads   =             %12d\n", THREADS);
    printf(" Mop/s total     =             %12.2f\n", mops);
    printf(" Mop/s/thread    =             %12.2f\n", mops / THREADS);
    printf(" Operation type  = %24s\n", optype);
    printf(" Verification = %s\n", verified ? "SUCCESSFUL" : "UNSUCCESSFUL");
    printf("RESULT %s_mops %.6f\n", name, mops);
    fflush(stdout);
  }
  return verified ? 0 : 1;
}

void npb_require(int ok, const char *msg)
{
  if (!ok) {
    fprintf(stderr, "upc: thread %d: %s\n", MYTHREAD, msg);
    exit(1);
  }
}
