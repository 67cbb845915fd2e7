/* bupc_extensions.h — the Berkeley UPC extensions programs commonly call:
 * timers, castability, thread distance, pointer-to-shared helpers, polling,
 * semaphores and signalling puts, atomics, non-blocking copies and
 * non-contiguous (strided, vector, indexed) transfers.  The value
 * collectives (bupc_allv_*) are in <bupc_collectivev.h>, as in Berkeley UPC. */
#ifndef BUPC_EXTENSIONS_H
#define BUPC_EXTENSIONS_H

#include <stddef.h>
#include <stdint.h>

#define __BERKELEY_UPC_TICKS__ 1
#define __BERKELEY_UPC_VIS__ 1

/* ---- Timers (a monotonic clock local to each thread) ---- */
typedef uint64_t bupc_tick_t;
#define BUPC_TICK_MIN ((bupc_tick_t)0)
#define BUPC_TICK_MAX ((bupc_tick_t)UINT64_MAX)
bupc_tick_t bupc_ticks_now(void);
uint64_t bupc_ticks_to_us(bupc_tick_t ticks);
uint64_t bupc_ticks_to_ns(bupc_tick_t ticks);
double bupc_tick_granularityus(void);
double bupc_tick_overheadus(void);

/* ---- Castability and locality ---- */
void *bupc_cast(shared const void *ptr);       /* local address or NULL */
int bupc_castable(shared const void *ptr);
int bupc_thread_castable(unsigned int threadnum);
/* Ordered distances: same thread, shares memory, same node (unused), far. */
#define BUPC_THREADS_SAME 0
#define BUPC_THREADS_VERYNEAR 10
#define BUPC_THREADS_NEAR 20
#define BUPC_THREADS_FAR 30
#define BUPC_THREADS_VERYFAR 40
int bupc_thread_distance(int threadA, int threadB);

/* ---- Pointer-to-shared helpers ---- */
/* The pointer-to-shared (phase 0) of a local address into shared memory
 * (one bupc_cast returned), or NULL for any other address. */
shared void *bupc_inverse_cast(void *ptr);
/* The same with the owning thread and the phase given (Berkeley's older name). */
shared void *bupc_local_to_shared(void *ptr, int thread, int phase);
/* p + elemincr elements of elemsz bytes in blocks of blockelems (0: indefinite). */
shared void *bupc_ptradd(shared void *p, size_t blockelems, size_t elemsz, ptrdiff_t elemincr);
/* Describes p (address, thread, phase) in buf; 0 on success, non-zero when
 * maxlen < BUPC_DUMP_MIN_LENGTH. */
#define BUPC_DUMP_MIN_LENGTH 100
int bupc_dump_shared(shared const void *ptr, char *buf, int maxlen);

/* ---- Progress: lets other threads' operations on this one proceed, and
 * sends this thread's queued non-blocking strided gets ---- */
void bupc_poll(void);
void upc_poll(void);

/* ---- Semaphores and signalling puts ----
 * A semaphore lives in the shared memory of the thread that allocated it
 * (bupc_sem_alloc is not collective) and starts at 0.  post adds 1 (N),
 * wait blocks until the value is at least 1 (N) and takes it, try takes it
 * only if it is there (1) or returns 0.  post has release and wait/try
 * acquire semantics.  A BUPC_SEM_BOOLEAN semaphore holds 0 or 1 (posting it
 * at 1 leaves 1; N must be 1).  The producer/consumer flags are promises
 * about who posts and waits; each pair defaults to the general M form.
 * bupc_memput_signal(dst, src, nbytes, s, n) is upc_memput then a post of n. */
typedef shared struct upcrt_sem bupc_sem_t;
#define BUPC_SEM_INTEGER 1
#define BUPC_SEM_BOOLEAN 2
#define BUPC_SEM_SPRODUCER 4
#define BUPC_SEM_MPRODUCER 8
#define BUPC_SEM_SCONSUMER 16
#define BUPC_SEM_MCONSUMER 32
#define BUPC_SEM_MAXVALUE 0x7fffffff
bupc_sem_t *bupc_sem_alloc(int flags);
void bupc_sem_free(bupc_sem_t *s);
void bupc_sem_post(bupc_sem_t *s);
void bupc_sem_postN(bupc_sem_t *s, size_t n);
void bupc_sem_wait(bupc_sem_t *s);
void bupc_sem_waitN(bupc_sem_t *s, size_t n);
int bupc_sem_try(bupc_sem_t *s);
int bupc_sem_tryN(bupc_sem_t *s, size_t n);
void bupc_memput_signal(shared void *dst, const void *src, size_t nbytes, bupc_sem_t *s,
                        size_t n);
void bupc_memput_signal_async(shared void *dst, const void *src, size_t nbytes,
                              bupc_sem_t *s, size_t n);

/* ---- Atomics: bupc_atomicT_OP_R for T in I64 U64 I32 U32 I UI L UL and R
 * in strict/relaxed, atomic with each other and with upc_atomic.h ---- */
#define __BUPC_ATOMICS_R(T, NAME, R)                                              \
  T bupc_atomic##NAME##_read_##R(shared void *ptr);                              \
  void bupc_atomic##NAME##_set_##R(shared void *ptr, T val);                     \
  T bupc_atomic##NAME##_swap_##R(shared void *ptr, T val);                       \
  T bupc_atomic##NAME##_mswap_##R(shared void *ptr, T mask, T val);              \
  T bupc_atomic##NAME##_cswap_##R(shared void *ptr, T oldval, T newval);         \
  T bupc_atomic##NAME##_fetchadd_##R(shared void *ptr, T op);                    \
  T bupc_atomic##NAME##_fetchand_##R(shared void *ptr, T op);                    \
  T bupc_atomic##NAME##_fetchor_##R(shared void *ptr, T op);                     \
  T bupc_atomic##NAME##_fetchxor_##R(shared void *ptr, T op);                    \
  T bupc_atomic##NAME##_fetchnot_##R(shared void *ptr);
#define __BUPC_ATOMICS(T, NAME) __BUPC_ATOMICS_R(T, NAME, strict) __BUPC_ATOMICS_R(T, NAME, relaxed)
__BUPC_ATOMICS(int64_t, I64)
__BUPC_ATOMICS(uint64_t, U64)
__BUPC_ATOMICS(int32_t, I32)
__BUPC_ATOMICS(uint32_t, U32)
__BUPC_ATOMICS(int, I)
__BUPC_ATOMICS(unsigned int, UI)
__BUPC_ATOMICS(long, L)
__BUPC_ATOMICS(unsigned long, UL)
#undef __BUPC_ATOMICS
#undef __BUPC_ATOMICS_R

/* ---- Non-blocking copies (explicit and implicit handles) ---- */
typedef struct upcrt_transport_op *bupc_handle_t;
#define BUPC_COMPLETE_HANDLE ((bupc_handle_t)0)
bupc_handle_t bupc_memcpy_async(shared void *dst, shared const void *src, size_t nbytes);
bupc_handle_t bupc_memget_async(void *dst, shared const void *src, size_t nbytes);
bupc_handle_t bupc_memput_async(shared void *dst, const void *src, size_t nbytes);
void bupc_waitsync(bupc_handle_t handle);
int bupc_trysync(bupc_handle_t handle); /* 1: complete (handle freed) */
void bupc_memcpy_asynci(shared void *dst, shared const void *src, size_t nbytes);
void bupc_memget_asynci(void *dst, shared const void *src, size_t nbytes);
void bupc_memput_asynci(shared void *dst, const void *src, size_t nbytes);
void bupc_waitsynci(void);
int bupc_trysynci(void);

/* ---- Non-contiguous transfers (VIS) ----
 * Every shared address names memory of ONE thread: the regions are byte
 * offsets from it in that thread's memory, as with a shared [] char pointer.
 * A transfer moves the same total number of bytes on both sides. */
typedef struct {
  void *addr;
  size_t len;
} upc_pmemvec_t;
typedef struct {
  shared void *addr;
  size_t len;
} upc_smemvec_t;

void bupc_memcpy_vlist(size_t dstcount, upc_smemvec_t const dstlist[],
                       size_t srccount, upc_smemvec_t const srclist[]);
void bupc_memput_vlist(size_t dstcount, upc_smemvec_t const dstlist[],
                       size_t srccount, upc_pmemvec_t const srclist[]);
void bupc_memget_vlist(size_t dstcount, upc_pmemvec_t const dstlist[],
                       size_t srccount, upc_smemvec_t const srclist[]);
bupc_handle_t bupc_memcpy_vlist_async(size_t dstcount, upc_smemvec_t const dstlist[],
                                      size_t srccount, upc_smemvec_t const srclist[]);
bupc_handle_t bupc_memput_vlist_async(size_t dstcount, upc_smemvec_t const dstlist[],
                                      size_t srccount, upc_pmemvec_t const srclist[]);
bupc_handle_t bupc_memget_vlist_async(size_t dstcount, upc_pmemvec_t const dstlist[],
                                      size_t srccount, upc_smemvec_t const srclist[]);

/* Indexed: dstcount regions of dstlen bytes, srccount regions of srclen. */
void bupc_memcpy_ilist(size_t dstcount, shared void *const dstlist[], size_t dstlen,
                       size_t srccount, shared const void *const srclist[],
                       size_t srclen);
void bupc_memput_ilist(size_t dstcount, shared void *const dstlist[], size_t dstlen,
                       size_t srccount, void const *const srclist[], size_t srclen);
void bupc_memget_ilist(size_t dstcount, void *const dstlist[], size_t dstlen,
                       size_t srccount, shared const void *const srclist[],
                       size_t srclen);
bupc_handle_t bupc_memcpy_ilist_async(size_t dstcount, shared void *const dstlist[],
                                      size_t dstlen, size_t srccount,
                                      shared const void *const srclist[], size_t srclen);
bupc_handle_t bupc_memput_ilist_async(size_t dstcount, shared void *const dstlist[],
                                      size_t dstlen, size_t srccount,
                                      void const *const srclist[], size_t srclen);
bupc_handle_t bupc_memget_ilist_async(size_t dstcount, void *const dstlist[],
                                      size_t dstlen, size_t srccount,
                                      shared const void *const srclist[], size_t srclen);

/* Strided: count[0] contiguous bytes, count[1..stridelevels] repetitions;
 * strides[i] is the byte distance between repetitions at level i+1. */
void bupc_memcpy_strided(shared void *dstaddr, const size_t dststrides[],
                         shared const void *srcaddr, const size_t srcstrides[],
                         const size_t count[], size_t stridelevels);
void bupc_memput_strided(shared void *dstaddr, const size_t dststrides[],
                         const void *srcaddr, const size_t srcstrides[],
                         const size_t count[], size_t stridelevels);
void bupc_memget_strided(void *dstaddr, const size_t dststrides[],
                         shared const void *srcaddr, const size_t srcstrides[],
                         const size_t count[], size_t stridelevels);
bupc_handle_t bupc_memcpy_strided_async(shared void *dstaddr, const size_t dststrides[],
                                        shared const void *srcaddr,
                                        const size_t srcstrides[], const size_t count[],
                                        size_t stridelevels);
bupc_handle_t bupc_memput_strided_async(shared void *dstaddr, const size_t dststrides[],
                                        const void *srcaddr, const size_t srcstrides[],
                                        const size_t count[], size_t stridelevels);
bupc_handle_t bupc_memget_strided_async(void *dstaddr, const size_t dststrides[],
                                        shared const void *srcaddr,
                                        const size_t srcstrides[], const size_t count[],
                                        size_t stridelevels);

#endif
