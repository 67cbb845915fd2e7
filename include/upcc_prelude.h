/* upcc_prelude.h — force-included (-include) by upcc in front of every UPC
 * translation unit: the predefined macros of UPC 1.3 (6.3, 6.4), the runtime
 * API the emitted C calls, and the declarations the surface pass targets
 * (see frontend/upc_encoding.h).  upcc -T N passes -D__UPCC_STATIC_THREADS=N. */
#ifndef UPCC_PRELUDE_H
#define UPCC_PRELUDE_H

#define __UPC__ 1
#define __UPC_VERSION__ 201311L
#define UPC_MAX_BLOCK_SIZE 1048575
#define __UPC_COLLECTIVE__ 1
#define __UPC_TICK__ 1
/* The optional libraries provided (upc_atomic.h, upc_castable.h, upc_nb.h, upc_io.h). */
#define __UPC_ATOMIC__ 1
#define __UPC_CASTABLE__ 1
#define __UPC_NB__ 1
#define __UPC_IO__ 1

#ifdef __UPCC_STATIC_THREADS
#define __UPC_STATIC_THREADS__ 1
#define THREADS (__UPCC_STATIC_THREADS)
#else
#define __UPC_DYNAMIC_THREADS__ 1
#endif

/* The runtime API, declared once for the emitted C (the lowering adds no
 * #include of its own); "" finds upcc's own, next to this file, whatever the
 * user's -I directories hold. */
#include "upcrt.h"

/* THREADS stays an identifier under dynamic THREADS so the surface pass sees
 * it in shared array dimensions; the lowering emits upcrt_threads/upcrt_mythread. */
#ifdef __UPCC_STATIC_THREADS
extern const int MYTHREAD;
#else
extern const int THREADS, MYTHREAD;
#endif

/* A dynamic-THREADS dimension `c*THREADS` is parsed as `c*__upcc_THREADS_DIM`. */
enum { __upcc_THREADS_DIM = 1 };

/* Marker functions the surface pass writes for UPC statements and operators;
 * the lowering replaces every call.  Unprototyped so any argument is accepted
 * (the UPC checks type the arguments). */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wstrict-prototypes" /* under -pedantic */
int __upcc_forall_affinity();
void __upcc_barrier();
void __upcc_notify();
void __upcc_wait();
void __upcc_fence(void);
struct upcx_future *__upcc_async(); /* upcx_async in <upcx.h> */
__SIZE_TYPE__ __upcc_localsizeof();
__SIZE_TYPE__ __upcc_blocksizeof();
__SIZE_TYPE__ __upcc_elemsizeof();
#pragma clang diagnostic pop

#endif
