/* ft.upc — NAS Parallel Benchmarks kernel FT (3-D FFT solution of a
 * diffusion equation), class S (64x64x64), W (128x128x32, -DNPB_CLASS_W) or
 * A (256x256x128, -DNPB_CLASS_A), in UPC after the GWU NPB 2.4 UPC port:
 * the NX x NY x NZ complex grid is split into slabs of z-planes for the FFTs
 * along x and y, and into slabs of y-rows for the FFT along z and the time
 * evolution; each thread's slabs are shared [] workspaces from
 * upc_local_alloc, and the transposes between the two layouts are
 * upc_memgets from every thread.  The checksums are summed into shared
 * totals under a lock.  Any THREADS up to NZ and NY (the slabs split as
 * evenly as they go; the GWU port needs a power of two).
 *
 * Verification: the published NPB checksums of the class's six iterations,
 * to a relative 1e-12. */
#include <upc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "npb_common.h"

#if defined(NPB_CLASS_A)
#define NX 256
#define NY 256
#define NZ 128
#define LOGNX 8
#define LOGNY 8
#define LOGNZ 7
#define SIZE "256x256x128"
#elif defined(NPB_CLASS_W)
#define NX 128
#define NY 128
#define NZ 32
#define LOGNX 7
#define LOGNY 7
#define LOGNZ 5
#define SIZE "128x128x32"
#else /* class S */
#define NX 64
#define NY 64
#define NZ 64
#define LOGNX 6
#define LOGNY 6
#define LOGNZ 6
#define SIZE "64x64x64"
#endif
#define MAXN (NX > NY ? (NX > NZ ? NX : NZ) : (NY > NZ ? NY : NZ))
#define LOGMAXN (LOGNX > LOGNY ? (LOGNX > LOGNZ ? LOGNX : LOGNZ) : (LOGNY > LOGNZ ? LOGNY : LOGNZ))
#define NITER 6
#define NTOTAL ((long)NX * NY * NZ)
#define ALPHA 1.0e-6
#define PI 3.141592653589793238
#define EXPMAX (NITER * (NX * NX / 4 + NY * NY / 4 + NZ * NZ / 4))
#define EPSILON 1.0e-12

typedef struct {
  double real, imag;
} dcomplex;

#if defined(NPB_CLASS_A)
static const double vdata_real[NITER + 1] = {0.0, 5.046735008193e+02, 5.059412319734e+02,
                                             5.069376896287e+02, 5.077892868474e+02,
                                             5.085233095391e+02, 5.091487099959e+02};
static const double vdata_imag[NITER + 1] = {0.0, 5.114047905510e+02, 5.098809666433e+02,
                                             5.098144042213e+02, 5.101336130759e+02,
                                             5.104914655194e+02, 5.107917842803e+02};
#elif defined(NPB_CLASS_W)
static const double vdata_real[NITER + 1] = {0.0, 5.673612178944e+02, 5.631436885271e+02,
                                             5.594024089970e+02, 5.560698047020e+02,
                                             5.530898991250e+02, 5.504159734538e+02};
static const double vdata_imag[NITER + 1] = {0.0, 5.293246849175e+02, 5.282149986629e+02,
                                             5.270996558037e+02, 5.260027904925e+02,
                                             5.249400845633e+02, 5.239212247086e+02};
#else
static const double vdata_real[NITER + 1] = {0.0, 5.546087004964e+02, 5.546385409189e+02,
                                             5.546148406171e+02, 5.545423607415e+02,
                                             5.544255039624e+02, 5.542683411902e+02};
static const double vdata_imag[NITER + 1] = {0.0, 4.845363331978e+02, 4.865304269511e+02,
                                             4.883910722336e+02, 4.901273169046e+02,
                                             4.917475857993e+02, 4.932597244941e+02};
#endif

/* layout A: this thread's z-planes zlo..zhi-1, [z - zlo][y][x];
 * layout B: its y-rows ylo..yhi-1, [y - ylo][z][x] */
static int zlo, zhi, ylo, yhi;
shared [] dcomplex *shared a_dir[THREADS];
shared [] dcomplex *shared b_dir[THREADS];
static shared [] dcomplex **adir, **bdir; /* private copies of the directories */
static dcomplex *ua, *ub;                 /* mine (privatized): A and B layouts */
static dcomplex *u0;                      /* the transform of the initial state (B) */
static dcomplex *scratch;
static dcomplex roots[MAXN];
static double ex[EXPMAX + 1];

shared dcomplex sums[NITER + 1];
upc_lock_t *sum_lock;

static int slab_lo(int t, int n) { return (int)((long)t * n / THREADS); }

/* the thread whose layout B slab holds row y */
static int y_owner(int y)
{
  int t = 0;
  while (slab_lo(t + 1, NY) <= y)
    t++;
  return t;
}

/* NPB's fft_init for the longest line, 2^m points: roots[0].real = m, then
 * roots[ln + i] = exp(i pi i / ln), the roots of the stage of half-length
 * ln (the same table serves the shorter lines) */
static void fft_init(int m)
{
  int ku = 1, ln = 1;
  roots[0].real = m;
  roots[0].imag = 0.0;
  for (int j = 1; j <= m; j++) {
    double t = PI / ln;
    for (int i = 0; i <= ln - 1; i++) {
      roots[i + ku].real = cos(i * t);
      roots[i + ku].imag = sin(i * t);
    }
    ku += ln;
    ln *= 2;
  }
}

/* NPB's fftz2 on one line: stage l of m of the Stockham FFT, x to y */
static void fftz2(int is, int l, int m, int n, const dcomplex *x, dcomplex *y)
{
  int n1 = n / 2;
  int lk = l - 1 == 0 ? 1 : 2 << ((l - 1) - 1);
  int li = m - l == 0 ? 1 : 2 << ((m - l) - 1);
  int lj = 2 * lk, ku = li;
  for (int i = 0; i < li; i++) {
    int i11 = i * lk, i12 = i11 + n1, i21 = i * lj, i22 = i21 + lk;
    dcomplex u1 = roots[ku + i];
    if (is < 1)
      u1.imag = -u1.imag;
    for (int k = 0; k < lk; k++) {
      double x11r = x[i11 + k].real, x11i = x[i11 + k].imag;
      double x21r = x[i12 + k].real, x21i = x[i12 + k].imag;
      y[i21 + k].real = x11r + x21r;
      y[i21 + k].imag = x11i + x21i;
      y[i22 + k].real = u1.real * (x11r - x21r) - u1.imag * (x11i - x21i);
      y[i22 + k].imag = u1.real * (x11i - x21i) + u1.imag * (x11r - x21r);
    }
  }
}

/* NPB's cfftz: the whole FFT of the n = 2^logn-point line v[0], v[stride], ... */
static void cfft_line(int is, dcomplex *v, long stride, int n, int logn)
{
  dcomplex x[MAXN], y[MAXN];
  for (int j = 0; j < n; j++)
    x[j] = v[j * stride];
  for (int l = 1; l <= logn; l += 2) {
    fftz2(is, l, logn, n, x, y);
    if (l == logn) {
      memcpy(x, y, n * sizeof(dcomplex));
      break;
    }
    fftz2(is, l + 1, logn, n, y, x);
  }
  for (int j = 0; j < n; j++)
    v[j * stride] = x[j];
}

/* FFTs along x and y of my z-planes (layout A) */
static void fft_xy(int is, dcomplex *u)
{
  for (int z = 0; z < zhi - zlo; z++) {
    dcomplex *plane = u + (long)z * NY * NX;
    if (is == 1) {
      for (int y = 0; y < NY; y++)
        cfft_line(is, plane + y * NX, 1, NX, LOGNX);
      for (int x = 0; x < NX; x++)
        cfft_line(is, plane + x, NX, NY, LOGNY);
    } else {
      for (int x = 0; x < NX; x++)
        cfft_line(is, plane + x, NX, NY, LOGNY);
      for (int y = 0; y < NY; y++)
        cfft_line(is, plane + y * NX, 1, NX, LOGNX);
    }
  }
}

/* FFTs along z of my y-rows (layout B) */
static void fft_z(int is, dcomplex *u)
{
  for (int y = 0; y < yhi - ylo; y++)
    for (int x = 0; x < NX; x++)
      cfft_line(is, u + (long)y * NZ * NX + x, NX, NZ, LOGNZ);
}

/* dst (layout B, mine) = every thread's layout A slabs */
static void transpose_a_to_b(dcomplex *dst)
{
  int ny = yhi - ylo;
  upc_barrier; /* every slab is written */
  for (int t = 0; t < THREADS; t++)
    for (int z = slab_lo(t, NZ); z < slab_lo(t + 1, NZ); z++) {
      long src = ((long)(z - slab_lo(t, NZ)) * NY + ylo) * NX;
      upc_memget(scratch, adir[t] + src, (long)ny * NX * sizeof(dcomplex));
      for (int y = 0; y < ny; y++)
        memcpy(dst + ((long)y * NZ + z) * NX, scratch + (long)y * NX, NX * sizeof(dcomplex));
    }
  upc_barrier; /* nobody reads the slabs any more */
}

/* dst (layout A, mine) = every thread's layout B slabs */
static void transpose_b_to_a(dcomplex *dst)
{
  int nz = zhi - zlo;
  upc_barrier;
  for (int t = 0; t < THREADS; t++)
    for (int y = slab_lo(t, NY); y < slab_lo(t + 1, NY); y++) {
      long src = ((long)(y - slab_lo(t, NY)) * NZ + zlo) * NX;
      upc_memget(scratch, bdir[t] + src, (long)nz * NX * sizeof(dcomplex));
      for (int z = 0; z < nz; z++)
        memcpy(dst + ((long)z * NY + y) * NX, scratch + (long)z * NX, NX * sizeof(dcomplex));
    }
  upc_barrier;
}

/* NPB's compute_initial_conditions for my z-planes: plane z is the stream
 * of random numbers from 2*NX*NY*z on, x fastest, real before imaginary */
static void initial_conditions(dcomplex *u)
{
  static double tmp[2 * NX * NY];
  double start = NPB_SEED, an = npb_power(NPB_MULT, 2L * NX * NY * zlo);
  randlc(&start, an);
  an = npb_power(NPB_MULT, 2L * NX * NY);
  for (int z = 0; z < zhi - zlo; z++) {
    double x0 = start;
    vranlc(2 * NX * NY, &x0, NPB_MULT, tmp);
    for (int i = 0; i < NX * NY; i++) {
      u[(long)z * NX * NY + i].real = tmp[2 * i];
      u[(long)z * NX * NY + i].imag = tmp[2 * i + 1];
    }
    randlc(&start, an);
  }
}

static void compute_exp(void)
{
  double ap = -4.0 * ALPHA * PI * PI;
  ex[0] = 1.0;
  ex[1] = exp(ap);
  for (int i = 2; i <= EXPMAX; i++)
    ex[i] = ex[i - 1] * ex[1];
}

/* u1 = u0 * exp(-4 alpha pi^2 |k|^2 t), on my y-rows */
static void evolve(dcomplex *u1, int t)
{
  int y;
  upc_forall (y = 0; y < NY; y++; y_owner(y)) {
    int jj = (y + NY / 2) % NY - NY / 2;
    for (int z = 0; z < NZ; z++) {
      int kk = (z + NZ / 2) % NZ - NZ / 2;
      for (int x = 0; x < NX; x++) {
        int ii = (x + NX / 2) % NX - NX / 2;
        long i = ((long)(y - ylo) * NZ + z) * NX + x;
        double e = ex[t * (ii * ii + jj * jj + kk * kk)];
        u1[i].real = u0[i].real * e;
        u1[i].imag = u0[i].imag * e;
      }
    }
  }
}

static void checksum(int it, const dcomplex *u)
{
  dcomplex chk = {0.0, 0.0};
  for (int j = 1; j <= 1024; j++) {
    int q = j % NX, r = (3 * j) % NY, s = (5 * j) % NZ;
    if (s >= zlo && s < zhi) {
      chk.real += u[((long)(s - zlo) * NY + r) * NX + q].real;
      chk.imag += u[((long)(s - zlo) * NY + r) * NX + q].imag;
    }
  }
  upc_lock(sum_lock);
  sums[it].real += chk.real;
  sums[it].imag += chk.imag;
  upc_unlock(sum_lock);
}

int main(void)
{
  zlo = slab_lo(MYTHREAD, NZ), zhi = slab_lo(MYTHREAD + 1, NZ);
  ylo = slab_lo(MYTHREAD, NY), yhi = slab_lo(MYTHREAD + 1, NY);
  npb_require(THREADS <= NZ && THREADS <= NY, "FT runs on at most min(NY, NZ) threads");
  sum_lock = upc_all_lock_alloc();
  long na = (long)(zhi - zlo) * NY * NX, nb = (long)(yhi - ylo) * NZ * NX;
  a_dir[MYTHREAD] = (shared [] dcomplex *)upc_local_alloc(na, sizeof(dcomplex));
  b_dir[MYTHREAD] = (shared [] dcomplex *)upc_local_alloc(nb, sizeof(dcomplex));
  upc_barrier;
  adir = malloc(THREADS * sizeof *adir);
  bdir = malloc(THREADS * sizeof *bdir);
  for (int t = 0; t < THREADS; t++)
    adir[t] = a_dir[t], bdir[t] = b_dir[t];
  ua = (dcomplex *)adir[MYTHREAD];
  ub = (dcomplex *)bdir[MYTHREAD];
  u0 = malloc((nb + 1) * sizeof(dcomplex));
  scratch = malloc((long)NX * (NY > NZ ? NY : NZ) * sizeof(dcomplex));
  if (MYTHREAD == 0) {
    printf("\n\n NAS Parallel Benchmarks (upcc, after the GWU NPB 2.4 UPC port) - FT Benchmark\n\n");
    printf(" Size                : %3dx%3dx%3d  (class %c)\n", NX, NY, NZ, NPB_CLASS);
    printf(" Iterations          :     %7d\n", NITER);
    printf(" Number of threads   :     %7d\n", THREADS);
    for (int i = 0; i <= NITER; i++)
      sums[i].real = sums[i].imag = 0.0;
  }

  /* run the forward transform once untimed to touch everything */
  initial_conditions(ua);
  fft_init(LOGMAXN);
  fft_xy(1, ua);
  transpose_a_to_b(u0);
  fft_z(1, u0);

  upc_barrier;
  double t0 = npb_wtime();
  compute_exp();
  initial_conditions(ua);
  fft_init(LOGMAXN);
  fft_xy(1, ua);
  transpose_a_to_b(u0);
  fft_z(1, u0);
  for (int it = 1; it <= NITER; it++) {
    evolve(ub, it);
    fft_z(-1, ub);
    transpose_b_to_a(ua);
    fft_xy(-1, ua);
    checksum(it, ua);
  }
  upc_barrier;
  double t = npb_wtime() - t0;

  int verified = 1;
  if (MYTHREAD == 0) {
    for (int it = 1; it <= NITER; it++) {
      double re = sums[it].real / NTOTAL, im = sums[it].imag / NTOTAL;
      printf(" T = %5d     Checksum = %22.12e %22.12e\n", it, re, im);
      if (!(fabs((re - vdata_real[it]) / vdata_real[it]) <= EPSILON &&
            fabs((im - vdata_imag[it]) / vdata_imag[it]) <= EPSILON))
        verified = 0;
    }
  }
  double mops = 1.0e-6 * NTOTAL *
                (14.8157 + 7.19641 * log((double)NTOTAL) +
                 (5.23518 + 7.21113 * log((double)NTOTAL)) * NITER) / t;
  int rc = npb_report("FT", NPB_CLASS, SIZE, NITER, t, mops, "floating point", verified);
  upc_barrier;
  return MYTHREAD == 0 ? rc : 0;
}
