/* packed.h — gets that the target packs: a request message lists shapes of
 * the target's segment (strided, or contiguous pieces), and the target
 * copies them into one reply message when it next polls.
 *
 * Why not MPI_Rget with derived datatypes: MPICH (ch4:ucx) serves those as
 * an active message that the target unpacks piece by piece.  Measured at 2
 * ranks on one node, 9,248 8-byte pieces (a ghost exchange's x faces) took
 * 270 us against 22 us for the same 74 KB contiguous, and beyond 64 KB a get
 * fell to about 400 ns a piece.  So, as GASNet's VIS does for small pieces,
 * the origin sends the list and the target packs the reply (the strided
 * gets of vis.c, the indexed gets of transport.c).
 *
 * The lowest file of comm/: it calls only core, so the progress thread
 * (progress.c) and every wait can serve requests without a circle.
 *
 * What this module keeps: the communicator of requests and replies, the
 * replies this thread is sending as a target (and the lock that makes one
 * thread at a time serve: in order, so the k-th reply to a thread answers
 * its k-th request), and pools of kept buffers for both sides.
 *
 * A request is 64-bit words: the number of shapes, then per shape its
 * offset, its levels L (at most UPCRT_PACKED_LEVELS), its L + 1 counts
 * (count[0] bytes innermost) and its L strides.  The reply holds the shapes'
 * bytes one after another.
 */
#ifndef UPCRT_PACKED_H
#define UPCRT_PACKED_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#define UPCRT_PACKED_LEVELS 3

/* Collective, at start-up: the communicator. */
void upcrt_packed_init(void);
/* At exit, after the progress thread stopped: ends the replies in flight,
 * frees the kept buffers and the communicator. */
void upcrt_packed_finalize(void);
/* Packs and answers the requests other threads sent this one; the one MPI
 * call of upcrt_progress (from waits) and of the progress thread. */
void upcrt_packed_serve(int from_progress_thread);

/* The words of one shape in a request, and appending one at w (returns the
 * word after it). */
static inline size_t upcrt_packed_shape_words(size_t levels) { return 3 + 2 * levels; }
uint64_t *upcrt_packed_add_shape(uint64_t *w, uint64_t off, size_t levels, const size_t count[],
                                 const size_t strides[]);
/* Posts request msg (words) to thread t and the receive of its reply
 * (bytes, into reply): r[0] the receive, r[1] the send.  Both buffers stay
 * untouched until both requests complete. */
void upcrt_packed_post(int t, const uint64_t *msg, size_t words, void *reply, size_t bytes,
                       MPI_Request r[2]);

/* A kept buffer of at least n bytes (its size in *cap), and giving it back
 * (the origin's: the UPC thread's only). */
void *upcrt_packed_buffer(size_t n, size_t *cap);
void upcrt_packed_release(void *p, size_t cap);

/* Bytes of a strided shape, and copying one between two addresses of this
 * process (either side contiguous: strides NULL). */
size_t upcrt_packed_shape_bytes(const size_t count[], size_t levels);
void upcrt_packed_copy(char *d, const size_t *ds, const char *s, const size_t *ss,
                       const size_t count[], size_t levels);

#endif
