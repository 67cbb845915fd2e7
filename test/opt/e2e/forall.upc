/* forall.upc — end-to-end test of upc_forall affinity-test removal (pass 1):
 * integer and pointer affinities over every layout, steps, bounds, empty and
 * nested loops, continue, an induction variable or bound changed in the
 * body, side effects in the affinity.  Each thread records the iterations it
 * ran; every thread then checks that each ran exactly on the thread(s) the
 * UPC rules name, computed here in plain C (integer affinity: i mod THREADS;
 * pointer: the block-cyclic owner (i / B) mod THREADS).  Lines marked FA must
 * have the test removed by the default build, NOFA kept (remarks.sh). */
#include "e2e.h"
#include <string.h>

#define NMAX 320 /* iterations recorded per case */

shared [NMAX] int rec[THREADS * NMAX]; /* row t: what thread t ran */
static int got[NMAX];                  /* this thread's row */
static int *want;                      /* want[t * NMAX + i]: runs expected */
static const char *case_name;

static void begin(const char *name) {
  case_name = name;
  memset(got, 0, sizeof got);
  memset(want, 0, THREADS * NMAX * sizeof *want);
}
static void ran(long i) {
  if (i < 0 || i >= NMAX) {
    char m[120];
    snprintf(m, sizeof m, "%s: iteration %ld outside the recorded range", case_name, i);
    e2e_report(__FILE__, __LINE__, m);
    return;
  }
  got[i]++;
}
static void expect(int t, long i) { want[t * NMAX + i]++; }

/* Every thread publishes its row, then checks every thread's row. */
static void end(void) {
  upc_memput(&rec[MYTHREAD * NMAX], got, sizeof got);
  upc_barrier;
  int row[NMAX];
  for (int s = 0; s < THREADS; s++) {
    upc_memget(row, &rec[s * NMAX], sizeof row);
    for (int i = 0; i < NMAX; i++)
      CHECK_EQ(row[i], want[s * NMAX + i], "%s: iteration %d on thread %d", case_name, i, s);
  }
  upc_barrier;
}

shared int A[8 * THREADS];
shared [3] int B3[10 * THREADS];
shared [4] int B4[10 * THREADS];
shared [*] int S5[5 * THREADS]; /* block 5 */
shared [] int I0[40];           /* all on thread 0 */
shared int M[8][THREADS];       /* (i, j) on thread j */
shared [4] int Q[8][4 * THREADS];
struct pt { int x, y; };
shared [2] struct pt PT[6 * THREADS];
shared [3] int R3[2 * THREADS][3]; /* row i: element 3i, on thread i mod THREADS */

static int calls;
static int g(int i) {
  calls++;
  return 2 * i;
}

/* A forall in a called function: inside a controlling forall it runs every
 * iteration (UPC 1.3, 6.6.2). */
static void inner_in_call(int i, int nj) {
  upc_forall (int j = 0; j < nj; j++; j) ran(i * nj + j); /* FA */
}

int main(void) {
  const int T = THREADS;
  want = malloc(T * NMAX * sizeof *want);
  const int n = 5 * T + 3; /* not a multiple of THREADS or of the blocks */
  int i;

  /* ---- integer affinity ---- */
  begin("i");
  upc_forall (int i = 0; i < n; i++; i) ran(i); /* FA */
  for (int i = 0; i < n; i++) expect(i % T, i);
  end();

  begin("2*i+1");
  upc_forall (int i = 0; i < n; i++; 2 * i + 1) ran(i); /* FA */
  for (int i = 0; i < n; i++) expect((2 * i + 1) % T, i);
  end();

  begin("i/2"); /* blocks of 2: i is never negative */
  upc_forall (int i = 0; i < n; i++; i / 2) ran(i); /* FA */
  for (int i = 0; i < n; i++) expect((i / 2) % T, i);
  end();

  int k0 = 7, k3 = 3;
  begin("constant k0");
  upc_forall (int i = 0; i < n; i++; k0) ran(i); /* FA */
  for (int i = 0; i < n; i++) expect(k0 % T, i);
  end();

  begin("i + k3, i * THREADS + 5");
  upc_forall (int i = 0; i < n; i++; i + k3) ran(i); /* FA */
  upc_forall (int i = 0; i < n; i++; i * THREADS + 5) ran(NMAX / 2 + i); /* FA */
  for (int i = 0; i < n; i++) expect((i + k3) % T, i), expect(5 % T, NMAX / 2 + i);
  end();

  begin("step 3 from 1, <=");
  upc_forall (int i = 1; i <= n; i += 3; i) ran(i); /* FA */
  for (int i = 1; i <= n; i += 3) expect(i % T, i);
  end();

  begin("step -1, step -2, i = i - 3");
  upc_forall (int i = n - 1; i >= 0; i--; i) ran(i); /* FA */
  upc_forall (int i = n; i > 0; i -= 2; i + 1) ran(100 + i); /* FA */
  upc_forall (int i = 3 * n; i >= 0; i = i - 3; i) ran(200 + i / 3); /* FA */
  for (int i = n - 1; i >= 0; i--) expect(i % T, i);
  for (int i = n; i > 0; i -= 2) expect((i + 1) % T, 100 + i);
  for (int i = 3 * n; i >= 0; i = i - 3) expect(i % T, 200 + i / 3);
  end();

  begin("empty");
  upc_forall (int i = 5; i < 5; i++; i) ran(i); /* FA */
  upc_forall (int i = n; i < 0; i++; &A[i]) ran(1); /* FA */
  upc_forall (int i = 0; i > 3; i--; &B3[i]) ran(2); /* NOFA */
  end();

  /* ---- pointer affinity ---- */
  begin("&A[i] cyclic");
  upc_forall (int i = 0; i < n; i++; &A[i]) ran(i); /* FA */
  for (int i = 0; i < n; i++) expect(e2e_owner(i, 1), i);
  end();

  begin("&A[n-1-i], &A[i] step 2, n > i");
  upc_forall (int i = 0; i < n; i++; &A[n - 1 - i]) ran(i); /* FA */
  upc_forall (int i = 1; i < 8 * T; i += 2; &A[i]) ran(100 + i); /* FA */
  upc_forall (int i = 0; n > i; i++; &A[i + 2]) ran(200 + i); /* FA */
  for (int i = 0; i < n; i++) expect(e2e_owner(n - 1 - i, 1), i);
  for (int i = 1; i < 8 * T; i += 2) expect(e2e_owner(i, 1), 100 + i);
  for (int i = 0; n > i; i++) expect(e2e_owner(i + 2, 1), 200 + i);
  end();

  begin("&B3[i] blocked 3");
  upc_forall (int i = 0; i < 10 * T - 1; i++; &B3[i]) ran(i); /* FA */
  for (int i = 0; i < 10 * T - 1; i++) expect(e2e_owner(i, 3), i);
  end();

  begin("&B3[i] step 3, step -1, step -3 (the last two kept)");
  upc_forall (int i = 0; i < 10 * T; i += 3; &B3[i]) ran(i); /* FA */
  upc_forall (int i = 10 * T - 1; i >= 0; i--; &B3[i]) ran(100 + i); /* NOFA */
  upc_forall (int i = 10 * T - 2; i >= 1; i -= 3; &B3[i]) ran(200 + i / 3); /* FA */
  for (int i = 0; i < 10 * T; i += 3) expect(e2e_owner(i, 3), i);
  for (int i = 10 * T - 1; i >= 0; i--) expect(e2e_owner(i, 3), 100 + i);
  for (int i = 10 * T - 2; i >= 1; i -= 3) expect(e2e_owner(i, 3), 200 + i / 3);
  end();

  begin("&B3[n-1-i] counting down (kept: it once wrote through a wild pointer)");
  upc_forall (int i = 10 * T - 1; i >= 0; i--; &B3[10 * T - 1 - i]) ran(i); /* NOFA */
  for (int i = 10 * T - 1; i >= 0; i--) expect(e2e_owner(10 * T - 1 - i, 3), i);
  end();

  begin("&B4[i + 2], &B4[4 * i], &B4[i] step 2");
  upc_forall (int i = 0; i < 10 * T - 2; i++; &B4[i + 2]) ran(i); /* FA */
  upc_forall (int i = 0; 4 * i < 10 * T; i++; &B4[4 * i]) ran(100 + i); /* NOFA */
  upc_forall (int i = 0; i < (10 * T + 3) / 4; i++; &B4[4 * i]) ran(120 + i); /* FA */
  upc_forall (int i = 1; i < 10 * T; i += 2; &B4[i]) ran(150 + i / 2); /* NOFA */
  for (int i = 0; i < 10 * T - 2; i++) expect(e2e_owner(i + 2, 4), i);
  for (int i = 0; 4 * i < 10 * T; i++) expect(e2e_owner(4 * i, 4), 100 + i);
  for (int i = 0; i < (10 * T + 3) / 4; i++) expect(e2e_owner(4 * i, 4), 120 + i);
  for (int i = 1; i < 10 * T; i += 2) expect(e2e_owner(i, 4), 150 + i / 2);
  end();

  begin("[*] and indefinite");
  upc_forall (int i = 0; i < 5 * T; i++; &S5[i]) ran(i); /* FA */
  upc_forall (int i = 0; i < 40; i++; &I0[i]) ran(100 + i); /* FA */
  upc_forall (int i = 39; i >= 0; i -= 4; I0 + i) ran(150 + i); /* FA */
  for (int i = 0; i < 5 * T; i++) expect(e2e_owner(i, 5), i);
  for (int i = 0; i < 40; i++) expect(0, 100 + i);
  for (int i = 39; i >= 0; i -= 4) expect(0, 150 + i);
  end();

  begin("2-D [8][THREADS] and [8][4*THREADS] block 4");
  for (int r = 0; r < 8; r++)
    upc_forall (int j = 0; j < T; j++; &M[r][j]) ran(r * T + j); /* FA */
  upc_forall (int i = 0; i < 8; i++; &M[i][T - 1]) ran(100 + i); /* FA */
  upc_forall (int i = 0; i < 8 * T; i++; &M[i / T][i % T]) ran(150 + i); /* NOFA */
  upc_forall (int i = 0; i < 8; i++; &Q[i][4 * T - 3]) ran(250 + i); /* FA */
  for (int r = 0; r < 8; r++)
    for (int j = 0; j < T; j++) expect(j, r * T + j);
  for (int i = 0; i < 8; i++) expect(T - 1, 100 + i);
  for (int i = 0; i < 8 * T; i++) expect(i % T, 150 + i);
  for (int i = 0; i < 8; i++) expect(e2e_owner(i * 4L * T + 4 * T - 3, 4), 250 + i);
  end();

  begin("pointers with a phase; upc_all_alloc");
  shared [4] int *p4 = &B4[3];
  shared int *pc = &A[2];
  shared [5] int *pa = (shared [5] int *)upc_all_alloc(2 * T, 5 * sizeof(int));
  upc_forall (int i = 0; i < 10 * T - 3; i++; &p4[i]) ran(i); /* FA */
  upc_forall (int i = 0; i < 6 * T; i++; pc + i) ran(100 + i); /* FA */
  upc_forall (int i = 0; i < 10 * T; i++; &pa[i]) ran(150 + i); /* FA */
  for (int i = 0; i < 10 * T - 3; i++) expect(e2e_owner(3 + i, 4), i);
  for (int i = 0; i < 6 * T; i++) expect(e2e_owner(2 + i, 1), 100 + i);
  for (int i = 0; i < 10 * T; i++) expect(e2e_owner(i, 5), 150 + i);
  end();

  /* ---- nesting ---- */
  const int ni = T + 2, nj = 7;
  begin("nested: outer controls");
  upc_forall (int i = 0; i < ni; i++; i) /* FA */
    upc_forall (int j = 0; j < nj; j++; j) ran(i * nj + j); /* NOFA */
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) expect(i % T, i * nj + j);
  end();

  begin("nested: outer continue, inner controls");
  upc_forall (int i = 0; i < ni; i++; continue)
    upc_forall (int j = 0; j < nj; j++; &A[j]) ran(i * nj + j); /* FA */
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) expect(j % T, i * nj + j);
  end();

  begin("nested through a call");
  upc_forall (int i = 0; i < ni; i++; &B3[i]) inner_in_call(i, nj); /* FA */
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) expect(e2e_owner(i, 3), i * nj + j);
  end();

  begin("called outside any forall");
  inner_in_call(0, nj);
  for (int j = 0; j < nj; j++) expect(j % T, j);
  end();

  /* ---- bodies that change the iteration ---- */
  begin("continue");
  upc_forall (int i = 0; i < n; i++; &A[i]) { /* FA */
    if (i % 3 == 1) continue;
    ran(i);
  }
  for (int i = 0; i < n; i++)
    if (i % 3 != 1) expect(i % T, i);
  end();

  begin("induction variable written in the body");
  upc_forall (int i = 0; i < n; i++; i) { /* NOFA */
    ran(i);
    if (i % 4 == 0) i++;
  }
  /* each thread skips only after the iterations it ran */
  for (int t = 0; t < T; t++)
    for (int i = 0; i < n; i++)
      if (i % T == t) {
        expect(t, i);
        if (i % 4 == 0) i++;
      }
  end();

  begin("bound changed in the body");
  int lim = n;
  upc_forall (int i = 0; i < lim; i++; &A[i]) { /* NOFA */
    ran(i);
    if (i == 2) lim = n - 2;
  }
  for (int t = 0; t < T; t++) {
    int l = n;
    for (int i = 0; i < l; i++)
      if (i % T == t) {
        expect(t, i);
        if (i == 2) l = n - 2;
      }
  }
  end();

  begin("side effects in the affinity");
  int cnt = 0, cnt2 = 0;
  calls = 0;
  upc_forall (int i = 0; i < n; i++; (cnt++, i)) ran(i); /* NOFA */
  upc_forall (int i = 0; i < n; i++; g(i)) ran(100 + i); /* NOFA */
  upc_forall (int i = 0; i < n; i++; &A[(cnt2++, i)]) ran(200 + i); /* NOFA */
  for (int i = 0; i < n; i++) expect(i % T, i), expect((2 * i) % T, 100 + i), expect(i % T, 200 + i);
  CHECK_EQ(cnt, n, "affinity (cnt++, i) evaluations");
  CHECK_EQ(calls, n, "affinity g(i) evaluations");
  CHECK_EQ(cnt2, n, "affinity &A[(cnt2++, i)] evaluations");
  end();

  begin("induction variable read after the loop");
  /* live after the loop: it gets the value the whole loop leaves */
  upc_forall (i = 0; i < n; i++; &A[i]) ran(i); /* FA */
  CHECK_EQ(i, n, "i after upc_forall (i = 0; i < n; ...)");
  upc_forall (i = 1; i <= n; i += 3; &A[i - 1]) ran(30 + i); /* FA */
  CHECK_EQ(i, 1 + ((n - 1) / 3 + 1) * 3, "i after upc_forall (i = 1; i <= n; i += 3)");
  upc_forall (i = n - 1; i >= 2; i -= 2; i) ran(60 + i); /* FA */
  CHECK_EQ(i, (n - 1) % 2 == 0 ? 0 : 1, "i after upc_forall (i = n - 1; i >= 2; i -= 2)");
  upc_forall (i = 5; i < 5; i++; i) ran(-1); /* FA */
  CHECK_EQ(i, 5, "i after a forall of no iteration");
  upc_forall (i = 0; i != n; i++; &B4[i]) ran(90 + i); /* FA */
  CHECK_EQ(i, n, "i after upc_forall (i = 0; i != n; i++)");
  upc_forall (i = 0; i < n; i += 2; i) ran(150 + i); /* FA */
  i = -1; /* overwritten before any read: nothing to assign */
  CHECK_EQ(i, -1, "i reassigned");
  for (int j = 0; j < n; j++) expect(j % T, j);
  for (int j = 0; j < n; j += 2) expect(j % T, 150 + j);
  for (int j = 1; j <= n; j += 3) expect((j - 1) % T, 30 + j);
  for (int j = n - 1; j >= 2; j -= 2) expect(j % T, 60 + j);
  for (int j = 0; j < n; j++) expect(e2e_owner(j, 4), 90 + j);
  end();

  begin("integer affinity i / c");
  upc_forall (i = 0; i < n; i++; i / 4) ran(i); /* FA */
  upc_forall (int k = 3; k <= n; k += 2; (k + 1) / 3) ran(100 + k); /* NOFA */
  upc_forall (int k = n - 1; k >= 2; k--; (k + 1) / 3) ran(150 + k); /* NOFA */
  upc_forall (int k = -5; k < n; k++; k / 4) ran(200 + k); /* NOFA */
  for (int j = 0; j < n; j++) expect(e2e_owner(j, 4), j);
  for (int j = 3; j <= n; j += 2) expect(e2e_owner(j + 1, 3), 100 + j);
  for (int j = n - 1; j >= 2; j--) expect(e2e_owner(j + 1, 3), 150 + j);
  for (int j = -5; j < n; j++) expect((j / 4 % T + T) % T, 200 + j);
  end();

  begin("long induction variable");
  upc_forall (long li = 0; li < n; li++; &B4[li]) ran(li); /* FA */
  for (long li = 0; li < n; li++) expect(e2e_owner(li, 4), li);
  end();

  /* ---- affinities the analysis must get exactly right ---- */
  begin("MYTHREAD in the affinity and the bounds");
  upc_forall (int i = 0; i < n; i++; 2 * i + MYTHREAD + 1) ran(i); /* FA */
  upc_forall (int i = MYTHREAD; i < n; i++; i) ran(100 + i); /* FA */
  upc_forall (int i = 0; i < n - MYTHREAD; i++; &A[i]) ran(150 + i); /* FA */
  for (int t = 0; t < T; t++)
    for (int i = 0; i < n; i++) {
      if ((2 * i + t + 1) % T == t) expect(t, i);
      if (i >= t && i % T == t) expect(t, 100 + i);
      if (i < n - t && i % T == t) expect(t, 150 + i);
    }
  end();

  begin("unsigned, long, large values");
  upc_forall (unsigned u = 0; u < (unsigned)n; u++; u) ran(u); /* FA */
  upc_forall (long l = 0; l < n; l++; l + 3000000000L) ran(100 + l); /* FA */
  upc_forall (long long l = 0; l < n; l++; l * 1000000007LL) ran(150 + l); /* FA */
  upc_forall (int i = 0; i < n; i++; (unsigned)i + 4294967200u) ran(200 + i); /* FA */
  for (int i = 0; i < n; i++) {
    expect(i % T, i);
    expect((int)((i + 3000000000L) % T), 100 + i);
    expect((int)((i * 1000000007LL) % T), 150 + i);
    expect((int)(((unsigned)i + 4294967200u) % (unsigned)T), 200 + i);
  }
  end();

  begin("steps of THREADS and of a variable");
  int st = 2;
  upc_forall (int i = 1; i < 8 * T; i += THREADS; &A[i]) ran(i); /* NOFA */
  upc_forall (int i = 0; i < n; i += st; i) ran(100 + i); /* NOFA */
  for (int i = 1; i < 8 * T; i += T) expect(e2e_owner(i, 1), i);
  for (int i = 0; i < n; i += st) expect(i % T, 100 + i);
  end();

  begin("struct member, decayed row, pointer arithmetic");
  upc_forall (int i = 0; i < 6 * T; i++; &PT[i].y) ran(i); /* FA */
  upc_forall (int i = 0; i < 2 * T; i++; R3[i]) ran(100 + i); /* FA */
  upc_forall (int i = 0; i < 8 * T - 1; i++; &A[i] + 1) ran(150 + i); /* FA */
  upc_forall (int i = 0; i < 10 * T; i++; (shared void *)&B3[i]) ran(200 + i); /* FA */
  upc_forall (int i = 0; i < 10 * T; i++; (shared [2] int *)&B3[i]) ran(240 + i); /* FA */
  for (int i = 0; i < 6 * T; i++) expect(e2e_owner(i, 2), i);
  for (int i = 0; i < 2 * T; i++) expect(e2e_owner(3 * i, 3), 100 + i);
  for (int i = 0; i < 8 * T - 1; i++) expect(e2e_owner(i + 1, 1), 150 + i);
  for (int i = 0; i < 10 * T; i++) expect(e2e_owner(i, 3), 200 + i);
  for (int i = 0; i < 10 * T; i++) expect(e2e_owner(i, 3), 240 + i);
  end();

  upc_barrier;
  if (MYTHREAD == 0) upc_free(pa);
  free(want);
  return e2e_done();
}
