// A shared-qualified return type.
#include <upc.h>
// CHECK: shared_return.upc:[[@LINE+1]]:12: error: function 'next_value' may not return a shared-qualified type ('shared int'); return a pointer-to-shared instead
shared int next_value(void);
int main(void) { return 0; }
