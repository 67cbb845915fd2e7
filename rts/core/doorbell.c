/* doorbell.c — ringing another thread's progress thread (see doorbell.h). */
#include "doorbell.h"

#include <mpi.h>
#include <stdint.h>
#include <stdlib.h>

#include "segment.h"
#include "upcrt.h"

static double *upcrt_doorbell_rang; /* per thread: when this thread last rang it */

void upcrt_doorbell_ring(int t) {
  static const uint64_t one = 1;
  if (upcrt_node_base[t]) return; /* reached with loads and CPU atomics */
  MPI_Put(&one, 1, MPI_UINT64_T, t, UPCRT_SEG_DOORBELL, 1, MPI_UINT64_T, upcrt_seg_win);
  if (!upcrt_doorbell_rang) upcrt_doorbell_rang = calloc((size_t)upcrt_threads, sizeof(double));
  if (upcrt_doorbell_rang) upcrt_doorbell_rang[t] = MPI_Wtime();
}

void upcrt_doorbell_ring_later(upcrt_doorbell_waiter_t *w, int t) {
  if (w->since < 0 || (w->rounds++ & 15) != 0) return;
  double now = MPI_Wtime();
  if (w->since == 0) {
    w->since = now;
    /* a target we rang lately computes: keep its progress thread quick */
    double rang = upcrt_doorbell_rang ? upcrt_doorbell_rang[t] : 0;
    if (rang == 0 || now - rang > UPCRT_DOORBELL_HOLD_NS * 0.5e-9) return;
  } else if (now - w->since <= UPCRT_DOORBELL_RING_AFTER_US * 1e-6) {
    return;
  }
  upcrt_doorbell_ring(t);
  w->since = -1; /* once */
}
