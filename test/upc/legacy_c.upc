/* legacy_c.upc — C89/gnu89 code that UPC compilers built on older C
 * compilers accept (issue 12, item 1): calls to undeclared functions (library
 * ones without their headers, and the program's own defined later), implicit
 * int, int/pointer conversions, incompatible function pointers, and a C99
 * `inline` function with no external definition, called without
 * optimization.  upcc warns and the program must run correctly.  No
 * <stdio.h>/<stdlib.h>/<string.h> on purpose. */
#include <upc.h>

shared int fails[THREADS];
static nfail;                    /* implicit int */

static check(cond, line) {       /* implicit int, K&R parameters */
  if (!cond) {
    printf("FAIL thread %d line %d\n", MYTHREAD, line);
    nfail++;
  }
  return cond;
}

inline int square(int x) { return x * x; } /* C99 inline, no extern definition */

int twice(int x) { return 2 * x; }

int main(void) {
  int x = 21;
  long addr = &x;                        /* pointer to integer */
  int *back = addr;                      /* integer to pointer */
  check(back == &x, __LINE__);
  check(*back == 21, __LINE__);
  int (*fp)(long) = twice;               /* incompatible function pointer */
  check((void *)fp == (void *)twice, __LINE__);
  check(later(20) == 41, __LINE__);      /* own function, defined below */
  check(atoi("1234") == 1234, __LINE__); /* library functions, no header */
  check(strlen("upc") == 3, __LINE__);
  srand(17);
  check(abs(-5) == 5, __LINE__);
  check(square(7) == 49, __LINE__);
  int (*sq)(int) = square;               /* its address: an external definition */
  check(sq(9) == 81, __LINE__);
  fails[MYTHREAD] = nfail;
  upc_barrier;
  if (MYTHREAD == 0) {
    int total = 0;
    for (int t = 0; t < THREADS; t++) total += fails[t];
    if (total == 0) printf("PASS\n");
    else printf("FAIL: %d failed checks\n", total);
  }
  upc_barrier;
  exit(nfail != 0);                      /* undeclared library function */
}

later(n) { return n * 2 + 1; }           /* implicit int, defined after use */
