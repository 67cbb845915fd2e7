/* own_header.upc — the user's -I directories come before upcc's own headers
 * (issue 19 item 8): compiled with -I own_include, #include
 * <upc_collective.h> finds the program's header, which declares its own
 * upc_all_broadcast (defined here, in UPC); <upc.h> still finds upcc's
 * headers. */
#include "../upc/upctest.h"
#include <upc_collective.h>

#ifndef OWN_COLLECTIVES
#error "upcc's upc_collective.h came before the program's own (-I own_include)"
#endif
#ifdef UPC_COLLECTIVE_H
#error "upcc's upc_collective.h was included too"
#endif

/* The reference implementation's way: thread 0 copies to every thread. */
void upc_all_broadcast(shared void *dst, shared const void *src, size_t nbytes, upc_flag_t flags) {
  (void)flags;
  upc_barrier;
  if (MYTHREAD == 0)
    for (int t = 0; t < THREADS; t++)
      upc_memcpy((shared [] char *)((shared char *)dst + t), src, nbytes);
  upc_barrier;
}

shared [] int src[4];
shared [4] int dst[4 * THREADS];

int main(void) {
  if (MYTHREAD == 0)
    for (int i = 0; i < 4; i++) src[i] = 10 * i + 1;
  upc_all_broadcast(dst, src, 4 * sizeof(int), 0);
  for (int t = 0; t < THREADS; t++)
    for (int i = 0; i < 4; i++) CHECK_INT(dst[4 * t + i], 10 * i + 1);
  return upctest_done();
}
