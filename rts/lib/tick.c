/* tick.c — upc_ticks_now / upc_ticks_to_ns and the bupc_ticks_* timers on
 * CLOCK_MONOTONIC (see tick.h). */
#include "tick.h"

#include <time.h>

upc_tick_t upc_ticks_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (upc_tick_t)ts.tv_sec * 1000000000u + (upc_tick_t)ts.tv_nsec;
}

uint64_t upc_ticks_to_ns(upc_tick_t ticks) { return ticks; }

bupc_tick_t bupc_ticks_now(void) { return upc_ticks_now(); }
uint64_t bupc_ticks_to_us(bupc_tick_t ticks) { return ticks / 1000u; }
uint64_t bupc_ticks_to_ns(bupc_tick_t ticks) { return ticks; }

double bupc_tick_granularityus(void) {
  struct timespec r;
  clock_getres(CLOCK_MONOTONIC, &r);
  return (double)r.tv_sec * 1e6 + (double)r.tv_nsec / 1e3;
}

double bupc_tick_overheadus(void) {
  static double cached = -1;
  if (cached < 0) { /* the cost of one reading, measured once */
    enum { N = 1000 };
    upc_tick_t t0 = upc_ticks_now();
    for (int i = 0; i < N; i++) (void)upc_ticks_now();
    cached = (double)(upc_ticks_now() - t0) / N / 1e3;
  }
  return cached;
}
