/* struct_array.upc — arrays of shared structs, cyclic and blocked: layout is
 * by whole element, members reached through . on elements and -> on pointers
 * that walk across threads. */
#include "upctest.h"

struct pt { int x; int y; double w; };

#define N 5
shared struct pt cyc[N * THREADS];
shared [2] struct pt blk[13];

int main(void) {
  for (int i = 0; i < N * THREADS; i++) {
    CHECK_UINT(upc_threadof(&cyc[i]), i % THREADS);
    CHECK_UINT(upc_threadof(&cyc[i].w), i % THREADS);
    if (i % THREADS == MYTHREAD) {
      cyc[i].x = i;
      cyc[i].y = -i;
      cyc[i].w = i * 0.25;
    }
  }
  for (int i = 0; i < 13; i++) {
    CHECK_UINT(upc_threadof(&blk[i]), model_thread(i, 2));
    CHECK_UINT(upc_phaseof(&blk[i]), model_phase(i, 2));
    if (i > 0 && model_thread(i, 2) == 0)
      CHECK_UINT(upc_addrfield(&blk[i]) - upc_addrfield(&blk[0]), model_local(i, 2) * sizeof(struct pt));
  }
  /* Fill blk through a pointer that steps across threads. */
  shared [2] struct pt *p = blk;
  for (int i = 0; i < 13; i++, p++)
    if (upc_threadof(p) == (size_t)MYTHREAD) {
      p->x = 2 * i;
      p->y = 3 * i;
      p->w = -i;
    }
  upc_barrier;
  shared struct pt *q = &cyc[0];
  for (int i = 0; i < N * THREADS; i++) {
    CHECK_INT(q[i].x, i);
    CHECK_INT((q + i)->y, -i);
    CHECK_DBL(cyc[i].w, i * 0.25);
  }
  double sum = 0;
  for (int i = 12; i >= 0; i--) {
    p = &blk[i];
    sum += p->x + p->y + p->w;
  }
  /* Walking backwards across thread boundaries. */
  p = &blk[12];
  for (int i = 12; i > 0; i--) p--;
  CHECK(p == &blk[0]);
  CHECK_DBL(sum, 4.0 * (12 * 13 / 2));
  return upctest_done();
}
