/* litmus.upc — memory-model litmus tests, each run many times in one
 * program: message passing (data then flag), store buffering, split
 * barriers, upc_fence and locks, with strict and relaxed accesses and the
 * shared words placed on the writer, on the reader or split between them.
 * Thread 0 prints the count of each outcome; only the outcomes UPC 1.3
 * forbids (strict or fenced variants) fail the test — the relaxed variants
 * are counted, never asserted. */
#include "stress.h"
#include <upc_relaxed.h>

#define MAXT 8
#define SB_MAX 20000

/* message passing: writer t writes data then flag; reader (t+1)%THREADS */
relaxed shared long mp_data[THREADS];
strict shared long mp_flag_s[THREADS];
relaxed shared long mp_flag_r[THREADS];
relaxed shared long mp_data_s[THREADS]; /* the all-strict variant uses strict casts */
/* store buffering: thread t writes sb[t], reads sb[(t+1)%THREADS] */
relaxed shared long sb[THREADS];
shared [SB_MAX] char sb_old[SB_MAX * THREADS]; /* 1: read the old value */
/* split barrier */
relaxed shared long nw[2][THREADS];
/* locks */
relaxed shared long lk_slots[4 * THREADS];
shared long counts[THREADS][8];

enum { MP_STRICT, MP_RELEASE, MP_FENCE, MP_RELAXED, MP_KINDS };
static const char *mp_names[] = {"strict", "strict-flag", "fence", "relaxed"};

/* One message-passing run: data on thread (t+dofs)%T, flag on (t+fofs)%T.
 * Outcomes per read pair: flag older than data, equal, or flag newer than
 * data (data still old: forbidden unless relaxed). */
static void mp_run(int kind, int dofs, int fofs, long n, long out[3]) {
  int T = THREADS, me = MYTHREAD, w = (me + T - 1) % T; /* I read writer w */
  long mydi = (me + dofs) % T, myfi = (me + fofs) % T;
  long rdi = (w + dofs) % T, rfi = (w + fofs) % T;
  strict shared long *sdata = (strict shared long *)mp_data;
  for (long i = 0; i < T; i++) {
    if (upc_threadof(&mp_data[i]) == (size_t)me) mp_data[i] = mp_flag_s[i] = mp_flag_r[i] = 0;
  }
  upc_barrier;
  for (long k = 1; k <= n; k++) {
    long f, d;
    switch (kind) {
    case MP_STRICT:
      sdata[mydi] = k;
      mp_flag_s[myfi] = k;
      f = mp_flag_s[rfi];
      d = sdata[rdi];
      break;
    case MP_RELEASE:
      mp_data[mydi] = k;
      mp_flag_s[myfi] = k;
      f = mp_flag_s[rfi];
      d = mp_data[rdi];
      break;
    case MP_FENCE:
      mp_data[mydi] = k;
      upc_fence;
      mp_flag_r[myfi] = k;
      f = mp_flag_r[rfi];
      upc_fence;
      d = mp_data[rdi];
      break;
    default:
      mp_data[mydi] = k;
      mp_flag_r[myfi] = k;
      f = mp_flag_r[rfi];
      d = mp_data[rdi];
      break;
    }
    out[f < d ? 0 : f == d ? 1 : 2]++;
    if (kind != MP_RELAXED && d < f) {
      char m[160];
      snprintf(m, sizeof m, "MP %s d%d f%d: flag %ld but data %ld", mp_names[kind], dofs, fofs, f, d);
      upctest_report(__FILE__, __LINE__, m);
    }
    if (k % 64 == 0) upctest_relax(); /* let the other threads run on 2 cores */
  }
  upc_barrier;
}

/* Store buffering: each iteration, after a barrier, write mine = k and read
 * the next thread's; all threads reading the old value is forbidden when the
 * accesses are strict or fenced. Returns how many iterations had that. */
static long sb_run(int kind, long n, long out[2]) {
  int T = THREADS, me = MYTHREAD, nx = (me + 1) % T;
  strict shared long *ssb = (strict shared long *)sb;
  static char old[SB_MAX];
  sb[me] = 0;
  upc_barrier;
  for (long k = 1; k <= n; k++) {
    long v;
    upc_barrier;
    if (kind == MP_STRICT) {
      ssb[me] = k;
      v = ssb[nx];
    } else if (kind == MP_FENCE) {
      sb[me] = k;
      upc_fence;
      v = sb[nx];
    } else {
      sb[me] = k;
      v = sb[nx];
    }
    old[k - 1] = v < k;
    out[v < k]++;
  }
  upc_memput(&sb_old[MYTHREAD * SB_MAX], old, n);
  upc_barrier;
  long all_old = 0;
  for (long k = 0; k < n; k++) {
    int every = 1;
    for (int t = 0; t < T && every; t++) every = sb_old[t * SB_MAX + k];
    all_old += every;
  }
  upc_barrier;
  return all_old;
}

int main(int argc, char **argv) {
  stress_init(argc, argv, 200);
  int T = THREADS, me = MYTHREAD;
  long n_mp = stress_size(20000, 200000), n_sb = stress_size(500, SB_MAX);
  long n_nw = stress_size(500, 50000), n_lk = stress_size(1000, 50000);
  if (T > MAXT) return 1;

  /* ---- message passing, every access kind and placement ---- */
  for (int kind = 0; kind < MP_KINDS; kind++) {
    for (int place = 0; place < 4; place++) {
      long out[3] = {0, 0, 0};
      int dofs = place & 1, fofs = place >> 1;
      if (T == 1 && (dofs || fofs)) continue;
      mp_run(kind, dofs, fofs, n_mp, out);
      for (int i = 0; i < 3; i++) counts[me][i] = out[i];
      upc_barrier;
      if (me == 0) {
        long s[3] = {0, 0, 0};
        for (int t = 0; t < T; t++)
          for (int i = 0; i < 3; i++) s[i] += counts[t][i];
        printf("litmus MP %-11s data@+%d flag@+%d: flag<data %ld, flag=data %ld, "
               "flag>data %ld%s\n", mp_names[kind], dofs, fofs, s[0], s[1], s[2],
               kind == MP_RELAXED ? " (allowed)" : " (forbidden)");
      }
      upc_barrier;
    }
  }

  /* ---- store buffering ---- */
  for (int kind = 0; kind < MP_KINDS; kind++) {
    if (kind == MP_RELEASE) continue;
    long out[2] = {0, 0};
    long all_old = sb_run(kind, n_sb, out);
    counts[me][0] = out[0];
    counts[me][1] = out[1];
    upc_barrier;
    if (me == 0) {
      long s0 = 0, s1 = 0;
      for (int t = 0; t < T; t++) s0 += counts[t][0], s1 += counts[t][1];
      printf("litmus SB %-8s reads new %ld, reads old %ld, every thread old %ld%s\n",
             mp_names[kind], s0, s1, all_old,
             kind == MP_RELAXED || T == 1 ? " (allowed)" : " (forbidden)");
      if (kind != MP_RELAXED && T > 1 && all_old != 0) {
        char m[120];
        snprintf(m, sizeof m, "SB %s: %ld iterations where every thread read the old value",
                 mp_names[kind], all_old);
        upctest_report(__FILE__, __LINE__, m);
      }
    }
    upc_barrier;
  }

  /* ---- split barrier: relaxed writes before upc_notify are seen after
   * upc_wait; buffers alternate so a write never races a read ---- */
  {
    long stale = 0;
    for (long k = 1; k <= n_nw; k++) {
      int b = k % 2;
      nw[b][(me + 1) % T] = k * MAXT + me; /* slot (me+1)%T: on the next thread */
      upc_notify;
      long local_work = k * 3; /* between notify and wait */
      (void)local_work;
      upc_wait;
      for (int t = 0; t < T; t++) {
        long want = k * MAXT + (t + T - 1) % T;
        if (nw[b][t] != want) {
          stale++;
          if (stale <= 3) CHECK_INT(nw[b][t], want);
        }
      }
    }
    counts[me][0] = stale;
    upc_barrier;
    if (me == 0) {
      long s = 0;
      for (int t = 0; t < T; t++) s += counts[t][0];
      printf("litmus notify/wait: %ld rounds, stale reads %ld (forbidden)\n", n_nw, s);
    }
    upc_barrier;
  }

  /* ---- locks: a holder sees every write of the previous holder ---- */
  {
    upc_lock_t *lock = upc_all_lock_alloc();
    long bad = 0, turns = 0;
    if (me == 0)
      for (int i = 0; i < 4 * T; i++) lk_slots[i] = 0;
    upc_barrier;
    for (long k = 0; k < n_lk; k++) {
      upc_lock(lock);
      long v = lk_slots[0];
      for (int i = 1; i < 4 * T; i++)
        if (lk_slots[i] != v) bad++;
      for (int i = 0; i < 4 * T; i++) lk_slots[i] = v + 1;
      turns++;
      upc_unlock(lock);
      if (k % 16 == 0) upctest_relax();
    }
    counts[me][0] = bad;
    upc_barrier;
    if (me == 0) {
      long s = 0;
      for (int t = 0; t < T; t++) s += counts[t][0];
      printf("litmus lock: %ld critical sections, torn views %ld (forbidden)\n", n_lk * T, s);
      if (s) upctest_report(__FILE__, __LINE__, "a lock holder saw a partial update");
    }
    for (int i = 0; i < 4 * T; i++) CHECK_INT(lk_slots[i], n_lk * T);
    upc_barrier;
    if (me == 0) upc_lock_free(lock);
  }
  return upctest_done();
}
