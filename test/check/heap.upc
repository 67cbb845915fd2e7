/* heap.upc — checking mode and heap objects another thread allocated or
 * freed: one faulty access per case (argv[1]), made by the thread the case
 * names, and the job must end with the message test/check/meson.build
 * expects.  Case "ok" makes in-bounds accesses to other threads' objects,
 * and to blocks freed and allocated again, and prints PASS. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

shared [] int *shared gp;
shared [2] int *shared gg;
shared int nbad[THREADS];
int buf[16];

/* thread 0 allocates 10 ints and publishes them in gp */
static void publish(void) {
  if (MYTHREAD == 0) gp = upc_alloc(10 * sizeof(int));
  upc_barrier;
}

/* thread 1 allocates 2 ints per thread with upc_global_alloc, in gg */
static void publish_global(void) {
  if (MYTHREAD == 1) gg = upc_global_alloc(THREADS, 2 * sizeof(int));
  upc_barrier;
}

static void fault(const char *c) {
  if (!strcmp(c, "write")) {
    publish();
    if (MYTHREAD == 1) gp[12] = 1;
  } else if (!strcmp(c, "read")) {
    publish();
    if (MYTHREAD == 1) printf("%d\n", gp[10]);
  } else if (!strcmp(c, "memget")) {
    publish();
    if (MYTHREAD == 1) upc_memget(buf, gp, 11 * sizeof(int));
  } else if (!strcmp(c, "memput")) {
    publish();
    if (MYTHREAD == 1) upc_memput(gp, buf, 16 * sizeof(int));
  } else if (!strcmp(c, "global")) {
    publish_global();
    if (MYTHREAD == 0) gg[2*THREADS] = 1;
  } else if (!strcmp(c, "global1")) { /* through a pointer to thread 1's block */
    publish_global();
    shared [2] int *q = gg + 2;
    if (MYTHREAD == 0) q[2*THREADS-2] += 1;
  } else if (!strcmp(c, "uaf")) {
    if (MYTHREAD == 0) {
      shared [] int *p = upc_alloc(10 * sizeof(int));
      upc_free(p);
      p[0] = 1;
    }
  } else if (!strcmp(c, "uafother")) {
    publish();
    if (MYTHREAD == 0) upc_free(gp);
    upc_barrier;
    if (MYTHREAD == 1) printf("%d\n", gp[9]);
  } else if (!strcmp(c, "uafremote")) { /* thread 1 frees thread 0's block */
    publish();
    if (MYTHREAD == 1) {
      upc_free(gp);
      gp[1] = 2;
    }
  } else if (!strcmp(c, "uafglobal")) {
    publish_global();
    if (MYTHREAD == 1) upc_free(gg);
    upc_barrier;
    if (MYTHREAD == 0) gg[1] = 3;
  } else if (!strcmp(c, "uafall")) {
    shared [2] int *r = upc_all_alloc(THREADS, 2 * sizeof(int));
    if (MYTHREAD == 0) upc_free(r);
    upc_barrier;
    if (MYTHREAD == 1) r[3] = 4;
  } else if (!strcmp(c, "uafloop")) { /* the site knew the object before the free */
    publish();
    for (int k = 0; k < 2; k++) {
      if (MYTHREAD == 1) buf[0] += gp[5];
      upc_barrier;
      if (MYTHREAD == 0 && k == 0) upc_free(gp);
      upc_barrier;
    }
  }
}

/* In bounds: must run clean.  Returns the number of wrong values. */
static int ok(void) {
  int bad = 0;
  publish();
  /* every thread writes its element, reads them all, copies them whole */
  for (int k = 0; k < 3; k++) {
    if (MYTHREAD < 10) gp[MYTHREAD] = 100 + MYTHREAD + k;
    upc_barrier;
    for (int i = 0; i < THREADS && i < 10; i++) bad += gp[i] != 100 + i + k;
    upc_memget(buf, gp, 10 * sizeof(int));
    bad += buf[0] != 100 + k;
    upc_barrier;
  }
  if (MYTHREAD == THREADS - 1) {
    for (int i = 0; i < 10; i++) buf[i] = i;
    upc_memput(gp, buf, 10 * sizeof(int));
  }
  upc_barrier;
  bad += gp[9] != 9;
  /* another thread's upc_global_alloc object, through both its blocks */
  publish_global();
  gg[2*MYTHREAD+1] = MYTHREAD;
  upc_barrier;
  shared [2] int *q = gg + 2;
  for (int i = 0; i < THREADS; i++) bad += gg[2*i+1] != i;
  bad += q[2*THREADS-3] != THREADS - 1;
  upc_barrier;
  /* freed and allocated again at the same place: the new object's bounds */
  if (MYTHREAD == 0) {
    upc_free(gp);
    gp = upc_alloc(10 * sizeof(int));
  }
  upc_barrier;
  if (MYTHREAD == 1) gp[9] = 19;
  upc_barrier;
  bad += gp[9] != 19;
  upc_barrier;
  /* freed, and a larger block now holds the old header in its data: a
   * pointer to where the old block started is inside the new one */
  if (MYTHREAD == 0) {
    upc_free(gp);
    shared [] int *big = upc_alloc(32 * sizeof(int));
    gp = big + 16;
  }
  upc_barrier;
  if (MYTHREAD == 1) gp[15] = 31;
  upc_barrier;
  bad += gp[15] != 31;
  upc_barrier;
  return bad;
}

int main(int argc, char **argv) {
  const char *c = argc > 1 ? argv[1] : "ok";
  if (strcmp(c, "ok")) {
    fault(c);
    upc_barrier;
    printf("thread %d: no check failed\n", MYTHREAD);
    return 0;
  }
  nbad[MYTHREAD] = ok();
  upc_barrier;
  if (MYTHREAD != 0) return 0;
  int bad = 0;
  for (int i = 0; i < THREADS; i++) bad += nbad[i];
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
