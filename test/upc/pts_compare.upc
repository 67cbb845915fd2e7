/* pts_compare.upc — relational and equality operators and differences on
 * pointers-to-shared follow element order, not thread or address order. */
#include "upctest.h"

shared [5] int a[43];
shared double d[6 * THREADS];
shared [] short z[20];

int main(void) {
  for (int i = 0; i < 43; i += 3)
    for (int j = 0; j < 43; j += 2) {
      shared [5] int *p = &a[i], *q = &a[j];
      CHECK_INT(p < q, i < j);
      CHECK_INT(p <= q, i <= j);
      CHECK_INT(p > q, i > j);
      CHECK_INT(p >= q, i >= j);
      CHECK_INT(p == q, i == j);
      CHECK_INT(p != q, i != j);
      CHECK_INT(p - q, i - j);
    }
  for (int i = 0; i < 6 * THREADS; i++)
    for (int j = 0; j < 6 * THREADS; j += 5) {
      CHECK_INT(&d[i] < &d[j], i < j);
      CHECK_INT(&d[i] - &d[j], i - j);
      CHECK_INT(&d[i] == &d[j], i == j);
    }
  for (int i = 0; i < 20; i++) {
    CHECK_INT(&z[i] > &z[7], i > 7);
    CHECK_INT(&z[i] - z, i);
  }
  /* A round trip through shared void * gives back an equal pointer. */
  shared void *v = &a[12];
  shared [5] int *back = v;
  CHECK(back == &a[12]);
  CHECK(v == (shared void *)&a[12]);
  CHECK(v != (shared void *)&a[13]);
  /* Pointers used as conditions in loops. */
  int count = 0;
  for (shared [5] int *p = &a[42]; p != &a[0]; p--) count++;
  CHECK_INT(count, 42);
  return upctest_done();
}
