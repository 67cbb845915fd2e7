/* lock.h — UPC locks (upc_lock_t) and the runtime's own locks: FIFO ticket
 * locks whose words live in shared segments, driven by 64-bit atomics.
 *
 * What this module keeps: the list of locks this thread holds and by which
 * ticket (to report upc_unlock of a lock not held, or upc_lock of one already
 * held, without a remote access).  A lock is 64-bit words in some thread's
 * segment: [0] next ticket, [8] ticket now served, [16] reserved.  A
 * upc_lock_t's tickets start at a hashed value, not 0, so that a lock freed
 * while held (legal: UPC 1.3 7.2.4) is told from a new one at its place.  upc_lock_t objects are heap blocks
 * of kind UPCRT_SVD_LOCK; the runtime's internal locks (the symmetric-heap
 * lock) sit at fixed control-area offsets.
 */
#ifndef UPCRT_LOCK_H
#define UPCRT_LOCK_H

#include <stdint.h>

#include "core/ticket.h"

/* A lock's words: the ticket pair of ticket.h, which acquires and releases
 * them (upcrt_ticket_acquire/release), and the holder's MYTHREAD + 1 where
 * the place is on the holder's node (else 0; read by tools/gdb). */
enum { UPCRT_LOCK_NEXT = UPCRT_TICKET_NEXT, UPCRT_LOCK_SERVING = UPCRT_TICKET_SERVING,
       UPCRT_LOCK_HOLDER = 16, UPCRT_LOCK_BYTES = 24 };

#endif
