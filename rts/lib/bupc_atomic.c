/* bupc_atomic.c — the Berkeley UPC atomics, bupc_atomicT_OP_R(ptr, ...) for
 * T in I64 U64 I32 U32 I UI L UL and R in strict/relaxed, on the same CPU or
 * MPI atomics as upc_atomic.h (so the two agree on a location). */
#include "sync/atomic.h"

#include "core/start.h"

/* mswap: replace the bits of mask by those of val, as a compare-and-swap loop */
#define BUPC_MSWAP(T, U, NAME, R, STRICT)                                         \
  T bupc_atomic##NAME##_mswap_##R(upcrt_pts_t p, T mask, T val) {                \
    T old, next, seen;                                                          \
    upcrt_atomic_apply("bupc_atomic" #NAME "_mswap_" #R, STRICT, U, &old, UPC_GET, p, NULL, \
                       NULL);                                                   \
    for (;;) {                                                                  \
      next = (T)((old & ~mask) | (val & mask));                                 \
      upcrt_atomic_apply("bupc_atomic" #NAME "_mswap_" #R, STRICT, U, &seen, UPC_CSWAP, p,  \
                         &old, &next);                                          \
      if (seen == old) return old;                                              \
      old = seen;                                                               \
    }                                                                           \
  }

#define BUPC_FETCH(T, U, NAME, R, STRICT, OPNAME, OP)                            \
  T bupc_atomic##NAME##_##OPNAME##_##R(upcrt_pts_t p, T v) {                     \
    T old;                                                                      \
    upcrt_atomic_apply("bupc_atomic" #NAME "_" #OPNAME "_" #R, STRICT, U, &old, OP, p, &v,  \
                       NULL);                                                   \
    return old;                                                                 \
  }

#define BUPC_ATOMICS_R(T, U, NAME, R, STRICT)                                     \
  T bupc_atomic##NAME##_read_##R(upcrt_pts_t p) {                                \
    T v;                                                                        \
    upcrt_atomic_apply("bupc_atomic" #NAME "_read_" #R, STRICT, U, &v, UPC_GET, p, NULL,    \
                       NULL);                                                   \
    return v;                                                                   \
  }                                                                             \
  void bupc_atomic##NAME##_set_##R(upcrt_pts_t p, T v) {                         \
    upcrt_atomic_apply("bupc_atomic" #NAME "_set_" #R, STRICT, U, NULL, UPC_SET, p, &v,     \
                       NULL);                                                   \
  }                                                                             \
  BUPC_FETCH(T, U, NAME, R, STRICT, swap, UPC_SET)                              \
  BUPC_FETCH(T, U, NAME, R, STRICT, fetchadd, UPC_ADD)                          \
  BUPC_FETCH(T, U, NAME, R, STRICT, fetchand, UPC_AND)                          \
  BUPC_FETCH(T, U, NAME, R, STRICT, fetchor, UPC_OR)                            \
  BUPC_FETCH(T, U, NAME, R, STRICT, fetchxor, UPC_XOR)                          \
  T bupc_atomic##NAME##_fetchnot_##R(upcrt_pts_t p) {                            \
    T old, ones = (T)~(T)0;                                                     \
    upcrt_atomic_apply("bupc_atomic" #NAME "_fetchnot_" #R, STRICT, U, &old, UPC_XOR, p,   \
                       &ones, NULL);                                            \
    return old;                                                                 \
  }                                                                             \
  T bupc_atomic##NAME##_cswap_##R(upcrt_pts_t p, T oldval, T newval) {           \
    T seen;                                                                     \
    upcrt_atomic_apply("bupc_atomic" #NAME "_cswap_" #R, STRICT, U, &seen, UPC_CSWAP, p,    \
                       &oldval, &newval);                                       \
    return seen;                                                                \
  }                                                                             \
  BUPC_MSWAP(T, U, NAME, R, STRICT)

#define BUPC_ATOMICS(T, U, NAME)                                                  \
  BUPC_ATOMICS_R(T, U, NAME, strict, 1)                                         \
  BUPC_ATOMICS_R(T, U, NAME, relaxed, 0)

BUPC_ATOMICS(int64_t, UPC_INT64, I64)
BUPC_ATOMICS(uint64_t, UPC_UINT64, U64)
BUPC_ATOMICS(int32_t, UPC_INT32, I32)
BUPC_ATOMICS(uint32_t, UPC_UINT32, U32)
BUPC_ATOMICS(int, UPC_INT, I)
BUPC_ATOMICS(unsigned int, UPC_UINT, UI)
BUPC_ATOMICS(long, UPC_LONG, L)
BUPC_ATOMICS(unsigned long, UPC_ULONG, UL)
