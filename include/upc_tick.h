/* upc_tick.h — the UPC 1.3 high-resolution timer library. */
#ifndef UPC_TICK_H
#define UPC_TICK_H

#include <stdint.h>

/* Ticks of a monotonic clock local to each thread (nanoseconds underneath,
 * but programs must convert with upc_ticks_to_ns). */
typedef uint64_t upc_tick_t;
#define UPC_TICK_MIN ((upc_tick_t)0)
#define UPC_TICK_MAX ((upc_tick_t)UINT64_MAX)

upc_tick_t upc_ticks_now(void);
uint64_t upc_ticks_to_ns(upc_tick_t ticks);

#endif
