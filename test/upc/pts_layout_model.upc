/* pts_layout_model.upc — upc_threadof, upc_phaseof, upc_addrfield and
 * upc_resetphase on every element of arrays with block sizes 1, 2, 3, 7 and
 * indefinite and element sizes 1, 2, 8 and 12, against a hand-written model:
 * element i of shared [B] T x[] is on thread (i/B) mod THREADS, phase i mod B,
 * local element (i/B)/THREADS*B + i mod B. */
#include "upctest.h"

struct twelve { int a, b, c; };

shared char c1[23];
shared [2] short s2[19];
shared [3] double d3[29];
shared [7] struct twelve t7[40];
shared [] long long ind[9];

/* Check one array given the address of each element as a generic pointer
 * and its phase (a shared void * has none: UPC 1.3 6.4.3, spec issue 70). */
static void check_layout(const char *name, shared void *(*at)(int, size_t *), int n, size_t b,
                         size_t esize) {
  size_t first[4] = {0, 0, 0, 0}; /* addrfield of each thread's first element */
  int seen[4] = {0, 0, 0, 0};
  for (int i = 0; i < n; i++) {
    size_t phase;
    shared void *p = at(i, &phase);
    size_t t = model_thread(i, b);
    if (upc_threadof(p) != t || phase != model_phase(i, b)) {
      printf("%s[%d]: thread %zu phase %zu, expected %zu %zu\n", name, i, upc_threadof(p),
             phase, t, model_phase(i, b));
      CHECK(0);
    }
    if (!seen[t]) {
      seen[t] = 1;
      first[t] = upc_addrfield(p) - model_local(i, b) * esize;
    }
    CHECK_UINT(upc_addrfield(p) - first[t], model_local(i, b) * esize);
    shared void *r = upc_resetphase(p);
    CHECK_UINT(upc_threadof(r), t);
    CHECK_UINT(upc_addrfield(r), upc_addrfield(p));
    CHECK_UINT(upc_phaseof(r), 0);
  }
}

#define AT(x)                                                  \
  static shared void *at_##x(int i, size_t *phase) {           \
    *phase = upc_phaseof(&x[i]);                               \
    return &x[i];                                              \
  }
AT(c1)
AT(s2)
AT(d3)
AT(t7)
AT(ind)

int main(void) {
  check_layout("c1", at_c1, 23, 1, 1);
  check_layout("s2", at_s2, 19, 2, 2);
  check_layout("d3", at_d3, 29, 3, 8);
  check_layout("t7", at_t7, 40, 7, sizeof(struct twelve));
  check_layout("ind", at_ind, 9, 0, 8);
  /* The same through pointer arithmetic instead of indexing. */
  shared [7] struct twelve *p = t7;
  for (int i = 0; i < 40; i++, p++) {
    CHECK_UINT(upc_threadof(p), model_thread(i, 7));
    CHECK_UINT(upc_phaseof(p), model_phase(i, 7));
    CHECK(upc_resetphase(p) == upc_resetphase(&t7[i]));
  }
  /* Objects on different threads never overlap: write every element from
   * its owner, read all back. */
  for (int i = 0; i < 40; i++)
    if (model_thread(i, 7) == (size_t)MYTHREAD) {
      t7[i].a = i;
      t7[i].c = -i;
    }
  for (int i = 0; i < 29; i++)
    if (model_thread(i, 3) == (size_t)MYTHREAD) d3[i] = i;
  upc_barrier;
  for (int i = 0; i < 40; i++) {
    CHECK_INT(t7[i].a, i);
    CHECK_INT(t7[i].c, -i);
  }
  for (int i = 0; i < 29; i++) CHECK_DBL(d3[i], i);
  return upctest_done();
}
