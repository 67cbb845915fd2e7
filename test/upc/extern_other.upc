/* extern_other.upc — the second translation unit of the extern test: defines
 * shared objects (one with an initialiser) and uses extern_main.upc's. */
#include <upc.h>
#include "extern_common.h"

shared int ext_cyc[4 * THREADS];
shared [3] int ext_blk[30];
shared int ext_scalar = 7;
shared struct rec ext_rec = {0, 0.5};
shared [4] int ext_rows[THREADS][4];

void fill_other_side(void) {
  for (int i = MYTHREAD; i < 4 * THREADS; i += THREADS) ext_cyc[i] = i + 1;
  for (int i = 0; i < 30; i++)
    if ((i / 3) % THREADS == MYTHREAD) ext_blk[i] = 2 * i;
  for (int j = 0; j < 4; j++) ext_rows[MYTHREAD][j] = MYTHREAD;
  upc_barrier;  /* the initial value is read before anyone adds */
  for (int t = 0; t < THREADS; t++) {
    if (MYTHREAD == t) {
      ext_scalar += 1;
      ext_rec.count++;
    }
    upc_barrier;
  }
}

long sum_here_from_other(void) {
  long s = 0;
  for (int i = 0; i < 3 * THREADS; i++) s += here_cyc[i];
  return s;
}

double sum_blk_from_other(void) {
  double s = 0;
  for (int i = 0; i < 11; i++) s += here_blk[i];
  return s;
}

shared [3] int *other_ptr_to_blk(int i) { return &ext_blk[i]; }
