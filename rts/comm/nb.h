/* nb.h — upc_nb.h and the Berkeley non-blocking copies in the C ABI the
 * lowering produces.
 *
 * What this module keeps: the operations started with implicit handles (a
 * list completed by upc_synci).  A handle is a transport operation
 * (transport.h: MPI request-based RMA on the world window, completed
 * remotely by a flush of its targets); the call returns as soon as it is
 * posted.  Transfers whose both ends this thread maps are done at once
 * with memcpy and return UPC_COMPLETE_HANDLE.
 */
#ifndef UPCRT_NB_H
#define UPCRT_NB_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include "transport.h"
#include "upcrt.h"

typedef upcrt_transport_op_t upcrt_nb_op_t;

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

/* For vis.c: an empty handle (HUNT's strips retired: MPI may write private
 * memory under one); posting a get (put) of one ltype at laddr from (to)
 * one rtype at thread t, displacement disp, after this thread's cached
 * writes and puts to t; the handle, or UPC_COMPLETE_HANDLE (freeing op)
 * when nothing was posted in op; waiting for one, serving other threads
 * meanwhile. */
upcrt_nb_op_t *upcrt_nb_new(void);
void upcrt_nb_rget(upcrt_nb_op_t *h, void *laddr, MPI_Datatype ltype, int t, MPI_Aint disp,
                   MPI_Datatype rtype);
void upcrt_nb_rput(upcrt_nb_op_t *h, const void *laddr, MPI_Datatype ltype, int t,
                   MPI_Aint disp, MPI_Datatype rtype);
upcrt_nb_op_t *upcrt_nb_finish(upcrt_nb_op_t *op);
void upcrt_nb_wait(upcrt_nb_op_t *h);

#endif
