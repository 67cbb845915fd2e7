/* lib_bupc_ext.upc — the Berkeley extensions besides atomics: semaphores
 * (integer and boolean, post/wait/try and the N forms, signalling puts in a
 * ring and many producers into one consumer), bupc_poll/upc_poll, the value
 * collectives of <bupc_collectivev.h> and bupc_all_reduce_allT, and the
 * pointer-to-shared helpers (bupc_inverse_cast, bupc_local_to_shared,
 * bupc_ptradd, bupc_dump_shared).  Expected values are computed from
 * THREADS in closed form. */
#include <upc.h>
#include <bupc_collectivev.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define M 64    /* doubles per signalling put */
#define ROUNDS 20
shared [M] double inbox[M * THREADS];
bupc_sem_t *shared sems[THREADS];      /* thread t's semaphore, in a shared table */
bupc_sem_t *shared bools[THREADS];
shared int counter[THREADS];
shared [4] int blocked[4 * THREADS];

static int bad;
#define EXPECT(cond, ...)                                                 \
  do {                                                                    \
    if (!(cond)) {                                                        \
      bad++;                                                              \
      printf("thread %d: line %d: ", MYTHREAD, __LINE__);                 \
      printf(__VA_ARGS__);                                                \
      printf("\n");                                                       \
    }                                                                     \
  } while (0)

static void semaphores(void) {
  int me = MYTHREAD, right = (MYTHREAD + 1) % THREADS, left = (MYTHREAD + THREADS - 1) % THREADS;
  sems[me] = bupc_sem_alloc(BUPC_SEM_INTEGER | BUPC_SEM_MPRODUCER | BUPC_SEM_SCONSUMER);
  bools[me] = bupc_sem_alloc(BUPC_SEM_BOOLEAN);
  EXPECT(upc_threadof(sems[me]) == (size_t)me, "semaphore has affinity to thread %d",
         (int)upc_threadof(sems[me]));
  upc_barrier;
  bupc_sem_t *mine = sems[me], *next = sems[right];
  /* a fresh semaphore is 0: try fails, try of 0 succeeds */
  EXPECT(bupc_sem_try(mine) == 0, "try on a fresh semaphore succeeded");
  EXPECT(bupc_sem_tryN(mine, 0) == 1, "tryN(0) failed");
  upc_barrier;
  /* a ring of signalling puts: each round, send M doubles to the right
   * neighbour's inbox and post its semaphore; wait for the left one's */
  double buf[M];
  for (int r = 0; r < ROUNDS; r++) {
    for (int i = 0; i < M; i++) buf[i] = 1000.0 * r + 10.0 * me + i;
    if (r % 2) bupc_memput_signal(&inbox[right * M], buf, sizeof buf, next, 1);
    else bupc_memput_signal_async(&inbox[right * M], buf, sizeof buf, next, 1);
    bupc_sem_wait(mine);
    double *in = (double *)&inbox[me * M]; /* mine: castable */
    int wrong = 0;
    for (int i = 0; i < M; i++) wrong += in[i] != 1000.0 * r + 10.0 * left + i;
    EXPECT(wrong == 0, "round %d: %d of %d values wrong after the wait", r, wrong, M);
    /* the sender may overwrite the inbox only after we say so */
    bupc_sem_post(bools[left]);
    bupc_sem_wait(bools[me]);
  }
  upc_barrier;
  /* many producers, one consumer: every thread posts thread 0's semaphore
   * MYTHREAD+1 times with postN; thread 0 takes it in pieces */
  bupc_sem_postN(sems[0], (size_t)me + 1);
  if (me == 0) {
    size_t total = (size_t)THREADS * (THREADS + 1) / 2;
    bupc_sem_waitN(sems[0], total - 1);
    bupc_sem_wait(sems[0]);
    EXPECT(bupc_sem_try(sems[0]) == 0, "value left after taking %zu", total);
  }
  upc_barrier;
  /* post then try from another thread; a boolean posted twice holds 1 */
  if (me == 0) {
    bupc_sem_post(bools[right]);
    bupc_sem_post(bools[right]);
    bupc_sem_postN(sems[right], 5);
  }
  upc_barrier;
  if (me == right) {
    EXPECT(bupc_sem_try(bools[me]) == 1, "boolean post lost");
    EXPECT(bupc_sem_try(bools[me]) == 0, "a boolean posted twice held more than 1");
    EXPECT(bupc_sem_tryN(sems[me], 6) == 0, "tryN(6) of 5 succeeded");
    EXPECT(bupc_sem_tryN(sems[me], 5) == 1, "tryN(5) of 5 failed");
  }
  upc_barrier;
  bupc_sem_free(sems[me]);
  bupc_sem_free(bools[me]);
  bupc_sem_free(NULL); /* nothing */
}

/* a flag wait with polling, as Berkeley programs write it */
static void polling(void) {
  strict shared int *c = &counter[0];
  if (MYTHREAD == 0) *c = 0;
  upc_barrier;
  if (MYTHREAD == THREADS - 1) *c = 42;
  while (*c != 42) {
    if (MYTHREAD % 2) bupc_poll();
    else upc_poll();
  }
  upc_barrier;
}

static void value_collectives(void) {
  int T = THREADS, me = MYTHREAD;
  EXPECT(bupc_allv_reduce_all(int, me + 1, UPC_ADD) == T * (T + 1) / 2, "allv sum");
  EXPECT(bupc_allv_reduce_all(long long, (long long)me << 33, UPC_MAX) == (long long)(T - 1) << 33,
         "allv max of long long");
  EXPECT(bupc_allv_reduce_all(double, 0.5 * me, UPC_MIN) == 0.0, "allv min double");
  EXPECT(bupc_allv_reduce_all(unsigned char, (unsigned char)(1u << (me % 8)), UPC_OR) ==
             (unsigned char)((1u << (T < 8 ? T : 8)) - 1),
         "allv or uchar");
  int8_t neg = bupc_allv_reduce_all(int8_t, -1, UPC_MULT);
  EXPECT(neg == (T % 2 ? -1 : 1), "allv mult int8_t %d", neg);
  int r = bupc_allv_reduce(int, 3 * me, T - 1, UPC_ADD);
  if (me == T - 1) EXPECT(r == 3 * T * (T - 1) / 2, "allv reduce to root gave %d", r);
  EXPECT(bupc_allv_prefix_reduce(unsigned long, (unsigned long)me + 1, UPC_ADD) ==
             (unsigned long)(me + 1) * (me + 2) / 2,
         "allv prefix");
  EXPECT(bupc_allv_broadcast(float, me == 0 ? 2.5f : -1.0f, 0) == 2.5f, "allv broadcast");
  short src[4] = {11, 22, 33, 44};
  EXPECT(bupc_allv_scatter(short, src, 0) == src[me], "allv scatter");
  long all[4] = {0, 0, 0, 0};
  long *g = bupc_allv_gather_all(long, 7L * me, all);
  int wrong = 0;
  for (int t = 0; t < T; t++) wrong += g[t] != 7L * t;
  EXPECT(g == all && wrong == 0, "allv gather_all");
  long root_all[4] = {0, 0, 0, 0};
  bupc_allv_gather(long, 100L + me, 0, root_all);
  if (me == 0)
    for (int t = 0; t < T; t++) EXPECT(root_all[t] == 100L + t, "allv gather [%d]", t);
  /* a rotation: thread t sends to t+1 */
  EXPECT(bupc_allv_permute(int, me, (me + 1) % T) == (me + T - 1) % T, "allv permute");
  EXPECT(bupc_all_reduce_allI(me + 1, UPC_ADD) == T * (T + 1) / 2, "reduce_allI");
  EXPECT(bupc_all_reduce_allUL(1ul << me, UPC_XOR) == (1ul << T) - 1, "reduce_allUL");
  EXPECT(bupc_all_reduce_allD(me + 0.25, UPC_MAX) == T - 0.75, "reduce_allD");
  EXPECT(bupc_all_reduce_allLD(2.0L, UPC_MULT) == (long double)(1 << T), "reduce_allLD");
  EXPECT(bupc_all_reduce_allC((signed char)(me % 2), UPC_LOGOR) == (T > 1), "reduce_allC");
}

static void pointers(void) {
  int me = MYTHREAD;
  blocked[4 * me + 1] = me;
  upc_barrier;
  /* a local address of my own element turned back into a pointer-to-shared */
  int *local = (int *)bupc_cast(&blocked[4 * me + 1]);
  EXPECT(local && *local == me, "bupc_cast of my element");
  shared void *back = bupc_inverse_cast(local);
  EXPECT(upc_threadof(back) == (size_t)me && upc_addrfield(back) == upc_addrfield(&blocked[4 * me + 1]),
         "bupc_inverse_cast thread %d addr %zu", (int)upc_threadof(back), upc_addrfield(back));
  EXPECT(bupc_inverse_cast(&bad) == NULL, "inverse cast of a private address is not NULL");
  shared [4] int *p = bupc_local_to_shared(local, me, 1);
  EXPECT(p == &blocked[4 * me + 1], "bupc_local_to_shared");
  /* ptradd agrees with typed arithmetic on a blocked array */
  for (int k = -1; k < 9; k++) {
    shared [4] int *base = &blocked[4 * me + 1];
    if ((long)4 * me + 1 + k < 0 || 4 * me + 1 + k >= 4 * THREADS) continue;
    shared [4] int *q = bupc_ptradd(base, 4, sizeof(int), k);
    EXPECT(q == base + k, "ptradd by %d", k);
  }
  shared [] char *cp = (shared [] char *)&blocked[4 * me];
  EXPECT((shared [] char *)bupc_ptradd(cp, 0, 1, 3) == cp + 3, "ptradd indefinite");
  char buf[BUPC_DUMP_MIN_LENGTH];
  EXPECT(bupc_dump_shared(&blocked[4 * me + 2], buf, sizeof buf) == 0, "dump_shared failed");
  char want[64];
  snprintf(want, sizeof want, "thread=%d, phase=2>", me);
  EXPECT(strstr(buf, want) != NULL, "dump_shared gave '%s'", buf);
  EXPECT(bupc_dump_shared(&blocked[0], buf, 10) != 0, "dump_shared with a short buffer");
  upc_barrier;
}

int main(void) {
  if (THREADS > 4) {
    printf("PASS (needs THREADS <= 4)\n");
    return 0;
  }
  semaphores();
  polling();
  value_collectives();
  pointers();
  printf("%s (thread %d)\n", bad ? "FAIL" : "PASS", MYTHREAD);
  return bad != 0;
}
