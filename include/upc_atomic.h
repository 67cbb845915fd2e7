/* upc_atomic.h — the UPC 1.3 atomic memory operations library. */
#ifndef UPC_ATOMIC_H
#define UPC_ATOMIC_H

#include "upc_types.h"

/* An opaque shared type: a domain fixes the type and the set of operations
 * (an OR of upc_op_t values) its atomic accesses use. */
typedef shared struct upcrt_atomicdomain upc_atomicdomain_t;

typedef int upc_atomichint_t;
#define UPC_ATOMIC_HINT_DEFAULT 0
#define UPC_ATOMIC_HINT_LATENCY 1
#define UPC_ATOMIC_HINT_THROUGHPUT 2

#define UPC_ATOMIC_PERFORMANCE_NOT_FAST 0
#define UPC_ATOMIC_PERFORMANCE_FAST 1

upc_atomicdomain_t *upc_all_atomicdomain_alloc(upc_type_t type, upc_op_t ops,
                                               upc_atomichint_t hints);
void upc_all_atomicdomain_free(upc_atomicdomain_t *ptr);

/* *fetch_ptr (if not NULL) receives the old value of *target; operand1 and
 * operand2 point to values of the domain's type (operand2: the new value of
 * UPC_CSWAP, whose operand1 is the expected value). */
void upc_atomic_strict(upc_atomicdomain_t *domain, void *restrict fetch_ptr,
                       upc_op_t op, shared void *restrict target,
                       const void *restrict operand1, const void *restrict operand2);
void upc_atomic_relaxed(upc_atomicdomain_t *domain, void *restrict fetch_ptr,
                        upc_op_t op, shared void *restrict target,
                        const void *restrict operand1, const void *restrict operand2);

int upc_atomic_isfast(upc_type_t type, upc_op_t ops, shared void *addr);

#endif
