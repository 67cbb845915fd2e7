/* mem_getput.upc — upc_memget and upc_memput between private buffers and
 * another thread's block, at several sizes and unaligned offsets, and whole
 * blocks of a blocked array. */
#include "upctest.h"
#include <string.h>

#define BLK 5000
shared [BLK] unsigned char area[BLK * THREADS];  /* one block per thread */

static unsigned char pattern(int owner, int i) { return (unsigned char)(owner * 37 + i * 11 + 3); }

int main(void) {
  int right = (MYTHREAD + 1) % THREADS;
  unsigned char buf[BLK], want[BLK];
  /* Initialise my block with a local memput. */
  for (int i = 0; i < BLK; i++) buf[i] = pattern(MYTHREAD, i);
  upc_memput(&area[BLK * MYTHREAD], buf, BLK);
  upc_barrier;
  /* Fetch pieces of the right neighbour's block. */
  static const int sizes[] = {1, 2, 7, 8, 64, 100, 1023, 4096, BLK};
  static const int offs[] = {0, 1, 3, 8, 13};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (size_t o = 0; o < sizeof offs / sizeof offs[0]; o++) {
      int len = sizes[s], off = offs[o];
      if (off + len > BLK) continue;
      memset(buf, 0xee, sizeof buf);
      upc_memget(buf + 1, &area[BLK * right + off], len);
      int bad = 0;
      for (int i = 0; i < len; i++) bad += buf[1 + i] != pattern(right, off + i);
      CHECK_INT(bad, 0);
      CHECK_INT(buf[0], 0xee);            /* nothing outside the range */
      if (1 + len < BLK) CHECK_INT(buf[1 + len], 0xee);
    }
  upc_barrier;
  /* Put a new pattern into the right neighbour's block, in pieces. */
  for (int i = 0; i < BLK; i++) want[i] = (unsigned char)(i * 7 + MYTHREAD);
  int pos = 0, piece = 1;
  while (pos < BLK) {
    int len = piece < BLK - pos ? piece : BLK - pos;
    upc_memput(&area[BLK * right + pos], want + pos, len);
    pos += len;
    piece = piece * 3 + 1;
  }
  upc_barrier;
  int left = (MYTHREAD + THREADS - 1) % THREADS;
  unsigned char *mine = (unsigned char *)&area[BLK * MYTHREAD];
  int bad = 0;
  for (int i = 0; i < BLK; i++) bad += mine[i] != (unsigned char)(i * 7 + left);
  CHECK_INT(bad, 0);
  /* A zero-length transfer does nothing. */
  upc_memget(buf, &area[0], 0);
  upc_memput(&area[0], buf, 0);
  return upctest_done();
}
