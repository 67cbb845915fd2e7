/* versioning.upc — end-to-end test of local loop versioning (pass 4): plain
 * `for` loops over `shared []` pointers to this thread's data, to the next
 * thread's (on this node: plain C; under UPCRT_FORCE_RMA=1: the naive copy),
 * reading, writing, updating, through struct members, in nests, with two
 * pointers, after remote updates of the same data; next to loops that must
 * stay naive (a call, a pointer the loop moves, a fixed index, a strict
 * pointer, a fence).  Every thread checks every value against plain C.
 * Lines marked LV must have their loop versioned by the default build,
 * NOLV not (checked by remarks.sh). */
#include "e2e.h"

#define N 64

struct pt { double x; int n; };

shared [N] int blk[N * THREADS];        /* thread t's block: N ints */
shared [N] int aux[N * THREADS];
shared [N] struct pt pts[N * THREADS];
shared [N] long cnt[N * THREADS];
shared int flag[THREADS];

static int twice(int v) { return 2 * v; }

int main(void) {
  int me = MYTHREAD, next = (MYTHREAD + 1) % THREADS;
  shared [] int *mine = (shared [] int *)&blk[me * N];
  shared [] int *theirs = (shared [] int *)&blk[next * N];
  shared [] int *other = (shared [] int *)&aux[me * N];
  shared [] struct pt *sp = (shared [] struct pt *)&pts[me * N];
  shared [] long *cp = (shared [] long *)&cnt[me * N];
  strict shared [] int *strictp = (strict shared [] int *)&aux[me * N];
  long s = 0;

  for (int i = 0; i < N; i++) mine[i] = 1000 * me + i; /* LV */
  for (int i = 0; i < N; i++) other[i] = -i;           /* LV */
  upc_barrier;
  e2e_phase("write");

  /* reads of this thread's and the next thread's block */
  s = 0;
  for (int i = 0; i < N; i++) s += mine[i]; /* LV */
  CHECK_EQ(s, 1000L * me * N + (long)N * (N - 1) / 2, "sum of my block");
  s = 0;
  for (int i = N - 1; i >= 0; i--) s += theirs[i] * (i % 3); /* LV */
  long want = 0;
  for (int i = 0; i < N; i++) want += (1000L * next + i) * (i % 3);
  CHECK_EQ(s, want, "weighted sum of the next block");

  /* two pointers in one loop; compound assignment and increment */
  for (int i = 0; i < N; i++) { other[i] += mine[i]; other[i]++; } /* LV */
  for (int i = 0; i < N; i++) CHECK_EQ(other[i], 1000 * me + 1, "other[%d]", i);

  /* a nest: the outer loop is versioned, inner indices vary */
  for (int r = 0; r < 4; r++) /* LV */
    for (int j = 0; j < N / 4; j++) other[r * (N / 4) + j] = r - j;
  for (int i = 0; i < N; i++) CHECK_EQ(other[i], i / (N / 4) - i % (N / 4), "nest %d", i);

  /* struct elements through members */
  for (int i = 0; i < N; i++) { sp[i].x = 0.5 * i; sp[i].n = i + me; } /* LV */
  double dx = 0;
  long dn = 0;
  for (int i = 0; i < N; i++) { dx += sp[i].x; dn += sp[i].n; } /* LV */
  CHECK_DEQ(dx, 0.5 * N * (N - 1) / 2, "sum of x");
  CHECK_EQ(dn, (long)N * (N - 1) / 2 + (long)N * me, "sum of n");

  /* the address of an element stays a pointer-to-shared */
  shared [] int *last = NULL;
  for (int i = 0; i < N; i++) { s += mine[i]; last = &mine[i]; } /* LV */
  CHECK_EQ(upc_threadof(last), me, "threadof &mine[N-1]");
  CHECK(last == (shared [] int *)&blk[me * N + N - 1]);

  /* remote updates of the same data, then plain loads: they must see them */
  for (int i = 0; i < N; i++) cp[i] = i; /* LV */
  upc_barrier;
  cnt[next * N + 5] += 100; /* each thread adds to the next thread's element 5 */
  cnt[me * N + 7] += 7;
  s = 0; /* element 5 is the previous thread's to update, not yet seen */
  for (int i = 0; i < N; i++) s += i == 5 ? 0 : cp[i]; /* LV */
  CHECK_EQ(s, (long)N * (N - 1) / 2 - 5 + 7, "sum after my own update");
  upc_barrier;
  s = 0;
  for (int i = 0; i < N; i++) s += cp[i]; /* LV */
  CHECK_EQ(s, (long)N * (N - 1) / 2 + 107, "sum after everyone's updates");
  e2e_phase("versioned");

  /* loops that stay naive: results must be the same */
  s = 0;
  for (int i = 0; i < N; i++) s += twice(mine[i]); /* NOLV */
  CHECK_EQ(s, 2 * (1000L * me * N + (long)N * (N - 1) / 2), "sum through a call");
  s = 0;
  shared [] int *walk = mine;
  for (int i = 0; i < N; i++, walk++) s += walk[0]; /* NOLV */
  CHECK_EQ(s, 1000L * me * N + (long)N * (N - 1) / 2, "sum through a moving pointer");
  s = 0;
  for (int i = 0; i < N; i++) s += mine[3]; /* NOLV */
  CHECK_EQ(s, (long)N * (1000L * me + 3), "fixed index");
  for (int i = 0; i < N; i++) strictp[i] = i; /* NOLV */
  for (int i = 0; i < N; i++) { other[i] = 2 * i; upc_fence; } /* NOLV */
  for (int i = 0; i < N; i++) CHECK_EQ(other[i], 2 * i, "other[%d] after the fenced loop", i);
  for (int i = 0; i < N; i++) s += mine[i] + flag[me]; /* NOLV */

  /* a null pointer with no iterations: nothing is touched */
  shared [] int *none = NULL;
  for (int i = 0; i < 0; i++) none[i] = 1; /* LV */
  upc_barrier;
  e2e_phase("naive");
  return e2e_done();
}
