// Arithmetic on shared void * (UPC 1.3 6.4.2 with C 6.5.6: the pointer
// operand must point to a complete object type; GNU C's void * arithmetic
// has no meaning for a pointer-to-shared, whose layout needs the element size).
#include <upc.h>
int main(void) {
  shared void *v = upc_all_alloc(THREADS, 16);
  // CHECK: shared_void_arith.upc:[[@LINE+1]]:9: error: arithmetic on a pointer to shared void ('shared void *'); cast it to a pointer-to-shared of a complete type
  v = v + 1;
  // CHECK: shared_void_arith.upc:[[@LINE+1]]:4: error: arithmetic on a pointer to shared void ('shared void *')
  v++;
  // CHECK: shared_void_arith.upc:[[@LINE+1]]:3: error: arithmetic on a pointer to shared void ('shared void *')
  --v;
  // CHECK: shared_void_arith.upc:[[@LINE+1]]:5: error: arithmetic on a pointer to shared void ('shared void *')
  v += 2;
  // CHECK: shared_void_arith.upc:[[@LINE+1]]:14: error: arithmetic on a pointer to shared void ('shared void *')
  long d = v - v;
  shared char *c = (shared char *)v + 1; // fine: a complete type
  return (int)d + (c == 0);
}
// CHECK: 5 errors generated.
