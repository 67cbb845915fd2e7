/* upc_nb.h — the UPC 1.3 non-blocking transfer library: explicit handles
 * and implicit (per-thread) completion. */
#ifndef UPC_NB_H
#define UPC_NB_H

#include <stddef.h>

/* An opaque handle; UPC_COMPLETE_HANDLE is returned for transfers that are
 * already complete and may be synced any number of times. */
typedef struct upcrt_transport_op *upc_handle_t;
#define UPC_COMPLETE_HANDLE ((upc_handle_t)0)

upc_handle_t upc_memcpy_nb(shared void *restrict dst, shared const void *restrict src,
                           size_t n);
upc_handle_t upc_memget_nb(void *restrict dst, shared const void *restrict src,
                           size_t n);
upc_handle_t upc_memput_nb(shared void *restrict dst, const void *restrict src,
                           size_t n);
upc_handle_t upc_memset_nb(shared void *dst, int c, size_t n);
/* 1 when the transfer is complete (the handle is then freed), 0 otherwise. */
int upc_sync_attempt(upc_handle_t handle);
void upc_sync(upc_handle_t handle);

void upc_memcpy_nbi(shared void *restrict dst, shared const void *restrict src,
                    size_t n);
void upc_memget_nbi(void *restrict dst, shared const void *restrict src, size_t n);
void upc_memput_nbi(shared void *restrict dst, const void *restrict src, size_t n);
void upc_memset_nbi(shared void *dst, int c, size_t n);
int upc_synci_attempt(void);
void upc_synci(void);

#endif
