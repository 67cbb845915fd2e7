// A shared-qualified parameter.
#include <upc.h>
// CHECK: shared_parameter.upc:[[@LINE+1]]:23: error: parameter 'n' may not be shared-qualified; pass a pointer-to-shared instead
void scale(shared int n, shared int *ok);
int main(void) { return 0; }
