/* tick.h — upc_tick.h and the Berkeley timers: a monotonic clock local to
 * each thread, in nanoseconds (CLOCK_MONOTONIC). */
#ifndef UPCRT_TICK_H
#define UPCRT_TICK_H

#include <stdint.h>

typedef uint64_t upc_tick_t;
#define UPC_TICK_MIN ((upc_tick_t)0)
#define UPC_TICK_MAX ((upc_tick_t)UINT64_MAX)
upc_tick_t upc_ticks_now(void);
uint64_t upc_ticks_to_ns(upc_tick_t ticks);

typedef uint64_t bupc_tick_t;
bupc_tick_t bupc_ticks_now(void);
uint64_t bupc_ticks_to_us(bupc_tick_t ticks);
uint64_t bupc_ticks_to_ns(bupc_tick_t ticks);
double bupc_tick_granularityus(void);
double bupc_tick_overheadus(void);

#endif
