/* atomic.h — upc_atomic.h in the C ABI the lowering produces.
 *
 * What this module keeps: the atomic domains this thread knows (type,
 * operations, hint; looked up by the domain's offset).  A domain is a
 * symmetric shared object with one 64-byte block per thread whose first word
 * is the lock that serialises pointer-to-shared atomics on that thread's
 * memory (16-byte values have no MPI or cross-process CPU atomic).  Integer
 * and floating atomics are CPU atomics when every thread shares this node
 * (upcrt_cpu_atomics) and MPI_Fetch_and_op / MPI_Compare_and_swap on the
 * world window otherwise — the same choice the rest of the runtime makes, so
 * all atomic accesses to a location agree.
 */
#ifndef UPCRT_ATOMIC_H
#define UPCRT_ATOMIC_H

#include "upcrt.h"

typedef int upc_atomichint_t;
#define UPC_ATOMIC_HINT_DEFAULT 0
#define UPC_ATOMIC_HINT_LATENCY 1
#define UPC_ATOMIC_HINT_THROUGHPUT 2
#define UPC_ATOMIC_PERFORMANCE_NOT_FAST 0
#define UPC_ATOMIC_PERFORMANCE_FAST 1

upcrt_pts_t upc_all_atomicdomain_alloc(upc_type_t type, upc_op_t ops,
                                       upc_atomichint_t hints);
void upc_all_atomicdomain_free(upcrt_pts_t domain);
void upc_atomic_strict(upcrt_pts_t domain, void *fetch_ptr, upc_op_t op,
                       upcrt_pts_t target, const void *operand1, const void *operand2);
void upc_atomic_relaxed(upcrt_pts_t domain, void *fetch_ptr, upc_op_t op,
                        upcrt_pts_t target, const void *operand1, const void *operand2);
int upc_atomic_isfast(upc_type_t type, upc_op_t ops, upcrt_pts_t addr);

/* One atomic on an integer or floating target outside any domain (the
 * Berkeley atomics); what names the caller in messages. */
void upcrt_atomic_apply(const char *what, int strict, upc_type_t type, void *fetch,
                        upc_op_t op, upcrt_pts_t target, const void *op1, const void *op2);

#endif
