/* segments.upc — end-to-end test of upc_foralls run by segments: the
 * affinity is an element of a `shared []` chunk found in a shared directory
 * at i / L (`&dir[i / L].chunk[i % L]`, the heat-conduction codes'
 * spelling), so every run of L iterations has one owner.  Covered: loop
 * variables declared at the top and read after the loop (the exit value),
 * bounds that start and end inside a segment, `<=`, `continue`, i / L and
 * i % L in private code, other directories whose chunks are this thread's
 * or the next thread's (plain C on this node, the naive copy under
 * UPCRT_FORCE_RMA=1), an unsigned divisor, a negative lower bound (the loop
 * as it was), the forall nested in a controlling one and called from one
 * (every iteration runs), and a step of 2, which keeps the test.  Every
 * thread checks every value against plain C.  FA/NOFA: the affinity test
 * removed / kept (remarks.sh). */
#include "e2e.h"

typedef struct {
  shared [] long *chunk;
} dir_t;

shared dir_t mine_dir[THREADS], next_dir[THREADS], out_dir[THREADS];
static long L; /* chunk length */
static long N; /* elements over all chunks: L * THREADS */

#define MINE(i) mine_dir[(i) / L].chunk[(i) % L]
#define NEXT(i) next_dir[(i) / L].chunk[(i) % L]
#define OUT(i) out_dir[(i) / L].chunk[(i) % L]

static long val(long i) { return 3 * i + 1; }
static void reset_out(void) {
  upc_barrier;
  for (long k = 0; k < L; k++) out_dir[MYTHREAD].chunk[k] = -1;
  upc_barrier;
}

/* OUT(i) must be want(i) for i in [lo, hi], -1 elsewhere. */
static void check_out(const char *what, long lo, long hi, long (*want)(long)) {
  upc_barrier;
  for (long i = 0; i < N; i++)
    CHECK_EQ(OUT(i), i >= lo && i <= hi ? want(i) : -1, "%s: OUT(%ld)", what, i);
  upc_barrier;
}

static long sum_mine_next(long i) { return val(i) + 2 * val((i + L) % N); }
static long place(long i) { return 1000 * (i / L) + i % L; }
static long odd_only(long i) { return i % 2 ? val(i) : -1; }

/* A segmented forall in a function: controlling when called at depth 0,
 * every iteration when called from another forall's body. */
static long count_iterations(void) {
  long n = 0, i;
  upc_forall (i = 0; i < N; i++; &MINE(i)) /* FA */
    n += MINE(i) == 3 * i + 1; /* val(i), without a call */
  return n;
}

int main(void) {
  L = 37; /* not a power of two */
  N = L * THREADS;
  mine_dir[MYTHREAD].chunk = (shared [] long *)upc_alloc(L * sizeof(long));
  out_dir[MYTHREAD].chunk = (shared [] long *)upc_alloc(L * sizeof(long));
  upc_barrier;
  next_dir[(MYTHREAD + THREADS - 1) % THREADS].chunk = mine_dir[MYTHREAD].chunk;
  for (long k = 0; k < L; k++) mine_dir[MYTHREAD].chunk[k] = val(MYTHREAD * L + k);
  upc_barrier;
  e2e_phase("setup");

  /* C89: i declared at the top, read after the loop */
  long i;
  reset_out();
  upc_forall (i = 0; i < N; i++; &OUT(i)) /* FA */
    OUT(i) = MINE(i) + 2 * NEXT(i);
  CHECK_EQ(i, N, "i after the loop");
  check_out("mine + next", 0, N - 1, sum_mine_next);

  /* bounds inside segments, <=, continue */
  reset_out();
  long lo = L / 2, hi = N - 3;
  upc_forall (i = lo; i <= hi; i++; &OUT(i)) { /* FA */
    if (i % 2 == 0) continue;
    OUT(i) = MINE(i);
  }
  CHECK_EQ(i, hi + 1, "i after the <= loop");
  check_out("partial", lo, hi, odd_only);

  /* i / L and i % L in private code; an int induction variable */
  reset_out();
  upc_forall (int j = 0; j < N; j++; &OUT(j)) { /* FA */
    long seg = j / L, off = j % L;
    OUT(j) = 1000 * seg + off;
  }
  check_out("place", 0, N - 1, place);

  /* an unsigned divisor */
  unsigned int UL = (unsigned int)L;
  long s = 0, want = 0;
  upc_forall (unsigned int u = 0; u < (unsigned int)N; u++; &mine_dir[u / UL].chunk[u % UL]) /* FA */
    s += mine_dir[u / UL].chunk[u % UL];
  for (long k = MYTHREAD * L; k < (MYTHREAD + 1) * L; k++) want += val(k);
  CHECK_EQ(s, want, "unsigned divisor: sum of my chunk");

  /* a negative lower bound: i / L is 0 for i in (-L, 0), i % L negative */
  s = 0, want = 0;
  upc_forall (i = -5; i < L; i++; &mine_dir[i / L].chunk[(i % L + L) % L]) /* FA */
    s += i;
  if (MYTHREAD == 0)
    for (long k = -5; k < L; k++) want += k;
  CHECK_EQ(s, want, "negative lower bound");

  /* nested in a controlling forall, and called from one: every iteration */
  long n = 0;
  upc_forall (int t = 0; t < THREADS; t++; t) /* FA */
    upc_forall (i = 0; i < N; i++; &MINE(i)) /* NOFA */
      n++;
  CHECK_EQ(n, N, "nested: iterations");
  n = 0;
  upc_forall (int t = 0; t < THREADS; t++; t) /* FA */
    n += count_iterations();
  CHECK_EQ(n, N, "called from a forall: iterations");
  CHECK_EQ(count_iterations(), L, "controlling: iterations");

  /* a step of 2: segments of L iterations would not be runs of L / 2 */
  n = 0;
  upc_forall (i = 1; i < N; i += 2; &MINE(i)) /* NOFA */
    n++;
  want = 0;
  for (long k = 1; k < N; k += 2) want += k / L == MYTHREAD;
  CHECK_EQ(n, want, "step 2: iterations");
  e2e_phase("segments");

  upc_barrier;
  upc_free(out_dir[MYTHREAD].chunk);
  upc_free(mine_dir[MYTHREAD].chunk);
  return e2e_done();
}
