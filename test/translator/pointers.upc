// Pointers-to-shared: arithmetic with the static type's block and element
// size, difference, comparison, null tests, casts between block sizes, to
// private pointers and to integers, and ++/+= on pointer variables.
#include <upc.h>
#include <stddef.h>

shared [3] int A[12*THREADS];
shared int C[THREADS];

long ops(shared [3] int *p, shared [3] int *q, int n) {
  // CHECK-LABEL: long ops(upcrt_pts_t p, upcrt_pts_t q, int n) {
  shared [3] int *r = p + n;
  // CHECK: upcrt_pts_t r = upcrt_pts_add(p, (n), 3, sizeof(int));
  r = n + r - 2;
  // CHECK: r = upcrt_pts_add(upcrt_pts_add(r, (n), 3, sizeof(int)), -(ptrdiff_t)(2), 3, sizeof(int));
  long d = q - p;
  // CHECK: long d = upcrt_pts_diff(q, p, 3, sizeof(int));
  if (p < q && p != q) d++;
  // CHECK: if ((upcrt_pts_cmp(p, q, 3, sizeof(int)) < 0) && !upcrt_pts_same(p, q)) d++;
  if (!p || q == NULL) return -1;
  // CHECK: if (upcrt_pts_isnull(p) || upcrt_pts_same(q, ((upcrt_pts_t){0, 0, 0}))) return -1;
  while (r) r = 0;
  // CHECK: while (!upcrt_pts_isnull(r)) r = ((upcrt_pts_t){0, 0, 0});
  p++;
  // CHECK: (p = upcrt_pts_add(p, 1, 3, sizeof(int)));
  q -= 4;
  // CHECK: (q = upcrt_pts_add(q, -(ptrdiff_t)(4), 3, sizeof(int)));
  r = p ? p : q;
  // CHECK: r = !upcrt_pts_isnull(p) ? p : q;
  return d + *p + p[2];
  // CHECK: return d + upcrt_get_i32(p) + upcrt_get_i32(upcrt_pts_add(p, (2), 3, sizeof(int)));
}

void casts(void) {
  // CHECK-LABEL: void casts(void) {
  shared int *c = (shared int *)&A[4];
  // CHECK: upcrt_pts_t c = upcrt_pts_reblock(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_A), (4), 3, sizeof(int)));
  /* to shared void the phase stays, and from it to a block size above 1;
   * from it to block size 1 or indefinite it is reset (UPC 1.3 6.4.3) */
  shared void *g = c;
  // CHECK: upcrt_pts_t g = c;
  shared [3] int *b = g;
  // CHECK: upcrt_pts_t b = {{\(*}}g{{\)*}};
  shared int *g1 = g;
  // CHECK: upcrt_pts_t g1 = {{\(*}}upcrt_pts_reblock({{\(*}}g{{\)*}};
  shared [3] char *bc = (shared [3] char *)b;
  // CHECK: upcrt_pts_t bc = upcrt_pts_reblock(b);
  shared [3] float *bf = (shared [3] float *)b;
  // CHECK: upcrt_pts_t bf = b;
  struct two { shared int *p; };
  shared [3] struct two *bs = (shared [3] struct two *)b;
  // CHECK: upcrt_pts_t bs = upcrt_pts_keep_phase_if(b, sizeof(int) == sizeof(struct two));
  int *local = (int *)&A[3 * MYTHREAD];
  // CHECK: int *local = ((int *)upcrt_pts_to_private(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_A), (3 * upcrt_mythread), 3, sizeof(int))));
  unsigned long bits = (unsigned long)b;
  // CHECK: unsigned long bits = (unsigned long)upcrt_pts_to_int(b);
  shared int *n = 0;
  // CHECK: upcrt_pts_t n = ((upcrt_pts_t){0, 0, 0});
  shared int **pp = &n;
  // CHECK: upcrt_pts_t *pp = &n;
  (*pp)[1] = C[MYTHREAD] + (int)bits + *local;
  // CHECK: upcrt_put_i32(upcrt_pts_add((*pp), (1), 1, sizeof(int)), upcrt_get_i32(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_C), (upcrt_mythread), 1, sizeof(int))) + (int)bits + *local);
  shared int *e = &C[0], *f = &C[1];
  // CHECK: upcrt_pts_t e = upcrt_pts_add(upcrt_static_pts(&__upcc_shared_C), (0), 1, sizeof(int)); upcrt_pts_t f = upcrt_pts_add(upcrt_static_pts(&__upcc_shared_C), (1), 1, sizeof(int));
  size_t sz = sizeof(shared int *) + sizeof e;
  // CHECK: size_t sz = sizeof(upcrt_pts_t) + sizeof(upcrt_pts_t);
}
