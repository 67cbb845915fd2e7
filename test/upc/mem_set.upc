/* mem_set.upc — upc_memset on local and remote blocks, partial ranges at odd
 * offsets, checked byte by byte through shared reads and private pointers. */
#include "upctest.h"

#define BLK 1000
shared [BLK] unsigned char area[BLK * THREADS];

int main(void) {
  int right = (MYTHREAD + 1) % THREADS, left = (MYTHREAD + THREADS - 1) % THREADS;
  upc_memset(&area[BLK * MYTHREAD], 0x11, BLK);
  upc_barrier;
  /* Into the right neighbour's block: three ranges with different values. */
  upc_memset(&area[BLK * right + 1], 0xa0 + MYTHREAD, 10);
  upc_memset(&area[BLK * right + 100], 0x300 + MYTHREAD, 257);  /* c is converted to unsigned char */
  upc_memset(&area[BLK * right + BLK - 1], 0, 1);
  upc_barrier;
  unsigned char *mine = (unsigned char *)&area[BLK * MYTHREAD];
  int bad = 0;
  for (int i = 0; i < BLK; i++) {
    unsigned char want = 0x11;
    if (i >= 1 && i < 11) want = (unsigned char)(0xa0 + left);
    if (i >= 100 && i < 357) want = (unsigned char)(0x300 + left);
    if (i == BLK - 1) want = 0;
    bad += mine[i] != want;
    if (i % 97 == 0) CHECK_INT(area[BLK * MYTHREAD + i], want);
  }
  CHECK_INT(bad, 0);
  upc_barrier;
  /* Every thread sets one byte of every block. */
  for (int t = 0; t < THREADS; t++) upc_memset(&area[BLK * t + 500 + MYTHREAD], 0x40 + MYTHREAD, 1);
  upc_barrier;
  for (int t = 0; t < THREADS; t++)
    for (int u = 0; u < THREADS; u++) CHECK_INT(area[BLK * t + 500 + u], 0x40 + u);
  return upctest_done();
}
