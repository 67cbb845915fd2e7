// '[*]' in a typedef: valid on an array type and on a plain element type
// (resolved for each object declared with it); not on anything else.
#include <upc.h>
typedef shared [*] double row_t[10 * THREADS];
typedef shared [*] int sint;
row_t r;
sint a[4 * THREADS];
// CHECK: star_typedef.upc:[[@LINE+1]]:9: error: layout qualifier '[*]' in a typedef needs an array type or a plain type name
typedef shared [*] struct { int x; } pair_t;
// CHECK: star_typedef.upc:[[@LINE+1]]:9: error: layout qualifier '[*]' is not allowed in a pointer type
typedef shared [*] int *sptr;
int main(void) { return 0; }
