/* cg.upc — NAS Parallel Benchmarks kernel CG (conjugate gradient), class S
 * (NA = 1400), W (NA = 7000, -DNPB_CLASS_W) or A (NA = 14000, -DNPB_CLASS_A),
 * in UPC after the GWU NPB 2.4 UPC port: the sparse matrix is split by rows,
 * each thread keeps its slice of the search vector p in a shared [] double
 * workspace from upc_local_alloc (a directory of them is shared), gathers
 * the whole of p with upc_memget before each product; each thread sums the
 * dot products of the CG steps from a shared array of partial sums (one
 * barrier each), the norms are upc_all_reduceD.  Any THREADS (the rows are split as evenly as they
 * go; the GWU port needs a power of two for its 2-D thread grid).
 *
 * Verification: the published NPB value of zeta for the class (S
 * 8.5971775078648, W 10.362595087124, A 17.130235054029), to 1e-10. */
#include <upc.h>
#include <upc_collective.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "npb_common.h"

#if defined(NPB_CLASS_A)
#define NA 14000
#define NONZER 11
#define SHIFT 20.0
#define ZETA_VERIFY 17.130235054029
#elif defined(NPB_CLASS_W)
#define NA 7000
#define NONZER 8
#define SHIFT 12.0
#define ZETA_VERIFY 10.362595087124
#else /* class S */
#define NA 1400
#define NONZER 7
#define SHIFT 10.0
#define ZETA_VERIFY 8.5971775078648
#endif
#define NITER 15
#define RCOND 1.0e-1
#define STR_(x) #x
#define STR(x) STR_(x)
#define NZ (NA * (NONZER + 1) * (NONZER + 1) + NA * (NONZER + 2))

/* this thread's rows: firstrow..lastrow (1-based, as in NPB) */
static int firstrow, lastrow, nrows;
static int *colidx, *rowstr;
static double *a;
static double *x, *z, *p, *q, *r, *w; /* this thread's rows, 1-based */
static double *vfull;                 /* the whole of p (or z), 1-based */
static double tran, amult;

/* each thread's slice of the vectors being gathered: two halves of one
 * workspace, used in turn, so that one barrier a gather is enough (a thread
 * writes a half again only after everyone has passed the barrier of the
 * gather in between, so has read that half) */
shared [] double *shared vec_dir[THREADS];
static shared [] double **vdir; /* a private copy of vec_dir */
static int vec_half;
/* partial sums of the dot products in the CG steps, also in two halves */
shared double partial[2 * THREADS];
static int partial_half;
shared double red_in[THREADS];
shared double red_out;

static int row_lo(int t) { return (int)((long)t * NA / THREADS) + 1; }

/* The sum over all threads of v: every thread adds the partial sums in the
 * same order, so all get the same value. */
static double allsum(double v)
{
  int h = partial_half * THREADS;
  double sum = 0.0;
  partial[h + MYTHREAD] = v;
  upc_barrier;
  for (int t = 0; t < THREADS; t++)
    sum += partial[h + t];
  partial_half ^= 1;
  return sum;
}

/* The same with the library's reduction (for the norms of each iteration). */
static double allreduce(double v)
{
  red_in[MYTHREAD] = v;
  upc_all_reduceD(&red_out, red_in, UPC_ADD, THREADS, 1, NULL,
                  UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  return red_out;
}

/* vfull[1..NA] = the rows of v (this thread's rows in mine[1..nrows]) of
 * every thread. */
static void gather(const double *mine)
{
  long h = (long)vec_half * nrows;
  double *seg = (double *)vdir[MYTHREAD] + h;
  for (int j = 0; j < nrows; j++)
    seg[j] = mine[j + 1];
  upc_barrier;
  for (int t = 0; t < THREADS; t++) {
    int lo = row_lo(t), n = row_lo(t + 1) - lo;
    if (t == MYTHREAD)
      memcpy(&vfull[lo], seg, n * sizeof(double));
    else
      upc_memget(&vfull[lo], vdir[t] + (long)vec_half * n, n * sizeof(double));
  }
  vec_half ^= 1;
}

/* NPB's sprnvc: nz distinct random positions in 1..n with random values. */
static void sprnvc(int n, int nz, double v[], int iv[], int nzloc[], int mark[])
{
  int nzv = 0, nzrow = 0, nn1 = 1;
  do
    nn1 = 2 * nn1;
  while (nn1 < n);
  while (nzv < nz) {
    double vecelt = randlc(&tran, amult);
    double vecloc = randlc(&tran, amult);
    int i = (int)(nn1 * vecloc) + 1;
    if (i > n)
      continue;
    if (mark[i] == 0) {
      mark[i] = 1;
      nzloc[++nzrow] = i;
      v[++nzv] = vecelt;
      iv[nzv] = i;
    }
  }
  for (int ii = 1; ii <= nzrow; ii++)
    mark[nzloc[ii]] = 0;
}

/* NPB's vecset: sets v[i] = val, appending i when it is not there. */
static void vecset(double v[], int iv[], int *nzv, int i, double val)
{
  int set = 0;
  for (int k = 1; k <= *nzv; k++)
    if (iv[k] == i) {
      v[k] = val;
      set = 1;
    }
  if (!set) {
    ++*nzv;
    v[*nzv] = val;
    iv[*nzv] = i;
  }
}

/* NPB's makea + sparse, keeping the rows firstrow..lastrow: every thread
 * draws the whole random sequence, so each row is the same as in the serial
 * code, summed in the same order. */
static void makea(void)
{
  int *arow = malloc((NZ + 1) * sizeof(int)), *acol = malloc((NZ + 1) * sizeof(int));
  double *aelt = malloc((NZ + 1) * sizeof(double));
  double v[NONZER + 2], *xs = calloc(NA + 1, sizeof(double));
  int iv[NONZER + 2], *mark = calloc(NA + 1, sizeof(int)), *nzloc = malloc((NA + 1) * sizeof(int));
  double size = 1.0, ratio = pow(RCOND, 1.0 / NA);
  int nnza = 0;

  for (int iouter = 1; iouter <= NA; iouter++) {
    int nzv = NONZER;
    sprnvc(NA, nzv, v, iv, nzloc, mark);
    vecset(v, iv, &nzv, iouter, 0.5);
    for (int ivelt = 1; ivelt <= nzv; ivelt++) {
      int jcol = iv[ivelt];
      double scale = size * v[ivelt];
      for (int ivelt1 = 1; ivelt1 <= nzv; ivelt1++) {
        int irow = iv[ivelt1];
        if (irow >= firstrow && irow <= lastrow) {
          nnza++;
          acol[nnza] = jcol;
          arow[nnza] = irow;
          aelt[nnza] = v[ivelt1] * scale;
        }
      }
    }
    size *= ratio;
  }
  for (int i = firstrow; i <= lastrow; i++) {
    nnza++;
    acol[nnza] = i;
    arow[nnza] = i;
    aelt[nnza] = RCOND - SHIFT;
  }

  /* sparse: rows in order, duplicates summed */
  for (int j = 1; j <= nrows + 1; j++)
    rowstr[j] = 0;
  for (int nza = 1; nza <= nnza; nza++)
    rowstr[arow[nza] - firstrow + 2]++;
  rowstr[1] = 1;
  for (int j = 2; j <= nrows + 1; j++)
    rowstr[j] += rowstr[j - 1];
  for (int nza = 1; nza <= nnza; nza++) {
    int j = arow[nza] - firstrow + 1, k = rowstr[j];
    a[k] = aelt[nza];
    colidx[k] = acol[nza];
    rowstr[j]++;
  }
  for (int j = nrows; j >= 1; j--)
    rowstr[j + 1] = rowstr[j];
  rowstr[1] = 1;
  int nza = 0, jajp1 = rowstr[1];
  for (int j = 1; j <= nrows; j++) {
    int nzrow = 0;
    for (int k = jajp1; k < rowstr[j + 1]; k++) {
      int i = colidx[k];
      xs[i] += a[k];
      if (!mark[i] && xs[i] != 0.0) {
        mark[i] = 1;
        nzloc[++nzrow] = i;
      }
    }
    for (int k = 1; k <= nzrow; k++) {
      int i = nzloc[k];
      double xi = xs[i];
      mark[i] = 0;
      xs[i] = 0.0;
      if (xi != 0.0) {
        nza++;
        a[nza] = xi;
        colidx[nza] = i;
      }
    }
    jajp1 = rowstr[j + 1];
    rowstr[j + 1] = nza + rowstr[1];
  }
  free(arow);
  free(acol);
  free(aelt);
  free(xs);
  free(mark);
  free(nzloc);
}

/* w[1..nrows] = (A v)[firstrow..lastrow], v = vfull */
static void matvec(double *out)
{
  for (int j = 1; j <= nrows; j++) {
    double sum = 0.0;
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      sum += a[k] * vfull[colidx[k]];
    out[j] = sum;
  }
}

/* 25 steps of CG on A z = x; returns ||x - A z||. */
static double conj_grad(void)
{
  double rho = 0.0, sum = 0.0;
  for (int j = 1; j <= nrows; j++) {
    q[j] = z[j] = w[j] = 0.0;
    r[j] = p[j] = x[j];
    sum += r[j] * r[j];
  }
  rho = allsum(sum);
  for (int cgit = 1; cgit <= 25; cgit++) {
    gather(p);
    matvec(q);
    sum = 0.0;
    for (int j = 1; j <= nrows; j++)
      sum += p[j] * q[j];
    double d = allsum(sum);
    double alpha = rho / d, rho0 = rho;
    sum = 0.0;
    for (int j = 1; j <= nrows; j++) {
      z[j] += alpha * p[j];
      r[j] -= alpha * q[j];
      sum += r[j] * r[j];
    }
    rho = allsum(sum);
    double beta = rho / rho0;
    for (int j = 1; j <= nrows; j++)
      p[j] = r[j] + beta * p[j];
  }
  gather(z);
  matvec(w);
  sum = 0.0;
  for (int j = 1; j <= nrows; j++) {
    double d = x[j] - w[j];
    sum += d * d;
  }
  return sqrt(allreduce(sum));
}

/* One NPB outer iteration: returns zeta, x = z / ||z||. */
static double iterate(double *rnorm)
{
  *rnorm = conj_grad();
  double s11 = 0.0, s12 = 0.0;
  for (int j = 1; j <= nrows; j++) {
    s11 += x[j] * z[j];
    s12 += z[j] * z[j];
  }
  double norm_temp11 = allreduce(s11);
  double norm_temp12 = 1.0 / sqrt(allreduce(s12));
  for (int j = 1; j <= nrows; j++)
    x[j] = norm_temp12 * z[j];
  return SHIFT + 1.0 / norm_temp11;
}

int main(void)
{
  firstrow = row_lo(MYTHREAD);
  lastrow = row_lo(MYTHREAD + 1) - 1;
  nrows = lastrow - firstrow + 1;
  npb_require(nrows > 0, "CG needs at most NA = " STR(NA) " threads");
  if (MYTHREAD == 0) {
    printf("\n\n NAS Parallel Benchmarks (upcc, after the GWU NPB 2.4 UPC port) - CG Benchmark\n\n");
    printf(" Size: %10d\n", NA);
    printf(" Iterations: %5d\n", NITER);
    printf(" Number of active threads: %5d\n", THREADS);
  }

  /* GWU style: the shared workspace has affinity to this thread */
  vec_dir[MYTHREAD] = (shared [] double *)upc_local_alloc(2 * nrows, sizeof(double));
  upc_barrier;
  vdir = malloc(THREADS * sizeof *vdir);
  for (int t = 0; t < THREADS; t++)
    vdir[t] = vec_dir[t];
  a = malloc((NZ + 1) * sizeof(double));
  colidx = malloc((NZ + 1) * sizeof(int));
  rowstr = malloc((nrows + 2) * sizeof(int));
  double *vecs = malloc(6 * (nrows + 1) * sizeof(double));
  x = vecs, z = x + nrows + 1, p = z + nrows + 1, q = p + nrows + 1, r = q + nrows + 1,
  w = r + nrows + 1;
  vfull = malloc((NA + 1) * sizeof(double));

  tran = NPB_SEED;
  amult = NPB_MULT;
  randlc(&tran, amult);
  makea();
  upc_barrier;

  /* one untimed iteration to touch everything */
  double rnorm, zeta;
  for (int j = 1; j <= nrows; j++)
    x[j] = 1.0;
  iterate(&rnorm);

  for (int j = 1; j <= nrows; j++)
    x[j] = 1.0;
  upc_barrier;
  double t0 = npb_wtime();
  for (int it = 1; it <= NITER; it++) {
    zeta = iterate(&rnorm);
    if (MYTHREAD == 0) {
      if (it == 1)
        printf("\n   iteration           ||r||                 zeta\n");
      printf("    %5d       %20.14e%20.13e\n", it, rnorm, zeta);
    }
  }
  upc_barrier;
  double t = npb_wtime() - t0;

  double err = fabs(zeta - ZETA_VERIFY);
  int verified = err <= 1.0e-10;
  if (MYTHREAD == 0)
    printf(" Zeta is    %20.13e\n Error is   %20.13e\n", zeta, err);
  double mops = 2.0 * NITER * NA *
                (3.0 + NONZER * (NONZER + 1) + 25.0 * (5.0 + NONZER * (NONZER + 1)) + 3.0) /
                t / 1000000.0;
  int rc = npb_report("CG", NPB_CLASS, STR(NA), NITER, t, mops, "floating point", verified);
  upc_barrier;
  return MYTHREAD == 0 ? rc : 0;
}
