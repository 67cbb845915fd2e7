/* upc_collective.h — a program's own collectives header (a reference
 * collectives library written in UPC ships one): with -I of this directory
 * it, not upcc's, is what #include <upc_collective.h> finds. */
#ifndef OWN_UPC_COLLECTIVE_H
#define OWN_UPC_COLLECTIVE_H
#define OWN_COLLECTIVES 1
#include <upc_types.h> /* upcc's: this directory has none */
void upc_all_broadcast(shared void *dst, shared const void *src, size_t nbytes, upc_flag_t flags);
#endif
