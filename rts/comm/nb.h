/* nb.h — upc_nb.h and the Berkeley non-blocking copies in the C ABI the
 * lowering produces, plus the handle machinery the non-contiguous (vis.c)
 * transfers share.
 *
 * What this module keeps: the operations started with implicit handles (a
 * list completed by upc_synci), and per target thread how many operations
 * were posted to it and how many a flush has completed (one flush serves
 * every handle waited for after it).  A handle is a set of MPI request-based RMA
 * operations (MPI_Rget / MPI_Rput) on the world window; the call returns as
 * soon as they are posted, and completing a handle also completes the puts
 * remotely (MPI_Win_flush of their targets).  Transfers whose both ends this
 * thread maps are done at once with memcpy and return UPC_COMPLETE_HANDLE.
 */
#ifndef UPCRT_NB_H
#define UPCRT_NB_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include "upcrt.h"

typedef struct upcrt_nb_op {
  int nreq, capreq;
  MPI_Request *req;
  int ntgt, captgt;
  int *tgt;                 /* targets flushed on completion */
  uint64_t *tgtseq;         /* per target: its operation count after ours */
  void *tmp;                /* freed on completion */
  MPI_Datatype *types;      /* freed on completion */
  int ntypes, captypes;
  struct upcrt_nb_op *next; /* implicit-handle list */
  struct upcrt_nb_op *batch; /* a get queued by vis.c: the operation it travels in */
  int refs;                  /* a batch: its handles not yet freed */
  int complete;              /* a batch: done */
  void (*done)(struct upcrt_nb_op *); /* run once when the requests complete */
  void *done_arg;
  int ring;                  /* thread + 1 whose progress thread a long wait wakes */
} upcrt_nb_op_t;

typedef upcrt_nb_op_t *upc_handle_t;
#define UPC_COMPLETE_HANDLE ((upc_handle_t)0)

upc_handle_t upc_memcpy_nb(upcrt_pts_t dst, upcrt_pts_t src, size_t n);
upc_handle_t upc_memget_nb(void *dst, upcrt_pts_t src, size_t n);
upc_handle_t upc_memput_nb(upcrt_pts_t dst, const void *src, size_t n);
upc_handle_t upc_memset_nb(upcrt_pts_t dst, int c, size_t n);
int upc_sync_attempt(upc_handle_t h);
void upc_sync(upc_handle_t h);
void upc_memcpy_nbi(upcrt_pts_t dst, upcrt_pts_t src, size_t n);
void upc_memget_nbi(void *dst, upcrt_pts_t src, size_t n);
void upc_memput_nbi(upcrt_pts_t dst, const void *src, size_t n);
void upc_memset_nbi(upcrt_pts_t dst, int c, size_t n);
int upc_synci_attempt(void);
void upc_synci(void);

typedef upcrt_nb_op_t *bupc_handle_t;
#define BUPC_COMPLETE_HANDLE ((bupc_handle_t)0)
bupc_handle_t bupc_memcpy_async(upcrt_pts_t dst, upcrt_pts_t src, size_t n);
bupc_handle_t bupc_memget_async(void *dst, upcrt_pts_t src, size_t n);
bupc_handle_t bupc_memput_async(upcrt_pts_t dst, const void *src, size_t n);
void bupc_waitsync(bupc_handle_t h);
int bupc_trysync(bupc_handle_t h);
void bupc_memcpy_asynci(upcrt_pts_t dst, upcrt_pts_t src, size_t n);
void bupc_memget_asynci(void *dst, upcrt_pts_t src, size_t n);
void bupc_memput_asynci(upcrt_pts_t dst, const void *src, size_t n);
void bupc_waitsynci(void);
int bupc_trysynci(void);

/* For vis.c: an empty handle, posting into it, and completion. */
upcrt_nb_op_t *upcrt_nb_new(void);
/* Posts a get (put) of one ltype at laddr from (to) one rtype at thread t,
 * displacement disp; the types are freed when the handle completes if
 * own_types is set. */
void upcrt_nb_rget(upcrt_nb_op_t *h, void *laddr, MPI_Datatype ltype, int t, MPI_Aint disp,
                   MPI_Datatype rtype);
void upcrt_nb_rput(upcrt_nb_op_t *h, const void *laddr, MPI_Datatype ltype, int t,
                   MPI_Aint disp, MPI_Datatype rtype);
void upcrt_nb_own_type(upcrt_nb_op_t *h, MPI_Datatype t);
/* Adds a request (a send or receive of vis.c's packed gets) to h. */
void upcrt_nb_add_request(upcrt_nb_op_t *h, MPI_Request r);
/* A handle that completes with `batch` (an operation vis.c posts later). */
upcrt_nb_op_t *upcrt_nb_in_batch(upcrt_nb_op_t *batch);
/* Set while vis.c holds queued gets; waiting for or testing any handle
 * posts them first (upcrt_vis_post_queued). */
extern int upcrt_vis_queued;
void upcrt_vis_post_queued(void);
/* Returns h, or UPC_COMPLETE_HANDLE (freeing h) if nothing was posted. */
upcrt_nb_op_t *upcrt_nb_finish(upcrt_nb_op_t *h);
/* Adds h to the implicit list (or frees an empty one). */
void upcrt_nb_implicit(upcrt_nb_op_t *h);
void upcrt_nb_wait(upcrt_nb_op_t *h);

#endif
