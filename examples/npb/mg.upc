/* mg.upc — NAS Parallel Benchmarks kernel MG (multigrid V-cycles on a
 * periodic 3-D grid), class S (32^3, 4 iterations), W (NPB 3.x's: 128^3, 4
 * iterations, -DNPB_CLASS_W) or A (256^3, 4 iterations, -DNPB_CLASS_A), in
 * UPC after the GWU NPB 2.4 UPC port: every
 * grid level is split into slabs of z-planes; each thread keeps its grids
 * in one shared [] double workspace from upc_local_alloc (full size, so the
 * NPB index arithmetic is unchanged) and fetches the planes it needs from
 * their owners with upc_memget (the comm3 of the MPI code: a plane comes
 * with its in-plane periodic borders), norms are upc_all_reduceD.  Any
 * THREADS: on coarse grids with fewer planes than threads some threads have
 * no planes (the GWU port needs a power of two).
 *
 * Verification: the published NPB L2 norm of the final residual for the
 * class (S 0.5307707005734e-04, W 0.6467329375339e-05, A
 * 0.2433365309069e-05), to a relative 1e-8. */
#include <upc.h>
#include <upc_collective.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "npb_common.h"

#if defined(NPB_CLASS_A)
#define NX 256
#define NIT 4
#define LT 8 /* levels: 256, 128, ..., 2 */
#define VERIFY_VALUE 0.2433365309069e-05
#define SIZE "256x256x256"
#elif defined(NPB_CLASS_W)
#define NX 128 /* NPB 3.x's class W (NPB 2.4's was 64^3, 40 iterations) */
#define NIT 4
#define LT 7 /* levels: 128, 64, ..., 2 */
#define VERIFY_VALUE 0.6467329375339e-05
#define SIZE "128x128x128"
#else /* class S */
#define NX 32
#define NIT 4
#define LT 5 /* levels: 32, 16, 8, 4, 2 */
#define VERIFY_VALUE 0.5307707005734e-04
#define SIZE "32x32x32"
#endif
#define MM 10 /* points set to +1 and to -1 by zran3 */

static int n[LT + 1], m[LT + 1]; /* interior points and points with borders */
static int lo[LT + 1], hi[LT + 1]; /* this thread's planes 1..n of each level */
static double a[4] = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
static double c[4] = {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};

/* the grids: offsets in every thread's workspace (the same on every thread) */
enum { U, R, V };
static long off[3][LT + 1];
static double *work;                       /* mine, privatized */
shared [] double *shared grid_dir[THREADS];
static shared [] double **dir; /* a private copy of grid_dir */

shared double red_in[THREADS], red_out;
shared [2 * MM] double cand_val[2 * MM * THREADS];
shared [6 * MM] int cand_pos[6 * MM * THREADS];

static int plane_lo(int t, int k) { return (int)((long)t * n[k] / THREADS) + 1; }
static double *grid(int g, int k) { return work + off[g][k]; }
#define IX(k, i3, i2, i1) ((((long)(i3)) * m[k] + (i2)) * m[k] + (i1))

static double allreduce(double v, upc_op_t op)
{
  red_in[MYTHREAD] = v;
  upc_all_reduceD(&red_out, red_in, op, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  return red_out;
}

/* Planes p0..p1 (0 and n+1 are the periodic images of n and 1) of grid g at
 * level k that this thread does not own, from their owners. */
static void fetch(int g, int k, int p0, int p1)
{
  long plane = (long)m[k] * m[k];
  double *x = grid(g, k);
  for (int p = p0; p <= p1; p++) {
    if (p >= lo[k] && p <= hi[k])
      continue;
    int src = p < 1 ? p + n[k] : p > n[k] ? p - n[k] : p, t = 0;
    while (plane_lo(t + 1, k) <= src)
      t++;
    if (t == MYTHREAD)
      memcpy(x + p * plane, x + src * plane, plane * sizeof(double));
    else
      upc_memget(x + p * plane, dir[t] + off[g][k] + src * plane, plane * sizeof(double));
  }
}

/* The in-plane periodic borders of this thread's planes (comm3, axes 1, 2). */
static void comm_planes(double *u, int k)
{
  int mk = m[k];
  for (int i3 = lo[k]; i3 <= hi[k]; i3++) {
    for (int i2 = 1; i2 < mk - 1; i2++) {
      u[IX(k, i3, i2, mk - 1)] = u[IX(k, i3, i2, 1)];
      u[IX(k, i3, i2, 0)] = u[IX(k, i3, i2, mk - 2)];
    }
    for (int i1 = 0; i1 < mk; i1++) {
      u[IX(k, i3, mk - 1, i1)] = u[IX(k, i3, 1, i1)];
      u[IX(k, i3, 0, i1)] = u[IX(k, i3, mk - 2, i1)];
    }
  }
}

static void zero3(int g, int k)
{
  upc_barrier; /* nobody still fetches from it */
  memset(grid(g, k), 0, (long)m[k] * m[k] * m[k] * sizeof(double));
}

/* r = v - A u (v may be r) */
static void resid(int ug, int vg, int rg, int k)
{
  double u1[NX + 2], u2[NX + 2], *u = grid(ug, k), *v = grid(vg, k), *r = grid(rg, k);
  int mk = m[k];
  upc_barrier;
  fetch(ug, k, lo[k] - 1, hi[k] + 1);
  for (int i3 = lo[k]; i3 <= hi[k]; i3++)
    for (int i2 = 1; i2 < mk - 1; i2++) {
      for (int i1 = 0; i1 < mk; i1++) {
        u1[i1] = u[IX(k, i3, i2 - 1, i1)] + u[IX(k, i3, i2 + 1, i1)] +
                 u[IX(k, i3 - 1, i2, i1)] + u[IX(k, i3 + 1, i2, i1)];
        u2[i1] = u[IX(k, i3 - 1, i2 - 1, i1)] + u[IX(k, i3 - 1, i2 + 1, i1)] +
                 u[IX(k, i3 + 1, i2 - 1, i1)] + u[IX(k, i3 + 1, i2 + 1, i1)];
      }
      for (int i1 = 1; i1 < mk - 1; i1++)
        r[IX(k, i3, i2, i1)] = v[IX(k, i3, i2, i1)] - a[0] * u[IX(k, i3, i2, i1)] -
                               a[2] * (u2[i1] + u1[i1 - 1] + u1[i1 + 1]) -
                               a[3] * (u2[i1 - 1] + u2[i1 + 1]);
    }
  comm_planes(r, k);
}

/* the smoother: u += C r */
static void psinv(int rg, int ug, int k)
{
  double r1[NX + 2], r2[NX + 2], *r = grid(rg, k), *u = grid(ug, k);
  int mk = m[k];
  upc_barrier;
  fetch(rg, k, lo[k] - 1, hi[k] + 1);
  for (int i3 = lo[k]; i3 <= hi[k]; i3++)
    for (int i2 = 1; i2 < mk - 1; i2++) {
      for (int i1 = 0; i1 < mk; i1++) {
        r1[i1] = r[IX(k, i3, i2 - 1, i1)] + r[IX(k, i3, i2 + 1, i1)] +
                 r[IX(k, i3 - 1, i2, i1)] + r[IX(k, i3 + 1, i2, i1)];
        r2[i1] = r[IX(k, i3 - 1, i2 - 1, i1)] + r[IX(k, i3 - 1, i2 + 1, i1)] +
                 r[IX(k, i3 + 1, i2 - 1, i1)] + r[IX(k, i3 + 1, i2 + 1, i1)];
      }
      for (int i1 = 1; i1 < mk - 1; i1++)
        u[IX(k, i3, i2, i1)] = u[IX(k, i3, i2, i1)] + c[0] * r[IX(k, i3, i2, i1)] +
                               c[1] * (r[IX(k, i3, i2, i1 - 1)] + r[IX(k, i3, i2, i1 + 1)] + r1[i1]) +
                               c[2] * (r2[i1] + r1[i1 - 1] + r1[i1 + 1]);
    }
  comm_planes(u, k);
}

/* restriction of r at level k to r at level k-1 (fine grids have at least
 * 2 points a side here, so NPB's d1 = d2 = d3 = 1) */
static void rprj3(int k)
{
  int j = k - 1, mj = m[j];
  double x1[NX + 2], y1[NX + 2], x2, y2, *r = grid(R, k), *s = grid(R, j);
  upc_barrier;
  if (lo[j] <= hi[j])
    fetch(R, k, 2 * lo[j] - 1, 2 * hi[j] + 1);
  for (int j3 = lo[j]; j3 <= hi[j]; j3++) {
    int i3 = 2 * j3 - 1;
    for (int j2 = 1; j2 < mj - 1; j2++) {
      int i2 = 2 * j2 - 1;
      for (int j1 = 1; j1 < mj; j1++) {
        int i1 = 2 * j1 - 1;
        x1[i1] = r[IX(k, i3 + 1, i2, i1)] + r[IX(k, i3 + 1, i2 + 2, i1)] +
                 r[IX(k, i3, i2 + 1, i1)] + r[IX(k, i3 + 2, i2 + 1, i1)];
        y1[i1] = r[IX(k, i3, i2, i1)] + r[IX(k, i3 + 2, i2, i1)] + r[IX(k, i3, i2 + 2, i1)] +
                 r[IX(k, i3 + 2, i2 + 2, i1)];
      }
      for (int j1 = 1; j1 < mj - 1; j1++) {
        int i1 = 2 * j1 - 1;
        y2 = r[IX(k, i3, i2, i1 + 1)] + r[IX(k, i3 + 2, i2, i1 + 1)] +
             r[IX(k, i3, i2 + 2, i1 + 1)] + r[IX(k, i3 + 2, i2 + 2, i1 + 1)];
        x2 = r[IX(k, i3 + 1, i2, i1 + 1)] + r[IX(k, i3 + 1, i2 + 2, i1 + 1)] +
             r[IX(k, i3, i2 + 1, i1 + 1)] + r[IX(k, i3 + 2, i2 + 1, i1 + 1)];
        s[IX(j, j3, j2, j1)] =
            0.5 * r[IX(k, i3 + 1, i2 + 1, i1 + 1)] +
            0.25 * (r[IX(k, i3 + 1, i2 + 1, i1)] + r[IX(k, i3 + 1, i2 + 1, i1 + 2)] + x2) +
            0.125 * (x1[i1] + x1[i1 + 2] + y2) + 0.0625 * (y1[i1] + y1[i1 + 2]);
      }
    }
  }
  comm_planes(s, j);
}

/* prolongation: u at level k += the interpolation of u at level k-1; each
 * fine plane 2*i3 or 2*i3+1 is computed whole, borders included, as in
 * NPB's serial interp (so no comm3 after it) */
static void interp(int k)
{
  int j = k - 1, mm = m[j];
  double z1[NX + 2], z2[NX + 2], z3[NX + 2], *z = grid(U, j), *u = grid(U, k);
  upc_barrier;
  if (lo[k] <= hi[k])
    fetch(U, j, lo[k] / 2, hi[k] / 2 + 1);
  for (int p = lo[k]; p <= hi[k]; p++) {
    int i3 = p / 2;
    for (int i2 = 0; i2 < mm - 1; i2++) {
      for (int i1 = 0; i1 < mm; i1++) {
        z1[i1] = z[IX(j, i3, i2 + 1, i1)] + z[IX(j, i3, i2, i1)];
        z2[i1] = z[IX(j, i3 + 1, i2, i1)] + z[IX(j, i3, i2, i1)];
        z3[i1] = z[IX(j, i3 + 1, i2 + 1, i1)] + z[IX(j, i3 + 1, i2, i1)] + z1[i1];
      }
      if (p % 2 == 0) {
        for (int i1 = 0; i1 < mm - 1; i1++) {
          u[IX(k, p, 2 * i2, 2 * i1)] += z[IX(j, i3, i2, i1)];
          u[IX(k, p, 2 * i2, 2 * i1 + 1)] += 0.5 * (z[IX(j, i3, i2, i1 + 1)] + z[IX(j, i3, i2, i1)]);
        }
        for (int i1 = 0; i1 < mm - 1; i1++) {
          u[IX(k, p, 2 * i2 + 1, 2 * i1)] += 0.5 * z1[i1];
          u[IX(k, p, 2 * i2 + 1, 2 * i1 + 1)] += 0.25 * (z1[i1] + z1[i1 + 1]);
        }
      } else {
        for (int i1 = 0; i1 < mm - 1; i1++) {
          u[IX(k, p, 2 * i2, 2 * i1)] += 0.5 * z2[i1];
          u[IX(k, p, 2 * i2, 2 * i1 + 1)] += 0.25 * (z2[i1] + z2[i1 + 1]);
        }
        for (int i1 = 0; i1 < mm - 1; i1++) {
          u[IX(k, p, 2 * i2 + 1, 2 * i1)] += 0.25 * z3[i1];
          u[IX(k, p, 2 * i2 + 1, 2 * i1 + 1)] += 0.125 * (z3[i1] + z3[i1 + 1]);
        }
      }
    }
  }
}

/* the L2 norm and the largest magnitude of grid g at the finest level */
static void norm2u3(int g, double *rnm2, double *rnmu)
{
  double s = 0.0, mx = 0.0, *r = grid(g, LT);
  int mk = m[LT];
  for (int i3 = lo[LT]; i3 <= hi[LT]; i3++)
    for (int i2 = 1; i2 < mk - 1; i2++)
      for (int i1 = 1; i1 < mk - 1; i1++) {
        double v = r[IX(LT, i3, i2, i1)];
        s += v * v;
        if (fabs(v) > mx)
          mx = fabs(v);
      }
  *rnm2 = sqrt(allreduce(s, UPC_ADD) / ((double)NX * NX * NX));
  *rnmu = allreduce(mx, UPC_MAX);
}

/* NPB's bubble: keeps ten[0..MM-1] ordered with the worst candidate first */
static void bubble(double ten[], int pos[][3], int largest)
{
  for (int i = 0; i < MM - 1; i++) {
    if (largest ? ten[i] > ten[i + 1] : ten[i] < ten[i + 1]) {
      double t = ten[i];
      ten[i] = ten[i + 1];
      ten[i + 1] = t;
      for (int d = 0; d < 3; d++) {
        int p = pos[i][d];
        pos[i][d] = pos[i + 1][d];
        pos[i + 1][d] = p;
      }
    } else
      return;
  }
}

/* v = 0 except +1 at the MM largest and -1 at the MM smallest of NPB's
 * random numbers over the finest grid */
static void zran3(void)
{
  const double A = NPB_MULT;
  int k = LT, mk = m[k];
  double *z = grid(V, k), a1 = npb_power(A, NX), a2 = npb_power(A, (long)NX * NX);
  double x0 = NPB_SEED, ten[2][MM];
  int pos[2][MM][3];

  zero3(V, k);
  for (int i3 = 1; i3 < lo[k]; i3++) /* the stream up to my first plane */
    randlc(&x0, a2);
  for (int i3 = lo[k]; i3 <= hi[k]; i3++) {
    double x1 = x0;
    for (int i2 = 1; i2 <= NX; i2++) {
      double xx = x1;
      vranlc(NX, &xx, A, &z[IX(k, i3, i2, 1)]);
      randlc(&x1, a1);
    }
    randlc(&x0, a2);
  }

  /* my candidates; ten[1] the largest (worst first), ten[0] the smallest */
  for (int i = 0; i < MM; i++) {
    ten[1][i] = -1.0; /* below any random number: never chosen */
    ten[0][i] = 2.0;
    for (int d = 0; d < 3; d++)
      pos[0][i][d] = pos[1][i][d] = 0;
  }
  for (int i3 = lo[k]; i3 <= hi[k]; i3++)
    for (int i2 = 1; i2 < mk - 1; i2++)
      for (int i1 = 1; i1 < mk - 1; i1++) {
        double v = z[IX(k, i3, i2, i1)];
        for (int big = 0; big < 2; big++)
          if (big ? v > ten[1][0] : v < ten[0][0]) {
            ten[big][0] = v;
            pos[big][0][0] = i1, pos[big][0][1] = i2, pos[big][0][2] = i3;
            bubble(ten[big], pos[big], big);
          }
      }
  for (int big = 0; big < 2; big++)
    for (int i = 0; i < MM; i++) {
      cand_val[2 * MM * MYTHREAD + big * MM + i] = ten[big][i];
      for (int d = 0; d < 3; d++)
        cand_pos[6 * MM * MYTHREAD + (big * MM + i) * 3 + d] = pos[big][i][d];
    }
  upc_barrier;

  /* the globally best MM of each kind, from everyone's candidates */
  for (int i = 0; i < MM; i++)
    ten[1][i] = -1.0, ten[0][i] = 2.0;
  for (int t = 0; t < THREADS; t++)
    for (int big = 0; big < 2; big++)
      for (int i = 0; i < MM; i++) {
        double v = cand_val[2 * MM * t + big * MM + i];
        if (big ? v > ten[1][0] : v < ten[0][0]) {
          ten[big][0] = v;
          for (int d = 0; d < 3; d++)
            pos[big][0][d] = cand_pos[6 * MM * t + (big * MM + i) * 3 + d];
          bubble(ten[big], pos[big], big);
        }
      }
  memset(z, 0, (long)mk * mk * mk * sizeof(double));
  for (int big = 0; big < 2; big++)
    for (int i = 0; i < MM; i++) {
      int i3 = pos[big][i][2];
      if (i3 >= lo[k] && i3 <= hi[k])
        z[IX(k, i3, pos[big][i][1], pos[big][i][0])] = big ? 1.0 : -1.0;
    }
  comm_planes(z, k);
}

static void mg3P(void)
{
  for (int k = LT; k >= 2; k--)
    rprj3(k);
  zero3(U, 1);
  psinv(R, U, 1);
  for (int k = 2; k <= LT - 1; k++) {
    zero3(U, k);
    interp(k);
    resid(U, R, R, k);
    psinv(R, U, k);
  }
  interp(LT);
  resid(U, V, R, LT);
  psinv(R, U, LT);
}

int main(void)
{
  long total = 0;
  n[LT] = NX;
  for (int k = LT - 1; k >= 1; k--)
    n[k] = n[k + 1] / 2;
  for (int k = 1; k <= LT; k++) {
    m[k] = n[k] + 2;
    lo[k] = plane_lo(MYTHREAD, k);
    hi[k] = plane_lo(MYTHREAD + 1, k) - 1;
    for (int g = U; g <= R; g++) {
      off[g][k] = total;
      total += (long)m[k] * m[k] * m[k];
    }
  }
  off[V][LT] = total;
  total += (long)m[LT] * m[LT] * m[LT];

  /* GWU style: one workspace with affinity to this thread, a shared
   * directory of them, and a private copy of the directory */
  grid_dir[MYTHREAD] = (shared [] double *)upc_local_alloc(total, sizeof(double));
  upc_barrier;
  dir = malloc(THREADS * sizeof *dir);
  for (int t = 0; t < THREADS; t++)
    dir[t] = grid_dir[t];
  work = (double *)dir[MYTHREAD];
  if (MYTHREAD == 0) {
    printf("\n\n NAS Parallel Benchmarks (upcc, after the GWU NPB 2.4 UPC port) - MG Benchmark\n\n");
    printf(" Size: %3dx%3dx%3d  (class %c)\n", NX, NX, NX, NPB_CLASS);
    printf(" Iterations: %3d\n", NIT);
    printf(" Number of active threads: %5d\n", THREADS);
  }

  double rnm2, rnmu;
  zero3(U, LT);
  zran3();
  resid(U, V, R, LT);
  norm2u3(R, &rnm2, &rnmu);
  mg3P(); /* one untimed iteration to touch everything */
  resid(U, V, R, LT);

  zero3(U, LT);
  zran3();
  upc_barrier;
  double t0 = npb_wtime();
  resid(U, V, R, LT);
  norm2u3(R, &rnm2, &rnmu);
  for (int it = 1; it <= NIT; it++) {
    mg3P();
    resid(U, V, R, LT);
  }
  norm2u3(R, &rnm2, &rnmu);
  double t = npb_wtime() - t0;

  double err = fabs(rnm2 - VERIFY_VALUE) / VERIFY_VALUE;
  int verified = err <= 1.0e-8;
  if (MYTHREAD == 0)
    printf("\n L2 Norm is  %20.13e\n Error is    %20.13e\n", rnm2, err);
  double mops = 58.0 * NIT * (double)NX * NX * NX * 1.0e-6 / t;
  int rc = npb_report("MG", NPB_CLASS, SIZE, NIT, t, mops, "floating point", verified);
  upc_barrier;
  return MYTHREAD == 0 ? rc : 0;
}
