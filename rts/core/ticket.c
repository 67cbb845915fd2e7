/* ticket.c — FIFO ticket locks on segment words (see ticket.h). */
#include "ticket.h"

#include <sched.h>

#include "backoff.h"
#include "module.h"
#include "segment.h"

uint64_t upcrt_ticket_acquire(int t, uint64_t off) {
  uint64_t ticket = upcrt_seg_fetch_add(t, off + UPCRT_TICKET_NEXT, 1);
  /* FIFO: wait until our ticket is served; yield so the holder runs */
  upcrt_backoff_t bo = {0};
  while (upcrt_seg_load(t, off + UPCRT_TICKET_SERVING) != ticket) {
    upcrt_modules_poll();
    upcrt_backoff_spin(&bo, 0);
  }
  upcrt_seg_sync();
  return ticket;
}

void upcrt_ticket_release(int t, uint64_t off) {
  upcrt_seg_sync();
  upcrt_seg_fetch_add(t, off + UPCRT_TICKET_SERVING, 1);
}
