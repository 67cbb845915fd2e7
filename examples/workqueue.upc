/* workqueue.upc — a lock-protected shared work queue with dynamic tasks.
 * Shows: a queue in shared memory guarded by a upc_lock_t from
 * upc_all_lock_alloc; tasks that split into subtasks and push them back;
 * termination detection with an outstanding-task count kept under the same
 * lock; load balance across threads. Each task [lo, hi) either splits in two
 * or, when small, processes its numbers (Collatz step counts). Afterwards
 * every number must have been processed exactly once, with the right result.
 *
 *   build/tools/upcc -O2 -o workqueue examples/workqueue.upc
 *   build/tools/upcrun -n 4 ./workqueue [numbers] [leaf-size]
 *
 * Prints how many leaf tasks each thread ran, "RESULT workqueue_s <seconds>"
 * (the queue's work, for tools/upcbench) and PASS if every check holds. */
#include <upc.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define QMAX 4096                     /* ring capacity (tasks waiting at once) */
struct task { long lo, hi; };

shared [] struct task queue[QMAX];    /* the ring, on thread 0 */
shared long qhead, qtail;             /* next to take, next free slot */
shared long outstanding;              /* tasks queued or being worked on */
shared int overflow;
shared long leaves[THREADS];
shared long wrong[THREADS];
upc_lock_t *qlock;

static int collatz(long x) {
  int steps = 0;
  while (x > 1) {
    x = (x % 2) ? 3 * x + 1 : x / 2;
    steps++;
  }
  return steps;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Caller holds qlock. */
static void push(long lo, long hi) {
  if (qtail - qhead >= QMAX) {
    overflow = 1;
    return;
  }
  struct task t = {lo, hi};
  queue[qtail % QMAX] = t;
  qtail = qtail + 1;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  long leaf = argc > 2 ? atol(argv[2]) : 1000;
  if (n < 1 || leaf < 1) {
    if (MYTHREAD == 0) fprintf(stderr, "usage: workqueue [numbers] [leaf-size]\n");
    return 2;
  }
  shared int *hits = upc_all_alloc(n, sizeof(int));     /* times each number was processed */
  shared int *steps = upc_all_alloc(n, sizeof(int));    /* its Collatz step count */
  upc_forall (long i = 0; i < n; i++; &hits[i]) hits[i] = 0;
  qlock = upc_all_lock_alloc();
  if (MYTHREAD == 0) {
    push(0, n);
    outstanding = 1;
  }
  upc_barrier;

  double t0 = now();
  long mine = 0;
  for (;;) {
    struct task t;
    int got = 0, finished = 0;
    upc_lock(qlock);
    if (qhead < qtail) {
      t = queue[qhead % QMAX];
      qhead = qhead + 1;
      got = 1;
    } else {
      finished = outstanding == 0 || overflow;
    }
    upc_unlock(qlock);
    if (!got) {
      if (finished) break;
      sched_yield(); /* someone is still splitting: wait for work */
      continue;
    }
    if (t.hi - t.lo > leaf) {
      long mid = t.lo + (t.hi - t.lo) / 2;
      upc_lock(qlock);
      push(t.lo, mid);
      push(mid, t.hi);
      outstanding += 1; /* one task taken, two added */
      upc_unlock(qlock);
    } else {
      for (long i = t.lo; i < t.hi; i++) {
        hits[i] += 1;
        steps[i] = collatz(i + 1);
      }
      mine++;
      upc_lock(qlock);
      outstanding -= 1;
      upc_unlock(qlock);
    }
  }
  leaves[MYTHREAD] = mine;
  upc_barrier;
  double secs = now() - t0;

  /* Checks: each number once, right results, leaf count as the splitting
   * rule predicts. */
  long bad = 0;
  upc_forall (long i = 0; i < n; i++; &hits[i]) {
    if (hits[i] != 1 || steps[i] != collatz(i + 1)) bad++;
  }
  wrong[MYTHREAD] = bad;
  upc_barrier;
  long total_leaves = 0, total_bad = 0;
  for (int t = 0; t < THREADS; t++) {
    total_leaves += leaves[t];
    total_bad += wrong[t];
  }
  /* Serial count of leaves: split [lo, hi) while longer than leaf. */
  long want_leaves = 0;
  {
    long stack[128][2];
    int sp = 0;
    stack[sp][0] = 0;
    stack[sp++][1] = n;
    while (sp > 0) {
      sp--;
      long lo = stack[sp][0], hi = stack[sp][1];
      if (hi - lo > leaf) {
        long mid = lo + (hi - lo) / 2;
        stack[sp][0] = lo;
        stack[sp++][1] = mid;
        stack[sp][0] = mid;
        stack[sp++][1] = hi;
      } else {
        want_leaves++;
      }
    }
  }
  int ok = !overflow && total_bad == 0 && total_leaves == want_leaves;
  if (MYTHREAD == 0) {
    printf("workqueue: %ld numbers in leaves of at most %ld on %d threads\n", n, leaf, THREADS);
    printf("  leaf tasks per thread:");
    for (int t = 0; t < THREADS; t++) printf(" %ld", leaves[t]);
    printf(" (total %ld, expected %ld)\n", total_leaves, want_leaves);
    if (overflow) printf("  queue overflow: raise QMAX\n");
    if (total_bad) printf("  %ld numbers processed wrongly\n", total_bad);
    printf("RESULT workqueue_s %.9f\n", secs);
    printf(ok ? "PASS\n" : "FAIL\n");
  }
  upc_barrier;
  if (MYTHREAD == 0) upc_lock_free(qlock);
  upc_all_free(hits);
  upc_all_free(steps);
  return !ok;
}
