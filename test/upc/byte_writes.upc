/* byte_writes.upc — concurrent writes of neighbouring 1- and 2-byte elements
 * of a block on another thread must not clobber each other (no read-modify-
 * write of whole words), nor bit patterns of neighbouring struct members. */
#include "upctest.h"

#define BLK 64
shared [BLK] unsigned char bytes[BLK * THREADS];
shared [BLK] short halves[BLK * THREADS];
struct flags { char a, b, c, d; };
shared struct flags fl[THREADS];

int main(void) {
  for (int round = 0; round < 5; round++) {
    /* Byte i of every block is written by thread i mod THREADS. */
    for (int t = 0; t < THREADS; t++)
      for (int i = MYTHREAD; i < BLK; i += THREADS) {
        bytes[BLK * t + i] = (unsigned char)(round * 50 + i);
        halves[BLK * t + i] = (short)(round * 1000 - i);
      }
    /* Member k of every struct is written by thread k mod THREADS. */
    for (int t = 0; t < THREADS; t++) {
      if (MYTHREAD == 0 % THREADS) fl[t].a = (char)(round + 1);
      if (MYTHREAD == 1 % THREADS) fl[t].b = (char)(round + 2);
      if (MYTHREAD == 2 % THREADS) fl[t].c = (char)(round + 3);
      if (MYTHREAD == 3 % THREADS) fl[t].d = (char)(round + 4);
    }
    upc_barrier;
    for (int t = 0; t < THREADS; t++) {
      for (int i = 0; i < BLK; i++) {
        CHECK_INT(bytes[BLK * t + i], (unsigned char)(round * 50 + i));
        CHECK_INT(halves[BLK * t + i], (short)(round * 1000 - i));
      }
      struct flags f = fl[t];
      CHECK_INT(f.a, round + 1);
      CHECK_INT(f.b, round + 2);
      CHECK_INT(f.c, round + 3);
      CHECK_INT(f.d, round + 4);
    }
    upc_barrier;
  }
  return upctest_done();
}
