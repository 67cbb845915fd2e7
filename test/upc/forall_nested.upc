/* forall_nested.upc — nested upc_forall: only the outermost forall with a
 * real affinity distributes; an inner forall runs all its iterations on
 * the thread that runs the outer iteration. If the outer affinity is
 * continue, the inner one distributes. */
#include "upctest.h"

#define R 6
#define C 5
shared int who[R][C];
shared int count[R][C];

static void reset(void) {
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      if ((i * C + j) % THREADS == MYTHREAD) {
        who[i][j] = -1;
        count[i][j] = 0;
      }
  upc_barrier;
}

int main(void) {
  reset();
  /* Outer distributes by row: the whole row runs on thread i mod THREADS. */
  upc_forall (int i = 0; i < R; i++; i) {
    upc_forall (int j = 0; j < C; j++; j) {
      who[i][j] = MYTHREAD;
      count[i][j] += 1;
    }
  }
  upc_barrier;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      CHECK_INT(who[i][j], i % THREADS);
      CHECK_INT(count[i][j], 1);
    }
  upc_barrier;
  reset();
  /* Outer is continue: every thread runs every row; the inner forall
   * distributes by column. */
  upc_forall (int i = 0; i < R; i++; continue) {
    upc_forall (int j = 0; j < C; j++; &who[i][j]) {
      who[i][j] = MYTHREAD;
      count[i][j] += 1; /* local: count has the layout of who */
    }
  }
  upc_barrier;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      CHECK_INT(who[i][j], (i * C + j) % THREADS);
      CHECK_INT(count[i][j], 1);
    }
  upc_barrier;
  reset();
  /* Three levels: the middle one controls, the innermost runs in full. */
  upc_forall (int i = 0; i < R; i++;) {
    upc_forall (int j = 0; j < C; j++; j + i) {
      int inner = 0;
      upc_forall (int k = 0; k < 4; k++; k) inner++;
      CHECK_INT(inner, 4);
      who[i][j] = MYTHREAD;
    }
  }
  upc_barrier;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) CHECK_INT(who[i][j], (j + i) % THREADS);
  return upctest_done();
}
