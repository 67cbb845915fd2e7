/* npb_common.h — what the NAS Parallel Benchmark kernels in this directory
 * share: the NPB linear congruential generator (randlc/vranlc, x(k+1) =
 * a * x(k) mod 2^46), a wall-clock timer, and the result report.  The
 * kernels follow the GWU NPB 2.4 UPC port (upc_local_alloc workspaces,
 * upc_forall, upc_all_* collectives, locks).
 *
 * The problem class is chosen at compile time: class S by default,
 * -DNPB_CLASS_W for class W, -DNPB_CLASS_A for class A.  NPB_CLASS is its
 * letter; each kernel sets its sizes and the published NPB verification
 * values of that class from it. */
#ifndef NPB_COMMON_H
#define NPB_COMMON_H

#if defined(NPB_CLASS_W) && defined(NPB_CLASS_A)
#error "define at most one of NPB_CLASS_W and NPB_CLASS_A"
#endif
#if defined(NPB_CLASS_A)
#define NPB_CLASS 'A'
#elif defined(NPB_CLASS_W)
#define NPB_CLASS 'W'
#else
#define NPB_CLASS 'S'
#endif

#define NPB_SEED 314159265.0
#define NPB_MULT 1220703125.0 /* 5^13 */

/* One step of the generator: *x = a * *x mod 2^46; returns *x / 2^46. */
double randlc(double *x, double a);
/* n steps, y[0..n-1] = the successive values / 2^46 (0-based, unlike the
 * Fortran-derived NPB C code's y[1..n]). */
void vranlc(int n, double *x, double a, double *y);
/* a^n mod 2^46, by squaring with randlc. */
double npb_power(double a, long n);

/* Seconds since some fixed point. */
double npb_wtime(void);

/* Prints the NPB result block on thread 0 (call on every thread; only
 * thread 0 prints) and returns the exit status: 0 when verified. */
int npb_report(const char *name, char cls, const char *size, int niter, double seconds,
               double mops, const char *optype, int verified);

/* Every thread, on a true condition: prints "upc: thread N: <msg>" to
 * stderr and exits with status 1 (used for THREADS a kernel cannot run). */
void npb_require(int ok, const char *msg);

#endif
