// '[*]' in a typedef is a constraint violation (UPC 1.3 6.5.1.1, spec issue
// 71): '[*]' computes the block size of an object being declared, and a
// typedef declares none; on an array type, on a plain element type and on
// anything else alike.  (An earlier request had asked for the first two to
// be accepted; issue 19 item 13 corrects it.)  One error each, nothing after.
#include <upc.h>
// CHECK: star_typedef.upc:[[@LINE+1]]:17: error: layout qualifier '[*]' is not allowed in a typedef; write it in the declaration of each shared array
typedef shared [*] double row_t[10 * THREADS];
// CHECK: star_typedef.upc:[[@LINE+1]]:17: error: layout qualifier '[*]' is not allowed in a typedef
typedef shared [*] int sint;
// CHECK: star_typedef.upc:[[@LINE+1]]:24: error: layout qualifier '[*]' is not allowed in a typedef
typedef const shared [ * ] struct { int x; } pair_t;
// CHECK: star_typedef.upc:[[@LINE+1]]:17: error: layout qualifier '[*]' is not allowed in a typedef
typedef shared [*] int *sptr;
// CHECK: star_typedef.upc:[[@LINE+1]]:24: error: layout qualifier '[*]' is not allowed in a typedef
typedef strict shared [*] long a_t[4 * THREADS], b_t[THREADS];
// CHECK-NOT: error
row_t r;     // the typedefs are still declared (block size 1): no error
sint a[4 * THREADS];
shared [*] int fine[4 * THREADS]; // '[*]' in a declaration
int main(void) { return 0; }
// CHECK: 5 errors generated.
