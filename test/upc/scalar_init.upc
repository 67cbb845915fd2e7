/* scalar_init.upc — shared variables with initialisers (scalars, arrays of
 * every layout, structs): every thread sees the initial values. */
#include "upctest.h"

struct pair { int a; double b; };

shared int si = 42;
shared double sd = -2.5;
shared const int sci = 17;
shared long long sll = 1LL << 40;
shared int cyc[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
shared [3] short blk[8] = {10, 20, 30, 40, 50};     /* the rest are zero */
shared [] char str[12] = "upc rocks";
shared struct pair sp = {7, 0.25};
shared struct pair sparr[3] = {{1, 1.5}, {2, 2.5}, {3, 3.5}};
shared int *shared sptr;                           /* zero: a null pointer */

int main(void) {
  CHECK_INT(si, 42);
  CHECK_DBL(sd, -2.5);
  CHECK_INT(sci, 17);
  CHECK_INT(sll, 1LL << 40);
  for (int i = 0; i < 10; i++) CHECK_INT(cyc[i], i + 1);
  for (int i = 0; i < 8; i++) CHECK_INT(blk[i], i < 5 ? 10 * (i + 1) : 0);
  const char *want = "upc rocks";
  for (int i = 0; i < 12; i++) CHECK_INT(str[i], i < 9 ? want[i] : 0);
  CHECK_INT(sp.a, 7);
  CHECK_DBL(sp.b, 0.25);
  for (int i = 0; i < 3; i++) {
    CHECK_INT(sparr[i].a, i + 1);
    CHECK_DBL(sparr[i].b, i + 1.5);
  }
  CHECK(sptr == NULL);
  upc_barrier; /* nobody writes before everybody has checked */
  if (MYTHREAD == THREADS - 1) {
    si = 43;
    cyc[9] = 100;
  }
  upc_barrier;
  CHECK_INT(si, 43);
  CHECK_INT(cyc[9], 100);
  return upctest_done();
}
