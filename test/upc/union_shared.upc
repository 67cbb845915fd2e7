/* union_shared.upc — shared unions: a member written on one thread is read
 * back through another member (type punning) on every thread, through . and ->. */
#include "upctest.h"
#include <string.h>

union word {
  unsigned u;
  float f;
  unsigned char b[4];
  struct { unsigned short lo, hi; } h;
};

shared union word w[THREADS];
shared [3] union word wb[7];
shared union word single;

int main(void) {
  w[MYTHREAD].u = 0x01020304u * (MYTHREAD + 1);
  for (int i = 0; i < 7; i++)
    if (model_thread(i, 3) == (size_t)MYTHREAD) (&wb[i])->f = i * 1.5f;
  if (MYTHREAD == 0) single.h.hi = 0xbeef;
  if (MYTHREAD == THREADS - 1) single.h.lo = 0x1234; /* same word, other half */
  upc_barrier;
  for (int t = 0; t < THREADS; t++) {
    union word model;
    model.u = 0x01020304u * (t + 1);
    shared union word *p = &w[t];
    for (int k = 0; k < 4; k++) CHECK_INT(p->b[k], model.b[k]);
    CHECK_INT(w[t].h.lo, model.h.lo);
    CHECK_INT(w[t].h.hi, model.h.hi);
    union word copy = w[t];
    CHECK_UINT(copy.u, model.u);
  }
  for (int i = 0; i < 7; i++) {
    union word model;
    model.f = i * 1.5f;
    CHECK_UINT(wb[i].u, model.u);
    CHECK_UINT(upc_threadof(&wb[i].b[2]), model_thread(i, 3));
  }
  union word model;
  model.h.hi = 0xbeef;
  model.h.lo = 0x1234;
  CHECK_UINT(single.u, model.u);
  CHECK_UINT(sizeof(union word), 4);
  CHECK_UINT(upc_elemsizeof(w), sizeof(union word));
  return upctest_done();
}
