/* upc.h — the UPC 1.3 core library (section 7.2). */
#ifndef UPC_H
#define UPC_H

#include <stddef.h>
/* upcc's own, whatever directories the user's -I puts first. */
#include "upc_types.h"

/* An opaque shared type; upc_lock_t * is a pointer-to-shared. */
typedef shared struct upcrt_lock upc_lock_t;

void upc_global_exit(int status);

shared void *upc_global_alloc(size_t nblocks, size_t nbytes);
shared void *upc_all_alloc(size_t nblocks, size_t nbytes);
shared void *upc_alloc(size_t nbytes);
void upc_free(shared void *ptr);
/* UPC 1.1 (deprecated by UPC 1.2, removed in 1.3); old code still calls it. */
shared void *upc_local_alloc(size_t nblocks, size_t nbytes)
    __attribute__((deprecated("upc_local_alloc is deprecated since UPC 1.2; use "
                               "upc_alloc(nblocks * nbytes)")));
void upc_all_free(shared void *ptr);

size_t upc_threadof(shared void *ptr);
size_t upc_phaseof(shared void *ptr);
shared void *upc_resetphase(shared void *ptr);
size_t upc_addrfield(shared void *ptr);
size_t upc_affinitysize(size_t totalsize, size_t nbytes, size_t threadid);

upc_lock_t *upc_global_lock_alloc(void);
upc_lock_t *upc_all_lock_alloc(void);
void upc_lock_free(upc_lock_t *ptr);
void upc_all_lock_free(upc_lock_t *ptr);
void upc_lock(upc_lock_t *ptr);
int upc_lock_attempt(upc_lock_t *ptr);
void upc_unlock(upc_lock_t *ptr);

void upc_memcpy(shared void *restrict dst, shared const void *restrict src, size_t n);
void upc_memget(void *restrict dst, shared const void *restrict src, size_t n);
void upc_memput(shared void *restrict dst, const void *restrict src, size_t n);
void upc_memset(shared void *dst, int c, size_t n);

#include "bupc_extensions.h" /* the Berkeley extensions programs commonly call */

/* The UPC 1.0 spellings, which Berkeley UPC's and GCC UPC's <upc.h> still
 * define for old programs (benchmark suites write `forall`).  A program that
 * uses one of these names for its own identifier defines
 * UPC_NO_LEGACY_KEYWORDS before including <upc.h> (or compiles with
 * -DUPC_NO_LEGACY_KEYWORDS); a name the program already defines as a macro
 * is left alone. */
#ifndef UPC_NO_LEGACY_KEYWORDS
#ifndef forall
#define forall upc_forall
#endif
#ifndef barrier
#define barrier upc_barrier
#endif
#ifndef barrier_notify
#define barrier_notify upc_notify
#endif
#ifndef barrier_wait
#define barrier_wait upc_wait
#endif
#ifndef fence
#define fence upc_fence
#endif
#endif

#endif
