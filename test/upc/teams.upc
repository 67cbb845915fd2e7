/* teams.upc — upcx teams (<upcx.h>): the world team, splits (rows and
 * columns of a grid of two columns, a team per thread, no team, keys that
 * reverse the order, nested splits), and each collective's results on
 * every team, checked against values computed here from MYTHREAD alone.
 * Runs at THREADS 1-4, on one node and through MPI (UPCRT_FORCE_RMA=1). */
#include <stdint.h>
#include <upcx.h>
#include "upctest.h"

shared int seen[THREADS];

/* The grid: thread t is at row t / 2, column t % 2 (the last row of an odd
 * THREADS has one thread). */
#define COLS (THREADS > 1 ? 2 : 1)
static int row_of(int t) { return t / COLS; }
static int col_of(int t) { return t % COLS; }

/* What every member of a team checks: the ranks are 0..size-1 in the
 * expected order, each collective's result, and that a team barrier
 * publishes what the members wrote before it. */
static void check_team(upcx_team_t t, const int *members, int n, int round) {
  CHECK_INT(upcx_team_size(t), n);
  int me = -1;
  for (int r = 0; r < n; r++) {
    CHECK_INT(upcx_team_thread(t, r), members[r]);
    if (members[r] == MYTHREAD) me = r;
  }
  CHECK_INT(upcx_team_rank(t), me);

  /* broadcast from each rank: a small value and a large buffer */
  for (int root = 0; root < n; root++) {
    long v = me == root ? 1000L * members[root] + round : -1;
    upcx_team_broadcast(t, &v, sizeof v, root);
    CHECK_INT(v, 1000L * members[root] + round);
  }
  enum { BIG = 1 << 18 };
  static unsigned char big[BIG];
  int root = n - 1;
  for (int i = 0; i < BIG; i++) big[i] = me == root ? (unsigned char)(i * 7 + members[root]) : 0;
  upcx_team_broadcast(t, big, BIG, root);
  int bad = 0;
  for (int i = 0; i < BIG; i++) bad += big[i] != (unsigned char)(i * 7 + members[root]);
  CHECK_INT(bad, 0);
  upcx_team_broadcast(t, NULL, 0, 0); /* nothing to move, still collective */

  /* allreduce: sums, extremes, bit operations, logic, products */
  long sum = 0, maxt = -1, mint = 1 << 30;
  unsigned long long xr = 0;
  for (int r = 0; r < n; r++) {
    sum += members[r];
    if (members[r] > maxt) maxt = members[r];
    if (members[r] < mint) mint = members[r];
    xr ^= 1ull << (members[r] + 3) | (unsigned long long)members[r] << 40;
  }
  int isrc[3] = {MYTHREAD, 1, -MYTHREAD}, idst[3];
  upcx_team_allreduce(t, idst, isrc, 3, UPC_INT, UPC_ADD);
  CHECK_INT(idst[0], sum);
  CHECK_INT(idst[1], n);
  CHECK_INT(idst[2], -sum);
  double d = MYTHREAD + 0.5;
  upcx_team_allreduce(t, &d, &d, 1, UPC_DOUBLE, UPC_MAX); /* in place */
  CHECK(d == maxt + 0.5);
  long double ld = MYTHREAD + 0.25L, ldsum;
  upcx_team_allreduce(t, &ldsum, &ld, 1, UPC_LDOUBLE, UPC_ADD);
  CHECK(ldsum == sum + 0.25L * n);
  uint64_t u = 1ull << (MYTHREAD + 3) | (uint64_t)MYTHREAD << 40, ux;
  upcx_team_allreduce(t, &ux, &u, 1, UPC_UINT64, UPC_XOR);
  CHECK_UINT(ux, xr);
  char c = (char)(MYTHREAD - 2), cmin;
  upcx_team_allreduce(t, &cmin, &c, 1, UPC_CHAR, UPC_MIN);
  CHECK_INT(cmin, mint - 2);
  float f = MYTHREAD == members[0] ? 0.0f : 2.0f, fand, f1 = 2.0f, f1and;
  upcx_team_allreduce(t, &fand, &f, 1, UPC_FLOAT, UPC_LOGAND);
  CHECK(fand == 0.0f); /* the first member gave 0 */
  upcx_team_allreduce(t, &f1and, &f1, 1, UPC_FLOAT, UPC_LOGAND);
  CHECK(f1and == (n == 1 ? 2.0f : 1.0f)); /* one value is not combined */
  short s = 2, prod;
  upcx_team_allreduce(t, &prod, &s, 1, UPC_SHORT, UPC_MULT);
  CHECK_INT(prod, 1 << n);
  unsigned ub = 1u << MYTHREAD, uor;
  upcx_team_allreduce(t, &uor, &ub, 1, UPC_UINT, UPC_OR);
  unsigned want = 0;
  for (int r = 0; r < n; r++) want |= 1u << members[r];
  CHECK_UINT(uor, want);
  upcx_team_allreduce(t, NULL, NULL, 0, UPC_INT, UPC_ADD);

  /* a team barrier makes the members' shared writes visible to each other */
  seen[MYTHREAD] = round * 100 + MYTHREAD;
  upcx_team_barrier(t);
  for (int r = 0; r < n; r++) CHECK_INT(seen[members[r]], round * 100 + members[r]);
  upcx_team_barrier(t); /* nobody writes again before everyone read */
}

int main(void) {
  upcx_team_t world = upcx_team_world();
  int all[THREADS];
  for (int t = 0; t < THREADS; t++) all[t] = t;
  check_team(world, all, THREADS, 1);
  CHECK(upcx_team_world() == world);

  /* rows and columns of the grid */
  int members[THREADS], n;
  upcx_team_t row = upcx_team_split(world, row_of(MYTHREAD), col_of(MYTHREAD));
  upcx_team_t col = upcx_team_split(world, col_of(MYTHREAD), row_of(MYTHREAD));
  n = 0;
  for (int t = 0; t < THREADS; t++)
    if (row_of(t) == row_of(MYTHREAD)) members[n++] = t;
  check_team(row, members, n, 2);
  n = 0;
  for (int t = 0; t < THREADS; t++)
    if (col_of(t) == col_of(MYTHREAD)) members[n++] = t;
  check_team(col, members, n, 3);

  /* nested: the column split again by parity of the column rank, keys
   * reversing the order */
  upcx_team_t sub = upcx_team_split(col, upcx_team_rank(col) % 2, -upcx_team_rank(col));
  n = 0;
  for (int t = THREADS - 1; t >= 0; t--)
    if (col_of(t) == col_of(MYTHREAD) && row_of(t) % 2 == row_of(MYTHREAD) % 2) members[n++] = t;
  check_team(sub, members, n, 4);

  /* a team per thread */
  upcx_team_t self = upcx_team_split(world, MYTHREAD, 0);
  members[0] = MYTHREAD;
  check_team(self, members, 1, 5);

  /* odd threads join no team; the even ones, in reverse order */
  upcx_team_t evens = upcx_team_split(world, MYTHREAD % 2 ? UPCX_TEAM_NOCOLOR : 7, THREADS - MYTHREAD);
  if (MYTHREAD % 2) {
    CHECK(evens == UPCX_TEAM_NULL);
  } else {
    n = 0;
    for (int t = THREADS - 1; t >= 0; t--)
      if (t % 2 == 0) members[n++] = t;
    check_team(evens, members, n, 6);
    upcx_team_free(evens);
  }

  /* teams of teams freed and made again: nothing runs out */
  for (int i = 0; i < 200; i++) {
    upcx_team_t t = upcx_team_split(row, i % 2, i);
    int v = upcx_team_rank(t) == 0 ? i : -1;
    upcx_team_broadcast(t, &v, sizeof v, 0);
    CHECK_INT(v, i);
    upcx_team_free(t);
  }
  upcx_team_free(sub);
  upcx_team_free(self);
  upcx_team_free(col);
  upcx_team_free(row);

  /* team collectives and upc_barrier interleave */
  upc_barrier;
  check_team(world, all, THREADS, 7);

  return upctest_done();
}
