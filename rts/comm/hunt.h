/* hunt.h — HUNT (seed 004): demand-driven completion of large upc_memget from
 * threads reached through MPI RMA (another node, or UPCRT_FORCE_RMA=1).
 *
 * What this module keeps: the strips in flight — for each, the whole pages of
 * the destination it fills (protected with mprotect(PROT_NONE) until it
 * retires), its MPI_Rget request and its source thread — the hints of
 * include/upcx.h, and counters (upcrt_hunt_stats).
 *
 * upc_memget above a threshold returns after starting one MPI_Rget per strip
 * (a small first strip, each later one `decomp` times larger, up to a cap)
 * and protecting the whole pages of the destination.  The Rgets land in a
 * staging region of the runtime, never in protected pages: on this machine's
 * MPICH/UCX the origin copies a get's data in inside MPI progress, which
 * would fault on a protected page inside MPI (tried: UCX dies in
 * ucp_get_rep_handler).  The first touch of a strip faults into a SIGSEGV
 * handler that waits for that strip, unprotects it, copies it in from the
 * staging region, and does the same for every other strip that has arrived.  Bytes of the buffer on
 * partial pages (the edges) are never protected: they may share a page with
 * other data; they come in their own requests, waited for before return.
 * Whole strips are protected, not only their first page: the signal count is
 * the same (one per strip, the handler unprotects all of it), and a program
 * that skips into the middle of a strip, or writes the buffer before reading
 * it, still waits for the data instead of racing with it.
 *
 * Every strip retires before the runtime hands memory that may overlap it to
 * MPI or to a system call (upcrt_hunt_before, upcrt_hunt_retire_all), at every
 * fence (upcrt_puts_pending stays set while strips are out, so fences,
 * barriers, locks, strict accesses, collectives and exit reach
 * upcrt_flush_puts), and before a put to a thread we are still reading from.
 * The program's own calls that hand a buffer to the kernel or to MPI do the
 * same: upcc links them to wrappers (hunt_syscalls.c through ld --wrap,
 * hunt_pmpi.c through MPI's profiling interface) that call
 * upcrt_hunt_complete first, so a system call never sees a protected page.
 */
#ifndef UPCRT_HUNT_H
#define UPCRT_HUNT_H

#include <stddef.h>
#include <stdint.h>
#include "upcrt.h"

typedef struct upcrt_hunt_stats {
  uint64_t gets;      /* upc_memget calls that went through HUNT */
  uint64_t strips;    /* strips started */
  uint64_t bytes;     /* bytes in strips (protected whole pages) */
  uint64_t signals;   /* SIGSEGVs taken on strips (waits the program felt) */
  uint64_t retired_early; /* strips unprotected without a signal (piggyback, handler) */
  uint64_t declined;  /* memgets the cost model kept blocking (and timed) */
} upcrt_hunt_stats_t;

/* Number of strips in flight (0 when HUNT is off or idle). */
extern int upcrt_hunt_outstanding;

/* Reads UPCRT_HUNT and installs the SIGSEGV handler (after start.c's crash
 * handlers, which it chains to). */
void upcrt_hunt_init(void);

/* upc_memget of n bytes from src (a thread reached through MPI) into dst:
 * returns 1 when HUNT took the transfer, 0 when the caller must do it. */
int upcrt_hunt_get(void *dst, upcrt_pts_t src, size_t n);

/* Waits for and unprotects every strip (before a fence completes). */
void upcrt_hunt_retire_all(void);

/* Retires the strips that overlap [p, p+n) and, when t >= 0, those read from
 * thread t (a put to t must not overtake them); then retires what has already
 * arrived (piggyback).  For the runtime's MPI calls on private memory. */
void upcrt_hunt_sync(int t, const void *p, size_t n);
static inline void upcrt_hunt_before(int t, const void *p, size_t n) {
  if (UPCRT_UNLIKELY(upcrt_hunt_outstanding)) upcrt_hunt_sync(t, p, n);
}

/* For the wrappers of hunt_syscalls.c and hunt_pmpi.c: is any strip in
 * flight?  One load and a predictable branch when HUNT is off.  Relaxed
 * atomic: the progress thread's MPI calls read it too (and then find that
 * the strips are not theirs). */
static inline int upcrt_hunt_busy(void) {
  return UPCRT_UNLIKELY(__atomic_load_n(&upcrt_hunt_outstanding, __ATOMIC_RELAXED) != 0);
}

/* Retires the strips that overlap [p, p+n), before a system call or an MPI
 * call reads or writes those bytes.  Nothing else (no piggyback): it may run
 * in start.c's crash handler (a write of the message), where it must only
 * look.  Strips belong to the UPC thread; called on any other thread (the
 * progress thread, a thread of the program), it does nothing. */
void upcrt_hunt_complete(const void *p, size_t n);

/* Is this the UPC thread, whose strips upcrt_hunt_complete retires? */
int upcrt_hunt_owner_here(void);

/* Retires every strip (on the UPC thread): before an MPI call whose buffers
 * are arrays of counts and displacements (collectives) or not named at all
 * (MPI_Start). */
void upcrt_hunt_complete_every(void);

/* The counters so far (for a statistics report). */
void upcrt_hunt_stats(upcrt_hunt_stats_t *out);

#endif
