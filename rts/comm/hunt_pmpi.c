/* hunt_pmpi.c — HUNT and a UPC+MPI program's own MPI calls: every MPI call
 * that takes a buffer first completes the strips of upc_memget in flight
 * there (hunt.c), through MPI's profiling interface (the real calls are
 * PMPI_*).  Without it MPI would copy from or into a protected page: a fault
 * inside MPI, whose handler calls MPI again, or an EFAULT in the kernel or
 * in the peer process that reads the pages (shared-memory transports).
 *
 * Which calls: every call of MPICH 4.0's mpi_proto.h and mpio.h that takes a
 * buffer — point-to-point (and persistent requests, MPI_Buffer_attach),
 * one-sided (origin and result buffers, MPI_Win_create/attach's memory),
 * MPI-IO reads and writes, packing — complete the bytes their (buffer,
 * count, datatype) triples span; collectives (the v and w forms describe
 * their buffers through arrays), MPI_Start and MPI_Startall complete every
 * strip: a collective synchronises with other threads anyway.  The large
 * count (_c) forms and the MPI-4 calls are wrapped where mpi.h has them.
 *
 * The runtime's own MPI calls also come here (it calls MPI_*, linked to
 * these definitions): with no strip in flight that costs one load and a
 * predictable branch; the runtime completes the strips its calls touch
 * before it makes them (upcrt_hunt_before), so here they find none, and
 * hunt.c's own Rgets call PMPI_Rget.  No wrapper calls another: the slow
 * path waits with MPI_Wait, which has no buffer.
 */
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#include "hunt.h"

/* The bytes `count` elements of `type` at buf span (true extents: a
 * datatype may start below or end above its extent, and MPI_BOTTOM buffers
 * hold absolute addresses); a type MPI cannot measure completes every
 * strip. */
static void upcrt_hunt_span(const void *buf, MPI_Count count, MPI_Datatype type) {
  /* (another thread's call, e.g. the progress thread's, has no strips) */
  if (count <= 0 || buf == MPI_IN_PLACE || type == MPI_DATATYPE_NULL || !upcrt_hunt_owner_here())
    return;
  MPI_Count lb, extent, true_lb, true_extent;
  if (PMPI_Type_get_extent_x(type, &lb, &extent) != MPI_SUCCESS ||
      PMPI_Type_get_true_extent_x(type, &true_lb, &true_extent) != MPI_SUCCESS) {
    upcrt_hunt_complete_every();
    return;
  }
  uintptr_t first = (uintptr_t)buf + (uintptr_t)(intptr_t)true_lb;
  MPI_Count step = extent < 0 ? -extent : extent;
  if (extent < 0) first -= (uintptr_t)(step * (count - 1));
  upcrt_hunt_complete((const void *)first, (size_t)(step * (count - 1) + true_extent));
}

static void upcrt_hunt_bytes(const void *buf, MPI_Count n) {
  if (n > 0) upcrt_hunt_complete(buf, (size_t)n);
}

/* int MPI_name(params) { complete what `before` names; return PMPI_name(args); } */
#define HUNT_MPI(name, params, args, before)                  \
  int MPI_##name params {                                     \
    if (upcrt_hunt_busy()) {                                  \
      before;                                                 \
    }                                                         \
    return PMPI_##name args;                                  \
  }
#define span upcrt_hunt_span
#define bytes upcrt_hunt_bytes
#define every upcrt_hunt_complete_every

HUNT_MPI(Bcast, (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm),
         (buffer, count, datatype, root, comm), every())
HUNT_MPI(Ibcast, (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
          MPI_Request *request),
         (buffer, count, datatype, root, comm, request), every())
HUNT_MPI(Reduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
          int root, MPI_Comm comm),
         (sendbuf, recvbuf, count, datatype, op, root, comm), every())
HUNT_MPI(Ireduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
          MPI_Op op, int root, MPI_Comm comm, MPI_Request *request),
         (sendbuf, recvbuf, count, datatype, op, root, comm, request), every())
HUNT_MPI(Allreduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
          MPI_Op op, MPI_Comm comm),
         (sendbuf, recvbuf, count, datatype, op, comm), every())
HUNT_MPI(Iallreduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
          MPI_Op op, MPI_Comm comm, MPI_Request *request),
         (sendbuf, recvbuf, count, datatype, op, comm, request), every())
HUNT_MPI(Gather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
          int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm), every())
HUNT_MPI(Igather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
          int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request), every())
HUNT_MPI(Gatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
          const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
          MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm), every())
HUNT_MPI(Igatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
          const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
          MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm,
          request), every())
HUNT_MPI(Scatter, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
          int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm), every())
HUNT_MPI(Iscatter, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
          int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request), every())
HUNT_MPI(Scatterv, (const void *sendbuf, const int sendcounts[], const int displs[],
          MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
          MPI_Comm comm),
         (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm), every())
HUNT_MPI(Iscatterv, (const void *sendbuf, const int sendcounts[], const int displs[],
          MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
          MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm,
          request), every())
HUNT_MPI(Allgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
          int recvcount, MPI_Datatype recvtype, MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm), every())
HUNT_MPI(Iallgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
          int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request), every())
HUNT_MPI(Allgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
          const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm), every())
HUNT_MPI(Iallgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
          const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
          MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request),
          every())
HUNT_MPI(Alltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
          int recvcount, MPI_Datatype recvtype, MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm), every())
HUNT_MPI(Ialltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
          int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request), every())
HUNT_MPI(Alltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
          MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
          MPI_Datatype recvtype, MPI_Comm comm),
         (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm),
          every())
HUNT_MPI(Ialltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
          MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
          MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm,
          request), every())
HUNT_MPI(Alltoallw, (const void *sendbuf, const int sendcounts[], const int sdispls[],
          const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
          const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm),
         (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm),
          every())
HUNT_MPI(Ialltoallw, (const void *sendbuf, const int sendcounts[], const int sdispls[],
          const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
          const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm,
          request), every())
HUNT_MPI(Reduce_scatter, (const void *sendbuf, void *recvbuf, const int recvcounts[],
          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm),
         (sendbuf, recvbuf, recvcounts, datatype, op, comm), every())
HUNT_MPI(Ireduce_scatter, (const void *sendbuf, void *recvbuf, const int recvcounts[],
          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request),
         (sendbuf, recvbuf, recvcounts, datatype, op, comm, request), every())
HUNT_MPI(Reduce_scatter_block, (const void *sendbuf, void *recvbuf, int recvcount,
          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm),
         (sendbuf, recvbuf, recvcount, datatype, op, comm), every())
HUNT_MPI(Ireduce_scatter_block, (const void *sendbuf, void *recvbuf, int recvcount,
          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request),
         (sendbuf, recvbuf, recvcount, datatype, op, comm, request), every())
HUNT_MPI(Scan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
          MPI_Comm comm),
         (sendbuf, recvbuf, count, datatype, op, comm), every())
HUNT_MPI(Iscan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
          MPI_Comm comm, MPI_Request *request),
         (sendbuf, recvbuf, count, datatype, op, comm, request), every())
HUNT_MPI(Exscan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
          MPI_Comm comm),
         (sendbuf, recvbuf, count, datatype, op, comm), every())
HUNT_MPI(Iexscan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
          MPI_Op op, MPI_Comm comm, MPI_Request *request),
         (sendbuf, recvbuf, count, datatype, op, comm, request), every())
HUNT_MPI(Neighbor_allgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm), every())
HUNT_MPI(Ineighbor_allgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request), every())
HUNT_MPI(Neighbor_allgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
          void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype,
          MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm), every())
HUNT_MPI(Ineighbor_allgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
          void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype,
          MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request),
          every())
HUNT_MPI(Neighbor_alltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm), every())
HUNT_MPI(Ineighbor_alltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request), every())
HUNT_MPI(Neighbor_alltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
          MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
          MPI_Datatype recvtype, MPI_Comm comm),
         (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm),
          every())
HUNT_MPI(Ineighbor_alltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
          MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
          MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm,
          request), every())
HUNT_MPI(Neighbor_alltoallw, (const void *sendbuf, const int sendcounts[],
          const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf,
          const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
          MPI_Comm comm),
         (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm),
          every())
HUNT_MPI(Ineighbor_alltoallw, (const void *sendbuf, const int sendcounts[],
          const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf,
          const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
          MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm,
          request), every())
HUNT_MPI(Reduce_local, (const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype,
          MPI_Op op),
         (inbuf, inoutbuf, count, datatype, op), every())
HUNT_MPI(Start, (MPI_Request *request),
         (request), every())
HUNT_MPI(Startall, (int count, MPI_Request array_of_requests[]),
         (count, array_of_requests), every())
HUNT_MPI(Send, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm),
         (buf, count, datatype, dest, tag, comm), span(buf, count, datatype))
HUNT_MPI(Bsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm),
         (buf, count, datatype, dest, tag, comm), span(buf, count, datatype))
HUNT_MPI(Ssend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm),
         (buf, count, datatype, dest, tag, comm), span(buf, count, datatype))
HUNT_MPI(Rsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm),
         (buf, count, datatype, dest, tag, comm), span(buf, count, datatype))
HUNT_MPI(Recv, (void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
          MPI_Status *status),
         (buf, count, datatype, source, tag, comm, status), span(buf, count, datatype))
HUNT_MPI(Sendrecv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
          int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source,
          int recvtag, MPI_Comm comm, MPI_Status *status),
         (sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source,
          recvtag, comm, status), span(sendbuf, sendcount, sendtype); span(recvbuf, recvcount,
          recvtype))
HUNT_MPI(Sendrecv_replace, (void *buf, int count, MPI_Datatype datatype, int dest, int sendtag,
          int source, int recvtag, MPI_Comm comm, MPI_Status *status),
         (buf, count, datatype, dest, sendtag, source, recvtag, comm, status), span(buf, count,
          datatype))
HUNT_MPI(Mrecv, (void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
          MPI_Status *status),
         (buf, count, datatype, message, status), span(buf, count, datatype))
HUNT_MPI(Isend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Ibsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Issend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Irsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Irecv, (void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
          MPI_Request *request),
         (buf, count, datatype, source, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Imrecv, (void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
          MPI_Request *request),
         (buf, count, datatype, message, request), span(buf, count, datatype))
HUNT_MPI(Send_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Bsend_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Ssend_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Rsend_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Recv_init, (void *buf, int count, MPI_Datatype datatype, int source, int tag,
          MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, source, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Buffer_attach, (void *buffer, int size),
         (buffer, size), bytes(buffer, size))
HUNT_MPI(Put, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
          int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
          MPI_Win win),
         (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
          target_datatype, win), span(origin_addr, origin_count, origin_datatype))
HUNT_MPI(Get, (void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
          MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win),
         (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
          target_datatype, win), span(origin_addr, origin_count, origin_datatype))
HUNT_MPI(Accumulate, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
          int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
          MPI_Op op, MPI_Win win),
         (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
          target_datatype, op, win), span(origin_addr, origin_count, origin_datatype))
HUNT_MPI(Get_accumulate, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
          void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank,
          MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op,
          MPI_Win win),
         (origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
          target_rank, target_disp, target_count, target_datatype, op, win), span(origin_addr,
          origin_count, origin_datatype); span(result_addr, result_count, result_datatype))
HUNT_MPI(Fetch_and_op, (const void *origin_addr, void *result_addr, MPI_Datatype datatype,
          int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win),
         (origin_addr, result_addr, datatype, target_rank, target_disp, op, win),
          span(origin_addr, 1, datatype); span(result_addr, 1, datatype))
HUNT_MPI(Compare_and_swap, (const void *origin_addr, const void *compare_addr, void *result_addr,
          MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Win win),
         (origin_addr, compare_addr, result_addr, datatype, target_rank, target_disp, win),
          span(origin_addr, 1, datatype); span(compare_addr, 1, datatype); span(result_addr, 1,
          datatype))
HUNT_MPI(Rput, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
          int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
          MPI_Win win, MPI_Request *request),
         (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
          target_datatype, win, request), span(origin_addr, origin_count, origin_datatype))
HUNT_MPI(Rget, (void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
          int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
          MPI_Win win, MPI_Request *request),
         (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
          target_datatype, win, request), span(origin_addr, origin_count, origin_datatype))
HUNT_MPI(Raccumulate, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
          int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
          MPI_Op op, MPI_Win win, MPI_Request *request),
         (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
          target_datatype, op, win, request), span(origin_addr, origin_count, origin_datatype))
HUNT_MPI(Rget_accumulate, (const void *origin_addr, int origin_count,
          MPI_Datatype origin_datatype, void *result_addr, int result_count,
          MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count,
          MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request),
         (origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
          target_rank, target_disp, target_count, target_datatype, op, win, request),
          span(origin_addr, origin_count, origin_datatype); span(result_addr, result_count,
          result_datatype))
HUNT_MPI(Win_create, (void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
          MPI_Win *win),
         (base, size, disp_unit, info, comm, win), bytes(base, size))
HUNT_MPI(Win_attach, (MPI_Win win, void *base, MPI_Aint size),
         (win, base, size), bytes(base, size))
HUNT_MPI(Pack, (const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize,
          int *position, MPI_Comm comm),
         (inbuf, incount, datatype, outbuf, outsize, position, comm), span(inbuf, incount,
          datatype); bytes(outbuf, outsize))
HUNT_MPI(Unpack, (const void *inbuf, int insize, int *position, void *outbuf, int outcount,
          MPI_Datatype datatype, MPI_Comm comm),
         (inbuf, insize, position, outbuf, outcount, datatype, comm), bytes(inbuf,
          insize); span(outbuf, outcount, datatype))
HUNT_MPI(Pack_external, (const char *datarep, const void *inbuf, int incount,
          MPI_Datatype datatype, void *outbuf, MPI_Aint outsize, MPI_Aint *position),
         (datarep, inbuf, incount, datatype, outbuf, outsize, position), span(inbuf, incount,
          datatype); bytes(outbuf, outsize))
HUNT_MPI(Unpack_external, (const char datarep[], const void *inbuf, MPI_Aint insize,
          MPI_Aint *position, void *outbuf, int outcount, MPI_Datatype datatype),
         (datarep, inbuf, insize, position, outbuf, outcount, datatype), bytes(inbuf,
          insize); span(outbuf, outcount, datatype))
HUNT_MPI(File_read, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status),
         (fh, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_read_at, (MPI_File fh, MPI_Offset offset, void *buf, int count,
          MPI_Datatype datatype, MPI_Status *status),
         (fh, offset, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_read_all, (MPI_File fh, void *buf, int count, MPI_Datatype datatype,
          MPI_Status *status),
         (fh, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_read_at_all, (MPI_File fh, MPI_Offset offset, void *buf, int count,
          MPI_Datatype datatype, MPI_Status *status),
         (fh, offset, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_read_shared, (MPI_File fh, void *buf, int count, MPI_Datatype datatype,
          MPI_Status *status),
         (fh, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_read_ordered, (MPI_File fh, void *buf, int count, MPI_Datatype datatype,
          MPI_Status *status),
         (fh, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_iread, (MPI_File fh, void *buf, int count, MPI_Datatype datatype,
          MPIO_Request *request),
         (fh, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_iread_at, (MPI_File fh, MPI_Offset offset, void *buf, int count,
          MPI_Datatype datatype, MPIO_Request *request),
         (fh, offset, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_iread_all, (MPI_File fh, void *buf, int count, MPI_Datatype datatype,
          MPI_Request *request),
         (fh, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_iread_at_all, (MPI_File fh, MPI_Offset offset, void *buf, int count,
          MPI_Datatype datatype, MPI_Request *request),
         (fh, offset, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_iread_shared, (MPI_File fh, void *buf, int count, MPI_Datatype datatype,
          MPIO_Request *request),
         (fh, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_read_all_begin, (MPI_File fh, void *buf, int count, MPI_Datatype datatype),
         (fh, buf, count, datatype), span(buf, count, datatype))
HUNT_MPI(File_read_at_all_begin, (MPI_File fh, MPI_Offset offset, void *buf, int count,
          MPI_Datatype datatype),
         (fh, offset, buf, count, datatype), span(buf, count, datatype))
HUNT_MPI(File_read_ordered_begin, (MPI_File fh, void *buf, int count, MPI_Datatype datatype),
         (fh, buf, count, datatype), span(buf, count, datatype))
HUNT_MPI(File_write, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
          MPI_Status *status),
         (fh, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_write_at, (MPI_File fh, MPI_Offset offset, const void *buf, int count,
          MPI_Datatype datatype, MPI_Status *status),
         (fh, offset, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_write_all, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
          MPI_Status *status),
         (fh, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_write_at_all, (MPI_File fh, MPI_Offset offset, const void *buf, int count,
          MPI_Datatype datatype, MPI_Status *status),
         (fh, offset, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_write_shared, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
          MPI_Status *status),
         (fh, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_write_ordered, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
          MPI_Status *status),
         (fh, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_iwrite, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
          MPIO_Request *request),
         (fh, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_iwrite_at, (MPI_File fh, MPI_Offset offset, const void *buf, int count,
          MPI_Datatype datatype, MPIO_Request *request),
         (fh, offset, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_iwrite_all, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
          MPI_Request *request),
         (fh, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_iwrite_at_all, (MPI_File fh, MPI_Offset offset, const void *buf, int count,
          MPI_Datatype datatype, MPI_Request *request),
         (fh, offset, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_iwrite_shared, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
          MPIO_Request *request),
         (fh, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_write_all_begin, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype),
         (fh, buf, count, datatype), span(buf, count, datatype))
HUNT_MPI(File_write_at_all_begin, (MPI_File fh, MPI_Offset offset, const void *buf, int count,
          MPI_Datatype datatype),
         (fh, offset, buf, count, datatype), span(buf, count, datatype))
HUNT_MPI(File_write_ordered_begin, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype),
         (fh, buf, count, datatype), span(buf, count, datatype))
#if MPI_VERSION >= 4
HUNT_MPI(Bcast_c, (void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm),
         (buffer, count, datatype, root, comm), every())
HUNT_MPI(Ibcast_c, (void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm,
          MPI_Request *request),
         (buffer, count, datatype, root, comm, request), every())
HUNT_MPI(Bcast_init, (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
          MPI_Info info, MPI_Request *request),
         (buffer, count, datatype, root, comm, info, request), every())
HUNT_MPI(Bcast_init_c, (void *buffer, MPI_Count count, MPI_Datatype datatype, int root,
          MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (buffer, count, datatype, root, comm, info, request), every())
HUNT_MPI(Reduce_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
          MPI_Op op, int root, MPI_Comm comm),
         (sendbuf, recvbuf, count, datatype, op, root, comm), every())
HUNT_MPI(Ireduce_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
          MPI_Op op, int root, MPI_Comm comm, MPI_Request *request),
         (sendbuf, recvbuf, count, datatype, op, root, comm, request), every())
HUNT_MPI(Reduce_init, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
          MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, recvbuf, count, datatype, op, root, comm, info, request), every())
HUNT_MPI(Reduce_init_c, (const void *sendbuf, void *recvbuf, MPI_Count count,
          MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, MPI_Info info,
          MPI_Request *request),
         (sendbuf, recvbuf, count, datatype, op, root, comm, info, request), every())
HUNT_MPI(Allreduce_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
          MPI_Op op, MPI_Comm comm),
         (sendbuf, recvbuf, count, datatype, op, comm), every())
HUNT_MPI(Iallreduce_c, (const void *sendbuf, void *recvbuf, MPI_Count count,
          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request),
         (sendbuf, recvbuf, count, datatype, op, comm, request), every())
HUNT_MPI(Allreduce_init, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
          MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, recvbuf, count, datatype, op, comm, info, request), every())
HUNT_MPI(Allreduce_init_c, (const void *sendbuf, void *recvbuf, MPI_Count count,
          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, recvbuf, count, datatype, op, comm, info, request), every())
HUNT_MPI(Gather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm), every())
HUNT_MPI(Igather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
          MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request), every())
HUNT_MPI(Gather_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
          int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
          MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request),
          every())
HUNT_MPI(Gather_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
          MPI_Info info, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request),
          every())
HUNT_MPI(Gatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
          MPI_Datatype recvtype, int root, MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm), every())
HUNT_MPI(Igatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
          MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm,
          request), every())
HUNT_MPI(Gatherv_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
          const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
          MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, info,
          request), every())
HUNT_MPI(Gatherv_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
          MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, info,
          request), every())
HUNT_MPI(Scatter_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm), every())
HUNT_MPI(Iscatter_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
          MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request), every())
HUNT_MPI(Scatter_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
          int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
          MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request),
          every())
HUNT_MPI(Scatter_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
          MPI_Info info, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request),
          every())
HUNT_MPI(Scatterv_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
          MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
          int root, MPI_Comm comm),
         (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm), every())
HUNT_MPI(Iscatterv_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
          MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
          int root, MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm,
          request), every())
HUNT_MPI(Scatterv_init, (const void *sendbuf, const int sendcounts[], const int displs[],
          MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
          MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, info,
          request), every())
HUNT_MPI(Scatterv_init_c, (const void *sendbuf, const MPI_Count sendcounts[],
          const MPI_Aint displs[], MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount,
          MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, info,
          request), every())
HUNT_MPI(Allgather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm), every())
HUNT_MPI(Iallgather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
          MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request), every())
HUNT_MPI(Allgather_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
          MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request), every())
HUNT_MPI(Allgather_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
          MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request), every())
HUNT_MPI(Allgatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
          MPI_Datatype recvtype, MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm), every())
HUNT_MPI(Iallgatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
          MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request),
          every())
HUNT_MPI(Allgatherv_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
          void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype,
          MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, info,
          request), every())
HUNT_MPI(Allgatherv_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
          MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, info,
          request), every())
HUNT_MPI(Alltoall_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm), every())
HUNT_MPI(Ialltoall_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
          MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request), every())
HUNT_MPI(Alltoall_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
          int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request), every())
HUNT_MPI(Alltoall_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
          MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request), every())
HUNT_MPI(Alltoallv_c, (const void *sendbuf, const MPI_Count sendcounts[],
          const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf,
          const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype,
          MPI_Comm comm),
         (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm),
          every())
HUNT_MPI(Ialltoallv_c, (const void *sendbuf, const MPI_Count sendcounts[],
          const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf,
          const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype,
          MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm,
          request), every())
HUNT_MPI(Alltoallv_init, (const void *sendbuf, const int sendcounts[], const int sdispls[],
          MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
          MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm,
          info, request), every())
HUNT_MPI(Alltoallv_init_c, (const void *sendbuf, const MPI_Count sendcounts[],
          const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf,
          const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype,
          MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm,
          info, request), every())
HUNT_MPI(Alltoallw_c, (const void *sendbuf, const MPI_Count sendcounts[],
          const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf,
          const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
          MPI_Comm comm),
         (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm),
          every())
HUNT_MPI(Ialltoallw_c, (const void *sendbuf, const MPI_Count sendcounts[],
          const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf,
          const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
          MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm,
          request), every())
HUNT_MPI(Alltoallw_init, (const void *sendbuf, const int sendcounts[], const int sdispls[],
          const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
          const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
          MPI_Request *request),
         (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm,
          info, request), every())
HUNT_MPI(Alltoallw_init_c, (const void *sendbuf, const MPI_Count sendcounts[],
          const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf,
          const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
          MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm,
          info, request), every())
HUNT_MPI(Reduce_scatter_c, (const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm),
         (sendbuf, recvbuf, recvcounts, datatype, op, comm), every())
HUNT_MPI(Ireduce_scatter_c, (const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request),
         (sendbuf, recvbuf, recvcounts, datatype, op, comm, request), every())
HUNT_MPI(Reduce_scatter_init, (const void *sendbuf, void *recvbuf, const int recvcounts[],
          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request), every())
HUNT_MPI(Reduce_scatter_init_c, (const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request), every())
HUNT_MPI(Reduce_scatter_block_c, (const void *sendbuf, void *recvbuf, MPI_Count recvcount,
          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm),
         (sendbuf, recvbuf, recvcount, datatype, op, comm), every())
HUNT_MPI(Ireduce_scatter_block_c, (const void *sendbuf, void *recvbuf, MPI_Count recvcount,
          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request),
         (sendbuf, recvbuf, recvcount, datatype, op, comm, request), every())
HUNT_MPI(Reduce_scatter_block_init, (const void *sendbuf, void *recvbuf, int recvcount,
          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, recvbuf, recvcount, datatype, op, comm, info, request), every())
HUNT_MPI(Reduce_scatter_block_init_c, (const void *sendbuf, void *recvbuf, MPI_Count recvcount,
          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, recvbuf, recvcount, datatype, op, comm, info, request), every())
HUNT_MPI(Scan_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
          MPI_Op op, MPI_Comm comm),
         (sendbuf, recvbuf, count, datatype, op, comm), every())
HUNT_MPI(Iscan_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
          MPI_Op op, MPI_Comm comm, MPI_Request *request),
         (sendbuf, recvbuf, count, datatype, op, comm, request), every())
HUNT_MPI(Scan_init, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
          MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, recvbuf, count, datatype, op, comm, info, request), every())
HUNT_MPI(Scan_init_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
          MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, recvbuf, count, datatype, op, comm, info, request), every())
HUNT_MPI(Exscan_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
          MPI_Op op, MPI_Comm comm),
         (sendbuf, recvbuf, count, datatype, op, comm), every())
HUNT_MPI(Iexscan_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype,
          MPI_Op op, MPI_Comm comm, MPI_Request *request),
         (sendbuf, recvbuf, count, datatype, op, comm, request), every())
HUNT_MPI(Exscan_init, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
          MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, recvbuf, count, datatype, op, comm, info, request), every())
HUNT_MPI(Exscan_init_c, (const void *sendbuf, void *recvbuf, MPI_Count count,
          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, recvbuf, count, datatype, op, comm, info, request), every())
HUNT_MPI(Neighbor_allgather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm), every())
HUNT_MPI(Ineighbor_allgather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
          MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request), every())
HUNT_MPI(Neighbor_allgather_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
          MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request), every())
HUNT_MPI(Neighbor_allgather_init_c, (const void *sendbuf, MPI_Count sendcount,
          MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
          MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request), every())
HUNT_MPI(Neighbor_allgatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
          MPI_Datatype recvtype, MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm), every())
HUNT_MPI(Ineighbor_allgatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
          MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request),
          every())
HUNT_MPI(Neighbor_allgatherv_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
          void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype,
          MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, info,
          request), every())
HUNT_MPI(Neighbor_allgatherv_init_c, (const void *sendbuf, MPI_Count sendcount,
          MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
          const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
          MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, info,
          request), every())
HUNT_MPI(Neighbor_alltoall_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm), every())
HUNT_MPI(Ineighbor_alltoall_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
          MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request), every())
HUNT_MPI(Neighbor_alltoall_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
          MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request), every())
HUNT_MPI(Neighbor_alltoall_init_c, (const void *sendbuf, MPI_Count sendcount,
          MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
          MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request), every())
HUNT_MPI(Neighbor_alltoallv_c, (const void *sendbuf, const MPI_Count sendcounts[],
          const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf,
          const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype,
          MPI_Comm comm),
         (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm),
          every())
HUNT_MPI(Ineighbor_alltoallv_c, (const void *sendbuf, const MPI_Count sendcounts[],
          const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf,
          const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype,
          MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm,
          request), every())
HUNT_MPI(Neighbor_alltoallv_init, (const void *sendbuf, const int sendcounts[],
          const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
          const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
          MPI_Request *request),
         (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm,
          info, request), every())
HUNT_MPI(Neighbor_alltoallv_init_c, (const void *sendbuf, const MPI_Count sendcounts[],
          const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf,
          const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype,
          MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm,
          info, request), every())
HUNT_MPI(Neighbor_alltoallw_c, (const void *sendbuf, const MPI_Count sendcounts[],
          const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf,
          const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
          MPI_Comm comm),
         (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm),
          every())
HUNT_MPI(Ineighbor_alltoallw_c, (const void *sendbuf, const MPI_Count sendcounts[],
          const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf,
          const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
          MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm,
          request), every())
HUNT_MPI(Neighbor_alltoallw_init, (const void *sendbuf, const int sendcounts[],
          const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf,
          const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
          MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm,
          info, request), every())
HUNT_MPI(Neighbor_alltoallw_init_c, (const void *sendbuf, const MPI_Count sendcounts[],
          const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf,
          const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
          MPI_Comm comm, MPI_Info info, MPI_Request *request),
         (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm,
          info, request), every())
HUNT_MPI(Reduce_local_c, (const void *inbuf, void *inoutbuf, MPI_Count count,
          MPI_Datatype datatype, MPI_Op op),
         (inbuf, inoutbuf, count, datatype, op), every())
HUNT_MPI(Send_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm),
         (buf, count, datatype, dest, tag, comm), span(buf, count, datatype))
HUNT_MPI(Bsend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm),
         (buf, count, datatype, dest, tag, comm), span(buf, count, datatype))
HUNT_MPI(Ssend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm),
         (buf, count, datatype, dest, tag, comm), span(buf, count, datatype))
HUNT_MPI(Rsend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm),
         (buf, count, datatype, dest, tag, comm), span(buf, count, datatype))
HUNT_MPI(Recv_c, (void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag,
          MPI_Comm comm, MPI_Status *status),
         (buf, count, datatype, source, tag, comm, status), span(buf, count, datatype))
HUNT_MPI(Sendrecv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest,
          int sendtag, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source,
          int recvtag, MPI_Comm comm, MPI_Status *status),
         (sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source,
          recvtag, comm, status), span(sendbuf, sendcount, sendtype); span(recvbuf, recvcount,
          recvtype))
HUNT_MPI(Sendrecv_replace_c, (void *buf, MPI_Count count, MPI_Datatype datatype, int dest,
          int sendtag, int source, int recvtag, MPI_Comm comm, MPI_Status *status),
         (buf, count, datatype, dest, sendtag, source, recvtag, comm, status), span(buf, count,
          datatype))
HUNT_MPI(Mrecv_c, (void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message,
          MPI_Status *status),
         (buf, count, datatype, message, status), span(buf, count, datatype))
HUNT_MPI(Isend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Ibsend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Issend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Irsend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Irecv_c, (void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag,
          MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, source, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Imrecv_c, (void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message,
          MPI_Request *request),
         (buf, count, datatype, message, request), span(buf, count, datatype))
HUNT_MPI(Isendrecv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
          int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source,
          int recvtag, MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source,
          recvtag, comm, request), span(sendbuf, sendcount, sendtype); span(recvbuf, recvcount,
          recvtype))
HUNT_MPI(Isendrecv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest,
          int sendtag, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source,
          int recvtag, MPI_Comm comm, MPI_Request *request),
         (sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source,
          recvtag, comm, request), span(sendbuf, sendcount, sendtype); span(recvbuf, recvcount,
          recvtype))
HUNT_MPI(Isendrecv_replace, (void *buf, int count, MPI_Datatype datatype, int dest, int sendtag,
          int source, int recvtag, MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, sendtag, source, recvtag, comm, request), span(buf, count,
          datatype))
HUNT_MPI(Isendrecv_replace_c, (void *buf, MPI_Count count, MPI_Datatype datatype, int dest,
          int sendtag, int source, int recvtag, MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, sendtag, source, recvtag, comm, request), span(buf, count,
          datatype))
HUNT_MPI(Send_init_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
          MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Bsend_init_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest,
          int tag, MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Ssend_init_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest,
          int tag, MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Rsend_init_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest,
          int tag, MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, dest, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Recv_init_c, (void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag,
          MPI_Comm comm, MPI_Request *request),
         (buf, count, datatype, source, tag, comm, request), span(buf, count, datatype))
HUNT_MPI(Buffer_attach_c, (void *buffer, MPI_Count size),
         (buffer, size), bytes(buffer, size))
HUNT_MPI(Put_c, (const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
          int target_rank, MPI_Aint target_disp, MPI_Count target_count,
          MPI_Datatype target_datatype, MPI_Win win),
         (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
          target_datatype, win), span(origin_addr, origin_count, origin_datatype))
HUNT_MPI(Get_c, (void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
          int target_rank, MPI_Aint target_disp, MPI_Count target_count,
          MPI_Datatype target_datatype, MPI_Win win),
         (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
          target_datatype, win), span(origin_addr, origin_count, origin_datatype))
HUNT_MPI(Accumulate_c, (const void *origin_addr, MPI_Count origin_count,
          MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp,
          MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win),
         (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
          target_datatype, op, win), span(origin_addr, origin_count, origin_datatype))
HUNT_MPI(Get_accumulate_c, (const void *origin_addr, MPI_Count origin_count,
          MPI_Datatype origin_datatype, void *result_addr, MPI_Count result_count,
          MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
          MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win),
         (origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
          target_rank, target_disp, target_count, target_datatype, op, win), span(origin_addr,
          origin_count, origin_datatype); span(result_addr, result_count, result_datatype))
HUNT_MPI(Rput_c, (const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
          int target_rank, MPI_Aint target_disp, MPI_Count target_count,
          MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request),
         (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
          target_datatype, win, request), span(origin_addr, origin_count, origin_datatype))
HUNT_MPI(Rget_c, (void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
          int target_rank, MPI_Aint target_disp, MPI_Count target_count,
          MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request),
         (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
          target_datatype, win, request), span(origin_addr, origin_count, origin_datatype))
HUNT_MPI(Raccumulate_c, (const void *origin_addr, MPI_Count origin_count,
          MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp,
          MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
          MPI_Request *request),
         (origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
          target_datatype, op, win, request), span(origin_addr, origin_count, origin_datatype))
HUNT_MPI(Rget_accumulate_c, (const void *origin_addr, MPI_Count origin_count,
          MPI_Datatype origin_datatype, void *result_addr, MPI_Count result_count,
          MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
          MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
          MPI_Request *request),
         (origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
          target_rank, target_disp, target_count, target_datatype, op, win, request),
          span(origin_addr, origin_count, origin_datatype); span(result_addr, result_count,
          result_datatype))
HUNT_MPI(Win_create_c, (void *base, MPI_Aint size, MPI_Aint disp_unit, MPI_Info info,
          MPI_Comm comm, MPI_Win *win),
         (base, size, disp_unit, info, comm, win), bytes(base, size))
HUNT_MPI(Pack_c, (const void *inbuf, MPI_Count incount, MPI_Datatype datatype, void *outbuf,
          MPI_Count outsize, MPI_Count *position, MPI_Comm comm),
         (inbuf, incount, datatype, outbuf, outsize, position, comm), span(inbuf, incount,
          datatype); bytes(outbuf, outsize))
HUNT_MPI(Unpack_c, (const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf,
          MPI_Count outcount, MPI_Datatype datatype, MPI_Comm comm),
         (inbuf, insize, position, outbuf, outcount, datatype, comm), bytes(inbuf,
          insize); span(outbuf, outcount, datatype))
HUNT_MPI(Pack_external_c, (const char *datarep, const void *inbuf, MPI_Count incount,
          MPI_Datatype datatype, void *outbuf, MPI_Count outsize, MPI_Count *position),
         (datarep, inbuf, incount, datatype, outbuf, outsize, position), span(inbuf, incount,
          datatype); bytes(outbuf, outsize))
HUNT_MPI(Unpack_external_c, (const char datarep[], const void *inbuf, MPI_Count insize,
          MPI_Count *position, void *outbuf, MPI_Count outcount, MPI_Datatype datatype),
         (datarep, inbuf, insize, position, outbuf, outcount, datatype), bytes(inbuf,
          insize); span(outbuf, outcount, datatype))
HUNT_MPI(File_read_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype,
          MPI_Status *status),
         (fh, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_read_at_c, (MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count,
          MPI_Datatype datatype, MPI_Status *status),
         (fh, offset, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_read_all_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype,
          MPI_Status *status),
         (fh, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_read_at_all_c, (MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count,
          MPI_Datatype datatype, MPI_Status *status),
         (fh, offset, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_read_shared_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype,
          MPI_Status *status),
         (fh, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_read_ordered_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype,
          MPI_Status *status),
         (fh, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_iread_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype,
          MPIO_Request *request),
         (fh, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_iread_at_c, (MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count,
          MPI_Datatype datatype, MPIO_Request *request),
         (fh, offset, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_iread_all_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype,
          MPI_Request *request),
         (fh, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_iread_at_all_c, (MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count,
          MPI_Datatype datatype, MPI_Request *request),
         (fh, offset, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_iread_shared_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype,
          MPIO_Request *request),
         (fh, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_read_all_begin_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype),
         (fh, buf, count, datatype), span(buf, count, datatype))
HUNT_MPI(File_read_at_all_begin_c, (MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count,
          MPI_Datatype datatype),
         (fh, offset, buf, count, datatype), span(buf, count, datatype))
HUNT_MPI(File_read_ordered_begin_c, (MPI_File fh, void *buf, MPI_Count count,
          MPI_Datatype datatype),
         (fh, buf, count, datatype), span(buf, count, datatype))
HUNT_MPI(File_write_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
          MPI_Status *status),
         (fh, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_write_at_c, (MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count,
          MPI_Datatype datatype, MPI_Status *status),
         (fh, offset, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_write_all_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
          MPI_Status *status),
         (fh, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_write_at_all_c, (MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count,
          MPI_Datatype datatype, MPI_Status *status),
         (fh, offset, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_write_shared_c, (MPI_File fh, const void *buf, MPI_Count count,
          MPI_Datatype datatype, MPI_Status *status),
         (fh, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_write_ordered_c, (MPI_File fh, const void *buf, MPI_Count count,
          MPI_Datatype datatype, MPI_Status *status),
         (fh, buf, count, datatype, status), span(buf, count, datatype))
HUNT_MPI(File_iwrite_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
          MPIO_Request *request),
         (fh, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_iwrite_at_c, (MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count,
          MPI_Datatype datatype, MPIO_Request *request),
         (fh, offset, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_iwrite_all_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
          MPI_Request *request),
         (fh, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_iwrite_at_all_c, (MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count,
          MPI_Datatype datatype, MPI_Request *request),
         (fh, offset, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_iwrite_shared_c, (MPI_File fh, const void *buf, MPI_Count count,
          MPI_Datatype datatype, MPIO_Request *request),
         (fh, buf, count, datatype, request), span(buf, count, datatype))
HUNT_MPI(File_write_all_begin_c, (MPI_File fh, const void *buf, MPI_Count count,
          MPI_Datatype datatype),
         (fh, buf, count, datatype), span(buf, count, datatype))
HUNT_MPI(File_write_at_all_begin_c, (MPI_File fh, MPI_Offset offset, const void *buf,
          MPI_Count count, MPI_Datatype datatype),
         (fh, offset, buf, count, datatype), span(buf, count, datatype))
HUNT_MPI(File_write_ordered_begin_c, (MPI_File fh, const void *buf, MPI_Count count,
          MPI_Datatype datatype),
         (fh, buf, count, datatype), span(buf, count, datatype))
#endif

