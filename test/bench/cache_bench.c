/* cache_bench.c — the software cache's effect (a program, not a test): at 2
 * ranks under UPCRT_FORCE_RMA=1, thread 0 reads thread 1's block of ints
 * stride-1 (4 passes over 64 Ki ints, the figure of issue 9) and at random
 * places of a 16 MiB block, with the cache on and off in the same run.
 *
 *   UPCRT_FORCE_RMA=1 mpiexec -n 2 BUILD/test/rts/cache_bench
 *
 * Prints ns per read and the speed-up on/off (best of 3 interleaved trials).
 * Targets: stride-1 >= 5x, random >= 0.9x. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cache.h"
#include "upcrt.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

#define SEQ_INTS 65536
#define RND_INTS (4 << 20)
#define RND_READS 20000
static volatile int64_t sink;

static double seq(upcrt_pts_t p) {
  int64_t s = 0;
  double t0 = now();
  for (int pass = 0; pass < 4; pass++)
    for (int i = 0; i < SEQ_INTS; i++) s += upcrt_get_i32(upcrt_pts_addbytes(p, 4 * (size_t)i));
  upcrt_fence();
  sink = s;
  return (now() - t0) / (4.0 * SEQ_INTS) * 1e9;
}

static double rnd(upcrt_pts_t p) {
  int64_t s = 0;
  unsigned x = 12345;
  double t0 = now();
  for (int i = 0; i < RND_READS; i++) {
    x = x * 1103515245u + 12345u;
    s += upcrt_get_i32(upcrt_pts_addbytes(p, 4 * (size_t)((x >> 8) % RND_INTS)));
  }
  upcrt_fence();
  sink = s;
  return (now() - t0) / RND_READS * 1e9;
}

static int bench(int argc, char **argv) {
  (void)argc;
  (void)argv;
  upcrt_pts_t a = upc_all_alloc((size_t)upcrt_threads, 4 * (size_t)RND_INTS);
  upcrt_pts_t p = upcrt_pts_add(a, 4 * RND_INTS, 4 * RND_INTS, 1); /* thread 1's block */
  upcrt_cache_stats_t cfg;
  upcrt_cache_stats(&cfg);
  if (upcrt_mythread == 0 && upcrt_threads == 2 && upcrt_node_base[1] == NULL) {
    double best[4] = {1e30, 1e30, 1e30, 1e30};
    for (int trial = 0; trial < 3; trial++)
      for (int on = 1; on >= 0; on--) {
        upcrt_cache_enable(on);
        double s = seq(p), r = rnd(p);
        if (s < best[2 * on]) best[2 * on] = s;
        if (r < best[2 * on + 1]) best[2 * on + 1] = r;
      }
    printf("cache: %zu lines x %zu bytes per remote thread, %zu victim lines\n", cfg.lines,
           cfg.line_size, cfg.victim_lines);
    printf("stride-1 read: off %8.1f ns  on %8.1f ns  speed-up %.1fx (target >= 5x)\n", best[0],
           best[2], best[0] / best[2]);
    printf("random read:   off %8.1f ns  on %8.1f ns  speed-up %.2fx (target >= 0.9x)\n",
           best[1], best[3], best[1] / best[3]);
  } else if (upcrt_mythread == 0) {
    printf("run at 2 ranks with UPCRT_FORCE_RMA=1 and the cache on\n");
  }
  upcrt_barrier(0, 0);
  return 0;
}

int main(int argc, char **argv) {
  upcrt_config_t c = {0, 0};
  upcrt_start(argc, argv, bench, &c);
}
