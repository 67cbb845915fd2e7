/* upc_castable.h — the UPC 1.3 castability library: local pointers
 * to shared data of threads that share this thread's memory. */
#ifndef UPC_CASTABLE_H
#define UPC_CASTABLE_H

#include <stddef.h>

#define UPC_CASTABLE_ALL_ALLOC (1 << 0)
#define UPC_CASTABLE_GLOBAL_ALLOC (1 << 1)
#define UPC_CASTABLE_ALLOC (1 << 2)
#define UPC_CASTABLE_STATIC (1 << 3)
#define UPC_CASTABLE_ALL                                                     \
  (UPC_CASTABLE_ALL_ALLOC | UPC_CASTABLE_GLOBAL_ALLOC | UPC_CASTABLE_ALLOC | \
   UPC_CASTABLE_STATIC)

typedef struct {
  int guaranteedCastable; /* UPC_CASTABLE_* kinds always castable to the thread */
  int probablyCastable;   /* kinds that may be castable */
} upc_thread_info_t;

/* A local pointer to the data ptr points to, or NULL if this thread cannot
 * address it directly. */
void *upc_cast(const shared void *ptr);
upc_thread_info_t upc_thread_info(size_t threadId);

#endif
