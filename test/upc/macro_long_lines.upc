/* macro_long_lines.upc — UPC declarations and statements that reach the
 * surface pass on one long line of nested macro expansions (issue 12 item 6):
 * clang -E puts a macro call that spans lines on one line, so the shared
 * declarations below sit at column 161 and far beyond, after other
 * declarations, in the middle of a line. */
#include "upctest.h"

#define ID(...) __VA_ARGS__
#define ID2(...) ID(ID(__VA_ARGS__))
#define ID4(...) ID2(ID2(__VA_ARGS__))
#define BLK 4
#define SHARED_ARRAY(T, n, b) shared [b] T n[b * THREADS]
#define PAIR(T, n) T n##_a; T n##_b
#define SUM3(a, b, c) ((a) + (b) + (c))

ID4(static int counter_with_a_long_name_to_push_the_columns_right = SUM3(1, 2, 3);
    static long another_long_named_variable_for_the_columns = SUM3(4, 5, 6);
    SHARED_ARRAY(int, data, BLK);
    PAIR(shared int, pair);
    shared [] double *shared heads[THREADS];
    strict shared int flag;
    typedef shared [2] long tl_t;
    tl_t tl[2 * THREADS];
    shared long partial[THREADS];)

ID4(static int sum_mine(void) {
      int s = 0;
      upc_forall (int i = 0; i < BLK * THREADS; i++; &data[i]) s += data[i];
      return s;
    })

int main(void) {
  ID2(upc_forall (int i = 0; i < BLK * THREADS; i++; &data[i]) { data[i] = i; }
      upc_forall (int i = 0; i < 2 * THREADS; i++; &tl[i]) { tl[i] = 100 + i; }
      upc_barrier;
      if (MYTHREAD == 0) { pair_a = 7; pair_b = 9; flag = 1; }
      partial[MYTHREAD] = sum_mine();
      upc_barrier;)

  CHECK_INT(counter_with_a_long_name_to_push_the_columns_right, 6);
  CHECK_INT(another_long_named_variable_for_the_columns, 15);
  int n = BLK * THREADS;
  for (int i = 0; i < n; i++) {
    CHECK_INT(data[i], i);
    CHECK_INT(upc_threadof(&data[i]), (i / BLK) % THREADS);
  }
  for (int i = 0; i < 2 * THREADS; i++) {
    CHECK_INT(tl[i], 100 + i);
    CHECK_INT(upc_threadof(&tl[i]), (i / 2) % THREADS);
  }
  /* Each thread summed the elements with affinity to it: blocks t, t+T, ... */
  for (int t = 0; t < THREADS; t++) {
    long want = 0;
    for (int i = 0; i < n; i++)
      if ((i / BLK) % THREADS == t) want += i;
    CHECK_INT(partial[t], want);
  }
  CHECK_INT(pair_a, 7);
  CHECK_INT(pair_b, 9);
  CHECK_INT(flag, 1);
  CHECK_INT(upc_blocksizeof(data), BLK);
  CHECK_INT(upc_blocksizeof(tl), 2);
  CHECK_INT(upc_blocksizeof(heads), 1);
  CHECK_INT(sizeof(heads) / sizeof(heads[0]), THREADS);
  return upctest_done();
}
