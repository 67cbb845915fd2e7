/* neighbor_sync.upc — upcx_sync_neighbors: a ring exchange (each thread with
 * its left and right neighbour), a star (thread 0 with everyone, the others
 * with thread 0 only) and lists with this thread and repeats in them; each
 * round's data is checked after the sync, with double buffers so that a
 * neighbour running one round ahead must not overwrite what is still read. */
#include "upctest.h"
#include <upcx.h>

#define ROUNDS 150

/* box[t][side][buf]: written by t's left (side 0) or right (side 1) neighbour */
shared [4] long box[4 * THREADS];
/* star[t][buf]: thread t's value for thread 0, and thread 0's answer */
shared [2] long up[2 * THREADS];
shared [2] long down[2 * THREADS];

int main(void) {
  int me = MYTHREAD, T = THREADS;
  int left = (me + T - 1) % T, right = (me + 1) % T;
  int ring[4] = {left, right, me, left}; /* self and a repeat are ignored */
  for (int r = 0; r < ROUNDS; r++) {
    int b = r % 2;
    box[4 * right + 0 + b] = 1000L * r + me; /* I am right's left neighbour */
    box[4 * left + 2 + b] = 1000L * r + me;
    upcx_sync_neighbors(ring, 4);
    CHECK_INT(box[4 * me + 0 + b], 1000L * r + left);
    CHECK_INT(box[4 * me + 2 + b], 1000L * r + right);
  }
  upc_barrier;
  for (int r = 0; r < ROUNDS; r++) {
    int b = r % 2;
    if (me == 0) {
      int all[64];
      int n = T < 64 ? T : 64;
      for (int t = 0; t < n; t++) all[t] = t;
      upcx_sync_neighbors(all, (size_t)n); /* everyone's value has arrived */
      long sum = 0;
      for (int t = 0; t < n; t++) sum += up[2 * t + b];
      for (int t = 0; t < n; t++) down[2 * t + b] = sum + t;
      upcx_sync_neighbors(all, (size_t)n); /* the answers are out */
    } else {
      up[2 * me + b] = 7L * r + me;
      int zero = 0;
      upcx_sync_neighbors(&zero, 1);
      upcx_sync_neighbors(&zero, 1);
      long want = 0;
      for (int t = 1; t < T; t++) want += 7L * r + t;
      CHECK_INT(down[2 * me + b], want + me);
    }
  }
  upcx_sync_neighbors(NULL, 0);
  return upctest_done();
}
