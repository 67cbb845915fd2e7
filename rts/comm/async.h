/* async.h — remote function invocation (upcx_async in <upcx.h>), after
 * UPC++'s RPC: the caller sends a message with the function's place in its
 * module, a type signature and the marshalled arguments; the target calls
 * the function through libffi and sends the return value back.
 *
 * What this module keeps: a communicator of its own, the count of requests
 * this thread has received (compared with the count senders add to in this
 * thread's segment, UPCRT_SEG_ASYNC, so that a check for work is one load),
 * the reply sends still in flight, and how many of this thread's futures
 * still wait for their reply.
 *
 * Invocations run on the target's own thread, inside upcx_poll, upcx_wait,
 * upcx_test, fences and the runtime's waits (barriers, locks, collectives,
 * neighbour syncs), never on the progress thread: a function running
 * concurrently with the thread's own code would race with it.
 *
 * Signature characters (one per type, return type first):
 *   v void  B _Bool  c/C signed/unsigned char  h/H short  i/I int  l/L long
 *   q/Q long long  f float  d double  D long double  P pointer-to-shared
 *   {...} a struct of the types inside (arrays in it are spelled out)
 */
#ifndef UPCRT_ASYNC_H
#define UPCRT_ASYNC_H

/* Collective, at start-up. */
void upcrt_async_init(void);

/* Collective, in the exit barrier: runs invocations until no thread has one
 * in flight, so that no message outlives its target. */
void upcrt_async_finish(void);
/* One round of a wait loop that makes no MPI call of its own: serves the
 * requests in, and drives the replies still in flight (a reply MPI could
 * not deliver at once needs this thread in MPI). */
void upcrt_async_progress(void);

#endif
