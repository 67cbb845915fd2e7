/* updates.upc — end-to-end test of remote-update conversion (pass 3) and of
 * the runtime's update path: every operator and element type, concurrent
 * updates from all threads (atomicity), one thread's program order (update
 * then read or write), more than one batch of updates to one thread, strict
 * targets, updates whose value is used, updates through pointers-to-shared
 * and upc_all_alloc'd memory.  Private-pointer aliasing is in
 * updates_alias.upc (its casts would keep this file's updates unconverted).
 * Lines marked RU must be converted by the default build, NORU must not
 * (checked by remarks.sh). */
#include "e2e.h"
#include <upc_nb.h>
#include <stdint.h>

/* Built with -DE2E_ATOMIC=1 when pass 3 is on: the marked updates are then
 * atomic and all threads run them at once. */
#ifndef E2E_ATOMIC
#define E2E_ATOMIC 0
#endif

int alias_tests(void); /* updates_alias.upc */

/* ---- (a) concurrent updates, every operator and type ------------------- */

#define NKIND_ALL 19 /* kinds of update for integers (elements per thread) */
#define NKIND_FLT 11 /* the ones defined on floating types */

#define COMMON_CASES(X, k, v, T)                                               \
  case 0: X[k] += v; break;                                                    \
  case 1: X[k] -= v; break;                                                    \
  case 2: X[k] = X[k] + v; break;                                              \
  case 3: X[k] = v + X[k]; break;                                              \
  case 4: X[k] *= (T)2; break;                                                 \
  case 5: X[k] = X[k] * (T)2; break;                                           \
  case 6: X[k]++; break;                                                       \
  case 7: ++X[k]; break;                                                       \
  case 8: X[k]--; break;                                                       \
  case 9: X[k] = (T)2 * X[k]; break;                                           \
  case 10: X[k] = X[k] - v; break;
#define INT_CASES(X, k, v, t, T)                                               \
  case 11: X[k] ^= (T)(1 << t); break;                                         \
  case 12: X[k] |= (T)(1 << (t + 3)); break;                                   \
  case 13: X[k] &= (T)~(1 << (t % 3)); break;                                  \
  case 14: X[k] = X[k] ^ (T)(3 << t); break;                                   \
  case 15: X[k] = (T)(5 << t) | X[k]; break;                                   \
  case 16: X[k] = X[k] & (T)~(4 << t); break;                                  \
  case 17: X[k] = v < X[k] ? v : X[k]; break;                                  \
  case 18: X[k] = X[k] > v ? X[k] : v; break;

typedef signed char schar;
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef long long llong;
typedef unsigned long long ullong;

#define UT char
#define UN char
#define UINT 1
#include "updates_type.h"
#define UT schar
#define UN schar
#define UINT 1
#include "updates_type.h"
#define UT uchar
#define UN uchar
#define UINT 1
#include "updates_type.h"
#define UT short
#define UN short
#define UINT 1
#include "updates_type.h"
#define UT ushort
#define UN ushort
#define UINT 1
#include "updates_type.h"
#define UT int
#define UN int
#define UINT 1
#include "updates_type.h"
#define UT uint
#define UN uint
#define UINT 1
#include "updates_type.h"
#define UT long
#define UN long
#define UINT 1
#include "updates_type.h"
#define UT ulong
#define UN ulong
#define UINT 1
#include "updates_type.h"
#define UT llong
#define UN llong
#define UINT 1
#include "updates_type.h"
#define UT ullong
#define UN ullong
#define UINT 1
#include "updates_type.h"
#define UT int64_t
#define UN int64
#define UINT 1
#include "updates_type.h"
#define UT uint64_t
#define UN uint64
#define UINT 1
#include "updates_type.h"
#define UT float
#define UN float
#define UINT 0
#include "updates_type.h"
#define UT double
#define UN double
#define UINT 0
#include "updates_type.h"
typedef long double ldouble;
#define UT ldouble
#define UN ldouble
#define UINT 0
#include "updates_type.h"

static void concurrent_tests(void) {
  conc_char(); conc_schar(); conc_uchar(); conc_short(); conc_ushort();
  conc_int(); conc_uint(); conc_long(); conc_ulong(); conc_llong(); conc_ullong();
  conc_int64(); conc_uint64(); conc_float(); conc_double(); conc_ldouble();
}

/* ---- (b) one thread's program order, no barrier in between -------------- */

/* Element r of the next thread's share, reserved for this thread (no other
 * thread touches it): remote for THREADS > 1, this thread's own at 1. */
static long next_elem(int t, int r) { return (long)r * THREADS + (t + 1) % THREADS; }

shared int OI[8 * THREADS];
shared double OD[8 * THREADS];
shared char OC[8 * THREADS];
shared ullong OU[8 * THREADS];
shared float OF[8 * THREADS];
shared short OS[8 * THREADS];
shared [8] char OBC[8 * THREADS]; /* one block per thread: neighbours share a word */

static void order_run(void) {
  const int t = MYTHREAD;
  long j;
  int y;

  j = next_elem(t, 0);
  OI[j] = 10;
  OI[j] += 5; /* RU */
  CHECK_EQ(OI[j], 15, "read after += (elem %ld)", j);
  OI[j] += 1; /* RU */
  OI[j] = 7;
  CHECK_EQ(OI[j], 7, "write after +=, then read (elem %ld)", j);
  OI[j] *= 3; /* RU */
  OI[j]++; /* RU */
  y = OI[j];
  CHECK_EQ(y, 22, "*= then ++ then read (elem %ld)", j);
  OI[j] = OI[j] - 30; /* RU */
  OI[j] ^= 0xff; /* RU */
  CHECK_EQ(OI[j], (-8) ^ 0xff, "- then ^= then read (elem %ld)", j);

  j = next_elem(t, 1);
  OD[j] = 1.5;
  OD[j] *= 3.0; /* RU */
  OD[j] += 1.0; /* RU */
  CHECK_DEQ(OD[j], 1.5 * 3.0 + 1.0, "double *= then += (elem %ld)", j);
  OD[j] -= 0.5; /* RU */
  OD[j] = OD[j] * 2.0; /* RU */
  CHECK_DEQ(OD[j], 10.0, "double -= then x = x * v (elem %ld)", j);
  OD[j] = OD[j] < 4.0 ? OD[j] : 4.0; /* NORU */
  CHECK_DEQ(OD[j], 4.0, "double min idiom (elem %ld)", j);

  j = next_elem(t, 2);
  OC[j] = 'a';
  OC[j] += 2; /* RU */
  OC[j] ^= 0x20; /* RU */
  CHECK_EQ(OC[j], 'C', "char += then ^= (elem %ld)", j);
  OU[j] = ~0ULL;
  OU[j] += 2; /* RU */
  OU[j] |= 1ULL << 63; /* RU */
  CHECK_EQ(OU[j], (long long)((1ULL << 63) | 1ULL), "ullong wrap then |= (elem %ld)", j);
  OF[j] = 0.25f;
  OF[j] += 0.5f; /* RU */
  OF[j] *= 4.0f; /* RU */
  CHECK_DEQ(OF[j], 3.0, "float += then *= (elem %ld)", j);
  OS[j] = 1000;
  OS[j]--; /* RU */
  --OS[j]; /* RU */
  OS[j] = 3 * OS[j]; /* RU */
  CHECK_EQ(OS[j], 2994, "short --, --, x = 3 * x (elem %ld)", j);

  /* An update, then bulk copies of the same element. */
  j = next_elem(t, 3);
  OI[j] = 100;
  OI[j] += 11; /* RU */
  int buf = -1;
  upc_memget(&buf, &OI[j], sizeof buf);
  CHECK_EQ(buf, 111, "upc_memget after += (elem %ld)", j);
  OI[j] += 1; /* RU */
  int src = 40;
  upc_memput(&OI[j], &src, sizeof src);
  OI[j] += 2; /* RU */
  CHECK_EQ(OI[j], 42, "+=, upc_memput, += (elem %ld)", j);

  /* An update, then a read through a pointer-to-shared to it. */
  j = next_elem(t, 4);
  shared int *q = &OI[j];
  OI[j] = 5;
  OI[j] += 6; /* RU */
  CHECK_EQ(*q, 11, "read through a pointer-to-shared after += (elem %ld)", j);
  *q += 1; /* RU */
  CHECK_EQ(OI[j], 12, "read after *q += 1 (elem %ld)", j);

  /* An update, a fence, a read. */
  j = next_elem(t, 5);
  OI[j] = 0;
  for (int r = 0; r < 10; r++) OI[j] += r; /* RU */
  upc_fence;
  CHECK_EQ(OI[j], 45, "10 updates, fence, read (elem %ld)", j);

  /* Neighbouring bytes of one word: an update of one, a write of the next. */
  long b = (long)((t + 1) % THREADS) * 8;
  for (int r = 0; r < 8; r++) OBC[b + r] = (char)r;
  OBC[b + 2] += 10; /* RU */
  OBC[b + 3] = 'x';
  OBC[b + 4] += 20; /* RU */
  OBC[b + 1] = 'y';
  for (int r = 0; r < 8; r++) {
    char want = r == 1 ? 'y' : r == 2 ? 12 : r == 3 ? 'x' : r == 4 ? 24 : (char)r;
    CHECK_EQ(OBC[b + r], want, "byte %d of a block after updates and writes of neighbours", r);
  }

  /* This thread's own element. */
  j = (long)6 * THREADS + t;
  OI[j] = 1;
  OI[j] += 2; /* RU */
  CHECK_EQ(OI[j], 3, "own element: += then read (elem %ld)", j);
  OI[j] *= 5; /* RU */
  OI[j] = OI[j] + 1; /* RU */
  CHECK_EQ(OI[j], 16, "own element: *=, + then read (elem %ld)", j);
}

/* After a barrier, every thread checks what every thread left. */
static void order_check_all(void) {
  for (int t = 0; t < THREADS; t++) {
    CHECK_EQ(OI[next_elem(t, 0)], (-8) ^ 0xff, "final OI of thread %d", t);
    CHECK_DEQ(OD[next_elem(t, 1)], 4.0, "final OD of thread %d", t);
    CHECK_EQ(OC[next_elem(t, 2)], 'C', "final OC of thread %d", t);
    CHECK_EQ(OU[next_elem(t, 2)], (long long)((1ULL << 63) | 1ULL), "final OU of thread %d", t);
    CHECK_DEQ(OF[next_elem(t, 2)], 3.0, "final OF of thread %d", t);
    CHECK_EQ(OS[next_elem(t, 2)], 2994, "final OS of thread %d", t);
    CHECK_EQ(OI[next_elem(t, 3)], 42, "final OI[3] of thread %d", t);
    CHECK_EQ(OI[next_elem(t, 4)], 12, "final OI[4] of thread %d", t);
    CHECK_EQ(OI[next_elem(t, 5)], 45, "final OI[5] of thread %d", t);
    CHECK_EQ(OI[6 * THREADS + t], 16, "final own OI of thread %d", t);
  }
}

/* ---- (c) more than one batch (256) of updates to one thread ------------- */

#define NB 300
shared int GI[NB * THREADS];
shared double GD[NB * THREADS];
shared llong GL[NB * THREADS];
shared float GF[NB * THREADS];
shared int GH[THREADS];
shared [NB] double GB[NB * THREADS]; /* thread u's block: [u*NB, (u+1)*NB) */

/* Updates per loop: more than one batch when they are converted; the naive
 * read-modify-writes cost a round trip each through MPI RMA (milliseconds
 * with 4 threads on 2 cores), and a few show their program order as well. */
static int nrun;

/* The values thread t leaves in element r of the next thread's share. */
static int gi_want(int t, int r) {
  (void)t;
  int x = r;           /* written by the owner */
  if (r < nrun) {
    x += r + 1;        /* pass 1 */
    x += 1;            /* pass 2 */
    x *= 2;            /* interleaved pass */
  }
  return x;
}
static double gd_want(int t, int r) {
  double x = r < 10 ? (double)(t + r) : 0.5 * r;
  if (r < 10)
    for (int i = 0; i < nrun / 10; i++) x = x * 3.0 + 1.0;
  return x;
}
static llong gl_want(int t, int r) {
  if (r >= nrun) return 0;
  llong x = (llong)t << 40;
  x ^= (llong)r << 20;
  x += 1;
  return x;
}
static double gf_want(int r) { return r < nrun ? 1.5 : 0.0; }
static double gb_want(int t, int r) {
  double x = 1000.0 * t;
  if (r < nrun) x += r;
  /* the second pass subtracts 1 from element (q * 7) % NB for q < nrun:
   * q = r * 43 % NB (7 * 43 = 301) */
  if (r * 43 % NB < nrun) x -= 1.0;
  return x;
}

static void batch_init(void) {
  nrun = E2E_ATOMIC ? NB : 20;
  /* Each thread initialises its own elements. */
  for (int r = 0; r < NB; r++) {
    long e = (long)r * THREADS + MYTHREAD;
    int t = (MYTHREAD + THREADS - 1) % THREADS; /* the thread that updates e */
    GI[e] = r;
    GD[e] = r < 10 ? (double)(t + r) : 0.5 * r;
    GF[e] = 0.0f;
    GB[(long)MYTHREAD * NB + r] = 1000.0 * t;
  }
  GH[MYTHREAD] = 0;
  upc_barrier;
}

static void batch_run(void) {
  const int t = MYTHREAD, u = (t + 1) % THREADS;
  /* The updating thread writes GL itself: its writes precede its updates. */
  for (int r = 0; r < nrun; r++) GL[next_elem(t, r)] = (llong)t << 40;
  for (int r = 0; r < nrun; r++) GI[next_elem(t, r)] += r + 1; /* RU */
  for (int r = 0; r < nrun; r++) GI[next_elem(t, r)] += 1; /* RU */
  /* One element nrun times in a row. */
  for (int r = 0; r < nrun; r++) GH[u]++; /* RU */
  /* x = 3x + 1 on 10 elements, nrun / 10 times each: order matters. */
  for (int r = 0; r < nrun; r++) {
    long e = next_elem(t, r % 10);
    GD[e] *= 3.0; /* RU */
    GD[e] += 1.0; /* RU */
  }
  /* Type and operation change at every update. */
  for (int r = 0; r < nrun; r++) {
    long e = next_elem(t, r);
    GL[e] ^= (llong)r << 20; /* RU */
    GF[e] += 1.5f; /* RU */
    GI[e] *= 2; /* RU */
    GL[e] += 1; /* RU */
  }
  /* A blocked array: one contiguous block, then again in a scattered order. */
  for (int r = 0; r < nrun; r++) GB[(long)u * NB + r] += (double)r; /* RU */
  for (int r = 0; r < nrun; r++) GB[(long)u * NB + (r * 7) % NB] -= 1.0; /* RU */

  /* Read back without a barrier (program order): a few elements one by one
   * (the first read completes what is pending), then all of them in bulk. */
  static const int sample[] = {NB - 1, 0, 1, 255, 256, 257, NB / 2};
  for (unsigned i = 0; i < sizeof sample / sizeof *sample; i++) {
    int r = sample[i];
    long e = next_elem(t, r);
    CHECK_EQ(GI[e], gi_want(t, r), "GI[%ld] read back by its updater", e);
    CHECK_DEQ(GD[e], gd_want(t, r), "GD[%ld] read back by its updater", e);
    CHECK_EQ(GL[e], gl_want(t, r), "GL[%ld] read back by its updater", e);
    CHECK_DEQ(GF[e], gf_want(r), "GF[%ld] read back by its updater", e);
    CHECK_DEQ(GB[(long)u * NB + r], gb_want(t, r), "GB[%ld] read back by its updater", (long)u * NB + r);
  }
  CHECK_EQ(GH[u], nrun, "GH[%d] after %d increments", u, nrun);
}

/* Every thread checks what every thread left, reading in bulk. */
static void batch_check_all(void) {
  const long n = (long)NB * THREADS;
  int *gi = malloc(n * sizeof *gi), *gh = malloc(THREADS * sizeof *gh);
  double *gd = malloc(n * sizeof *gd), *gb = malloc(n * sizeof *gb);
  llong *gl = malloc(n * sizeof *gl);
  float *gf = malloc(n * sizeof *gf);
  E2E_GATHER(int, gi, GI, n, 1);
  E2E_GATHER(double, gd, GD, n, 1);
  E2E_GATHER(llong, gl, GL, n, 1);
  E2E_GATHER(float, gf, GF, n, 1);
  E2E_GATHER(double, gb, GB, n, NB);
  E2E_GATHER(int, gh, GH, THREADS, 1);
  for (int t = 0; t < THREADS; t++) {
    int u = (t + 1) % THREADS;
    for (int r = 0; r < NB; r++) {
      long e = next_elem(t, r);
      CHECK_EQ(gi[e], gi_want(t, r), "final GI[%ld]", e);
      CHECK_DEQ(gd[e], gd_want(t, r), "final GD[%ld]", e);
      CHECK_EQ(gl[e], gl_want(t, r), "final GL[%ld]", e);
      CHECK_DEQ(gf[e], gf_want(r), "final GF[%ld]", e);
      CHECK_DEQ(gb[(long)u * NB + r], gb_want(t, r), "final GB[%ld]", (long)u * NB + r);
    }
    CHECK_EQ(gh[u], nrun, "final GH[%d]", u);
  }
  free(gi), free(gh), free(gd), free(gb), free(gl), free(gf);
}

/* ---- (e) strict targets: never converted, still right ------------------- */

strict shared int SI[2 * THREADS];
strict shared double SD[THREADS];
shared int PR[THREADS]; /* relaxed, but updated under #pragma upc strict */

static void strict_tests(void) {
  if (MYTHREAD == 0) {
    for (int k = 0; k < 2 * THREADS; k++) SI[k] = k;
    for (int k = 0; k < THREADS; k++) SD[k] = 1.0, PR[k] = 0;
  }
  upc_barrier;
  /* Not atomic: the threads take turns. */
  for (int turn = 0; turn < THREADS; turn++) {
    if (turn == MYTHREAD) {
      for (int k = 0; k < 2 * THREADS; k++) SI[k] += MYTHREAD + 1; /* NORU */
      for (int k = 0; k < THREADS; k++) SD[k] *= 2.0; /* NORU */
      for (int k = 0; k < THREADS; k++) {
#pragma upc strict
        PR[k] += 3; /* NORU */
      }
      /* program order with strict accesses: update, read */
      int j = (MYTHREAD + 1) % THREADS;
      int before = SI[j];
      SI[j]++; /* NORU */
      CHECK_EQ(SI[j], before + 1, "strict ++ then read (elem %d)", j);
      SI[j]--; /* NORU */
    }
    upc_barrier;
  }
  for (int k = 0; k < 2 * THREADS; k++)
    CHECK_EQ(SI[k], k + THREADS * (THREADS + 1) / 2, "strict SI[%d]", k);
  for (int k = 0; k < THREADS; k++) {
    double w = 1.0;
    for (int t = 0; t < THREADS; t++) w *= 2.0;
    CHECK_DEQ(SD[k], w, "strict SD[%d]", k);
    CHECK_EQ(PR[k], 3 * THREADS, "PR[%d] updated under #pragma upc strict", k);
  }
  upc_barrier;
}

/* ---- (f) updates whose value is used: never converted, still right ------ */

shared int VI[4 * THREADS];
shared double VD[4 * THREADS];

static void used_tests(void) {
  const int t = MYTHREAD;
  long j = next_elem(t, 0), k = next_elem(t, 1);
  VI[j] = 1;
  VD[k] = 0.5;
  upc_fence;
  int y = (VI[j] += 1); /* NORU */
  CHECK_EQ(y, 2, "value of (VI[j] += 1)");
  y = VI[j]++; /* NORU */
  CHECK_EQ(y, 2, "value of VI[j]++");
  y = ++VI[j]; /* NORU */
  CHECK_EQ(y, 4, "value of ++VI[j]");
  y = VI[j]--; /* NORU */
  CHECK_EQ(y, 4, "value of VI[j]--");
  if (VI[j]++ == 3) y = 100; /* NORU */
  CHECK_EQ(y, 100, "VI[j]++ in a condition");
  double d = (VD[k] *= 4.0); /* NORU */
  CHECK_DEQ(d, 2.0, "value of (VD[k] *= 4.0)");
  d = VD[k] = VD[k] + 1.0; /* NORU */
  CHECK_DEQ(d, 3.0, "value of VD[k] = VD[k] + 1.0");
  /* a comma's left operand is unused: converted, then the read must see it */
  y = (VI[j] += 10, VI[j]); /* RU */
  CHECK_EQ(y, 14, "(VI[j] += 10, VI[j])");
  CHECK_EQ(VI[j], 14, "VI[j] after the value-used updates");
  CHECK_DEQ(VD[k], 3.0, "VD[k] after the value-used updates");
  upc_barrier;
  for (int s = 0; s < THREADS; s++) {
    CHECK_EQ(VI[next_elem(s, 0)], 14, "final VI of thread %d", s);
    CHECK_DEQ(VD[next_elem(s, 1)], 3.0, "final VD of thread %d", s);
  }
  upc_barrier;
}

/* ---- (g) through pointers-to-shared and upc_all_alloc'd memory ---------- */

shared int PA[4 * THREADS];

static void pointer_tests(void) {
  const int t = MYTHREAD;
  const long M = 6L * THREADS;
  /* THREADS blocks of 6 ints through a cyclic pointer: element k is int
   * k / THREADS of thread k % THREADS.  The XORs touch bits 8-11 only and
   * the sums stay below 256, so the combined result is order-independent. */
  shared int *AA = (shared int *)upc_all_alloc(THREADS, 6 * sizeof(int));
  shared [5] double *BB = (shared [5] double *)upc_all_alloc(THREADS, 5 * sizeof(double));
  shared [] long *CC = (shared [] long *)upc_all_alloc(1, 16 * sizeof(long)); /* all on thread 0 */
  upc_forall (long k = 0; k < M; k++; &AA[k]) AA[k] = (int)k;
  upc_forall (long k = 0; k < 5L * THREADS; k++; &BB[k]) BB[k] = 0.0;
  if (MYTHREAD == 0)
    for (int k = 0; k < 16; k++) CC[k] = 0;
  long j = next_elem(t, 0);
  PA[j] = 1;
  upc_barrier;

  /* One thread's pointer to an element of the next thread. */
  shared int *p = &PA[j];
  *p += 2; /* RU */
  p[THREADS] = 0; /* the next element of the same thread */
  p[THREADS] -= 5; /* RU */
  (*p)++; /* RU */
  CHECK_EQ(PA[j], 4, "*p += 2, (*p)++ (elem %ld)", j);
  CHECK_EQ(PA[j + THREADS], -5, "p[THREADS] -= 5 (elem %ld)", j + THREADS);

  /* Every thread updates every element of the allocated arrays when the
   * updates are atomic, else element k only thread (k + 1) % THREADS. */
#define UPDATER(k, s) (E2E_ATOMIC || (int)(((k) + 1) % THREADS) == (s))
  for (long k = 0; k < M; k++)
    if (UPDATER(k, t)) AA[k] ^= 1 << (t + 8); /* RU */
  for (long k = 0; k < M; k++)
    if (UPDATER(k, t)) AA[k] += t; /* RU */
  for (long k = 5L * THREADS - 1; k >= 0; k--)
    if (UPDATER(k, t)) BB[k] += (double)(t + 1) * (k + 1); /* RU */
  for (int k = 0; k < 16; k++)
    if (UPDATER(k, t)) CC[k] += (long)k << (8 * t); /* RU */
  if (UPDATER(2, t)) {
    shared [5] double *bp = BB + 2;
    *bp *= 1.0; /* RU */
  }
  upc_barrier;
  int *aa = malloc(M * sizeof *aa);
  double *bb = malloc(5 * THREADS * sizeof *bb);
  E2E_GATHER(int, aa, AA, M, 1);
  E2E_GATHER(double, bb, BB, 5L * THREADS, 5);
  for (long k = 0; k < M; k++) {
    int w = (int)k;
    for (int s = 0; s < THREADS; s++)
      if (UPDATER(k, s)) w = (w ^ (1 << (s + 8))) + s;
    CHECK_EQ(aa[k], w, "upc_all_alloc'd cyclic AA[%ld]", k);
  }
  for (long k = 0; k < 5L * THREADS; k++) {
    double w = 0.0;
    for (int s = 0; s < THREADS; s++)
      if (UPDATER(k, s)) w += (double)(s + 1) * (k + 1);
    CHECK_DEQ(bb[k], w, "upc_all_alloc'd blocked BB[%ld]", k);
  }
  long cc[16];
  upc_memget(cc, CC, sizeof cc);
  for (int k = 0; k < 16; k++) {
    long w = 0;
    for (int s = 0; s < THREADS; s++)
      if (UPDATER(k, s)) w += (long)k << (8 * s);
    CHECK_EQ(cc[k], w, "upc_all_alloc'd indefinite CC[%d]", k);
  }
  free(aa);
  free(bb);
  for (int s = 0; s < THREADS; s++) CHECK_EQ(PA[next_elem(s, 0)], 4, "final PA of thread %d", s);
  upc_barrier;
  if (MYTHREAD == 0) {
    upc_free(AA);
    upc_free(BB);
    upc_free(CC);
  }
}


/* ---- (h) operand conversions, side effects, operators without a form ---- */

shared char XC[2 * THREADS];
shared ushort XUS[2 * THREADS];
shared uint XUI[2 * THREADS];
shared llong XLL[2 * THREADS];
shared uint64_t XU64[2 * THREADS];
shared float XF[2 * THREADS];
shared double XD[2 * THREADS];
shared int XI[8 * THREADS];

static int side_calls;
static int side(int v) {
  side_calls++;
  return v;
}

static void conversion_tests(void) {
  const int t = MYTHREAD;
  long j = next_elem(t, 0), k = next_elem(t, 1);
  /* the same operations on private copies: the reference */
  char c = 100;
  ushort us = 5;
  uint ui = 7;
  llong ll = 1;
  uint64_t u64 = 3;
  float f = 0.5f;
  double d = 2.0;
  XC[j] = c, XUS[j] = us, XUI[j] = ui, XLL[j] = ll, XU64[j] = u64, XF[j] = f, XD[j] = d;
  XC[j] += 300; /* RU */
  c += 300;
  XC[j] ^= 0x1ff; /* RU */
  c ^= 0x1ff;
  XUS[j] -= 70000; /* RU */
  us -= 70000;
  XUI[j] *= -1; /* RU */
  ui *= -1;
  XUI[j] = XUI[j] + 0xfffffff0u; /* RU */
  ui = ui + 0xfffffff0u;
  XLL[j] += 1u << 31; /* RU */
  ll += 1u << 31;
  XLL[j] -= (llong)1 << 40; /* RU */
  ll -= (llong)1 << 40;
  XU64[j] += -1; /* RU */
  u64 += -1;
  XU64[j] *= 0x100000001ULL; /* RU */
  u64 *= 0x100000001ULL;
  XF[j] += 1; /* RU */
  f += 1;
  XF[j] *= 3; /* RU */
  f *= 3;
  XF[j] += 1.5; /* NORU */
  f += 1.5;
  XD[j] += 1; /* RU */
  d += 1;
  XD[j] -= 10u; /* RU */
  d -= 10u;
  XD[j] = 2 * XD[j]; /* RU */
  d = 2 * d;
  CHECK_EQ(XC[j], c, "char += 300, ^= 0x1ff");
  CHECK_EQ(XUS[j], us, "ushort -= 70000");
  CHECK_EQ(XUI[j], ui, "uint *= -1, + 0xfffffff0u");
  CHECK_EQ(XLL[j], ll, "llong += 1u << 31, -= 1 << 40");
  CHECK_EQ(XU64[j], u64, "uint64 += -1, *= 0x100000001");
  CHECK_DEQ(XF[j], f, "float += 1, *= 3, += 1.5");
  CHECK_DEQ(XD[j], d, "double += 1, -= 10u, 2 * x");

  /* Side effects in the target or the operand happen once. */
  long base = k, idx = k;
  XI[base] = 1;
  XI[base + THREADS] = 2;
  XI[idx] += 5; /* RU */
  XI[(idx += THREADS) - THREADS] += 1; /* RU */
  CHECK_EQ(idx, base + THREADS, "index side effect in XI[(idx += THREADS) - THREADS] += 1");
  XI[idx]++; /* RU */
  side_calls = 0;
  XI[base] += side(10); /* RU */
  XI[base] = XI[base] * side(2); /* RU */
  XI[idx] = side(3) + XI[idx]; /* RU */
  CHECK_EQ(side_calls, 3, "operand side effects");
  CHECK_EQ(XI[base], (1 + 5 + 1 + 10) * 2, "XI[base] after updates with side effects");
  CHECK_EQ(XI[base + THREADS], 2 + 1 + 3, "XI[base + THREADS] after updates with side effects");

  /* Operators without an update form: kept, still right. */
  long m = next_elem(t, 4);
  XI[m] = 100;
  XI[m] <<= 2; /* NORU */
  XI[m] /= 3; /* NORU */
  XI[m] %= 70; /* NORU */
  XI[m] >>= 1; /* NORU */
  XI[m] = XI[m] - 1; /* RU */
  CHECK_EQ(XI[m], ((100 << 2) / 3 % 70 >> 1) - 1, "<<=, /=, %%=, >>=, then - 1");
  upc_barrier;
  CHECK_EQ(XI[next_elem((t + THREADS - 1) % THREADS, 0)], 0, "XI untouched element");
  upc_barrier;
}

/* ---- (i) struct members and 2-D arrays ---------------------------------- */

struct rec {
  char tag;
  short s;
  int i;
  double d;
  llong l;
};
shared struct rec SR[2 * THREADS];
shared [2] int M2[5][2 * THREADS];

static void member_tests(void) {
  const int t = MYTHREAD;
  if (t == 0) {
    for (int k = 0; k < 2 * THREADS; k++) {
      SR[k].tag = 'a';
      SR[k].s = 0;
      SR[k].i = 0;
      SR[k].d = 0.0;
      SR[k].l = 0;
    }
    for (int r = 0; r < 5; r++)
      for (int c = 0; c < 2 * THREADS; c++) M2[r][c] = r;
  }
  upc_barrier;
  /* Members of every element, concurrently when atomic; a neighbouring
   * member is written plainly by its owner meanwhile. */
  for (int k = 0; k < 2 * THREADS; k++) {
    if (!E2E_ATOMIC && (k + 1) % THREADS != t) continue;
    SR[k].s += (short)(t + 1); /* RU */
    SR[k].i ^= 1 << t; /* RU */
    SR[k].d += 0.25 * (t + 1); /* RU */
    SR[k].l -= (llong)(t + 1) << 33; /* RU */
  }
  for (int k = t; k < 2 * THREADS; k += THREADS) SR[k].tag = (char)('A' + k);
  for (int r = 0; r < 5; r++)
    for (int c = 0; c < 2 * THREADS; c++)
      if (E2E_ATOMIC || c % THREADS == t) M2[r][c] += 10 * c + t; /* RU */
  upc_barrier;
  for (int k = 0; k < 2 * THREADS; k++) {
    short s = 0;
    int i = 0;
    double d = 0;
    llong l = 0;
    for (int u = 0; u < THREADS; u++)
      if (E2E_ATOMIC || (k + 1) % THREADS == u)
        s += (short)(u + 1), i ^= 1 << u, d += 0.25 * (u + 1), l -= (llong)(u + 1) << 33;
    struct rec got = SR[k];
    CHECK_EQ(got.tag, 'A' + k, "SR[%d].tag next to updated members", k);
    CHECK_EQ(got.s, s, "SR[%d].s", k);
    CHECK_EQ(got.i, i, "SR[%d].i", k);
    CHECK_DEQ(got.d, d, "SR[%d].d", k);
    CHECK_EQ(got.l, l, "SR[%d].l", k);
  }
  for (int r = 0; r < 5; r++)
    for (int c = 0; c < 2 * THREADS; c++) {
      int w = r;
      for (int u = 0; u < THREADS; u++)
        if (E2E_ATOMIC || c % THREADS == u) w += 10 * c + u;
      CHECK_EQ(M2[r][c], w, "M2[%d][%d]", r, c);
    }
  upc_barrier;
}

/* ---- (j) updates completed by synchronisation other than a barrier ------ */

shared int LC[THREADS];       /* counters updated under a lock */
shared double LD[THREADS];
strict shared int FLAG[THREADS]; /* FLAG[u]: thread u's data is ready */
shared int FD[8 * THREADS];
upc_lock_t *shared LOCK;

static void sync_tests(void) {
  const int t = MYTHREAD, u = (t + 1) % THREADS;
  if (t == 0) LOCK = upc_global_lock_alloc();
  LC[t] = 0;
  LD[t] = 0.0;
  FLAG[t] = 0;
  upc_barrier;
  upc_lock_t *lock = LOCK;
  /* Under the lock, a plain read-modify-write of one counter mixed with
   * updates of it: each holder must see the previous holder's update. */
  for (int r = 0; r < 5; r++) {
    upc_lock(lock);
    int v = LC[0];
    LC[0] = v + 1;
    LC[0] += 2; /* RU */
    LD[THREADS - 1] *= 2.0; /* RU */
    LD[THREADS - 1] += 1.0; /* RU */
    upc_unlock(lock);
  }
  upc_barrier;
  CHECK_EQ(LC[0], 15 * THREADS, "counter updated under a lock");
  double w = 0;
  for (int r = 0; r < 5 * THREADS; r++) w = w * 2.0 + 1.0;
  CHECK_DEQ(LD[THREADS - 1], w, "x = 2x + 1 under a lock, %d times", 5 * THREADS);
  upc_barrier;

  /* Updates to the next thread, then a strict flag: it reads them after
   * seeing the flag, with no barrier in between. */
  for (int r = 0; r < 8; r++) FD[(long)r * THREADS + u] = r;
  upc_barrier;
  for (int r = 0; r < 8; r++) FD[(long)r * THREADS + u] += 100 + t; /* RU */
  FLAG[u] = 1;
  while (FLAG[t] == 0) continue;
  int prev = (t + THREADS - 1) % THREADS;
  for (int r = 0; r < 8; r++)
    CHECK_EQ(FD[(long)r * THREADS + t], r + 100 + prev, "FD[%ld] after the strict flag", (long)r * THREADS + t);
  upc_barrier;
  /* Again with a upc_fence before the flag. */
  for (int r = 0; r < 8; r++) FD[(long)r * THREADS + u] *= 3; /* RU */
  upc_fence;
  FLAG[u] = 2;
  while (FLAG[t] != 2) continue;
  for (int r = 0; r < 8; r++)
    CHECK_EQ(FD[(long)r * THREADS + t], 3 * (r + 100 + prev), "FD[%ld] after fence and flag", (long)r * THREADS + t);
  /* And split-phase barriers. */
  upc_barrier;
  for (int r = 0; r < 8; r++) FD[(long)r * THREADS + u] -= r; /* RU */
  upc_notify;
  upc_wait;
  for (int r = 0; r < 8; r++)
    CHECK_EQ(FD[(long)r * THREADS + t], 3 * (r + 100 + prev) - r, "FD[%ld] after notify/wait", (long)r * THREADS + t);
  upc_barrier;
  if (t == 0) upc_lock_free(lock);
}

/* ---- (k) shared scalars, for increments, commas, p->member -------------- */

shared long SC_L;
shared double SC_D;
shared int SC_I[THREADS];

static void scalar_tests(void) {
  const int t = MYTHREAD;
  if (t == 0) SC_L = 0, SC_D = 0.0;
  SC_I[t] = 0;
  upc_barrier;
  /* Every thread updates the scalars (on thread 0) when atomic, else only
   * thread 0 (THREADS times). */
  int reps = E2E_ATOMIC ? 1 : (t == 0 ? THREADS : 0);
  for (int r = 0; r < reps; r++) {
    int who = E2E_ATOMIC ? t : r;
    SC_L += 1L << (8 * who); /* RU */
    SC_D += 0.5 * (who + 1); /* RU */
  }
  /* An update in a for increment, two in a comma expression, and through a
   * pointer-to-struct's member. */
  long j = next_elem(t, 0);
  int n = 0;
  for (int r = 0; r < 5; r++, SC_I[(t + 1) % THREADS] += 2) n++; /* RU */
  SC_I[(t + 1) % THREADS] += 1, SC_I[(t + 1) % THREADS] *= 3; /* RU */
  shared struct rec *p = &SR[j];
  p->i = 5;
  p->i += 4; /* RU */
  p->d = 1.0;
  p->d *= 8.0; /* RU */
  (*p).l = 3;
  (*p).l -= 1; /* RU */
  CHECK_EQ(n, 5, "loop with an update in its increment ran");
  CHECK_EQ(SC_I[(t + 1) % THREADS], 33, "5 x += 2 (for increment), then += 1, *= 3");
  CHECK_EQ(SR[j].i, 9, "p->i += 4");
  CHECK_DEQ(SR[j].d, 8.0, "p->d *= 8.0");
  CHECK_EQ(SR[j].l, 2, "(*p).l -= 1");
  upc_barrier;
  long wl = 0;
  double wd = 0;
  for (int s = 0; s < THREADS; s++) wl += 1L << (8 * s), wd += 0.5 * (s + 1);
  CHECK_EQ(SC_L, wl, "shared scalar long updated by every thread");
  CHECK_DEQ(SC_D, wd, "shared scalar double updated by every thread");
  CHECK_EQ(SC_I[t], 33, "SC_I[%d]", t);
  upc_barrier;
}

/* ---- (l) updates next to bulk copies and to every thread at once -------- */

shared int BX[16 * THREADS], BY[16 * THREADS];
shared double RR[600 * THREADS];

static void bulk_tests(void) {
  const int t = MYTHREAD, u = (t + 1) % THREADS;
  long j = next_elem(t, 0), k = next_elem(t, 1), m = next_elem(t, 2), q = next_elem(t, 3);
  BX[j] = 1, BX[k] = 2, BX[m] = 3, BX[q] = 4;
  BY[j] = 0;
  /* an update, then upc_memcpy from the element, upc_memset over another */
  BX[j] += 10; /* RU */
  upc_memcpy(&BY[j], &BX[j], sizeof(int));
  BX[k] += 20; /* RU */
  upc_memset(&BX[k], 0, sizeof(int));
  BX[k] += 5; /* RU */
  /* an update, then non-blocking transfers of the element */
  BX[m] *= 7; /* RU */
  int got = -1;
  upc_handle_t h = upc_memget_nb(&got, &BX[m], sizeof got);
  upc_sync(h);
  CHECK_EQ(got, 21, "upc_memget_nb after *= 7");
  BX[q] += 1; /* RU */
  int src = 50;
  h = upc_memput_nb(&BX[q], &src, sizeof src);
  upc_sync(h);
  BX[q] -= 8; /* RU */
  CHECK_EQ(BY[j], 11, "upc_memcpy of an updated element");
  CHECK_EQ(BX[k], 5, "+=, upc_memset, +=");
  CHECK_EQ(BX[q], 42, "+=, upc_memput_nb, -=");
  /* A bulk read of the next thread's part first: it must complete what is
   * pending as well. */
  for (int r = 4; r < 16; r++) BX[(long)r * THREADS + u] += r; /* RU */
  int part[16];
  upc_memget(part, &BX[u], sizeof part);
  for (int r = 4; r < 16; r++) CHECK_EQ(part[r], r, "bulk read of BX[%ld] after updates", (long)r * THREADS + u);
  upc_barrier;

  /* Round robin over every thread, more than a batch per thread, the
   * operation changing every 100 updates; then this thread's reads in
   * another order (other threads may be adding and doubling too: bounds),
   * and after the barrier every value exactly.  Without pass 3 only thread
   * 0 updates, 60 elements. */
  const int nrr = E2E_ATOMIC ? 600 * THREADS : 60;
  for (int r = t; r < 600 * THREADS; r += THREADS) RR[r] = 1.0;
  upc_barrier;
  if (t == 0 || E2E_ATOMIC) {
    for (int r = 0; r < nrr; r++) {
      if ((r / 100) % 2 == 0)
        RR[r] += 1.0 + t; /* RU */
      else
        RR[r] *= 2.0; /* RU */
    }
    for (int r = nrr - 1; r >= 0; r -= 37) {
      double lo = (r / 100) % 2 == 0 ? 2.0 + t : 2.0;
      CHECK(RR[r] >= lo);
    }
  }
  upc_barrier;
  double *rr = malloc(600 * THREADS * sizeof *rr);
  E2E_GATHER(double, rr, RR, 600L * THREADS, 1);
  for (int r = 0; r < 600 * THREADS; r++) {
    double w = 1.0;
    if (r < nrr)
      for (int s = 0; s < THREADS; s++)
        if (s == 0 || E2E_ATOMIC) w = (r / 100) % 2 == 0 ? w + 1.0 + s : w * 2.0;
    CHECK_DEQ(rr[r], w, "RR[%d] after round-robin updates", r);
  }
  free(rr);
  upc_barrier;
}

int main(void) {
  e2e_phase("start");
  concurrent_tests();
  e2e_phase("concurrent");
  order_run();
  upc_barrier;
  e2e_phase("order");
  order_check_all();
  upc_barrier;
  e2e_phase("order check");
  batch_init();
  e2e_phase("batch init");
  batch_run();
  upc_barrier;
  e2e_phase("batch run");
  batch_check_all();
  upc_barrier;
  e2e_phase("batch check");
  e2e_nfail += alias_tests();
  e2e_phase("alias");
  strict_tests();
  e2e_phase("strict");
  used_tests();
  e2e_phase("used");
  pointer_tests();
  e2e_phase("pointer");
  conversion_tests();
  e2e_phase("conversions");
  member_tests();
  e2e_phase("members");
  sync_tests();
  e2e_phase("sync");
  scalar_tests();
  e2e_phase("scalars");
  bulk_tests();
  e2e_phase("bulk");
  return e2e_done();
}
