/* stress_nb.upc — non-blocking copies under concurrency: every thread puts
 * blocks into every other thread's buffer with upc_memput_nb, gets them back
 * with upc_memget_nb and bupc_memget_async, several in flight at once, and
 * checks every byte; the totals are exact. */
#include "stress.h"
#include <upc_nb.h>

#define B 256   /* longs per block */
#define MAXT 8
/* buf[t] holds a block from each source thread s at [s*B, (s+1)*B) */
shared [] long *shared bufs[THREADS];

int main(int argc, char **argv) {
  stress_init(argc, argv, 10);
  long rounds = stress_size(200, 10000);
  if (THREADS > MAXT) return 1;
  bufs[MYTHREAD] = (shared [] long *)upc_alloc(sizeof(long) * B * THREADS);
  upc_barrier;
  static long out[MAXT][B], in[MAXT][B], in2[MAXT][B];
  long moved = 0;
  double t0 = stress_now();
  for (long r = 0; r < rounds; r++) {
    upc_handle_t h[MAXT];
    for (int t = 0; t < THREADS; t++) {
      for (int i = 0; i < B; i++) out[t][i] = r * 1000003 + MYTHREAD * 7919 + t * 131 + i;
      h[t] = upc_memput_nb(bufs[t] + MYTHREAD * B, out[t], sizeof(long) * B);
    }
    for (int t = THREADS - 1; t >= 0; t--) upc_sync(h[t]);
    upc_barrier; /* every block of round r is in place */
    /* read back what the thread on my right wrote into every buffer */
    int src = (MYTHREAD + 1) % THREADS;
    upc_handle_t g[MAXT];
    bupc_handle_t b[MAXT];
    for (int t = 0; t < THREADS; t++) {
      g[t] = upc_memget_nb(in[t], bufs[t] + src * B, sizeof(long) * B);
      b[t] = bupc_memget_async(in2[t], bufs[t] + src * B, sizeof(long) * B);
    }
    for (int t = 0; t < THREADS; t++) {
      if (t % 2) while (!upc_sync_attempt(g[t])) upctest_relax();
      else upc_sync(g[t]);
      bupc_waitsync(b[t]);
      for (int i = 0; i < B; i++) {
        long want = r * 1000003 + src * 7919 + t * 131 + i;
        if (in[t][i] != want || in2[t][i] != want) {
          CHECK_INT(in[t][i], want);
          CHECK_INT(in2[t][i], want);
          break;
        }
      }
      moved += 3 * B * sizeof(long);
    }
    upc_barrier; /* nobody overwrites a block another still reads */
  }
  double secs = stress_now() - t0;
  CHECK_INT(moved, rounds * THREADS * 3 * B * (long)sizeof(long));
  stress_figure("nb copies (bytes)", moved * THREADS, secs);
  upc_barrier;
  upc_free(bufs[MYTHREAD]);
  return upctest_done();
}
