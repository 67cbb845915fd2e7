/* privatize.upc — end-to-end test of local-access privatization (pass 2):
 * upc_forall loops over cyclic, blocked (3, 4, 5), [*], indefinite, 2-D and
 * upc_all_alloc'd data reading and writing several arrays of the same or a
 * compatible layout or start, next to accesses that must stay shared
 * (another index, the neighbour, another layout) and a private pointer
 * aliasing data the loop writes.  Every thread checks every element
 * afterwards against values computed in plain C.  Lines marked PRIV
 * must have every access privatized by the default build, NOPRIV at least
 * one kept (checked by remarks.sh). */
#include "e2e.h"

#define K 7 /* elements per thread */

shared double a[K * THREADS], b[K * THREADS], c[K * THREADS];
shared [3] int x3[10 * THREADS], y3[10 * THREADS];
shared [3] int w3[12 * THREADS]; /* same block, other length: compatible */
shared [4] long x4[9 * THREADS], y4[9 * THREADS];
shared [5] int x5[11 * THREADS], y5[11 * THREADS];
shared [*] int st[5 * THREADS], su[5 * THREADS]; /* block 5 */
shared [] int ind[40], inj[40];                    /* all on thread 0 */
shared int m2[6][THREADS], n2[6][THREADS];         /* (i, j) on thread j */
shared int mt[THREADS][6];                         /* element i*6+j, cyclic */
shared [4] int nb4[9 * THREADS], ob4[9 * THREADS];
shared int cy[K * THREADS], oc[K * THREADS];
shared int ca[4 * THREADS], cb[4 * THREADS];     /* index 2i+1 */
shared [4] int q4[8 * THREADS], r4[8 * THREADS]; /* index 4i, 4i+3 */
shared [3] int s3[9 * THREADS], t3[9 * THREADS]; /* index i + 5 */
shared [4] int u4[8 * THREADS];                  /* reached through a moving pointer */
shared [4] int k4[12 * THREADS];                 /* against pointers that start elsewhere */

static void fill(void) {
  upc_forall (int i = 0; i < K * THREADS; i++; i) {
    b[i] = i;
    c[i] = 0.5 * i;
    cy[i] = 10 * i;
  }
  for (int i = 0; i < 10 * THREADS; i++)
    if (e2e_owner(i, 3) == MYTHREAD) y3[i] = 3 * i + 1;
  for (int i = 0; i < 12 * THREADS; i++)
    if (e2e_owner(i, 3) == MYTHREAD) w3[i] = -i;
  for (int i = 0; i < 9 * THREADS; i++)
    if (e2e_owner(i, 4) == MYTHREAD) y4[i] = 1000L * i, x4[i] = 7, nb4[i] = 2 * i;
  for (int i = 0; i < 11 * THREADS; i++)
    if (e2e_owner(i, 5) == MYTHREAD) y5[i] = i * i;
  if (MYTHREAD == 0)
    for (int i = 0; i < 40; i++) inj[i] = 40 - i;
  upc_barrier;
}

/* Loop bodies as the naive code computes them, in plain C. */
static double a_want(int i) { return (double)i + 2 * (0.5 * i) + 1; }
static int x3_want(int i) { return 2 * (3 * i + 1) + i; }
static int w3_want(int i, int n) { return i < n ? -i + (3 * i + 1) : -i; }

/* Through a pointer parameter: the pointer's own thread and phase place
 * the elements; called at several offsets. */
shared [4] int pz[9 * THREADS];
static void add_through(shared [4] int *p, int n, int v) {
  upc_forall (int i = 0; i < n; i++; &p[i]) p[i] += v + i; /* PRIV */
}
shared int cz[6 * THREADS];
static void set_cyclic(shared int *q, int n) {
  upc_forall (int i = 0; i < n; i++; q + i) q[i] = 7 * i; /* PRIV */
}
/* An indefinite pointer to a thread's upc_alloc'd block: its owner runs
 * every iteration (all threads run the loop with the same pointer). */
shared [] int *shared blocks[THREADS];
static void fill_block(shared [] int *q, int n, int v) {
  upc_forall (int i = 0; i < n; i++; &q[i]) q[i] = v * 100 + i; /* PRIV */
}
/* Called from inside a controlling upc_forall: runs every iteration, on the
 * caller's thread, through shared accesses. */
shared [3] int rz[4 * THREADS];
static void bump_all(int n) {
  upc_forall (int i = 0; i < n; i++; &rz[i]) rz[i] += 1; /* PRIV */
}

int main(void) {
  fill();
  const int T = THREADS;
  const int n3 = 10 * T - 2; /* not a multiple of the block or of THREADS */

  /* Cyclic: same layout everywhere, a privatized update. */
  upc_forall (int i = 0; i < K * T; i++; &a[i]) {
    a[i] = b[i] + 2 * c[i]; /* PRIV */
    a[i] += 1; /* PRIV */
  }
  /* Blocked 3: same and compatible layouts (w3 is longer). */
  upc_forall (int i = 0; i < n3; i++; &x3[i]) {
    x3[i] = 2 * y3[i] + i; /* PRIV */
    w3[i] = w3[i] + y3[i]; /* PRIV */
  }
  /* Blocked 4: a neighbour and another index must stay shared. */
  upc_forall (int i = 0; i < 9 * T; i++; &y4[i]) {
    long nb = i + 1 < 9 * T ? y4[i + 1] : -1; /* NOPRIV */
    long other = y4[9 * T - 1 - i]; /* NOPRIV */
    x4[i] = x4[i] + nb + other; /* PRIV */
  }
  upc_barrier; /* a is read by other threads below */
  /* Blocked 5 with another layout in the body (cyclic a: not privatized). */
  double sum5 = 0;
  upc_forall (int i = 0; i < 11 * T; i++; &x5[i]) {
    x5[i] = y5[i] - 1; /* PRIV */
    if (i < K * T) sum5 += a[i]; /* NOPRIV */
  }
  /* [*] (block 5) and indefinite. */
  upc_forall (int i = 0; i < 5 * T; i++; &st[i]) {
    st[i] = 3 * i; /* PRIV */
    su[i] = st[i] + 1; /* PRIV */
  }
  /* inj is on thread 0 as well: static arrays start on thread 0 */
  upc_forall (int i = 0; i < 40; i++; &ind[i]) ind[i] = inj[i] * 2; /* PRIV */
  /* 2-D: [6][THREADS], column j on thread j; [THREADS][6] cyclic. */
  for (int i = 0; i < 6; i++)
    upc_forall (int j = 0; j < T; j++; &m2[i][j]) {
      m2[i][j] = 100 * i + j; /* PRIV */
      n2[i][j] = m2[i][j] * 2; /* PRIV */
    }
  upc_forall (int i = 0; i < T; i++; &mt[i][0]) {
    mt[i][0] = 6 * i; /* PRIV */
    for (int j = 1; j < 6; j++) mt[i][j] = i * 6 + j; /* NOPRIV */
  }
  /* Integer affinity: cyclic arrays with the same index are local. */
  upc_forall (int i = 0; i < K * T; i++; i) b[i] = b[i] * 3; /* PRIV */

  /* upc_all_alloc'd, through pointers-to-shared with block size 4. */
  shared [4] int *pp = (shared [4] int *)upc_all_alloc(3 * T, 4 * sizeof(int));
  shared [4] int *qq = (shared [4] int *)upc_all_alloc(3 * T, 4 * sizeof(int));
  upc_forall (int i = 0; i < 12 * T; i++; &qq[i]) qq[i] = 5 * i; /* PRIV */
  upc_barrier;
  upc_forall (int i = 0; i < 12 * T; i++; &pp[i]) {
    pp[i] = qq[i] + i; /* PRIV: both start on thread 0 at phase 0, tested before the loop */
  }
  /* A pointer into the middle of the array: its own phase and thread. */
  shared [4] int *pm = pp + 6;
  upc_forall (int i = 0; i < 12 * T - 6; i++; &pm[i]) pm[i] += 1; /* PRIV */
  /* Objects that start elsewhere than the affinity's: qq + 1 (another
   * phase), qq + 4 (the next block), the static k4 against pv + 6.  Their
   * accesses are privatized where a test before the loop finds the starts
   * alike; where not, the loop keeps its affinity test. */
  shared [4] int *pv = (shared [4] int *)upc_all_alloc(3 * T, 4 * sizeof(int));
  shared [4] int *qs = qq + 1, *qt = qq + 4, *pw = pv + 6;
  upc_forall (int i = 0; i < 12 * T; i++; &k4[i]) k4[i] = 11 * i; /* PRIV */
  upc_forall (int i = 0; i < 12 * T; i++; &pv[i]) pv[i] = 0; /* PRIV */
  upc_barrier;
  upc_forall (int i = 0; i < 12 * T - 4; i++; &pv[i]) pv[i] = qs[i] + 2 * qt[i] + k4[i]; /* PRIV */
  upc_forall (int i = 0; i < 12 * T; i++; &pv[i]) pv[i] += k4[i] + qq[i]; /* PRIV */
  upc_forall (int i = 0; i < 12 * T - 6; i++; &pw[i]) pw[i] += k4[i]; /* PRIV */
  /* Iterations that would lie in one block if pw were at phase 0 (it is at
   * phase 2): each still runs on its element's thread. */
  int elsewhere = 0;
  upc_forall (int i = 1; i < 3; i++; &pw[i]) elsewhere += upc_threadof(&pw[i]) != MYTHREAD; /* FA */
  CHECK_EQ(elsewhere, 0, "iterations run away from their element");

  /* A converted update of the neighbour inside a privatized forall, read by a
   * later iteration of the same thread: within a block of 4, and with
   * THREADS == 1 in a cyclic array.  Before any shared-to-private cast
   * (after one the runtime completes every update at once). */
  upc_forall (int i = 0; i < 9 * T; i++; &nb4[i]) {
    ob4[i] = nb4[i]; /* PRIV */
    if (i % 4 != 3 && i + 1 < 9 * T) nb4[i + 1] += 1; /* RU */
  }
  upc_forall (int i = 0; i < K * T; i++; &cy[i]) {
    oc[i] = cy[i]; /* PRIV */
    if (THREADS == 1 && i + 1 < K * T) cy[i + 1] += 5; /* RU */
  }
  /* A private pointer aliasing shared data the loop writes: this thread's
   * first block of y3 (every thread has one: 10 * THREADS elements). */
  int *mine = (int *)&y3[3 * MYTHREAD];
  long alias_sum = 0, alias_want = 0;
  upc_forall (int i = 0; i < 10 * T; i++; &y3[i]) {
    y3[i] = y3[i] + 1; /* PRIV */
    if (i / 3 == MYTHREAD) alias_sum += mine[i % 3];
  }
  for (int i = 3 * MYTHREAD; i < 3 * MYTHREAD + 3; i++) alias_want += 3 * i + 2;
  CHECK_EQ(alias_sum, alias_want, "reads through a private pointer after privatized writes");

  upc_barrier;


  /* ---- pointer parameters, other threads' blocks, nested calls ---- */
  for (int off = 0; off < 6; off++) add_through(&pz[off], 9 * T - off, off);
  set_cyclic(&cz[3], 6 * T - 3);
  set_cyclic(cz, 2);
  shared [] int *own = (shared [] int *)upc_alloc(20 * sizeof(int));
  blocks[MYTHREAD] = own;
  upc_barrier;
  for (int s = 0; s < T; s++) fill_block(blocks[s], 20, s + 1);
  /* one thread at a time: the nested loop's read-modify-writes of every
   * element are not atomic */
  for (int s = 0; s < T; s++) {
    upc_forall (int i = s; i <= s; i++; i) bump_all(4 * T); /* FA */
    upc_barrier;
  }
  upc_barrier;
  int *ipz = malloc(9 * T * sizeof(int)), *icz = malloc(6 * T * sizeof(int));
  E2E_GATHER(int, ipz, pz, 9 * T, 4);
  E2E_GATHER(int, icz, cz, 6 * T, 1);
  for (int k = 0; k < 9 * T; k++) {
    int w = 0;
    for (int off = 0; off < 6; off++)
      if (k >= off) w += off + (k - off);
    CHECK_EQ(ipz[k], w, "pz[%d] after add_through at offsets 0-5", k);
  }
  for (int k = 0; k < 6 * T; k++)
    CHECK_EQ(icz[k], k < 2 ? 7 * k : k < 3 ? 0 : 7 * (k - 3), "cz[%d] after set_cyclic", k);
  for (int s = 0; s < T; s++) {
    int blk[20];
    upc_memget(blk, blocks[s], sizeof blk);
    for (int i = 0; i < 20; i++) CHECK_EQ(blk[i], (s + 1) * 100 + i, "thread %d's block [%d]", s, i);
  }
  int *irz = malloc(4 * T * sizeof(int));
  E2E_GATHER(int, irz, rz, 4 * T, 3);
  for (int k = 0; k < 4 * T; k++) CHECK_EQ(irz[k], T, "rz[%d] after %d nested calls", k, T);
  free(ipz), free(icz), free(irz);
  upc_barrier;
  upc_free(own);


  /* ---- affine indices, offsets, a pointer moved by an enclosing loop ---- */
  upc_forall (int i = 0; i < 2 * T; i++; &ca[2 * i + 1]) ca[2 * i + 1] = i; /* FA PRIV */
  upc_forall (int i = 0; i < 2 * T; i++; &ca[2 * i + 1]) cb[2 * i + 1] = ca[2 * i + 1] + 1; /* PRIV */
  upc_forall (int i = 0; i < 2 * T; i++; &q4[4 * i]) {
    q4[4 * i] = i; /* PRIV */
    r4[4 * i] = q4[4 * i] * 3; /* PRIV */
  }
  upc_forall (int i = MYTHREAD; i < 9 * T - 5; i++; &s3[i + 5]) {
    s3[i + 5] = i; /* PRIV */
    t3[i + 5] = s3[i + 5] + 100; /* PRIV */
  }
  for (int blk = 0; blk < 2 * T; blk++) {
    shared [4] int *pu = &u4[4 * blk];
    upc_forall (int i = 0; i < 4; i++; &pu[i]) pu[i] += blk + i; /* PRIV */
  }
  upc_barrier;
  int *ica = malloc(4 * T * sizeof(int)), *icb = malloc(4 * T * sizeof(int));
  int *iq4 = malloc(8 * T * sizeof(int)), *ir4 = malloc(8 * T * sizeof(int));
  int *is3 = malloc(9 * T * sizeof(int)), *it3 = malloc(9 * T * sizeof(int));
  int *iu4 = malloc(8 * T * sizeof(int));
  E2E_GATHER(int, ica, ca, 4 * T, 1);
  E2E_GATHER(int, icb, cb, 4 * T, 1);
  E2E_GATHER(int, iq4, q4, 8 * T, 4);
  E2E_GATHER(int, ir4, r4, 8 * T, 4);
  E2E_GATHER(int, is3, s3, 9 * T, 3);
  E2E_GATHER(int, it3, t3, 9 * T, 3);
  E2E_GATHER(int, iu4, u4, 8 * T, 4);
  for (int k = 0; k < 4 * T; k++) {
    CHECK_EQ(ica[k], k % 2 ? (k - 1) / 2 : 0, "ca[%d] (affinity &ca[2i+1])", k);
    CHECK_EQ(icb[k], k % 2 ? (k - 1) / 2 + 1 : 0, "cb[%d]", k);
  }
  for (int k = 0; k < 8 * T; k++) {
    CHECK_EQ(iq4[k], k % 4 == 0 ? k / 4 : 0, "q4[%d] (affinity &q4[4i])", k);
    CHECK_EQ(ir4[k], k % 4 == 0 ? 3 * (k / 4) : 0, "r4[%d]", k);
    CHECK_EQ(iu4[k], k < 8 * T ? k / 4 + k % 4 : 0, "u4[%d] (pointer moved by an outer loop)", k);
  }
  for (int k = 0; k < 9 * T; k++) {
    /* iteration i = k - 5 ran if its owner's start MYTHREAD-value allowed it:
     * thread o = owner(k) starts at i = o */
    int i = k - 5, o = e2e_owner(k, 3);
    int ran = i >= o && i < 9 * T - 5;
    CHECK_EQ(is3[k], ran ? i : 0, "s3[%d] (affinity &s3[i+5], i from MYTHREAD)", k);
    CHECK_EQ(it3[k], ran ? i + 100 : 0, "t3[%d]", k);
  }
  free(ica), free(icb), free(iq4), free(ir4), free(is3), free(it3), free(iu4);

  /* ---- checks: every thread, every element ---- */
  double *da = malloc(K * T * sizeof(double)), *db = malloc(K * T * sizeof(double));
  E2E_GATHER(double, da, a, K * T, 1);
  E2E_GATHER(double, db, b, K * T, 1);
  for (int i = 0; i < K * T; i++) {
    CHECK_DEQ(da[i], a_want(i), "a[%d]", i);
    CHECK_DEQ(db[i], 3.0 * i, "b[%d]", i);
  }
  int *i3 = malloc(10 * T * sizeof(int)), *j3 = malloc(10 * T * sizeof(int));
  int *k3 = malloc(12 * T * sizeof(int));
  E2E_GATHER(int, i3, x3, 10 * T, 3);
  E2E_GATHER(int, j3, y3, 10 * T, 3);
  E2E_GATHER(int, k3, w3, 12 * T, 3);
  for (int i = 0; i < 10 * T; i++) {
    CHECK_EQ(i3[i], i < n3 ? x3_want(i) : 0, "x3[%d]", i);
    CHECK_EQ(j3[i], 3 * i + 2, "y3[%d]", i);
  }
  for (int i = 0; i < 12 * T; i++) CHECK_EQ(k3[i], w3_want(i, n3), "w3[%d]", i);
  long *l4 = malloc(9 * T * sizeof(long));
  E2E_GATHER(long, l4, x4, 9 * T, 4);
  for (int i = 0; i < 9 * T; i++) {
    long nb = i + 1 < 9 * T ? 1000L * (i + 1) : -1, other = 1000L * (9 * T - 1 - i);
    CHECK_EQ(l4[i], 7 + nb + other, "x4[%d]", i);
  }
  int *i5 = malloc(11 * T * sizeof(int));
  E2E_GATHER(int, i5, x5, 11 * T, 5);
  for (int i = 0; i < 11 * T; i++) CHECK_EQ(i5[i], i * i - 1, "x5[%d]", i);
  double s5 = 0;
  for (int i = 0; i < 11 * T && i < K * T; i++)
    if (e2e_owner(i, 5) == MYTHREAD) s5 += a_want(i);
  CHECK_DEQ(sum5, s5, "sum of a[i] over this thread's x5 iterations");
  int *ist = malloc(5 * T * sizeof(int)), *isu = malloc(5 * T * sizeof(int));
  E2E_GATHER(int, ist, st, 5 * T, 5);
  E2E_GATHER(int, isu, su, 5 * T, 5);
  for (int i = 0; i < 5 * T; i++) {
    CHECK_EQ(ist[i], 3 * i, "st[%d]", i);
    CHECK_EQ(isu[i], 3 * i + 1, "su[%d]", i);
  }
  int iind[40];
  upc_memget(iind, ind, sizeof iind);
  for (int i = 0; i < 40; i++) CHECK_EQ(iind[i], 2 * (40 - i), "ind[%d]", i);
  int *im2 = malloc(6 * T * sizeof(int)), *in2 = malloc(6 * T * sizeof(int));
  E2E_GATHER(int, im2, &m2[0][0], 6 * T, 1);
  E2E_GATHER(int, in2, &n2[0][0], 6 * T, 1);
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < T; j++) {
      CHECK_EQ(im2[i * T + j], 100 * i + j, "m2[%d][%d]", i, j);
      CHECK_EQ(in2[i * T + j], 2 * (100 * i + j), "n2[%d][%d]", i, j);
    }
  int *imt = malloc(6 * T * sizeof(int));
  E2E_GATHER(int, imt, &mt[0][0], 6 * T, 1);
  for (int i = 0; i < 6 * T; i++) CHECK_EQ(imt[i], i, "mt[%d][%d]", i / 6, i % 6);
  int *ipp = malloc(12 * T * sizeof(int));
  E2E_GATHER(int, ipp, pp, 12 * T, 4);
  for (int i = 0; i < 12 * T; i++) CHECK_EQ(ipp[i], 6 * i + (i >= 6), "pp[%d]", i);
  E2E_GATHER(int, ipp, pv, 12 * T, 4);
  for (int i = 0; i < 12 * T; i++)
    CHECK_EQ(ipp[i], (i < 12 * T - 4 ? 26 * i + 45 : 0) + 16 * i + (i >= 6 ? 11 * (i - 6) : 0), "pv[%d]", i);
  int *inb = malloc(9 * T * sizeof(int)), *iob = malloc(9 * T * sizeof(int));
  E2E_GATHER(int, inb, nb4, 9 * T, 4);
  E2E_GATHER(int, iob, ob4, 9 * T, 4);
  for (int i = 0; i < 9 * T; i++) {
    int bumped = i % 4 != 0;
    CHECK_EQ(iob[i], 2 * i + bumped, "ob4[%d]: nb4[%d] after the previous iteration's update", i, i);
    CHECK_EQ(inb[i], 2 * i + bumped, "nb4[%d]", i);
  }
  int *icy = malloc(K * T * sizeof(int)), *ioc = malloc(K * T * sizeof(int));
  E2E_GATHER(int, icy, cy, K * T, 1);
  E2E_GATHER(int, ioc, oc, K * T, 1);
  for (int i = 0; i < K * T; i++) {
    int bumped = THREADS == 1 && i > 0 ? 5 : 0;
    CHECK_EQ(ioc[i], 10 * i + bumped, "oc[%d]: cy[%d] after the previous iteration's update", i, i);
    CHECK_EQ(icy[i], 10 * i + bumped, "cy[%d]", i);
  }
  free(da), free(db), free(i3), free(j3), free(k3), free(l4), free(i5), free(ist), free(isu);
  free(im2), free(in2), free(imt), free(ipp), free(inb), free(iob), free(icy), free(ioc);
  upc_barrier;
  if (MYTHREAD == 0) upc_free(pp), upc_free(qq), upc_free(pv);
  return e2e_done();
}
