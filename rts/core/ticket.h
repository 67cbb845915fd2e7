/* ticket.h — FIFO ticket locks on two 64-bit words of a shared segment,
 * driven by segment atomics: the runtime's own locks (the symmetric heap's,
 * svd.c) and the words under every upc_lock_t (sync/lock.c).
 *
 * The words at offset off of thread t: [off + UPCRT_TICKET_NEXT] the next
 * ticket to hand out, [off + UPCRT_TICKET_SERVING] the ticket now served.
 * A waiter polls through the module table (module.h) and yields, so the
 * holder runs and other threads' requests to this one are served.
 */
#ifndef UPCRT_TICKET_H
#define UPCRT_TICKET_H

#include <stdint.h>

enum { UPCRT_TICKET_NEXT = 0, UPCRT_TICKET_SERVING = 8 };

/* Acquire/release the lock whose words are at offset off of thread t;
 * acquire returns the ticket it holds the lock by. */
uint64_t upcrt_ticket_acquire(int t, uint64_t off);
void upcrt_ticket_release(int t, uint64_t off);

#endif
