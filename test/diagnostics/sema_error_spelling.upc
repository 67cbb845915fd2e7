// Clang's own errors speak UPC: types are spelled with shared qualifiers.
#include <upc.h>
shared [8] double A[8 * THREADS];
struct point { int x; };
int main(void) {
  // CHECK: sema_error_spelling.upc:[[@LINE+1]]:16: error: {{.*}}'shared [8] double'{{.*}}
  struct point p = A[0];
  // CHECK-NOT: address_space
  return p.x;
}
