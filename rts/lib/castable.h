/* castable.h — upc_castable.h and the Berkeley castability/locality
 * extensions in the C ABI the lowering produces.  A thread's shared data is
 * castable exactly when its segment is mapped here (upcrt_node_base); all
 * shared objects (static, upc_all_alloc, upc_global_alloc, upc_alloc) live in
 * the segment, so castability is per thread, not per kind of object. */
#ifndef UPCRT_CASTABLE_H
#define UPCRT_CASTABLE_H

#include <stddef.h>
#include "upcrt.h"

#define UPC_CASTABLE_ALL_ALLOC (1 << 0)
#define UPC_CASTABLE_GLOBAL_ALLOC (1 << 1)
#define UPC_CASTABLE_ALLOC (1 << 2)
#define UPC_CASTABLE_STATIC (1 << 3)
#define UPC_CASTABLE_ALL                                                     \
  (UPC_CASTABLE_ALL_ALLOC | UPC_CASTABLE_GLOBAL_ALLOC | UPC_CASTABLE_ALLOC | \
   UPC_CASTABLE_STATIC)

typedef struct {
  int guaranteedCastable;
  int probablyCastable;
} upc_thread_info_t;

void *upc_cast(upcrt_pts_t ptr);
upc_thread_info_t upc_thread_info(size_t threadId);

#define BUPC_THREADS_SAME 0
#define BUPC_THREADS_VERYNEAR 10
#define BUPC_THREADS_NEAR 20
#define BUPC_THREADS_FAR 30
#define BUPC_THREADS_VERYFAR 40
void *bupc_cast(upcrt_pts_t ptr);
int bupc_castable(upcrt_pts_t ptr);
int bupc_thread_castable(unsigned int threadnum);
int bupc_thread_distance(int threadA, int threadB);

#endif
