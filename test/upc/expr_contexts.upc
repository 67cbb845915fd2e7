/* expr_contexts.upc — shared lvalues in every expression context: if/while
 * conditions, switch, ?:, && and || (with short-circuit), function
 * arguments, array subscripts, loop bounds, comma, casts, sizeof (not
 * evaluated), and return values. */
#include "upctest.h"
#include <string.h>

shared int v[THREADS];
shared int bound;
shared double dv;
shared int touched;

static int twice(int x) { return 2 * x; }
static int read_v(int t) { return v[t]; }
static int side(void) {
  touched = touched + 1;
  return 1;
}

int main(void) {
  v[MYTHREAD] = MYTHREAD + 1;
  if (MYTHREAD == 0) {
    bound = 5;
    dv = 2.75;
  }
  upc_barrier;
  int nb = (MYTHREAD + 1) % THREADS;
  int taken = 0;
  if (v[nb]) taken = 1;
  CHECK_INT(taken, 1);
  if (v[nb] == nb + 1 && bound == 5) taken = 2;
  CHECK_INT(taken, 2);
  CHECK_INT(v[nb] > 100 ? 1 : v[nb], nb + 1);
  CHECK_INT(!v[nb], 0);
  CHECK_INT(-v[nb], -(nb + 1));
  CHECK_INT(~v[nb], ~(nb + 1));
  switch (v[nb]) {
  case 1: taken = 10; break;
  case 2: taken = 20; break;
  default: taken = 30; break;
  }
  CHECK_INT(taken, nb == 0 ? 10 : nb == 1 ? 20 : 30);
  int loops = 0;
  for (int i = 0; i < bound; i++) loops++;
  CHECK_INT(loops, 5);
  loops = 0;
  while (loops < v[nb]) loops++;
  CHECK_INT(loops, nb + 1);
  do loops--; while (loops > bound - 5);
  CHECK_INT(loops, 0);
  CHECK_INT(twice(v[nb]), 2 * (nb + 1));
  CHECK_INT(read_v(nb), nb + 1);
  int priv[8] = {0, 10, 20, 30, 40, 50, 60, 70};
  CHECK_INT(priv[v[nb]], 10 * (nb + 1));
  CHECK_INT(priv[bound] + v[0], 51);
  CHECK_INT((loops = v[nb], bound), 5);
  CHECK_INT(loops, nb + 1);
  CHECK_INT((int)dv, 2);
  CHECK_DBL((float)dv, 2.75);
  CHECK_INT((char)(v[nb] + 255), (char)(nb + 256));
  CHECK_UINT(sizeof(v[nb]), sizeof(int));
  CHECK_UINT(sizeof v, THREADS * sizeof(int));
  CHECK_DBL(dv * v[nb] + bound, 2.75 * (nb + 1) + 5);
  CHECK_INT(v[nb] < bound, nb + 1 < 5);
  /* Short-circuit: side() must run exactly when the left side says so. */
  upc_barrier;
  if (MYTHREAD == 0) {
    touched = 0;
    int r1 = v[0] == 0 && side();   /* v[0] is 1: side() not called */
    int r2 = v[0] == 1 || side();   /* not called */
    int r3 = v[0] == 1 && side();   /* called */
    int r4 = bound == 0 || side();  /* called */
    CHECK_INT(r1 + r2 + r3 + r4, 3);
    CHECK_INT(touched, 2);
  }
  /* Shared values as arguments in a variadic call. */
  char line[64];
  snprintf(line, sizeof line, "%d %.2f %d", v[nb], dv, bound);
  char want[64];
  snprintf(want, sizeof want, "%d %.2f %d", nb + 1, 2.75, 5);
  CHECK(strcmp(line, want) == 0);
  return upctest_done();
}
