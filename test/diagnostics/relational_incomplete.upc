// Relational comparison of pointers-to-shared to an incomplete type.
#include <upc.h>
int main(void) {
  shared void *a = upc_all_alloc(THREADS, 16);
  shared void *b = a;
  // CHECK: relational_incomplete.upc:[[@LINE+1]]:9: error: relational comparison of pointers-to-shared to an incomplete type ('shared void *')
  if (a < b) return 1;
  return a == b; // equality is fine
}
