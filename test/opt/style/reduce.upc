/* reduce.upc — style matrix (issue 35, item 5): the sum of a block-cyclic
 * shared array (block B), each thread summing its own elements into a
 * private partial sum, the partial sums combined through a shared array
 * between two barriers (every thread adds them up in thread order), spelled
 * the ways UPC code in the wild spells it:
 *   top      C89: `int r, i; double s;` at the top, affinity &a[i], i reused
 *            by the loop that combines the partial sums
 *   header   the loop variables declared in the loop headers, &a[i]
 *   intaff   integer affinity i / B
 *   ptraff   pointer affinity written as pointer arithmetic, a + i
 *   forloop  no upc_forall: a plain loop over this thread's blocks
 *   alloc    upc_all_alloc'ed data through a shared [B] double *
 *   chunks   a shared directory of per-thread upc_alloc chunks, indexed
 *            dir[t].chunk[off] through a macro
 *   cast     hand-privatized: this thread's blocks through double *
 * Exact: the elements are small integers and every sum stays below 2^53, so
 * the total is exact in any order and must equal the serial C reference bit
 * for bit.  See style.h for `bench [REPS]`. */
#include "style.h"

#define B 64 /* block size */
#ifndef NV
#define NV (B * 12 * 128) /* 98304 elements, 1536 blocks: a whole number per thread at 1-4 */
#endif
#ifndef BENCH_REPS
#define BENCH_REPS 3000 /* about 0.2 s at 2 threads with -O2 */
#endif

shared [B] double a[NV];
shared [B] double *pa;  /* alloc */
shared dir_t da[THREADS]; /* chunks */
static long L;            /* chunk length */
#define CA(i) da[(i) / L].chunk[(i) % L]

shared double partial[THREADS];
static double total[64]; /* the combined sum each repetition ends with, per spelling */

static double in_a(long i) { return (double)((i * 37) % 1001); }

/* ---- the spellings: the last repetition leaves its sum in total[spelling] ---- */

void reduce_top(int reps) {
  int r, i;
  double s;
  for (r = 0; r < reps; r++) {
    s = 0.0;
    upc_forall (i = 0; i < NV; i++; &a[i]) /* FA */
      s += a[i];
    partial[MYTHREAD] = s;
    upc_barrier;
    s = partial[0];
    for (i = 1; i < THREADS; i++)
      s += partial[i];
    upc_barrier;
  }
  total[0] = s;
}

void reduce_header(int reps) {
  double s = 0.0;
  for (int r = 0; r < reps; r++) {
    double mine = 0.0;
    upc_forall (int i = 0; i < NV; i++; &a[i]) /* FA */
      mine += a[i];
    partial[MYTHREAD] = mine;
    upc_barrier;
    s = 0.0;
    for (int t = 0; t < THREADS; t++)
      s += partial[t];
    upc_barrier;
  }
  total[1] = s;
}

void reduce_intaff(int reps) {
  double s = 0.0;
  for (int r = 0; r < reps; r++) {
    double mine = 0.0;
    upc_forall (int i = 0; i < NV; i++; i / B) /* FA */
      mine += a[i];
    partial[MYTHREAD] = mine;
    upc_barrier;
    s = 0.0;
    for (int t = 0; t < THREADS; t++)
      s += partial[t];
    upc_barrier;
  }
  total[2] = s;
}

void reduce_ptraff(int reps) {
  double s = 0.0;
  for (int r = 0; r < reps; r++) {
    double mine = 0.0;
    upc_forall (int i = 0; i < NV; i++; a + i) /* FA */
      mine += a[i];
    partial[MYTHREAD] = mine;
    upc_barrier;
    s = 0.0;
    for (int t = 0; t < THREADS; t++)
      s += partial[t];
    upc_barrier;
  }
  total[3] = s;
}

void reduce_forloop(int reps) {
  double s = 0.0;
  for (int r = 0; r < reps; r++) {
    double mine = 0.0;
    for (int i = MYTHREAD * B; i < NV; i += THREADS * B)
      for (int j = i; j < i + B; j++)
        mine += a[j];
    partial[MYTHREAD] = mine;
    upc_barrier;
    s = 0.0;
    for (int t = 0; t < THREADS; t++)
      s += partial[t];
    upc_barrier;
  }
  total[4] = s;
}

void reduce_alloc(int reps) {
  double s = 0.0;
  for (int r = 0; r < reps; r++) {
    double mine = 0.0;
    upc_forall (int i = 0; i < NV; i++; &pa[i]) /* FA */
      mine += pa[i];
    partial[MYTHREAD] = mine;
    upc_barrier;
    s = 0.0;
    for (int t = 0; t < THREADS; t++)
      s += partial[t];
    upc_barrier;
  }
  total[5] = s;
}

void reduce_chunks(int reps) {
  double s = 0.0;
  for (int r = 0; r < reps; r++) {
    double mine = 0.0;
    upc_forall (long i = 0; i < NV; i++; &CA(i)) /* FA */
      mine += CA(i);
    partial[MYTHREAD] = mine;
    upc_barrier;
    s = 0.0;
    for (int t = 0; t < THREADS; t++)
      s += partial[t];
    upc_barrier;
  }
  total[6] = s;
}

void reduce_cast(int reps) {
  double s = 0.0;
  for (int r = 0; r < reps; r++) {
    double mine = 0.0;
    for (int i = MYTHREAD * B; i < NV; i += THREADS * B) {
      const double *la = (const double *)&a[i];
      for (int j = 0; j < B; j++)
        mine += la[j];
    }
    partial[MYTHREAD] = mine;
    upc_barrier;
    s = 0.0;
    for (int t = 0; t < THREADS; t++)
      s += partial[t];
    upc_barrier;
  }
  total[7] = s;
}

/* ---- data: set through upc_memput only ---- */

static void fill_blocked(shared [B] double *p) {
  double buf[B];
  for (long k = 0; k < NV / B; k++)
    if (upc_threadof(&p[k * B]) == MYTHREAD) {
      for (int j = 0; j < B; j++) buf[j] = in_a(k * B + j);
      upc_memput(&p[k * B], buf, sizeof buf);
    }
}

int main(int argc, char **argv) {
  style_args(argc, argv, 1, BENCH_REPS);

  double ref = 0.0; /* the serial reference */
  for (long i = 0; i < NV; i++) ref += in_a(i);

  pa = upc_all_alloc(NV / B, B * sizeof(double));
  L = (NV + THREADS - 1) / THREADS;
  STYLE_PUBLISH_CHUNK(da, L);
  upc_barrier;
  fill_blocked(a);
  fill_blocked(pa);
  {
    double *mine = (double *)da[MYTHREAD].chunk;
    for (long off = 0; off < L; off++) {
      long i = MYTHREAD * L + off;
      mine[off] = i < NV ? in_a(i) : 0.0;
    }
  }

  static const struct {
    const char *name;
    void (*fn)(int);
  } sp[] = {
      {"top", reduce_top},       {"header", reduce_header}, {"intaff", reduce_intaff},
      {"ptraff", reduce_ptraff}, {"forloop", reduce_forloop}, {"alloc", reduce_alloc},
      {"chunks", reduce_chunks}, {"cast", reduce_cast},
  };
  for (unsigned s = 0; s < sizeof sp / sizeof sp[0]; s++) {
    total[s] = -1.0;
    style_time("reduce", sp[s].name, sp[s].fn, style_reps);
    if (total[s] != ref) { /* every thread checks its own combined sum */
      char m[200];
      snprintf(m, sizeof m, "reduce_%s: sum %.17g, expected %.17g", sp[s].name, total[s], ref);
      upctest_report(__FILE__, __LINE__, m);
    }
  }
  return upctest_done();
}
