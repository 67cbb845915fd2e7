/* extern_main.upc — shared objects shared across two translation units
 * (with extern_other.upc): extern declarations of arrays of every layout,
 * scalars and structs defined in the other file, and the reverse. */
#include "upctest.h"
#include "extern_common.h"

/* Defined here, used by extern_other.upc. */
shared int here_cyc[3 * THREADS];
shared [2] double here_blk[11];

int main(void) {
  fill_other_side();               /* writes the objects extern_other.upc defines */
  for (int i = MYTHREAD; i < 3 * THREADS; i += THREADS) here_cyc[i] = 5 * i;
  for (int i = 0; i < 11; i++)
    if (model_thread(i, 2) == (size_t)MYTHREAD) here_blk[i] = i / 2.0;
  upc_barrier;
  /* Same layout model on this side of the extern declarations. */
  for (int i = 0; i < 4 * THREADS; i++) {
    CHECK_UINT(upc_threadof(&ext_cyc[i]), i % THREADS);
    CHECK_INT(ext_cyc[i], i + 1);
  }
  for (int i = 0; i < 30; i++) {
    CHECK_UINT(upc_threadof(&ext_blk[i]), model_thread(i, 3));
    CHECK_INT(ext_blk[i], 2 * i);
  }
  CHECK_INT(ext_scalar, 7 + THREADS);
  CHECK_INT(ext_rec.count, THREADS);
  CHECK_DBL(ext_rec.scale, 0.5);
  for (int t = 0; t < THREADS; t++) CHECK_INT(ext_rows[t][1], t);
  /* The other side reads what this side defined. */
  CHECK_INT(sum_here_from_other(), 5L * (3 * THREADS - 1) * (3 * THREADS) / 2);
  CHECK_DBL(sum_blk_from_other(), 27.5);
  /* The same object through both sides' pointers. */
  CHECK(other_ptr_to_blk(4) == &ext_blk[4]);
  return upctest_done();
}
