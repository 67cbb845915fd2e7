/* struct_inner_array.upc — arrays inside shared structs: elements of a member
 * array stay with the struct (they are not distributed), and pointers to them
 * are pointers-to-shared with the struct's affinity. */
#include "upctest.h"
#include <stddef.h>

struct rec {
  int n;
  double v[5];
  char name[8];
  int grid[2][3];
};

shared struct rec r[THREADS];
shared struct rec solo;

int main(void) {
  shared struct rec *me = &r[MYTHREAD];
  me->n = 5;
  for (int k = 0; k < 5; k++) me->v[k] = MYTHREAD * 10 + k;
  for (int k = 0; k < 8; k++) r[MYTHREAD].name[k] = (char)(k < 7 ? 'a' + MYTHREAD + k : 0);
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 3; b++) r[MYTHREAD].grid[a][b] = MYTHREAD * 100 + a * 3 + b;
  if (MYTHREAD == THREADS - 1)
    for (int k = 0; k < 5; k++) solo.v[k] = -k;
  upc_barrier;
  for (int t = 0; t < THREADS; t++) {
    CHECK_INT(r[t].n, 5);
    for (int k = 0; k < 5; k++) {
      CHECK_DBL(r[t].v[k], t * 10 + k);
      CHECK_UINT(upc_threadof(&r[t].v[k]), t);
      CHECK_UINT(upc_addrfield(&r[t].v[k]) - upc_addrfield(&r[t]),
                 offsetof(struct rec, v) + k * sizeof(double));
    }
    for (int k = 0; k < 7; k++) CHECK_INT(r[t].name[k], 'a' + t + k);
    for (int a = 0; a < 2; a++)
      for (int b = 0; b < 3; b++) CHECK_INT((&r[t])->grid[a][b], t * 100 + a * 3 + b);
  }
  for (int k = 0; k < 5; k++) CHECK_DBL(solo.v[k], -k);
  /* A pointer to a member array element is an ordinary pointer-to-shared
   * whose arithmetic stays inside the struct: casting to an indefinite
   * block size keeps it on the struct's thread. */
  int nb = (MYTHREAD + 1) % THREADS;
  shared [] double *pv = (shared [] double *)&r[nb].v[0];
  double sum = 0;
  for (int k = 0; k < 5; k++) sum += pv[k];
  CHECK_DBL(sum, nb * 50 + 10);
  shared [] char *pn = (shared [] char *)r[nb].name;
  CHECK_INT(pn[2], 'a' + nb + 2);
  /* The owner sees the struct as a plain C struct. */
  struct rec *mine = (struct rec *)me;
  CHECK_DBL(mine->v[4], MYTHREAD * 10 + 4);
  CHECK_INT(mine->grid[1][2], MYTHREAD * 100 + 5);
  return upctest_done();
}
