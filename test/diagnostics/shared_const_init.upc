// A `shared const` object with an initial value: no warning (the backend
// warned about a duplicate 'const' in the generated line, which names
// upcc's internals: issue 19 item 11).
// EXIT: 0
// CHECK-NOT: __upcc
// CHECK-NOT: {{warning|error}}
#include <upc.h>
shared const int sci = 17;
const shared [2] double scd[2 * THREADS] = {1.5, 2.5};
int main(void) { return sci + (int)scd[1] == 0; }
