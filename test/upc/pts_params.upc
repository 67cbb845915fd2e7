/* pts_params.upc — pointers-to-shared as function parameters and return
 * values (every block size, shared void *, pointers to structs), passed by
 * value, through function pointers, and as out-parameters. */
#include "upctest.h"

struct node { int key; double val; };

shared [3] int a[5 * THREADS];
shared struct node nodes[2 * THREADS];

static shared [3] int *nth(shared [3] int *base, int k) { return base + k; }
static shared int *as_cyclic(shared [3] int *p) { return (shared int *)p; }
static shared void *generic(shared void *p) { return p; }
static long sum(shared [3] int *p, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) s += p[i];
  return s;
}
static void store(shared [3] int *p, int v) { *p = v; }
static void find(shared [3] int **out, int k) { *out = &a[k]; }
static shared struct node *node_of(int t) { return &nodes[t]; }
static double total(shared struct node *first, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += first[i].val * first[i].key;
  return s;
}

int main(void) {
  const int n = 5 * THREADS;
  for (int i = 0; i < n; i++)
    if (model_thread(i, 3) == (size_t)MYTHREAD) store(&a[i], i * i);
  nodes[MYTHREAD].key = MYTHREAD + 1;
  node_of(MYTHREAD + THREADS)->key = 1;
  node_of(MYTHREAD)->val = 0.5;
  nodes[MYTHREAD + THREADS].val = MYTHREAD;
  upc_barrier;
  for (int k = 0; k < n; k++) {
    shared [3] int *p = nth(a, k);
    CHECK(p == &a[k]);
    CHECK_INT(*p, k * k);
    CHECK_INT(*nth(&a[n - 1], -k), (n - 1 - k) * (n - 1 - k));
    shared [3] int *out = NULL;
    find(&out, k);
    CHECK(out == p);
    shared [3] int *g = generic(p);
    CHECK(g == p);
    CHECK_UINT(upc_threadof(as_cyclic(p)), model_thread(k, 3));
    CHECK_UINT(upc_phaseof(as_cyclic(p)), 0);
  }
  long want = 0;
  for (int i = 0; i < n; i++) want += (long)i * i;
  CHECK_INT(sum(a, n), want);
  shared [3] int *(*fp)(shared [3] int *, int) = nth;
  CHECK_INT(*fp(a, 4 % n), (4 % n) * (4 % n));
  double wt = 0;
  for (int t = 0; t < THREADS; t++) wt += 0.5 * (t + 1) + t * 1.0;
  CHECK_DBL(total(nodes, 2 * THREADS), wt);
  return upctest_done();
}
