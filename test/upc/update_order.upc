/* update_order.upc — converted updates (`a[i] op= v` as a statement: the
 * remote-update pass makes each one upcrt_update) seen in program order by
 * the thread that made them: on one node integer + ^ & | updates of 4 and 8
 * bytes wait in a ring of 32 while their places are prefetched, and must be
 * applied before this thread reads the element (plainly, through a private
 * pointer, with upc_memget), before an update the ring does not take (*=,
 * a double), and before a barrier lets other threads read.  Each element is
 * updated by one thread only (the next thread's elements), so that the
 * values are exact.  Prints PASS. */
#include <upc.h>
#include <stdint.h>
#include <stdio.h>

#define PER 50   /* elements per thread: more than the ring holds */
#define MAXT 64   /* the most threads the private models cover */

shared uint64_t a[PER * THREADS];
shared int b[PER * THREADS];
shared double d[PER * THREADS];
static uint64_t ma[PER * MAXT]; /* this thread's model of its elements */
static int mb[PER * MAXT];
static double md[PER * MAXT];
shared uint64_t check[PER * THREADS];
shared int errors[THREADS];

static int mine(int i) { return (i + 1) % THREADS == MYTHREAD; }

int main(void) {
  int n = PER * THREADS, bad = 0;
  if (THREADS > MAXT) {
    if (MYTHREAD == 0) printf("FAIL: more than %d threads\n", MAXT);
    return 1;
  }
  for (int i = 0; i < n; i++)
    if (mine(i)) {
      a[i] = ma[i] = (uint64_t)i * 977;
      b[i] = mb[i] = i;
      d[i] = md[i] = i;
    }
  upc_barrier;
  for (int k = 1; k <= 20; k++) {
    /* a run of updates longer than the ring, then reads of each */
    for (int i = 0; i < n; i++)
      if (mine(i)) {
        a[i] ^= (uint64_t)k << 7;
        ma[i] ^= (uint64_t)k << 7;
        b[i] += k;
        mb[i] += k;
        a[i] += 3;
        ma[i] += 3;
      }
    for (int i = 0; i < n; i++)
      if (mine(i) && (a[i] != ma[i] || b[i] != mb[i])) bad++;
    /* an update the ring does not take, after ones it does, same place */
    for (int i = 0; i < n; i++)
      if (mine(i)) {
        b[i] |= 0x100;
        mb[i] |= 0x100;
        b[i] *= 3;
        mb[i] *= 3;
        b[i] &= 0xffffff;
        mb[i] &= 0xffffff;
        d[i] += 0.5;
        md[i] += 0.5;
      }
    for (int i = 0; i < n; i++)
      if (mine(i) && (b[i] != mb[i] || d[i] != md[i])) bad++;
    /* each element again, through upc_memget */
    for (int i = 0; i < n; i++)
      if (mine(i)) {
        a[i] ^= 1;
        ma[i] ^= 1;
      }
    int t = (MYTHREAD + THREADS - 1) % THREADS; /* whose elements are mine */
    uint64_t got[PER];
    for (int j = 0; j < PER; j++) {
      upc_memget(&got[j], &a[t + j * THREADS], sizeof got[j]);
      if (got[j] != ma[t + j * THREADS]) bad++;
    }
  }
  /* a private pointer to an element of this thread, made after updates */
  if (THREADS == 1) {
    a[0] += 5;
    ma[0] += 5;
    uint64_t *p = (uint64_t *)&a[0];
    if (*p != ma[0]) bad++;
    a[0] += 7; /* applied at once now: private pointers exist */
    ma[0] += 7;
    if (*p != ma[0]) bad++;
  }
  upc_barrier;
  /* every thread checks the next thread's view: the barrier applied them */
  for (int i = 0; i < n; i++)
    if (mine(i)) check[i] = ma[i];
  upc_barrier;
  for (int i = MYTHREAD; i < n; i += THREADS)
    if (a[i] != check[i]) bad++;
  errors[MYTHREAD] = bad;
  upc_barrier;
  if (MYTHREAD == 0) {
    int total = 0;
    for (int i = 0; i < THREADS; i++) total += errors[i];
    if (total) printf("FAIL: %d wrong values\n", total);
    else printf("PASS\n");
  }
  return 0;
}
