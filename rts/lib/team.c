/* team.c — upcx teams (<upcx.h>): collectives over a subset of the threads,
 * each team an MPI communicator.
 *
 * A team's collectives are MPI's on its communicator.  So that a member
 * that will never come is reported instead of hanging, each member
 * publishes in its segment (UPCRT_SEG_TEAMOP) which collective of which
 * team it is in, and once a collective has lasted half a second someone
 * looks at the other members' words and barrier states: the wait itself
 * (nonblocking MPI completed with the runtime's backoff), or, for MPI's
 * faster blocking collectives, a watchdog thread (below).  A member at a
 * upc_barrier, gone from main, or in another collective of this team (or of
 * another team both share) for two seconds more is named.  The team
 * communicators return MPI errors instead of aborting, so that collectives
 * mismatched inside MPI are reported too.
 *
 * A team's id is the same on every member (derived from its parent's id,
 * the parent's split count and the color), so that the words compare
 * across threads.
 */
#include <limits.h>
#include <mpi.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/backoff.h"
#include "core/segment.h"
#include "core/start.h"
#include "core/trace.h"
#include "sync/neighbor.h"
#include "upcrt.h"
#include "upcx.h"

enum { TEAM_LIVE = 0x7ea3u, TEAM_FREED = 0xdeadu };
enum { OP_SPLIT = 1, OP_BARRIER, OP_BROADCAST, OP_ALLREDUCE, OP_FREE };
static const char *const op_name[] = {
    "", "upcx_team_split", "upcx_team_barrier", "upcx_team_broadcast",
    "upcx_team_allreduce", "upcx_team_free"};

struct upcx_team {
  uint32_t magic;
  uint32_t id;
  MPI_Comm comm; /* MPI_COMM_NULL for the world team until its first collective */
  int rank, size;
  int *threads;  /* rank -> MYTHREAD; NULL: the identity (world team) */
  uint32_t seq;  /* collectives begun on this team */
  int last_op;   /* the op of the last one this thread completed, 0 before the first */
  uint32_t splits;
  int blocking; /* collectives block in MPI (team_can_block) */
  struct upcx_team *next; /* this thread's live teams */
};

static struct upcx_team world_team;
static struct upcx_team *live_teams;

/* The team of every thread; its communicator comes at its first collective,
 * which every thread calls. */
upcx_team_t upcx_team_world(void) {
  if (world_team.magic != TEAM_LIVE) {
    world_team.magic = TEAM_LIVE;
    world_team.id = 0;
    world_team.comm = MPI_COMM_NULL;
    world_team.rank = upcrt_mythread;
    world_team.size = upcrt_threads;
    world_team.next = live_teams;
    live_teams = &world_team;
  }
  return &world_team;
}

static upcx_team_t team_check(upcx_team_t t, const char *what) {
  if (t == UPCX_TEAM_NULL)
    upcrt_fatal("%s: UPCX_TEAM_NULL is not a team (upcx_team_split gives it to a thread "
                "whose color was UPCX_TEAM_NOCOLOR)", what);
  if (t->magic == TEAM_FREED) upcrt_fatal("%s: the team was freed (upcx_team_free)", what);
  if (t->magic != TEAM_LIVE) upcrt_fatal("%s: %p is not a team handle", what, (void *)t);
  return t;
}

static int team_thread(const struct upcx_team *t, int rank) {
  return t->threads ? t->threads[rank] : rank;
}

static int team_is_live_member(uint32_t id) {
  for (struct upcx_team *t = live_teams; t; t = t->next)
    if (t->id == id) return 1;
  return 0;
}

/* ---- What this thread is in, and the watch over the other members ---- */

/* The word a member publishes in collective op of t: the team's id, the
 * collective's number on the team (24 bits), the op of the one before it
 * (4 bits) and op (4 bits). */
enum { WORD_SEQ_MASK = 0xffffff };
static uint64_t op_word(const struct upcx_team *t, int op) {
  return (uint64_t)t->id << 32 | (uint64_t)(t->seq & WORD_SEQ_MASK) << 8 |
         (uint64_t)(t->last_op & 0xf) << 4 | (uint64_t)(op & 0xf);
}
static void op_publish(uint64_t w) {
  __atomic_store_n((uint64_t *)(upcrt_seg_mybase + UPCRT_SEG_TEAMOP), w, __ATOMIC_RELEASE);
}

/* Why member j will not join the collective this thread is in (word mine),
 * or NULL while it may. */
static const char *team_blocker(int j, uint64_t mine, const struct upcx_team *t, char *buf,
                                size_t cap) {
  uint64_t state = upcrt_seg_load(j, UPCRT_SEG_BARSTATE);
  if (state == UPCRT_BARSTATE_EXITED) return "left main (returned or called exit) without calling it";
  if (state != UPCRT_BARSTATE_RUNNING) return "is waiting at a upc_barrier instead of calling it";
  uint64_t w = upcrt_seg_load(j, UPCRT_SEG_TEAMOP);
  if (w == 0 || w == mine) return NULL;
  uint32_t id = (uint32_t)(w >> 32);
  unsigned op = (unsigned)(w & 0xf), prev = (unsigned)(w >> 4 & 0xf);
  if (op >= sizeof op_name / sizeof *op_name || prev >= sizeof op_name / sizeof *op_name)
    return NULL;
  if (id == t->id) {
    unsigned my_op = (unsigned)(mine & 0xf);
    /* how many more of the team's collectives j has begun (mod 2^24) */
    int32_t ahead = (int32_t)((((uint32_t)(w >> 8) - (uint32_t)(mine >> 8)) & WORD_SEQ_MASK) << 8) >> 8;
    if (ahead < 0) return NULL; /* behind this thread: it names this one, below */
    if (ahead == 0) {
      if (op == my_op) return NULL;
      snprintf(buf, cap, "is in %s of the team instead", op_name[op]);
      return buf;
    }
    /* the next one, after this one: this one is completing (a broadcast's
     * root, a barrier's last to arrive); but one after another collective
     * than this thread's, or further on, is a member that called a
     * different collective and went on (Open MPI's broadcast returns at its
     * root, its nonblocking collectives then wait for each other's
     * messages for ever) */
    if (ahead == 1 && prev == my_op) return NULL;
    if (ahead == 1)
      snprintf(buf, cap,
               "has called 1 more of the team's collectives than this thread before it (%s, "
               "then %s, where this thread is in %s: every member calls them in the same order)",
               op_name[prev], op_name[op], op_name[my_op]);
    else
      snprintf(buf, cap,
               "has called %d more of the team's collectives than this thread before it (it is "
               "in %s: every member calls them in the same order)",
               (int)ahead, op_name[op]);
    return buf;
  }
  if (!team_is_live_member(id)) return NULL; /* a team without this thread */
  snprintf(buf, cap, "is in %s of another team with thread %d in it", op_name[op],
           upcrt_mythread);
  return buf;
}

static double team_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Looks once at the other members of t while this thread is in its
 * collective op: names one that has kept from joining for two seconds
 * (*stuck: since when one has; 0 while none does). */
static void team_look(const struct upcx_team *t, int op, double *stuck) {
  uint64_t mine = op_word(t, op);
  char buf[320];
  double now = team_now();
  for (int r = 0; r < t->size; r++) {
    int j = team_thread(t, r);
    if (j == upcrt_mythread) continue;
    const char *why = team_blocker(j, mine, t, buf, sizeof buf);
    if (!why) continue;
    /* it may have done its part and moved on just now: a grace period */
    if (*stuck == 0) *stuck = now;
    else if (now - *stuck > 2.0)
      upcrt_fatal("%s is collective over the team, but thread %d (rank %d) %s", op_name[op], j,
                  r, why);
    return;
  }
  *stuck = 0;
}

/* ---- Blocking collectives, watched by a watchdog thread ----
 * MPI's blocking collectives have faster paths on a node than the
 * nonblocking ones (2-10x for small sizes with MPICH), so a team whose
 * members the watchdog can look at without MPI (all on this node), or
 * with it (MPI_THREAD_MULTIPLE), calls them; a thread blocked in MPI runs
 * no remote invocations meanwhile.  The watchdog wakes every 200 ms and
 * looks once the same collective has lasted 0.6 s.  The mutex keeps a
 * team's memory and the live list from changing under a look. */
static pthread_mutex_t watch_mutex = PTHREAD_MUTEX_INITIALIZER;
static const struct upcx_team *watch_team;
static int watch_op;        /* the blocking collective in progress, 0 if none */
static uint64_t watch_gen;  /* blocking collectives begun */
static int watchdog_started;

static void *team_watchdog(void *arg) {
  (void)arg;
  uint64_t last = 0;
  int rounds = 0;
  double stuck = 0;
  for (;;) {
    struct timespec d = {0, 200 * 1000 * 1000};
    nanosleep(&d, NULL);
    pthread_mutex_lock(&watch_mutex);
    uint64_t gen = __atomic_load_n(&watch_gen, __ATOMIC_ACQUIRE);
    int op = __atomic_load_n(&watch_op, __ATOMIC_ACQUIRE);
    if (op == 0 || gen != last) {
      last = gen;
      rounds = 0;
      stuck = 0;
    } else if (++rounds >= 3) {
      team_look(watch_team, op, &stuck);
    }
    pthread_mutex_unlock(&watch_mutex);
  }
  return NULL;
}

/* Whether t's collectives may block in MPI (see above). */
static int team_can_block(const struct upcx_team *t) {
  if (upcrt_start_mpi_thread_level == MPI_THREAD_MULTIPLE) return 1;
  for (int r = 0; r < t->size; r++)
    if (!upcrt_node_base[team_thread(t, r)]) return 0;
  return 1;
}

/* An MPI error inside a team's collective: the members called different
 * collectives (or passed different sizes). */
static UPCRT_NORETURN void team_mpi_error(int err, int op) {
  char msg[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(err, msg, &len);
  upcrt_fatal("%s: the team's threads called different collectives, or passed different "
              "sizes (MPI: %.*s)", op_name[op], len, msg);
}
static void team_ok(int err, int op) {
  if (err != MPI_SUCCESS) team_mpi_error(err, op);
}

/* Completes req, a step of collective op of t, watching the others from
 * this thread. */
static void team_wait(MPI_Request *req, const struct upcx_team *t, int op) {
  unsigned n = 0;
  double start = 0, stuck = 0;
  upcrt_backoff_t bo = {0};
  for (;;) {
    int done = 0;
    team_ok(MPI_Test(req, &done, MPI_STATUS_IGNORE), op);
    if (done) return;
    upcrt_wait_poll();
    upcrt_backoff(&bo);
    if ((++n & 255) != 0) continue;
    if (start == 0) start = team_now();
    else if (team_now() - start > 0.5) team_look(t, op, &stuck); /* a collective that completes never looks */
  }
}

/* Enters collective op of t: publishes it, gives the world team its
 * communicator at its first collective, and has the watchdog watch a
 * blocking one. */
static void op_begin(struct upcx_team *t, int op) {
  op_publish(op_word(t, op));
  if (t->comm == MPI_COMM_NULL) {
    MPI_Request r;
    MPI_Comm_idup(upcrt_seg_comm, &t->comm, &r);
    team_wait(&r, t, op);
    MPI_Comm_set_errhandler(t->comm, MPI_ERRORS_RETURN);
    t->blocking = team_can_block(t);
  }
  if (t->blocking) {
    if (!watchdog_started) {
      pthread_t th;
      if (pthread_create(&th, NULL, team_watchdog, NULL) == 0) pthread_detach(th);
      watchdog_started = 1;
    }
    watch_team = t;
    __atomic_store_n(&watch_op, op, __ATOMIC_RELEASE);
    __atomic_fetch_add(&watch_gen, 1, __ATOMIC_ACQ_REL);
  }
}
static void op_end(struct upcx_team *t, int op) {
  if (t->blocking) __atomic_store_n(&watch_op, 0, __ATOMIC_RELEASE);
  t->seq++;
  t->last_op = op;
  op_publish(0);
}

/* ---- The API ---- */

int upcx_team_rank(upcx_team_t t) { return team_check(t, "upcx_team_rank")->rank; }
int upcx_team_size(upcx_team_t t) { return team_check(t, "upcx_team_size")->size; }
int upcx_team_thread(upcx_team_t t, int rank) {
  team_check(t, "upcx_team_thread");
  if (rank < 0 || rank >= t->size)
    upcrt_fatal("upcx_team_thread: %d is not a rank of the team (its size is %d)", rank,
                t->size);
  return team_thread(t, rank);
}

typedef struct {
  int key, prank;
} member_t;
static int member_cmp(const void *a, const void *b) {
  const member_t *x = a, *y = b;
  if (x->key != y->key) return x->key < y->key ? -1 : 1;
  return (x->prank > y->prank) - (x->prank < y->prank);
}

/* The same on every member: FNV-1a over what names the child. */
static uint32_t child_id(uint32_t parent, uint32_t split, int color) {
  uint32_t v[3] = {parent, split, (uint32_t)color}, h = 2166136261u;
  const unsigned char *p = (const unsigned char *)v;
  for (size_t i = 0; i < sizeof v; i++) h = (h ^ p[i]) * 16777619u;
  return h ? h : 1; /* 0 is the world's */
}

upcx_team_t upcx_team_split(upcx_team_t parent, int color, int key) {
  UPCRT_TRACE_SCOPE("upcx_team_split");
  struct upcx_team *p = team_check(parent, "upcx_team_split");
  if (color < 0 && color != UPCX_TEAM_NOCOLOR)
    upcrt_fatal("upcx_team_split: color %d is negative (a color is >= 0, or "
                "UPCX_TEAM_NOCOLOR for no team)", color);
  op_begin(p, OP_SPLIT);
  int mine[2] = {color, key};
  int *all = malloc(sizeof(int) * 2 * (size_t)p->size);
  member_t *m = malloc(sizeof *m * (size_t)p->size);
  if (!all || !m) upcrt_fatal("upcx_team_split: out of memory");
  MPI_Request r;
  team_ok(MPI_Iallgather(mine, 2, MPI_INT, all, 2, MPI_INT, p->comm, &r), OP_SPLIT);
  team_wait(&r, p, OP_SPLIT);
  uint32_t split = p->splits++;
  struct upcx_team *t = UPCX_TEAM_NULL;
  if (color != UPCX_TEAM_NOCOLOR) {
    int n = 0;
    for (int i = 0; i < p->size; i++)
      if (all[2 * i] == color) m[n++] = (member_t){all[2 * i + 1], i};
    qsort(m, (size_t)n, sizeof *m, member_cmp);
    t = calloc(1, sizeof *t);
    int *pranks = malloc(sizeof(int) * (size_t)n);
    if (!t || !pranks || !(t->threads = malloc(sizeof(int) * (size_t)n)))
      upcrt_fatal("upcx_team_split: out of memory");
    for (int i = 0; i < n; i++) {
      pranks[i] = m[i].prank;
      t->threads[i] = team_thread(p, m[i].prank);
      if (m[i].prank == p->rank) t->rank = i;
    }
    t->size = n;
    t->id = child_id(p->id, split, color);
    /* only the members take part: every one of them has passed the
     * allgather, so all of them come */
    MPI_Group pg, g;
    MPI_Comm_group(p->comm, &pg);
    MPI_Group_incl(pg, n, pranks, &g);
    team_ok(MPI_Comm_create_group(p->comm, g, 0, &t->comm), OP_SPLIT);
    MPI_Group_free(&g);
    MPI_Group_free(&pg);
    MPI_Comm_set_errhandler(t->comm, MPI_ERRORS_RETURN);
    free(pranks);
    t->blocking = team_can_block(t);
    t->magic = TEAM_LIVE;
    pthread_mutex_lock(&watch_mutex);
    t->next = live_teams;
    live_teams = t;
    pthread_mutex_unlock(&watch_mutex);
  }
  free(all);
  free(m);
  op_end(p, OP_SPLIT);
  return t;
}

/* A barrier of t's members as collective op (a team barrier, or the
 * agreement before a free). */
static void team_barrier_op(struct upcx_team *t, int op) {
  op_begin(t, op);
#if defined(OPEN_MPI)
  /* Open MPI's broadcast returns at its root before the others join it, and
   * its barrier then meets the barrier the others called next: a member
   * one collective ahead goes on unseen.  So the barrier is an allreduce of
   * each member's count of the team's collectives; a member behind the
   * highest count names the one ahead. */
  struct {
    int seq, rank;
  } mine = {(int)t->seq, t->rank}, ahead;
  if (t->blocking) {
    team_ok(MPI_Allreduce(&mine, &ahead, 1, MPI_2INT, MPI_MAXLOC, t->comm), op);
  } else {
    MPI_Request r;
    team_ok(MPI_Iallreduce(&mine, &ahead, 1, MPI_2INT, MPI_MAXLOC, t->comm, &r), op);
    team_wait(&r, t, op);
  }
  if (ahead.seq != mine.seq)
    upcrt_fatal("%s is collective over the team, but thread %d (rank %d) has called %d more "
                "of the team's collectives than this thread before it (every member calls "
                "them in the same order)",
                op_name[op], team_thread(t, ahead.rank), ahead.rank, ahead.seq - mine.seq);
#else
  if (t->blocking) {
    team_ok(MPI_Barrier(t->comm), op);
  } else {
    MPI_Request r;
    team_ok(MPI_Ibarrier(t->comm, &r), op);
    team_wait(&r, t, op);
  }
#endif
  op_end(t, op);
}

void upcx_team_barrier(upcx_team_t t) {
  UPCRT_TRACE_SCOPE("upcx_team_barrier");
  team_check(t, "upcx_team_barrier");
  /* this thread's writes before it are visible to the members after it */
  upcrt_fence();
  upcrt_seg_sync();
  team_barrier_op(t, OP_BARRIER);
  /* and theirs to this thread */
  upcrt_fence();
  upcrt_seg_sync();
}

void upcx_team_broadcast(upcx_team_t t, void *buf, size_t nbytes, int root_rank) {
  UPCRT_TRACE_SCOPE("upcx_team_broadcast");
  team_check(t, "upcx_team_broadcast");
  if (root_rank < 0 || root_rank >= t->size)
    upcrt_fatal("upcx_team_broadcast: root_rank %d is not a rank of the team (its size is %d)",
                root_rank, t->size);
  if (nbytes > 0 && !buf) upcrt_fatal("upcx_team_broadcast: buf is NULL");
  op_begin(t, OP_BROADCAST);
  size_t done = 0;
  do { /* in pieces of at most INT_MAX bytes; once when nbytes is 0 */
    size_t n = nbytes - done > INT_MAX ? INT_MAX : nbytes - done;
    if (t->blocking) {
      team_ok(MPI_Bcast((char *)buf + done, (int)n, MPI_BYTE, root_rank, t->comm), OP_BROADCAST);
    } else {
      MPI_Request r;
      team_ok(MPI_Ibcast((char *)buf + done, (int)n, MPI_BYTE, root_rank, t->comm, &r),
              OP_BROADCAST);
      team_wait(&r, t, OP_BROADCAST);
    }
    done += n;
  } while (done < nbytes);
  op_end(t, OP_BROADCAST);
}

/* ---- Reductions ---- */

static MPI_Datatype team_mpi_type(upc_type_t type, size_t *size, int *is_float) {
  *is_float = 0;
  switch (type) {
  case UPC_CHAR: *size = 1; return (char)-1 < 0 ? MPI_SIGNED_CHAR : MPI_UNSIGNED_CHAR;
  case UPC_UCHAR: *size = 1; return MPI_UNSIGNED_CHAR;
  case UPC_SHORT: *size = sizeof(short); return MPI_SHORT;
  case UPC_USHORT: *size = sizeof(short); return MPI_UNSIGNED_SHORT;
  case UPC_INT: *size = sizeof(int); return MPI_INT;
  case UPC_UINT: *size = sizeof(int); return MPI_UNSIGNED;
  case UPC_LONG: *size = sizeof(long); return MPI_LONG;
  case UPC_ULONG: *size = sizeof(long); return MPI_UNSIGNED_LONG;
  case UPC_LLONG: *size = sizeof(long long); return MPI_LONG_LONG;
  case UPC_ULLONG: *size = sizeof(long long); return MPI_UNSIGNED_LONG_LONG;
  case UPC_INT8: *size = 1; return MPI_INT8_T;
  case UPC_UINT8: *size = 1; return MPI_UINT8_T;
  case UPC_INT16: *size = 2; return MPI_INT16_T;
  case UPC_UINT16: *size = 2; return MPI_UINT16_T;
  case UPC_INT32: *size = 4; return MPI_INT32_T;
  case UPC_UINT32: *size = 4; return MPI_UINT32_T;
  case UPC_INT64: *size = 8; return MPI_INT64_T;
  case UPC_UINT64: *size = 8; return MPI_UINT64_T;
  case UPC_FLOAT: *is_float = 1; *size = sizeof(float); return MPI_FLOAT;
  case UPC_DOUBLE: *is_float = 1; *size = sizeof(double); return MPI_DOUBLE;
  case UPC_LDOUBLE: *is_float = 1; *size = sizeof(long double); return MPI_LONG_DOUBLE;
  case UPC_PTS:
    upcrt_fatal("upcx_team_allreduce: UPC_PTS values cannot be reduced");
  default:
    upcrt_fatal("upcx_team_allreduce: %d is not a type code of <upc_types.h>", (int)type);
  }
}

/* MPI defines && and || for integers only; UPC for floating types too. */
#define TEAM_LOGICAL(T, OPR)                                                   \
  for (int i = 0; i < *len; i++) ((T *)io)[i] = ((T *)in)[i] OPR((T *)io)[i];
static void logical_op(void *in, void *io, int *len, MPI_Datatype *dt, int is_and) {
  if (*dt == MPI_FLOAT) {
    if (is_and) { TEAM_LOGICAL(float, &&) } else { TEAM_LOGICAL(float, ||) }
  } else if (*dt == MPI_DOUBLE) {
    if (is_and) { TEAM_LOGICAL(double, &&) } else { TEAM_LOGICAL(double, ||) }
  } else {
    if (is_and) { TEAM_LOGICAL(long double, &&) } else { TEAM_LOGICAL(long double, ||) }
  }
}
static void logand_op(void *in, void *io, int *len, MPI_Datatype *dt) {
  logical_op(in, io, len, dt, 1);
}
static void logor_op(void *in, void *io, int *len, MPI_Datatype *dt) {
  logical_op(in, io, len, dt, 0);
}

static MPI_Op team_mpi_op(upc_op_t op, int is_float) {
  static MPI_Op float_and = MPI_OP_NULL, float_or = MPI_OP_NULL;
  switch (op) {
  case UPC_ADD: return MPI_SUM;
  case UPC_MULT: return MPI_PROD;
  case UPC_MIN: return MPI_MIN;
  case UPC_MAX: return MPI_MAX;
  case UPC_AND: case UPC_OR: case UPC_XOR:
    if (is_float)
      upcrt_fatal("upcx_team_allreduce: UPC_AND, UPC_OR and UPC_XOR are not defined for "
                  "floating types");
    return op == UPC_AND ? MPI_BAND : op == UPC_OR ? MPI_BOR : MPI_BXOR;
  case UPC_LOGAND: case UPC_LOGOR:
    if (!is_float) return op == UPC_LOGAND ? MPI_LAND : MPI_LOR;
    if (float_and == MPI_OP_NULL) {
      MPI_Op_create(logand_op, 1, &float_and);
      MPI_Op_create(logor_op, 1, &float_or);
    }
    return op == UPC_LOGAND ? float_and : float_or;
  case UPC_FUNC: case UPC_NONCOMM_FUNC:
    upcrt_fatal("upcx_team_allreduce: UPC_FUNC and UPC_NONCOMM_FUNC need a function: use "
                "upc_all_reduce* over shared data");
  default:
    upcrt_fatal("upcx_team_allreduce: %d is not a reduction operation (upc_op_t)", (int)op);
  }
}

void upcx_team_allreduce(upcx_team_t t, void *dst, const void *src, size_t count,
                         upc_type_t type, upc_op_t op) {
  UPCRT_TRACE_SCOPE("upcx_team_allreduce");
  team_check(t, "upcx_team_allreduce");
  size_t size;
  int is_float;
  MPI_Datatype dt = team_mpi_type(type, &size, &is_float);
  MPI_Op mop = team_mpi_op(op, is_float);
  if (count > 0 && (!dst || !src)) upcrt_fatal("upcx_team_allreduce: dst or src is NULL");
  op_begin(t, OP_ALLREDUCE);
  size_t done = 0;
  do {
    size_t n = count - done > INT_MAX ? INT_MAX : count - done;
    char *d = (char *)dst + done * size;
    const char *s = (const char *)src + done * size;
    const void *in = s == d ? MPI_IN_PLACE : s;
    if (t->blocking) {
      team_ok(MPI_Allreduce(in, d, (int)n, dt, mop, t->comm), OP_ALLREDUCE);
    } else {
      MPI_Request r;
      team_ok(MPI_Iallreduce(in, d, (int)n, dt, mop, t->comm, &r), OP_ALLREDUCE);
      team_wait(&r, t, OP_ALLREDUCE);
    }
    done += n;
  } while (done < count);
  op_end(t, OP_ALLREDUCE);
}

void upcx_team_free(upcx_team_t t) {
  UPCRT_TRACE_SCOPE("upcx_team_free");
  team_check(t, "upcx_team_free");
  if (t == &world_team) upcrt_fatal("upcx_team_free: the world team cannot be freed");
  /* every member has stopped using it */
  team_barrier_op(t, OP_FREE);
  MPI_Comm_free(&t->comm);
  pthread_mutex_lock(&watch_mutex);
  for (struct upcx_team **q = &live_teams; *q; q = &(*q)->next)
    if (*q == t) {
      *q = t->next;
      break;
    }
  free(t->threads);
  t->threads = NULL;
  pthread_mutex_unlock(&watch_mutex);
  /* the handle stays readable, so that a later use is reported */
  t->magic = TEAM_FREED;
}
