/* typedef_shared.upc — typedefs of shared types: shared scalars, blocked
 * element types, pointer-to-shared typedefs, shared struct typedefs, and a
 * typedef'd element type used with THREADS dimensions. */
#include "upctest.h"

typedef shared int sint;
typedef shared [4] int blk4_t;
typedef shared [] double *dptr_t;
typedef struct { int a; short b; } pair_t;
typedef shared pair_t spair_t;
typedef int row_t[3];
typedef blk4_t *blk4_ptr;

sint counter;
blk4_t arr[8 * THREADS];
spair_t pairs[THREADS];
shared row_t rows[THREADS];      /* an array type as the element */
shared [] double pool[10];

static int get(blk4_ptr p, int k) { return p[k]; }

int main(void) {
  CHECK_UINT(upc_blocksizeof(arr), 4);
  CHECK_UINT(upc_blocksizeof(blk4_t), 4);
  CHECK_UINT(upc_blocksizeof(sint), 1);
  CHECK_UINT(upc_elemsizeof(pairs), sizeof(pair_t));
  for (int i = 0; i < 8 * THREADS; i++) {
    CHECK_UINT(upc_threadof(&arr[i]), model_thread(i, 4));
    if (model_thread(i, 4) == (size_t)MYTHREAD) arr[i] = 3 * i;
  }
  pairs[MYTHREAD].a = MYTHREAD;
  pairs[MYTHREAD].b = (short)(MYTHREAD * 2);
  for (int j = 0; j < 3; j++) rows[MYTHREAD][j] = MYTHREAD * 3 + j;
  if (MYTHREAD == 0)
    for (int k = 0; k < 10; k++) pool[k] = k / 2.0;
  upc_barrier;
  blk4_ptr p = arr;
  for (int i = 0; i < 8 * THREADS; i++) CHECK_INT(get(p, i), 3 * i);
  for (int t = 0; t < THREADS; t++) {
    spair_t *pp = &pairs[t];
    CHECK_INT(pp->a, t);
    CHECK_INT(pp->b, 2 * t);
    pair_t copy = pairs[t];
    CHECK_INT(copy.b, 2 * t);
  }
  /* rows: the elements of a shared row_t array are distributed cyclically
   * element by element (block size 1 over the flattened ints). */
  for (int t = 0; t < THREADS; t++)
    for (int j = 0; j < 3; j++) {
      CHECK_INT(rows[t][j], t * 3 + j);
      CHECK_UINT(upc_threadof(&rows[t][j]), (t * 3 + j) % THREADS);
    }
  dptr_t d = pool;
  double s = 0;
  for (int k = 0; k < 10; k++) s += d[k];
  CHECK_DBL(s, 22.5);
  for (int t = 0; t < THREADS; t++) {
    if (MYTHREAD == t) counter += t + 1;
    upc_barrier;
  }
  CHECK_INT(counter, THREADS * (THREADS + 1) / 2);
  return upctest_done();
}
