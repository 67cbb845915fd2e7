// Clang's constants take a pointer-to-shared for its 8-byte pointer; the
// generated C has a 16-byte upcrt_pts_t.  A _Static_assert on the layout of
// a type holding one is decided with the generated C's layout, and so is its
// message.  Clang's array-bounds warning takes a THREADS dimension for
// THREADS times larger, and still warns on a constant one.
#include <upc.h>
#include <stddef.h>
struct pt { shared int *p; int x; };
enum { PT = sizeof(struct pt) };
shared int a[4 * THREADS];
shared int c[4];
int main(void) {
  // CHECK-NOT: pts_layout_assert.upc:[[@LINE+1]]:{{.*}}past the end
  shared int *q = &a[5];
  // CHECK: pts_layout_assert.upc:[[@LINE+1]]:11: warning: array index 5 is past the end of the array
  int z = c[5];
  return (int)(q - &a[0]) + z;
}
_Static_assert(sizeof(struct pt) == 24 && PT == 24, "holds in the generated C");
_Static_assert(offsetof(struct pt, x) == 16 && sizeof(shared int *) == 16, "so does this");
// CHECK-NOT: static assertion failed
// CHECK: pts_layout_assert.upc:[[@LINE+1]]:16: error: static assertion failed: Clang's size
_Static_assert(sizeof(struct pt) == 16, "Clang's size");
// CHECK: pts_layout_assert.upc:[[@LINE+1]]:16: error: static assertion failed: wrong in both
_Static_assert(PT == 32, "wrong in both");
// CHECK-NOT: evaluates to
// CHECK: 1 warning and 2 errors generated.
