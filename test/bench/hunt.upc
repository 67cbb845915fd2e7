/* hunt.upc — the HUNT micro-benchmark (seed 004): thread 0 upc_memgets an
 * MB-sized block of thread 1 into a private buffer and then computes on it
 * page by page, with HUNT off (blocking upc_memget) and on, alternating in
 * one run.  Run at 2 threads under UPCRT_FORCE_RMA=1 (thread 1 then stands
 * for another node); with UPCRT_HUNT_MIN=64K every memget is HUNT, without
 * it the runtime chooses per size (rts/comm/hunt.c).  Prints, per size and
 * compute weight (passes over each page),
 *   RESULT hunt_<KB>k_w<W>_block_s  mean time of memget + compute + fence, HUNT off
 *   RESULT hunt_<KB>k_w<W>_hunt_s   the same with HUNT on
 *   RESULT hunt_<KB>k_w<W>_return_s mean time until upc_memget returned (HUNT on)
 *   RESULT hunt_<KB>k_w<W>_signals_per_mb
 * and a summary line per case (with the best times too, and the share of
 * strips that had arrived before the program touched them: data that moved
 * while the program computed).  Every run checks the sum it computed. */
#include <upc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <upcx.h>

typedef struct {
  unsigned long long gets, strips, bytes, signals, retired_early, declined;
} hunt_stats_t;
void upcrt_hunt_stats(hunt_stats_t *out);

#define PAGE 4096
#define MAXSZ ((size_t)16 << 20)
#ifndef REPS
#define REPS 15
#endif

shared [] unsigned char *shared src;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static unsigned char pattern(size_t i) { return (unsigned char)(i * 7 + (i >> 12)); }

/* The per-page compute: w passes over the page's 64-bit words. */
static uint64_t compute(const unsigned char *p, size_t n, int w) {
  uint64_t s = 0;
  for (size_t pg = 0; pg < n; pg += PAGE) {
    const uint64_t *q = (const uint64_t *)(p + pg);
    for (int r = 0; r < w; r++)
      for (size_t k = 0; k < PAGE / 8; k++) s = s * 31 + (q[k] ^ (uint64_t)r);
  }
  return s;
}

int main(void) {
  int from = THREADS > 1 ? 1 : 0;
  if (MYTHREAD == from) {
    src = upc_alloc(MAXSZ);
    unsigned char *l = (unsigned char *)src;
    for (size_t i = 0; i < MAXSZ; i++) l[i] = pattern(i);
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    unsigned char *buf = aligned_alloc(PAGE, MAXSZ), *ref = aligned_alloc(PAGE, MAXSZ);
    for (size_t i = 0; i < MAXSZ; i++) ref[i] = pattern(i);
    static const size_t sizes[] = {(size_t)256 << 10, (size_t)1 << 20, (size_t)4 << 20, MAXSZ};
    static const int weights[] = {1, 8};
    int fails = 0;
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
      for (size_t wi = 0; wi < sizeof weights / sizeof weights[0]; wi++) {
        size_t n = sizes[si];
        int w = weights[wi];
        uint64_t want = compute(ref, n, w);
        double tb = 1e9, th = 1e9, tr = 1e9, sb = 0, sh = 0, sr = 0;
        hunt_stats_t a, b;
        unsigned long long sig = 0, gets = 0, strips = 0, early = 0;
        for (int r = 0; r < REPS; r++)
          for (int on = 0; on < 2; on++) {
            memset(buf, 0, n);
            upcx_hunt_enable(on);
            upcrt_hunt_stats(&a);
            double t0 = now();
            upc_memget(buf, src, n);
            double t1 = now();
            uint64_t got = compute(buf, n, w);
            upc_fence;
            double t2 = now();
            upcrt_hunt_stats(&b);
            fails += got != want;
            if (on) {
              th = t2 - t0 < th ? t2 - t0 : th;
              tr = t1 - t0 < tr ? t1 - t0 : tr;
              sh += t2 - t0;
              sr += t1 - t0;
              sig += b.signals - a.signals;
              gets += b.gets - a.gets;
              strips += b.strips - a.strips;
              early += b.retired_early - a.retired_early;
            } else {
              tb = t2 - t0 < tb ? t2 - t0 : tb;
              sb += t2 - t0;
            }
          }
        double mb = (double)n / (1 << 20), spm = (double)sig / REPS / mb;
        sb /= REPS;
        sh /= REPS;
        sr /= REPS;
        printf("RESULT hunt_%zuk_w%d_block_s %.9f\n", n >> 10, w, sb);
        printf("RESULT hunt_%zuk_w%d_hunt_s %.9f\n", n >> 10, w, sh);
        printf("RESULT hunt_%zuk_w%d_return_s %.9f\n", n >> 10, w, sr);
        printf("RESULT hunt_%zuk_w%d_signals_per_mb %.3f\n", n >> 10, w, spm);
        printf("# %6zu KB, compute x%d: mean blocking %7.3f ms, HUNT %7.3f ms (%.2fx; best %.2fx), "
               "memget returns after %.3f ms (best %.3f), %.2f signals/MB, %llu of %d memgets "
               "through HUNT, %llu of %llu strips in before the touch\n",
               n >> 10, w, sb * 1e3, sh * 1e3, sb / sh, tb / th, sr * 1e3, tr * 1e3, spm, gets,
               REPS, early, strips);
      }
    printf(fails ? "FAIL %d wrong results\n" : "checked: every run computed the right sum\n",
           fails);
  }
  upc_barrier;
  return 0;
}
