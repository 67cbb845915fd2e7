/* pts_to_int.upc — converting pointers-to-shared to integers: a null pointer
 * gives 0, a valid one a non-zero value, equal pointers equal values, and
 * the value distinguishes elements (usable as a hash key). */
#include "upctest.h"
#include <stdint.h>

shared [2] int a[4 * THREADS];

int main(void) {
  shared [2] int *np = NULL;
  CHECK_UINT((uintptr_t)np, 0);
  CHECK_UINT((size_t)np, 0);
  CHECK((long long)(shared void *)np == 0);
  const int n = 4 * THREADS;
  for (int i = 0; i < n; i++) {
    shared [2] int *p = &a[i];
    uintptr_t u = (uintptr_t)p;
    CHECK(u != 0);
    shared [2] int *q = a + i;
    CHECK((uintptr_t)q == u);
    CHECK((uintptr_t)(shared void *)p == u);
    for (int j = 0; j < i; j++) CHECK((uintptr_t)&a[j] != u);
  }
  /* Conditions on the integer value agree with the pointer. */
  shared int *maybe = (MYTHREAD % 2) ? NULL : (shared int *)&a[1];
  CHECK_INT(!!(uintptr_t)maybe, MYTHREAD % 2 == 0);
  return upctest_done();
}
