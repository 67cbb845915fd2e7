// A shared-qualified parameter: an error, unless it is declared as an array
// (adjusted to a pointer-to-shared, as every C array parameter is: issue 19
// item 7, test/decls/array_params).
#include <upc.h>
// CHECK: shared_parameter.upc:[[@LINE+1]]:23: error: parameter 'n' may not be shared-qualified; pass a pointer-to-shared instead
void scale(shared int n, shared int *ok);
// CHECK: shared_parameter.upc:[[@LINE+1]]:53: error: parameter 'm' may not be shared-qualified; pass a pointer-to-shared instead
void rows(shared int a[2][10 * THREADS], shared int m, shared [4] int b[]);
// CHECK: shared_parameter.upc:[[@LINE+1]]:31: error: parameter 'p' may not be shared-qualified; pass a pointer-to-shared instead
void point(shared int *shared p) { (void)p; }
typedef shared int sint;
// CHECK: shared_parameter.upc:[[@LINE+1]]:17: error: parameter 'v' may not be shared-qualified; pass a pointer-to-shared instead
void typed(sint v, sint ok[]);
// CHECK-NOT: error
// sizeof and casts in parentheses are not parameter lists: still arrays
int sizes[sizeof(shared int [4]) == 4 * sizeof(int) ? 1 : -1];
int main(void) { return 0; }
// CHECK: 4 errors generated.
