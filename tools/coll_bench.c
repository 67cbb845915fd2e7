/* coll_bench.c — the relocalization collectives and upc_all_reduceD against
 * the matching nonblocking MPI collective (completed with MPI_Test +
 * sched_yield, the runtime's own waiting discipline), 8 B to 16 MB, one size
 * per size class of the algorithm table (coll_table.h), for each algorithm
 * (MPI mapping, PULL, PUSH, MULTICORE) and the default the table chooses.
 * It prints the MPI time and each ratio MPI time / UPC time, then the
 * default's time against the best algorithm's, batch by batch ("dflt/best",
 * target >= 0.95), the algorithm the default chooses and its own time
 * against the best's ("choice/best"), and two summary lines.  The
 * alternatives of one size are timed in turn, batch by batch, so that a
 * change in the machine's load hits them alike.
 *
 * usage: mpiexec -n N coll_bench [mysync | allsync] [--quick]
 *        mpiexec -n N coll_bench --tune FILE [--quick]
 * "mysync" (the default) runs the UPC collectives with UPC_IN_MYSYNC |
 * UPC_OUT_MYSYNC, the synchronization an MPI collective gives; "allsync"
 * with the UPC default (barriers on entry and exit).  --tune measures both,
 * chooses the fastest algorithm for this job's layout per collective, sync
 * and size class (the algorithm whose slowest of three rounds is the
 * fastest; see tune), and writes the whole table (the other layouts as
 * loaded) to FILE; upcrun -tune-collectives runs it.  --quick stops at 256 KB. */
#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll_table.h"
#include "collective.h"
#include "segment.h"
#include "tick.h"

enum { NALG = UPCRT_COLL_ALGS, REDUCE = UPCRT_COLL_KINDS, NCOLL = UPCRT_COLL_KINDS + 1 };
enum { ALT_MPI_RAW = NALG, ALT_DEFAULT, NALT };
static const size_t MAXB = (size_t)16 << 20;

static upcrt_pts_t SRC, DST, PERM;
static char *msrc, *mdst;
static upc_flag_t sync_flags;
static size_t max_bytes = (size_t)16 << 20;

static double now(void) { return (double)upc_ticks_now() * 1e-9; }

static void run_mpi(int coll, size_t n) {
  int T = upcrt_threads, me = upcrt_mythread;
  MPI_Comm w = MPI_COMM_WORLD;
  MPI_Request q[2];
  int nq = 1, in = (int)n;
  double s = 0, r = 0;
  switch (coll) {
  case UPCRT_COLL_BROADCAST: MPI_Ibcast(msrc, in, MPI_BYTE, 0, w, q); break;
  case UPCRT_COLL_SCATTER: MPI_Iscatter(msrc, in, MPI_BYTE, mdst, in, MPI_BYTE, 0, w, q); break;
  case UPCRT_COLL_GATHER: MPI_Igather(msrc, in, MPI_BYTE, mdst, in, MPI_BYTE, 0, w, q); break;
  case UPCRT_COLL_GATHER_ALL: MPI_Iallgather(msrc, in, MPI_BYTE, mdst, in, MPI_BYTE, w, q); break;
  case UPCRT_COLL_EXCHANGE: MPI_Ialltoall(msrc, in, MPI_BYTE, mdst, in, MPI_BYTE, w, q); break;
  case UPCRT_COLL_PERMUTE:
    MPI_Irecv(mdst, in, MPI_BYTE, (me + T - 1) % T, 7, w, &q[0]);
    MPI_Isend(msrc, in, MPI_BYTE, (me + 1) % T, 7, w, &q[1]);
    nq = 2;
    break;
  default: {
    const double *v = (const double *)msrc;
    size_t ne = n / sizeof(double) ? n / sizeof(double) : 1;
    for (size_t i = 0; i < ne; i++) s += v[i];
    MPI_Ireduce(&s, &r, 1, MPI_DOUBLE, MPI_SUM, 0, w, q);
  }
  }
  for (int i = 0; i < nq; i++) upcrt_coll_wait(&q[i]);
}

static void run_upc(int coll, upc_flag_t fl, size_t n) {
  switch (coll) {
  case UPCRT_COLL_BROADCAST: upc_all_broadcast(DST, SRC, n, fl); break;
  case UPCRT_COLL_SCATTER: upc_all_scatter(DST, SRC, n, fl); break;
  case UPCRT_COLL_GATHER: upc_all_gather(DST, SRC, n, fl); break;
  case UPCRT_COLL_GATHER_ALL: upc_all_gather_all(DST, SRC, n, fl); break;
  case UPCRT_COLL_EXCHANGE: upc_all_exchange(DST, SRC, n, fl); break;
  case UPCRT_COLL_PERMUTE: upc_all_permute(DST, SRC, PERM, n, fl); break;
  default: {
    /* n bytes of doubles per thread in a shared [n/8] double array */
    size_t ne = n / sizeof(double) ? n / sizeof(double) : 1;
    upc_all_reduceD(DST, SRC, UPC_ADD, ne * (size_t)upcrt_threads, ne, NULL, fl);
  }
  }
}

/* The algorithm the table gives this call. */
static int chosen_alg(int coll, size_t n) {
  upc_flag_t f = upcrt_coll_choose(coll, n, sync_flags);
  int a = 0;
  for (int k = 1; k < NALG; k++)
    if (f & upcrt_coll_alg_flags[k]) a = k;
  return a;
}

/* One call of alternative alt.  The MPI mapping is the table's entry set to
 * MPI for the call (the flags cannot name it). */
static void run_alt(int coll, int alt, size_t n) {
  if (alt == ALT_MPI_RAW) return run_mpi(coll, n);
  if (alt == ALT_DEFAULT || coll == REDUCE) return run_upc(coll, sync_flags, n);
  if (alt > 0) return run_upc(coll, sync_flags | upcrt_coll_alg_flags[alt], n);
  int l = upcrt_coll_layout(), s = (sync_flags & UPC_IN_ALLSYNC) != 0;
  int c = upcrt_coll_size_class(n), was = chosen_alg(coll, n);
  upcrt_coll_table_set(l, s, coll, c, 0);
  run_upc(coll, sync_flags, n);
  upcrt_coll_table_set(l, s, coll, c, was);
}

static int by_value(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return a < b ? -1 : a > b;
}

/* Seconds per call (the slowest thread) of each alternative whose want[] is
 * set: the median of `batches` batches of at least BATCH_S each, the
 * alternatives taking turns in an order shuffled per batch (one that always
 * followed the same alternative would inherit its state of the caches and
 * of MPI: up to 3x at 256 KB), each batch after one untimed call.  The
 * median, not the best: two alternatives running the same code differ by
 * up to 12% in their best batch, usually by 3% in their median one (but
 * see paired). */
#define BATCH_S 200e-6
#define BATCHES 25
static int batches = BATCHES;
static double batch[NALT][BATCHES]; /* the last measure's batches, in time order */
static void measure(int coll, size_t n, const int *want, double *sec) {
  double t1 = 0, one;
  for (int w = 0; w < 2; w++) { /* the second call's time sets the batch length */
    upcrt_coll_barrier();
    double t0 = now();
    run_alt(coll, ALT_DEFAULT, n);
    t1 = now() - t0;
  }
  MPI_Request q;
  MPI_Iallreduce(&t1, &one, 1, MPI_DOUBLE, MPI_MAX, upcrt_coll_comm, &q);
  upcrt_coll_wait(&q);
  int reps = one * 2 >= BATCH_S ? 2 : one * 1000 < BATCH_S ? 1000 : (int)(BATCH_S / one);
  for (int b = 0; b < batches; b++) {
    int order[NALT];
    for (int i = 0; i < NALT; i++) order[i] = i;
    unsigned x = 2654435761u * (unsigned)(b + 1); /* the same shuffle on every thread */
    for (int i = NALT - 1; i > 0; i--) {
      x = x * 1103515245u + 12345u;
      int j = (int)((x >> 16) % (unsigned)(i + 1)), k = order[i];
      order[i] = order[j];
      order[j] = k;
    }
    for (int i = 0; i < NALT; i++) {
      int a = order[i];
      if (!want[a]) continue;
      run_alt(coll, a, n);
      upcrt_coll_barrier();
      double t0 = now();
      for (int r = 0; r < reps; r++) run_alt(coll, a, n);
      double t = (now() - t0) / reps, mx = 0;
      MPI_Iallreduce(&t, &mx, 1, MPI_DOUBLE, MPI_MAX, upcrt_coll_comm, &q);
      upcrt_coll_wait(&q);
      batch[a][b] = mx;
    }
  }
  for (int a = 0; a < NALT; a++) {
    double v[BATCHES];
    memcpy(v, batch[a], sizeof v);
    qsort(v, (size_t)batches, sizeof(double), by_value);
    sec[a] = want[a] ? v[batches / 2] : 1e30;
  }
}

/* The last measure's alternative x against y, batch by batch: the median of
 * x's time over y's in the same batch.  The two ran within a millisecond of
 * each other, so a change in the machine's state that lasts longer hits
 * both, where the ratio of their separate medians keeps it. */
static double paired(int x, int y) {
  double v[BATCHES];
  for (int b = 0; b < batches; b++) v[b] = batch[x][b] / batch[y][b];
  qsort(v, (size_t)batches, sizeof(double), by_value);
  return v[batches / 2];
}

/* Cases where a ratio to the best algorithm is >= 0.95, and the worst. */
typedef struct {
  int good;
  double worst;
  char at[64];
} tally_t;

static void tally(tally_t *k, double r, int coll, size_t n) {
  k->good += r >= 0.95;
  if (r < k->worst) {
    k->worst = r;
    snprintf(k->at, sizeof k->at, "%s at %zu bytes", upcrt_coll_kind_names[coll], n);
  }
}

/* Two comparisons with the best algorithm, each the fastest algorithm's
 * paired ratio: the default timed as itself (dflt/best), and the algorithm
 * it chooses, timed as that algorithm (choice/best).  The first adds to the
 * choice the difference between two timings of the same code (0.60x at
 * worst on this 2-core machine with separate medians); the second is the
 * choice alone, and the default's cost over its algorithm shows as the
 * difference of the two columns. */
static void report(void) {
  int me = upcrt_mythread, cases = 0;
  tally_t direct = {0, 1e30, ""}, choice = {0, 1e30, ""};
  for (int c = 0; c < NCOLL; c++) {
    if (me == 0) {
      printf("\n%-10s %9s %10s", c == REDUCE ? "reduceD" : upcrt_coll_kind_names[c], "bytes",
             "MPI us");
      for (int a = 0; a < NALG; a++) printf(" %9s", upcrt_coll_alg_names[a]);
      printf(" %9s %9s %9s %11s\n", "default", "dflt/best", "choice", "choice/best");
    }
    for (size_t n = 8; n <= max_bytes; n *= 8) {
      int want[NALT];
      for (int a = 0; a < NALT; a++) want[a] = c != REDUCE || a >= NALG;
      double t[NALT];
      measure(c, n, want, t);
      if (me != 0) continue;
      printf("%-10s %9zu %10.2f", "", n, t[ALT_MPI_RAW] * 1e6);
      for (int a = 0; a < NALG; a++) {
        if (!want[a]) printf(" %9s", "-");
        else printf(" %9.2f", t[ALT_MPI_RAW] / t[a]);
      }
      printf(" %9.2f", t[ALT_MPI_RAW] / t[ALT_DEFAULT]);
      if (c == REDUCE) {
        printf(" %9s %9s %11s\n", "-", "-", "-");
        continue;
      }
      int ch = chosen_alg(c, n);
      double vs_default = 1e30, vs_choice = 1e30;
      for (int a = 0; a < NALG; a++) {
        double d = paired(a, ALT_DEFAULT), k = paired(a, ch);
        if (d < vs_default) vs_default = d;
        if (k < vs_choice) vs_choice = k;
      }
      printf(" %9.2f %9s %11.2f\n", vs_default, upcrt_coll_alg_names[ch], vs_choice);
      fflush(stdout);
      cases++;
      tally(&direct, vs_default, c, n);
      tally(&choice, vs_choice, c, n);
    }
  }
  if (me == 0) {
    printf("\ndefault >= 0.95x the best algorithm in %d of %d cases; worst %.2f (%s)\n",
           direct.good, cases, direct.worst, direct.at);
    printf("default's choice >= 0.95x the best algorithm in %d of %d cases; worst %.2f (%s)\n",
           choice.good, cases, choice.worst, choice.at);
  }
}

/* The tuning run measures every case in TUNE_ROUNDS rounds, a round being
 * every case once, and keeps for each the algorithm whose slowest round
 * (against that round's fastest algorithm) is the fastest.  Which algorithm
 * wins can change with the machine's state for tens of seconds at a time
 * (under UPCRT_FORCE_RMA here, PULL against MPI at 256K-2M: 2.7x faster or
 * slower, the one-sided gets being MPI's software emulation); a choice from
 * one round loses that much in the other state, the minimax choice at most
 * what the better state gains. */
#define TUNE_ROUNDS 3
static void tune(const char *path) {
  int me = upcrt_mythread, l = upcrt_coll_layout();
  int want[NALT] = {1, 1, 1, 1, 0, 0};
  static double t[TUNE_ROUNDS][UPCRT_COLL_SYNCS][UPCRT_COLL_KINDS][UPCRT_COLL_SIZES][NALT];
  batches = (BATCHES + TUNE_ROUNDS - 1) / TUNE_ROUNDS; /* about a single run's time */
  if (me == 0) printf("tuning the collectives for layout %s in %d rounds\n",
                      upcrt_coll_layout_names[l], TUNE_ROUNDS);
  for (int r = 0; r < TUNE_ROUNDS; r++) {
    for (int s = 0; s < UPCRT_COLL_SYNCS; s++) {
      sync_flags = s ? UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC : UPC_IN_MYSYNC | UPC_OUT_MYSYNC;
      for (int c = 0; c < UPCRT_COLL_KINDS; c++) {
        int cls = 0;
        for (size_t n = 8; cls < UPCRT_COLL_SIZES && n <= max_bytes; n *= 8, cls++)
          measure(c, n, want, t[r][s][c][cls]);
      }
    }
    if (me == 0) {
      printf("round %d done\n", r + 1);
      fflush(stdout);
    }
  }
  for (int s = 0; s < UPCRT_COLL_SYNCS; s++) {
    sync_flags = s ? UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC : UPC_IN_MYSYNC | UPC_OUT_MYSYNC;
    for (int c = 0; c < UPCRT_COLL_KINDS; c++) {
      if (me == 0) printf("%-13s %-7s %-10s", upcrt_coll_layout_names[l],
                          upcrt_coll_sync_names[s], upcrt_coll_kind_names[c]);
      int cls = 0;
      for (size_t n = 8; cls < UPCRT_COLL_SIZES; n *= 8, cls++) {
        int a = 0;
        if (n <= max_bytes) {
          /* worst[k]: algorithm k's slowest round, as the fraction of that
           * round's fastest time; the first of MPI, PULL, PUSH, MULTICORE
           * within 3% of the best worst: near-ties are noise, and a stable
           * table reads better */
          double worst[NALG], top = 0;
          for (int k = 0; k < NALG; k++) {
            worst[k] = 1;
            for (int r = 0; r < TUNE_ROUNDS; r++) {
              const double *tr = t[r][s][c][cls];
              double fastest = tr[0];
              for (int j = 1; j < NALG; j++)
                if (tr[j] < fastest) fastest = tr[j];
              if (fastest / tr[k] < worst[k]) worst[k] = fastest / tr[k];
            }
            if (worst[k] > top) top = worst[k];
          }
          while (worst[a] < top / 1.03) a++;
          /* thread 0's measurement decides; the others follow */
          MPI_Bcast(&a, 1, MPI_INT, 0, upcrt_coll_comm);
        } else {
          /* with --quick the largest classes keep the last measured choice */
          a = chosen_alg(c, n / 8);
        }
        upcrt_coll_table_set(l, s, c, cls, a);
        if (me == 0) printf(" %s", upcrt_coll_alg_names[a]);
      }
      if (me == 0) {
        printf("\n");
        fflush(stdout);
      }
    }
  }
  if (me == 0) {
    if (upcrt_coll_table_save(path) != 0) {
      fprintf(stderr, "coll_bench: cannot write %s: %s\n", path, strerror(errno));
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    printf("wrote %s\n", path);
  }
}

static int bench_main(int argc, char **argv) {
  const char *tune_path = NULL;
  int allsync = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "allsync") == 0) allsync = 1;
    else if (strcmp(argv[i], "mysync") == 0) allsync = 0;
    else if (strcmp(argv[i], "--quick") == 0) max_bytes = (size_t)256 << 10;
    else if (strcmp(argv[i], "--tune") == 0 && i + 1 < argc) tune_path = argv[++i];
    else {
      if (upcrt_mythread == 0)
        fprintf(stderr, "usage: coll_bench [mysync | allsync] [--quick]\n"
                        "       coll_bench --tune FILE [--quick]\n");
      return 2;
    }
  }
  sync_flags = allsync ? UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC : UPC_IN_MYSYNC | UPC_OUT_MYSYNC;
  upcrt_coll_init();
  upcrt_coll_table_init();
  int T = upcrt_threads, me = upcrt_mythread;
  /* shared [MAXB*T] char arrays: block i on thread i; perm[i] = i+1 mod T */
  SRC = upc_all_alloc((size_t)T, MAXB * (size_t)T);
  DST = upc_all_alloc((size_t)T, MAXB * (size_t)T);
  PERM = upc_all_alloc((size_t)T, sizeof(int));
  *(int *)(upcrt_seg_mybase + PERM.offset) = (me + 1) % T;
  /* MPI moves the same bytes (this thread's blocks), so that no
   * alternative finds the caches colder than another */
  msrc = upcrt_seg_mybase + SRC.offset;
  mdst = upcrt_seg_mybase + DST.offset;
  memset(msrc, 1, MAXB * (size_t)T);
  upcrt_coll_barrier();
  if (tune_path) {
    tune(tune_path);
    return 0;
  }
  if (me == 0)
    printf("coll_bench: THREADS=%d, layout %s, UPC sync %s; time per call in us (MPI) and "
           "ratio MPI/UPC per algorithm\n", T, upcrt_coll_layout_names[upcrt_coll_layout()],
           allsync ? "UPC_IN_ALLSYNC|UPC_OUT_ALLSYNC" : "UPC_IN_MYSYNC|UPC_OUT_MYSYNC");
  report();
  return 0;
}

int main(int argc, char **argv) {
  upcrt_config_t cfg = {0, (size_t)160 << 20};
  upcrt_start(argc, argv, bench_main, &cfg);
}
