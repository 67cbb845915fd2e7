/* bupc_sem.c — Berkeley UPC semaphores and signalling puts (bupc_sem_t,
 * bupc_sem_post/wait/try and their N forms, bupc_memput_signal): a
 * semaphore is a block in the allocating thread's upc_alloc partition
 * holding its value and flags, updated with the segment atomics. */
#include <sched.h>
#include <stdint.h>

#include "core/segment.h"
#include "core/backoff.h"
#include "core/start.h"
#include "core/svd.h"
#include "upcrt.h"

/* The flags of <bupc_extensions.h> (each pair is exclusive). */
#define SEM_INTEGER 1
#define SEM_BOOLEAN 2
#define SEM_SPRODUCER 4
#define SEM_MPRODUCER 8
#define SEM_SCONSUMER 16
#define SEM_MCONSUMER 32
#define SEM_MAXVALUE 0x7fffffffu /* BUPC_SEM_MAXVALUE */

enum { SEM_VALUE = 0, SEM_FLAGS = 8, SEM_BYTES = 16 };

upcrt_pts_t bupc_sem_alloc(int flags) {
  if (flags & ~63)
    upcrt_fatal("bupc_sem_alloc: unknown flags 0x%x (use BUPC_SEM_INTEGER or "
                "BUPC_SEM_BOOLEAN, BUPC_SEM_[SM]PRODUCER, BUPC_SEM_[SM]CONSUMER)", flags);
  if ((flags & SEM_INTEGER) && (flags & SEM_BOOLEAN))
    upcrt_fatal("bupc_sem_alloc: BUPC_SEM_INTEGER and BUPC_SEM_BOOLEAN together");
  if ((flags & SEM_SPRODUCER) && (flags & SEM_MPRODUCER))
    upcrt_fatal("bupc_sem_alloc: BUPC_SEM_SPRODUCER and BUPC_SEM_MPRODUCER together");
  if ((flags & SEM_SCONSUMER) && (flags & SEM_MCONSUMER))
    upcrt_fatal("bupc_sem_alloc: BUPC_SEM_SCONSUMER and BUPC_SEM_MCONSUMER together");
  uint64_t off = upcrt_svd_local_alloc(SEM_BYTES, UPCRT_SVD_SEM);
  upcrt_seg_store(upcrt_mythread, off + SEM_VALUE, 0);
  upcrt_seg_store(upcrt_mythread, off + SEM_FLAGS, (uint64_t)flags);
  return (upcrt_pts_t){off, (uint32_t)upcrt_mythread, 0};
}

void bupc_sem_free(upcrt_pts_t s) {
  if (upcrt_pts_isnull(s)) return;
  upcrt_svd_free(s, "bupc_sem_free", UPCRT_SVD_M_SEM);
}

/* Checks that s is a live semaphore and n a valid count; returns its flags. */
static uint64_t sem_check(upcrt_pts_t s, size_t n, const char *what) {
  if (upcrt_pts_isnull(s)) upcrt_fatal("%s: the semaphore pointer is NULL", what);
  if (upcrt_svd_kind(s) != UPCRT_SVD_SEM) {
    char d[256];
    upcrt_describe_pts(s, d, sizeof d);
    upcrt_fatal("%s: %s is not a semaphore (not from bupc_sem_alloc, or freed)", what, d);
  }
  uint64_t flags = upcrt_seg_load((int)s.thread, s.offset + SEM_FLAGS);
  if ((flags & SEM_BOOLEAN) && n != 1)
    upcrt_fatal("%s: count %zu on a BUPC_SEM_BOOLEAN semaphore (only 1 is allowed)", what, n);
  if (n > SEM_MAXVALUE)
    upcrt_fatal("%s: count %zu exceeds BUPC_SEM_MAXVALUE (%u)", what, n, SEM_MAXVALUE);
  return flags;
}

static void sem_post(upcrt_pts_t s, size_t n, const char *what) {
  uint64_t flags = sem_check(s, n, what);
  /* release: everything this thread did before is complete first */
  upcrt_fence_nopoll();
  upcrt_seg_sync();
  int t = (int)s.thread;
  uint64_t at = s.offset + SEM_VALUE;
  if (flags & SEM_BOOLEAN) {
    (void)upcrt_seg_swap(t, at, 1); /* a binary semaphore: posting 1 again keeps 1 */
    return;
  }
  uint64_t old = upcrt_seg_fetch_add(t, at, n);
  if (old + n > SEM_MAXVALUE)
    upcrt_fatal("%s: the semaphore's value would exceed BUPC_SEM_MAXVALUE (%u)", what,
                SEM_MAXVALUE);
}

void bupc_sem_post(upcrt_pts_t s) { sem_post(s, 1, "bupc_sem_post"); }
void bupc_sem_postN(upcrt_pts_t s, size_t n) { sem_post(s, n, "bupc_sem_postN"); }

/* Takes n from the value if it is at least n; 1 on success. */
static int sem_take(upcrt_pts_t s, size_t n) {
  int t = (int)s.thread;
  uint64_t at = s.offset + SEM_VALUE;
  uint64_t v = upcrt_seg_load(t, at);
  while (v >= n) {
    uint64_t seen = upcrt_seg_cas(t, at, v, v - n);
    if (seen == v) {
      upcrt_seg_sync(); /* acquire: later reads see what the poster wrote */
      return 1;
    }
    v = seen;
  }
  return 0;
}

static int sem_try(upcrt_pts_t s, size_t n, const char *what) {
  sem_check(s, n, what);
  if (n == 0) return 1;
  if (sem_take(s, n)) return 1;
  upcrt_poll_slow(); /* callers poll try in a loop: let the poster run */
  return 0;
}

int bupc_sem_try(upcrt_pts_t s) { return sem_try(s, 1, "bupc_sem_try"); }
int bupc_sem_tryN(upcrt_pts_t s, size_t n) { return sem_try(s, n, "bupc_sem_tryN"); }

/* Test-and-yield: the poster may share this core, or need this thread in MPI. */
static void sem_wait(upcrt_pts_t s, size_t n, const char *what) {
  sem_check(s, n, what);
  if (n == 0) return;
  upcrt_backoff_t bo = {0};
  while (!sem_take(s, n)) {
    if (upcrt_progress_needed) upcrt_progress();
    upcrt_async_poll();
    upcrt_backoff_spin(&bo, 16);
  }
}

void bupc_sem_wait(upcrt_pts_t s) { sem_wait(s, 1, "bupc_sem_wait"); }
void bupc_sem_waitN(upcrt_pts_t s, size_t n) { sem_wait(s, n, "bupc_sem_waitN"); }

/* The put, then the post (whose fence completes the put). */
void bupc_memput_signal(upcrt_pts_t dst, const void *src, size_t nbytes, upcrt_pts_t s,
                        size_t n) {
  sem_check(s, n, "bupc_memput_signal");
  upc_memput(dst, src, nbytes);
  sem_post(s, n, "bupc_memput_signal");
}

/* Berkeley lets this return before the data moved; completing it at once is
 * one of the allowed behaviours (the source buffer is free on return). */
void bupc_memput_signal_async(upcrt_pts_t dst, const void *src, size_t nbytes,
                              upcrt_pts_t s, size_t n) {
  sem_check(s, n, "bupc_memput_signal_async");
  upc_memput(dst, src, nbytes);
  sem_post(s, n, "bupc_memput_signal_async");
}
