/* mem_copy.upc — upc_memcpy between shared blocks on different threads
 * (remote to remote, local to remote), whole blocks and unaligned pieces,
 * static and dynamically allocated objects, checked byte by byte. */
#include "upctest.h"

#define BLK 3000
shared [BLK] char src[BLK * THREADS];
shared [BLK] char dst[BLK * THREADS];

static char pat(int t, int i) { return (char)(t * 13 + i * 5 + 1); }

int main(void) {
  int right = (MYTHREAD + 1) % THREADS, left = (MYTHREAD + THREADS - 1) % THREADS;
  for (int i = 0; i < BLK; i++) src[BLK * MYTHREAD + i] = pat(MYTHREAD, i);
  upc_barrier;
  /* Thread t copies src block t+1 into dst block t+2: both remote when
   * THREADS >= 3. */
  upc_memcpy(&dst[BLK * ((MYTHREAD + 2) % THREADS)], &src[BLK * right], BLK);
  upc_barrier;
  /* My dst block came from thread me-2, which copied src block me-1. */
  int bad = 0;
  for (int i = 0; i < BLK; i++) bad += dst[BLK * MYTHREAD + i] != pat(left, i);
  CHECK_INT(bad, 0);
  upc_barrier;
  /* My upc_alloc'd block → the right neighbour's block of an upc_all_alloc'd
   * array, at unaligned offsets on both sides. */
  shared [] char *mine = upc_alloc(512);
  for (int i = 0; i < 512; i++) mine[i] = (char)(i ^ (MYTHREAD * 3));
  shared [512] char *all = upc_all_alloc(THREADS, 512);
  char *local = (char *)&all[512 * MYTHREAD];
  for (int i = 0; i < 512; i++) local[i] = 0;
  upc_barrier;
  upc_memcpy(&all[512 * right + 3], mine + 5, 400);
  upc_barrier;
  bad = 0;
  for (int i = 0; i < 512; i++) {
    char want = (i >= 3 && i < 403) ? (char)((i - 3 + 5) ^ (left * 3)) : 0;
    bad += local[i] != want;
  }
  CHECK_INT(bad, 0);
  /* Copy within one thread's memory, and zero bytes. */
  upc_memcpy(mine, mine + 256, 100);
  for (int i = 0; i < 100; i++) CHECK_INT(mine[i], (char)((i + 256) ^ (MYTHREAD * 3)));
  upc_memcpy(mine, &all[0], 0);
  upc_barrier;
  upc_free(mine);
  upc_all_free(all);
  return upctest_done();
}
