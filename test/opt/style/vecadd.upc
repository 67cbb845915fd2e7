/* vecadd.upc — style matrix (issue 35, item 5): c[i] = a[i] + b[i] over
 * block-cyclic shared arrays (block B), spelled the ways UPC code in the wild
 * spells it:
 *   top      C89: `int r, i;` at the top, upc_forall with &c[i]
 *   header   the loop variables declared in the loop headers, &c[i]
 *   intaff   integer affinity i / B (the owner of block i / B)
 *   ptraff   pointer affinity of an input, &a[i] (the same layout as c)
 *   forloop  no upc_forall: a plain loop over this thread's blocks
 *   alloc    upc_all_alloc'ed data through shared [B] double * pointers
 *   chunks   a shared directory of per-thread upc_alloc chunks, indexed
 *            dir[t].chunk[off] through macros (contiguous slices)
 *   cast     hand-privatized: this thread's blocks through double *
 * Exact: a[i] and b[i] are small integers and halves, so every sum is exact
 * and must equal the serial C reference bit for bit.  See style.h for the
 * command line (`bench [REPS]`). */
#include "style.h"

#define B 64 /* block size */
#ifndef NV
#define NV (B * 12 * 128) /* 98304 elements, 1536 blocks: a whole number per thread at 1-4 */
#endif
#ifndef BENCH_REPS
#define BENCH_REPS 6000 /* about 0.2 s at 2 threads with -O2 */
#endif

shared [B] double a[NV], b[NV], c[NV];
shared [B] double *pa, *pb, *pc;                      /* alloc */
shared dir_t da[THREADS], db[THREADS], dc[THREADS]; /* chunks */
static long L;                                        /* chunk length */

#define CA(i) da[(i) / L].chunk[(i) % L]
#define CB(i) db[(i) / L].chunk[(i) % L]
#define CC(i) dc[(i) / L].chunk[(i) % L]

static double ref[NV];

static double in_a(long i) { return (double)(i % 1000); }
static double in_b(long i) { return 2.0 * (double)(i % 777) + 0.5; }

/* ---- the spellings ---- */

void vecadd_top(int reps) {
  int r, i;
  for (r = 0; r < reps; r++) {
    upc_forall (i = 0; i < NV; i++; &c[i]) /* FA */
      c[i] = a[i] + b[i];
    upc_barrier;
  }
}

void vecadd_header(int reps) {
  for (int r = 0; r < reps; r++) {
    upc_forall (int i = 0; i < NV; i++; &c[i]) /* FA */
      c[i] = a[i] + b[i];
    upc_barrier;
  }
}

void vecadd_intaff(int reps) {
  for (int r = 0; r < reps; r++) {
    upc_forall (int i = 0; i < NV; i++; i / B) /* FA */
      c[i] = a[i] + b[i];
    upc_barrier;
  }
}

void vecadd_ptraff(int reps) {
  for (int r = 0; r < reps; r++) {
    upc_forall (int i = 0; i < NV; i++; &a[i]) /* FA */
      c[i] = a[i] + b[i];
    upc_barrier;
  }
}

void vecadd_forloop(int reps) {
  for (int r = 0; r < reps; r++) {
    for (int i = MYTHREAD * B; i < NV; i += THREADS * B)
      for (int j = i; j < i + B; j++)
        c[j] = a[j] + b[j];
    upc_barrier;
  }
}

void vecadd_alloc(int reps) {
  for (int r = 0; r < reps; r++) {
    upc_forall (int i = 0; i < NV; i++; &pc[i]) /* FA */
      pc[i] = pa[i] + pb[i];
    upc_barrier;
  }
}

void vecadd_chunks(int reps) {
  for (int r = 0; r < reps; r++) {
    upc_forall (long i = 0; i < NV; i++; &CC(i)) /* FA */
      CC(i) = CA(i) + CB(i);
    upc_barrier;
  }
}

void vecadd_cast(int reps) {
  for (int r = 0; r < reps; r++) {
    for (int i = MYTHREAD * B; i < NV; i += THREADS * B) {
      double *lc = (double *)&c[i], *la = (double *)&a[i], *lb = (double *)&b[i];
      for (int j = 0; j < B; j++)
        lc[j] = la[j] + lb[j];
    }
    upc_barrier;
  }
}

/* ---- data: set and checked through upc_memput/upc_memget only ---- */

static void fill_blocked(shared [B] double *p, double (*f)(long)) {
  double buf[B];
  for (long k = 0; k < NV / B; k++)
    if (upc_threadof(&p[k * B]) == MYTHREAD) {
      for (int j = 0; j < B; j++) buf[j] = f ? f(k * B + j) : 0.0;
      upc_memput(&p[k * B], buf, sizeof buf);
    }
}

static void fill_chunks(shared dir_t *d, double (*f)(long)) {
  double *mine = (double *)d[MYTHREAD].chunk;
  for (long off = 0; off < L; off++) {
    long i = MYTHREAD * L + off;
    mine[off] = f && i < NV ? f(i) : 0.0;
  }
}

static void check_values(const char *sp, const double *got, long i0, long n) {
  for (long j = 0; j < n; j++)
    if (got[j] != ref[i0 + j]) {
      char m[200];
      snprintf(m, sizeof m, "vecadd_%s: c[%ld] = %.17g, expected %.17g", sp, i0 + j, got[j],
               ref[i0 + j]);
      upctest_report(__FILE__, __LINE__, m);
    }
}

/* Every thread checks what it owns (local upc_memget): no remote traffic. */
static void check_blocked(const char *sp, shared [B] double *p) {
  upc_barrier;
  double buf[B];
  for (long k = 0; k < NV / B; k++)
    if (upc_threadof(&p[k * B]) == MYTHREAD) {
      upc_memget(buf, &p[k * B], sizeof buf);
      check_values(sp, buf, k * B, B);
    }
  upc_barrier;
}

static void check_chunks(const char *sp) {
  upc_barrier;
  long n = NV - MYTHREAD * L < L ? NV - MYTHREAD * L : L;
  if (n > 0) {
    double *buf = malloc(L * sizeof(double));
    upc_memget(buf, dc[MYTHREAD].chunk, n * sizeof(double));
    check_values(sp, buf, MYTHREAD * L, n);
    free(buf);
  }
  upc_barrier;
}

int main(int argc, char **argv) {
  style_args(argc, argv, 1, BENCH_REPS);

  for (long i = 0; i < NV; i++) ref[i] = in_a(i) + in_b(i); /* the serial reference */

  pa = upc_all_alloc(NV / B, B * sizeof(double));
  pb = upc_all_alloc(NV / B, B * sizeof(double));
  pc = upc_all_alloc(NV / B, B * sizeof(double));
  L = (NV + THREADS - 1) / THREADS;
  STYLE_PUBLISH_CHUNK(da, L);
  STYLE_PUBLISH_CHUNK(db, L);
  STYLE_PUBLISH_CHUNK(dc, L);
  upc_barrier;

  fill_blocked(a, in_a);
  fill_blocked(b, in_b);
  fill_blocked(pa, in_a);
  fill_blocked(pb, in_b);
  fill_chunks(da, in_a);
  fill_chunks(db, in_b);

  static const struct {
    const char *name;
    void (*fn)(int);
    int kind; /* 0 static, 1 alloc, 2 chunks */
  } sp[] = {
      {"top", vecadd_top, 0},       {"header", vecadd_header, 0}, {"intaff", vecadd_intaff, 0},
      {"ptraff", vecadd_ptraff, 0}, {"forloop", vecadd_forloop, 0}, {"alloc", vecadd_alloc, 1},
      {"chunks", vecadd_chunks, 2}, {"cast", vecadd_cast, 0},
  };
  for (unsigned s = 0; s < sizeof sp / sizeof sp[0]; s++) {
    if (sp[s].kind == 0) fill_blocked(c, 0);
    if (sp[s].kind == 1) fill_blocked(pc, 0);
    if (sp[s].kind == 2) fill_chunks(dc, 0);
    style_time("vecadd", sp[s].name, sp[s].fn, style_reps);
    if (sp[s].kind == 0) check_blocked(sp[s].name, c);
    if (sp[s].kind == 1) check_blocked(sp[s].name, pc);
    if (sp[s].kind == 2) check_chunks(sp[s].name);
  }
  return upctest_done();
}
