// A layout qualifier that conflicts with the block size of a shared typedef
// (UPC 1.3 6.5 constraint 2: one block size per declaration, also through
// typedefs).
#include <upc.h>
typedef shared [4] int quad_t;
// CHECK: layout_conflict_typedef.upc:[[@LINE+1]]:1: error: conflicting shared qualifiers: the type is already shared-qualified (through a typedef) with a different layout or consistency
shared [5] quad_t b[20 * THREADS];
// CHECK-NOT: address_space
int main(void) { return 0; }
