/* checks.upc — one faulty access per case, selected by argv[1], for upcc
 * -fupc-check: thread 0 makes it (the others wait at a barrier), and the
 * job must end with the message test/check/meson.build expects.  Case "ok"
 * makes the same kinds of accesses in bounds and prints PASS. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

shared [4] double grid[4*THREADS];
shared int m[4][THREADS];
shared int a[THREADS];

static void fault(const char *c) {
  double buf[8];
  shared [4] double *p = &grid[0];
  shared int *np = 0;
  if (!strcmp(c, "index")) {
    grid[1000000] = 1.0;
  } else if (!strcmp(c, "index2")) {
    printf("%d\n", m[4][0]);
  } else if (!strcmp(c, "ptr")) {
    p[1000000] += 2.0;
  } else if (!strcmp(c, "null")) {
    printf("%d\n", *np);
  } else if (!strcmp(c, "nullwrite")) {
    np[3] = 7;
  } else if (!strcmp(c, "alloc")) {
    shared [] int *q = upc_alloc(10 * sizeof(int));
    q[10] = 1;
  } else if (!strcmp(c, "allalloc")) {
    shared [2] int *r = upc_all_alloc(THREADS, 2 * sizeof(int));
    if (MYTHREAD == 0) r[2*THREADS]++;
  } else if (!strcmp(c, "memget")) {
    upc_memget(buf, &grid[4*THREADS-2], 4 * sizeof(double));
  } else if (!strcmp(c, "cast")) {
    int *lp = (int *)&a[1];
    printf("%d\n", *lp);
  } else if (!strcmp(c, "free")) {
    shared [] int *q = upc_alloc(10 * sizeof(int));
    upc_free(q);
    upc_free(q);
  } else if (!strcmp(c, "allocthread")) {
    shared int *q = upc_alloc(10 * sizeof(int));
    q[1] = 1;
  } else if (!strcmp(c, "deref")) {
    *(p + 1000000) = 3.0;
  }
}

int main(int argc, char **argv) {
  const char *c = argc > 1 ? argv[1] : "ok";
  if (!strcmp(c, "forall")) { /* privatized: one element too many, on thread 0 */
    for (int k = 0; k < 1; k++)
      upc_forall (int i = 0; i <= 4*THREADS; i++; &grid[i]) grid[i] = i;
    upc_barrier;
    printf("thread %d: no check failed\n", MYTHREAD);
    return 0;
  }
  if (!strcmp(c, "allalloc")) { /* collective: every thread takes part */
    fault(c);
    upc_barrier;
    return 0;
  }
  if (strcmp(c, "ok")) {
    if (MYTHREAD == 0) fault(c);
    upc_barrier;
    printf("thread %d: no check failed\n", MYTHREAD);
    return 0;
  }
  /* In bounds: the last element of each object, through names and pointers,
   * and a cast to a private pointer of this thread's own element. */
  int bad = 0;
  if (MYTHREAD == 0) {
    grid[4*THREADS-1] = 5.0;
    m[3][THREADS-1] = 6;
  }
  a[MYTHREAD] = MYTHREAD;
  upc_barrier;
  shared [4] double *p = &grid[0];
  bad += p[4*THREADS-1] != 5.0;
  bad += m[3][THREADS-1] != 6;
  int *lp = (int *)&a[MYTHREAD];
  bad += *lp != MYTHREAD;
  shared [] int *q = upc_alloc(10 * sizeof(int));
  q[9] = 9;
  bad += q[9] != 9;
  double buf[2];
  upc_memget(buf, &grid[4*THREADS-2], 2 * sizeof(double));
  bad += buf[1] != 5.0;
  upc_free(q);
  printf("thread %d: %s\n", MYTHREAD, bad ? "FAIL" : "PASS");
  return bad;
}
