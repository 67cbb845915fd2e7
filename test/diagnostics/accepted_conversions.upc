// Conversions UPC allows although the address spaces differ: shared void *
// to and from any pointer-to-shared, adding strict/relaxed; shared as an
// ordinary identifier where it is not a qualifier.
// EXIT: 0
// CHECK-NOT: error
// CHECK-NOT: warning
#include <upc.h>
#include <upc_collective.h>
shared [4] int A[4 * THREADS];
#define NB (7 * THREADS) /* a parenthesised product is still a factor */
shared [*] short B[NB];
shared double C[((THREADS)) * (2 * 3)];
strict shared int flag;
shared [4] int *gp;
typedef shared [4] int quad_t;

shared [4] int *make(void) { return upc_all_alloc(THREADS, 4 * sizeof(int)); }
size_t owner(shared [4] int *p) { return upc_threadof(p); }
void poke(strict shared int *f) { *f = 1; }

int main(void) {
  shared [4] int *p = upc_all_alloc(THREADS, 4 * sizeof(int));
  shared void *v = p;
  quad_t *q = v;
  strict shared [4] int *sp = p;
  gp = upc_alloc(16);
  upc_free(p);
  upc_memset(&A[0], 0, sizeof(int));
  upc_memcpy(&A[4], q, sizeof(int));
  if (v == p && sp != 0 && p != NULL) poke(&flag);
  upc_free(make());
  return (int)owner(&A[MYTHREAD]) + (int)upc_phaseof(sp);
}
