// UPC 1.3 6.4.2 (spec issue 104): the relational operators need two
// pointers-to-shared to object types; one to an object type and one to
// shared void is an error (C allows it for private pointers), in either
// order and with any block size.  Equality comparison of the two stays valid.
#include <upc.h>
shared int *p;
shared [4] double *p4;
shared [] char *pi;
shared void *q;
int main(void) {
  int r = 0;
  // CHECK: relational_void.upc:[[@LINE+1]]:10: error: relational comparison of a pointer-to-shared to an object type with a pointer to shared void ('shared int *' and 'shared void *'); cast one to the other's type
  r += p < q;
  // CHECK: relational_void.upc:[[@LINE+1]]:10: error: relational comparison of a pointer-to-shared to an object type with a pointer to shared void ('shared void *' and 'shared [4] double *')
  r += q >= p4;
  // CHECK: relational_void.upc:[[@LINE+1]]:11: error: relational comparison of a pointer-to-shared to an object type with a pointer to shared void ('shared [] char *' and 'shared void *')
  r += pi <= q;
  // CHECK: relational_void.upc:[[@LINE+1]]:10: error: relational comparison of a pointer-to-shared to an object type with a pointer to shared void ('shared void *' and 'shared int *')
  r += q > p;
  // CHECK-NOT: error
  r += p == q || q != p4 || pi == q || q == pi;
  r += p < (shared int *)q; // a cast makes it valid
  r += (shared void *)p4 == q;
  return r;
}
// CHECK: 4 errors generated.
