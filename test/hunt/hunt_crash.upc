/* hunt_crash.upc — a real crash while HUNT strips are protected is still
 * reported by the runtime's crash handler: the last thread writes through a
 * bad pointer after a HUNT upc_memget it has not touched. */
#include <upc.h>
#include <stdint.h>
#include <stdlib.h>

shared [] char *shared blocks[THREADS];

int main(void) {
  size_t len = (size_t)1 << 20;
  blocks[MYTHREAD] = upc_alloc(len);
  upc_barrier;
  char *buf = aligned_alloc(4096, len);
  upc_memget(buf, blocks[(MYTHREAD + 1) % THREADS], len);
  if (MYTHREAD == THREADS - 1) *(volatile int *)(uintptr_t)0x10 = 1;
  upc_barrier;
  return buf[0] == 0 ? 0 : 0;
}
