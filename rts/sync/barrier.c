/* barrier.c — upc_notify/upc_wait through shared memory on a node, MPI
 * between nodes, with id matching (see barrier.h). */
#include "barrier.h"

#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/backoff.h"
#include "core/module.h"
#include "core/segment.h"
#include "core/start.h"
#include "core/stats.h"
#include "core/trace.h"
#include "comm/async.h"
#include "neighbor.h"
#include "upcrt.h"

MPI_Comm upcrt_barrier_coll_comm = MPI_COMM_NULL;
static MPI_Comm upcrt_barrier_comm = MPI_COMM_NULL, upcrt_barrier_exit_comm = MPI_COMM_NULL;
static int upcrt_barrier_notified, upcrt_barrier_my_has_id, upcrt_barrier_my_id;

/* A barrier word: the barrier's number (30 bits), whether the ids of the
 * threads it sums up disagree, whether any gave one, and that id. */
#define BAR_EPOCH_MASK ((1u << 30) - 1)
#define BAR_MISMATCH ((uint64_t)1 << 33)
#define BAR_HAS_ID ((uint64_t)1 << 32)
static inline uint64_t bar_word(uint32_t epoch, int has_id, int id) {
  return (uint64_t)(epoch & BAR_EPOCH_MASK) << 34 | (has_id ? BAR_HAS_ID : 0) | (uint32_t)id;
}
static inline uint32_t bar_epoch(uint64_t w) { return (uint32_t)(w >> 34); }
static inline int bar_id(uint64_t w) { return (int)(uint32_t)w; }

/* The node: the threads whose segments this one maps (so UPCRT_FORCE_RMA=1
 * makes every thread a node of its own, and UPCRT_NODE_SIZE simulates
 * nodes), in MYTHREAD order; the first is the node's leader. */
static int bar_n, bar_me, bar_nodes; /* members, this thread's index, nodes in the job */
static int *bar_leader_of;           /* every thread's node, by its leader */

/* Between nodes (leaders only): a dissemination over point-to-point
 * messages that carries (max id, max -id) of the ids given (INT64_MIN for
 * none): round r receives from the leader 2^r before and sends to the one
 * 2^r after.  Messages of a pair keep their order, so the round is the
 * tag. */
#define BAR_MAX_ROUNDS 32
/* Above this many members the summary word is worth its extra line. */
#define BAR_SMALL_NODE 4

/* One barrier: the user's (upc_notify/upc_wait) and the collectives'
 * (upcrt_coll_barrier) each have their own words and messages, so that
 * one never completes the other. */
typedef struct {
  /* Each member's arrival words, by the barrier's parity: a thread that
   * went on to the next barrier must not overwrite the word (and id) that
   * a slower one still reads for this one. */
  uint64_t *(*arrive)[2];
  /* In the leader's segment: the node's summary, written by whichever
   * member saw every arrival first (large nodes: the others stop
   * scanning), and the release of the node after the barrier between
   * nodes. */
  uint64_t *done[2], *release[2];
  MPI_Comm leaders; /* the leaders, when there is more than one node */
  uint64_t count;   /* barriers notified by this thread */
  int active;       /* notified, not yet complete */
  /* This barrier's scan of the node: members seen, the ids' range. */
  int seen, any_id;
  int64_t min_id, max_id;
  int lrank, lsize, rounds, round, inter_started;
  int64_t acc[2], in[BAR_MAX_ROUNDS][2], out[BAR_MAX_ROUNDS][2];
  MPI_Request rreq[BAR_MAX_ROUNDS], sreq[BAR_MAX_ROUNDS];
} bar_t;
static bar_t bar_user, bar_coll;

/* Words at `at` in the segments (6 lines); members and leader as found. */
static void bar_setup(bar_t *b, unsigned at, int leader, const int *members, MPI_Comm leaders) {
  b->arrive = malloc(sizeof *b->arrive * (size_t)bar_n);
  if (!b->arrive) upcrt_fatal("out of private memory at start-up");
  for (int k = 0; k < bar_n; k++)
    for (int p = 0; p < 2; p++)
      b->arrive[k][p] = (uint64_t *)(upcrt_node_base[members[k]] + at + 64 * p);
  for (int p = 0; p < 2; p++) {
    b->done[p] = (uint64_t *)(upcrt_node_base[leader] + at + 128 + 64 * p);
    b->release[p] = (uint64_t *)(upcrt_node_base[leader] + at + 256 + 64 * p);
  }
  b->leaders = MPI_COMM_NULL;
  if (bar_nodes > 1 && leaders != MPI_COMM_NULL) {
    b->leaders = leaders;
    MPI_Comm_rank(leaders, &b->lrank);
    MPI_Comm_size(leaders, &b->lsize);
    for (b->rounds = 0; (1 << b->rounds) < b->lsize; b->rounds++) {}
  }
}

/* The leaders' communicator of one barrier (tag: which), made by the
 * leaders alone. */
static MPI_Comm bar_leaders_comm(int which) {
  if (bar_nodes == 1 || bar_leader_of[upcrt_mythread] != upcrt_mythread) return MPI_COMM_NULL;
  int *ranks = malloc(sizeof(int) * (size_t)bar_nodes), n = 0;
  if (!ranks) upcrt_fatal("out of private memory at start-up");
  for (int t = 0; t < upcrt_threads; t++)
    if (bar_leader_of[t] == t) ranks[n++] = t;
  MPI_Group world, group;
  MPI_Comm_group(upcrt_seg_comm, &world);
  MPI_Group_incl(world, n, ranks, &group);
  MPI_Comm c;
  MPI_Comm_create_group(upcrt_seg_comm, group, which, &c);
  MPI_Group_free(&group);
  MPI_Group_free(&world);
  free(ranks);
  return c;
}

void upcrt_barrier_init(void) {
  /* every collective step of start-up at once, waited for with backoff:
   * with more threads than cores each blocking one costs time slices */
  MPI_Request r[4];
  MPI_Comm_idup(upcrt_seg_comm, &upcrt_barrier_comm, &r[0]);
  MPI_Comm_idup(upcrt_seg_comm, &upcrt_barrier_coll_comm, &r[1]);
  MPI_Comm_idup(upcrt_seg_comm, &upcrt_barrier_exit_comm, &r[2]);
  int T = upcrt_threads, me = upcrt_mythread, leader = -1;
  int *members = malloc(sizeof(int) * (size_t)T);
  if (!members) upcrt_fatal("out of private memory at start-up");
  bar_n = 0;
  for (int t = 0; t < T; t++) {
    if (t != me && upcrt_node_base[t] == NULL) continue;
    if (leader < 0) leader = t;
    if (t == me) bar_me = bar_n;
    members[bar_n++] = t;
  }
  bar_leader_of = malloc(sizeof(int) * (size_t)T);
  if (!bar_leader_of) upcrt_fatal("out of private memory at start-up");
  MPI_Iallgather(&leader, 1, MPI_INT, bar_leader_of, 1, MPI_INT, upcrt_seg_comm, &r[3]);
  upcrt_backoff_waitall(4, r);
  bar_nodes = 0;
  for (int t = 0; t < T; t++) bar_nodes += bar_leader_of[t] == t;
  bar_setup(&bar_user, UPCRT_SEG_BARRIER, leader, members, bar_leaders_comm(0));
  bar_setup(&bar_coll, UPCRT_SEG_BARRIER + 384, leader, members, bar_leaders_comm(1));
  free(members);
}

int upcrt_node_leader(int t) { return bar_leader_of[t]; }
int upcrt_same_node(int a, int b) { return bar_leader_of[a] == bar_leader_of[b]; }

void upcrt_barrier_waitreq(MPI_Request *req) {
  int done = 0;
  upcrt_backoff_t bo = {0};
  for (;;) {
    MPI_Test(req, &done, MPI_STATUS_IGNORE);
    if (done) return;
    upcrt_wait_poll();
    upcrt_backoff(&bo);
  }
}

/* An allreduce (the root's bytes OR zeros), not MPI_Ibcast: a broadcast
 * completes at the root before the others call it, so a root that called
 * upc_all_alloc alone would run on; this one waits for every thread, and
 * upcrt_barrier_waitcoll reports one that will never come. */
void upcrt_barrier_bcast(void *buf, size_t n, int root) {
  if (upcrt_mythread != root) memset(buf, 0, n);
  MPI_Request r;
  MPI_Iallreduce(MPI_IN_PLACE, buf, (int)n, MPI_BYTE, MPI_BOR, upcrt_barrier_coll_comm, &r);
  upcrt_barrier_waitcoll(&r);
}

const char *upcrt_barrier_coll_what = "a collective operation";

void upcrt_barrier_watch(upcrt_barrier_watch_t *w) {
  if ((++w->n & 255) != 0) return;
  double t = MPI_Wtime();
  if (w->start == 0) w->start = t;
  if (t - w->start < 0.5) return; /* a collective that completes never looks */
  int j = 0;
  uint64_t state = UPCRT_BARSTATE_RUNNING;
  for (j = 0; j < upcrt_threads; j++)
    if (j != upcrt_mythread &&
        (state = upcrt_seg_load(j, UPCRT_SEG_BARSTATE)) != UPCRT_BARSTATE_RUNNING)
      break;
  if (j == upcrt_threads) {
    w->stuck = 0;
    return;
  }
  /* it may have done its part and moved on just now: a grace period */
  if (w->stuck == 0) w->stuck = t;
  else if (t - w->stuck > 2.0)
    upcrt_fatal("%s is collective, but thread %d %s", upcrt_barrier_coll_what, j,
                state == UPCRT_BARSTATE_EXITED
                    ? "left main (returned or called exit) without calling it"
                    : "is waiting at a barrier instead of calling it");
}

void upcrt_barrier_waitcoll(MPI_Request *req) {
  int done = 0;
  upcrt_barrier_watch_t w = {0};
  upcrt_backoff_t bo = {0};
  for (;;) {
    MPI_Test(req, &done, MPI_STATUS_IGNORE);
    if (done) return;
    upcrt_wait_poll();
    upcrt_backoff(&bo);
    upcrt_barrier_watch(&w);
  }
}

/* Whether every member of the node has notified barrier e (parity p),
 * reading the arrival words from where the last look stopped. */
static int bar_scan(bar_t *b, uint32_t e, int p) {
  for (; b->seen < bar_n; b->seen++) {
    uint64_t w = __atomic_load_n(b->arrive[b->seen][p], __ATOMIC_ACQUIRE);
    if (bar_epoch(w) != e) return 0;
    if (w & BAR_HAS_ID) {
      int64_t id = bar_id(w);
      if (!b->any_id || id < b->min_id) b->min_id = id;
      if (!b->any_id || id > b->max_id) b->max_id = id;
      b->any_id = 1;
    }
  }
  return 1;
}

/* The leader, once its node has notified: the barrier between nodes, with
 * the node's ids. */
static void bar_inter_send(bar_t *b, int r) {
  b->out[r][0] = b->acc[0];
  b->out[r][1] = b->acc[1];
  MPI_Isend(b->out[r], 2, MPI_INT64_T, (b->lrank + (1 << r)) % b->lsize, r, b->leaders,
            &b->sreq[r]);
}
static void bar_inter_start(bar_t *b) {
  b->acc[0] = b->any_id ? b->max_id : INT64_MIN;
  b->acc[1] = b->any_id ? -b->min_id : INT64_MIN;
  for (int r = 0; r < b->rounds; r++)
    MPI_Irecv(b->in[r], 2, MPI_INT64_T, (b->lrank - (1 << r) % b->lsize + b->lsize) % b->lsize,
              r, b->leaders, &b->rreq[r]);
  b->round = 0;
  bar_inter_send(b, 0);
  b->inter_started = 1;
}
/* Whether the rounds are done (each received round sends the next). */
static int bar_inter_done(bar_t *b) {
  while (b->round < b->rounds) {
    int got = 0;
    MPI_Test(&b->rreq[b->round], &got, MPI_STATUS_IGNORE);
    if (!got) return 0;
    for (int k = 0; k < 2; k++)
      if (b->in[b->round][k] > b->acc[k]) b->acc[k] = b->in[b->round][k];
    if (++b->round < b->rounds) bar_inter_send(b, b->round);
  }
  for (int r = 0; r < b->rounds; r++) {
    int sent = 0;
    MPI_Test(&b->sreq[r], &sent, MPI_STATUS_IGNORE);
    if (!sent) return 0;
  }
  return 1;
}

/* The number (as its words carry it) and parity of b's current barrier. */
static uint32_t bar_current(const bar_t *b) { return (uint32_t)b->count & BAR_EPOCH_MASK; }
static int bar_parity(const bar_t *b) { return (int)(b->count & 1); }

/* One look at barrier e: 1 and *out its summary once this thread may
 * leave it. */
static int bar_step(bar_t *b, uint32_t e, int p, uint64_t *out) {
  if (bar_nodes == 1) {
    /* one node: every member sees the arrivals itself, so that none waits
     * for another to reach upc_wait */
    if (bar_n > BAR_SMALL_NODE) {
      uint64_t d = __atomic_load_n(b->done[p], __ATOMIC_ACQUIRE);
      if (bar_epoch(d) == e) {
        *out = d;
        return 1;
      }
    }
    if (!bar_scan(b, e, p)) return 0;
    *out = bar_word(e, b->any_id, (int)b->max_id) | (b->min_id != b->max_id ? BAR_MISMATCH : 0);
    if (bar_n > BAR_SMALL_NODE) __atomic_store_n(b->done[p], *out, __ATOMIC_RELEASE);
    return 1;
  }
  if (bar_me != 0) { /* a member of a node of several: its leader releases it */
    uint64_t r = __atomic_load_n(b->release[p], __ATOMIC_ACQUIRE);
    if (bar_epoch(r) != e) return 0;
    *out = r;
    return 1;
  }
  if (!b->inter_started) {
    if (!bar_scan(b, e, p)) return 0;
    bar_inter_start(b);
  }
  if (!bar_inter_done(b)) return 0;
  b->inter_started = 0;
  int any = b->acc[0] != INT64_MIN;
  *out = bar_word(e, any, any ? (int)b->acc[0] : 0) |
         (any && b->acc[0] != -b->acc[1] ? BAR_MISMATCH : 0);
  if (bar_n > 1) __atomic_store_n(b->release[p], *out, __ATOMIC_RELEASE);
  return 1;
}

/* The waiting part of b's barrier, which this thread notified; its
 * summary.  The user's barrier: a thread that has left main can never
 * notify, so some threads being at the exit barrier while this one waits
 * (for longer than a grace period, as the barrier may just have completed)
 * is reported instead of hanging.  The collectives': the watch reports a
 * thread that waits at a barrier or has left main instead. */
static uint64_t bar_complete(bar_t *b) {
  uint32_t e = bar_current(b);
  int p = bar_parity(b), user = b == &bar_user;
  uint64_t w;
  if (!bar_step(b, e, p, &w)) {
    if (user) upcrt_neighbor_set_state(UPCRT_BARSTATE_IN_BARRIER);
    upcrt_barrier_watch_t watch = {0};
    /* spin while the others are about to arrive; with more threads than
     * cores, hand the core over at once */
    upcrt_backoff_t bo = {0};
    double seen = 0;
    for (long i = 0;; i++) {
      if (bar_step(b, e, p, &w)) break;
      /* invocations, their replies, MPI progress, the other barrier: the
       * shared-memory path makes no MPI call that would drive them */
      if ((i & 15) == 0) upcrt_modules_poll();
      upcrt_backoff_spin(&bo, upcrt_seg_oversubscribed ? 2 : 2000);
      if (!user) {
        upcrt_barrier_watch(&watch);
      } else if ((i & 1023) == 1023 && upcrt_seg_load(0, UPCRT_SEG_EXITING) != 0) {
        double t = MPI_Wtime();
        if (seen == 0) seen = t;
        else if (t - seen > 2.0)
          upcrt_fatal("upc_barrier: waiting at a barrier that thread(s) which already left main "
                      "(returned or called exit) will never reach");
      }
    }
    if (user) upcrt_neighbor_set_state(UPCRT_BARSTATE_RUNNING);
  }
  b->active = 0;
  /* stores that other nodes' threads put here before they notified */
  if (bar_nodes > 1) upcrt_seg_sync();
  return w;
}

/* This thread arrives at b's next barrier (relaxed puts complete first). */
static void bar_notify(bar_t *b, int has_id, int id) {
  /* MPI progress comes in the wait; the release below makes same-node
   * stores visible to whoever sees the arrival */
  upcrt_async_poll();
  if (upcrt_puts_pending) upcrt_flush_puts();
  b->count++;
  b->active = 1;
  uint32_t e = bar_current(b);
  int p = bar_parity(b);
  b->seen = 0;
  b->any_id = 0;
  b->min_id = b->max_id = 0;
  __atomic_store_n(b->arrive[bar_me][p], bar_word(e, has_id, id), __ATOMIC_RELEASE);
  /* the last of its node: the leader starts the barrier between nodes now,
   * so that the other nodes need not wait for it to reach upc_wait */
  if (b->leaders != MPI_COMM_NULL && bar_scan(b, e, p)) bar_inter_start(b);
}

static void bar_poll(bar_t *b) {
  if (!b->active || b->leaders == MPI_COMM_NULL) return;
  if (b->inter_started) (void)bar_inter_done(b);
  else if (bar_scan(b, bar_current(b), bar_parity(b)))
    bar_inter_start(b);
}

void upcrt_barrier_poll(void) {
  bar_poll(&bar_user);
  bar_poll(&bar_coll);
}

void upcrt_barrier_internal(void) {
  bar_notify(&bar_coll, 0, 0);
  (void)bar_complete(&bar_coll);
}

void upcrt_barrier_exit(void) {
  if (upcrt_barrier_notified) {
    /* a thread leaving between notify and wait still completes the barrier */
    (void)bar_complete(&bar_user);
    upcrt_barrier_notified = 0;
  }
  upcrt_neighbor_set_state(UPCRT_BARSTATE_EXITED);
  upcrt_seg_fetch_add(0, UPCRT_SEG_EXITING, 1);
  /* after saying so: threads waiting at a barrier report this one instead
   * of waiting for it to finish the invocations */
  upcrt_async_finish();
  MPI_Request r;
  MPI_Ibarrier(upcrt_barrier_exit_comm, &r);
  upcrt_barrier_waitreq(&r);
}

void upcrt_notify(int has_id, int id) {
  if (UPCRT_UNLIKELY(upcrt_barrier_notified))
    upcrt_fatal("upc_notify%s: called twice without a upc_wait in between",
                has_id ? " with an id" : "");
  if (UPCRT_UNLIKELY(upcrt_tracing)) upcrt_trace_notify();
  upcrt_barrier_notified = 1;
  upcrt_barrier_my_has_id = has_id;
  upcrt_barrier_my_id = id;
  bar_notify(&bar_user, has_id, id);
}

/* Every thread saw the mismatch: gather the ids, thread 0 names them. */
static UPCRT_NORETURN void upcrt_barrier_mismatch(void) {
  int64_t mine[2] = {upcrt_barrier_my_has_id, upcrt_barrier_my_id};
  int64_t all[2 * 64];
  int n = upcrt_threads < 64 ? upcrt_threads : 64;
  int64_t *buf = all, *heap = NULL;
  if (upcrt_threads > 64) {
    heap = malloc(sizeof(int64_t) * 2 * (size_t)upcrt_threads);
    if (heap) buf = heap;
  }
  MPI_Request r;
  if (buf == all && upcrt_threads > 64) {
    /* no memory for the details: report without them */
    if (upcrt_mythread == 0)
      upcrt_fatal("barrier id mismatch: the threads' upc_notify ids differ (no memory to "
                  "name them)");
  } else {
    MPI_Iallgather(mine, 2, MPI_INT64_T, buf, 2, MPI_INT64_T, upcrt_barrier_comm, &r);
    upcrt_barrier_waitreq(&r);
  }
  if (upcrt_mythread == 0) {
    char msg[2048];
    size_t len = (size_t)snprintf(msg, sizeof msg, "barrier id mismatch: ");
    int shown = 0;
    int limit = heap ? upcrt_threads : n;
    for (int t = 0; t < limit && len < sizeof msg - 64; t++) {
      if (shown == 16) {
        len += (size_t)snprintf(msg + len, sizeof msg - len, ", ...");
        break;
      }
      if (buf[2 * t])
        len += (size_t)snprintf(msg + len, sizeof msg - len, "%sthread %d passed id %" PRId64,
                                shown ? ", " : "", t, buf[2 * t + 1]);
      else
        len += (size_t)snprintf(msg + len, sizeof msg - len, "%sthread %d passed no id",
                                shown ? ", " : "", t);
      shown++;
    }
    upcrt_fatal("%s", msg);
  }
  /* thread 0 ends the job; do not outlive it by much */
  for (int i = 0; i < 300; i++) usleep(100000);
  upcrt_start_abort(1);
}

void upcrt_wait(int has_id, int id) {
  if (UPCRT_UNLIKELY(!upcrt_barrier_notified))
    upcrt_fatal("upc_wait%s: no upc_notify before it", has_id ? " with an id" : "");
  uint64_t trace_t0 = UPCRT_UNLIKELY(upcrt_tracing) ? upcrt_trace_now() : 0;
  /* what was cached or written between notify and wait goes too (cache.h) */
  if (upcrt_puts_pending) upcrt_flush_puts();
  double t0 = upcrt_stats_on ? MPI_Wtime() : 0;
  uint64_t w = bar_complete(&bar_user);
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_barrier(MPI_Wtime() - t0);
  upcrt_barrier_notified = 0;
  if (UPCRT_UNLIKELY(trace_t0)) upcrt_trace_barrier(trace_t0);
  if (UPCRT_UNLIKELY(w & BAR_MISMATCH)) upcrt_barrier_mismatch();
  if (UPCRT_UNLIKELY(has_id && (w & BAR_HAS_ID) && id != bar_id(w)))
    upcrt_fatal("barrier id mismatch: upc_wait passed id %d but the upc_notify of the "
                "barrier passed id %d",
                id, bar_id(w));
  if (UPCRT_UNLIKELY(has_id && upcrt_barrier_my_has_id && id != upcrt_barrier_my_id))
    upcrt_fatal("barrier id mismatch: upc_wait passed id %d but this thread's upc_notify "
                "passed id %d",
                id, upcrt_barrier_my_id);
}
void upcrt_barrier(int has_id, int id) {
  upcrt_notify(has_id, id);
  upcrt_wait(has_id, id);
}
