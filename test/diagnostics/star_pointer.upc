// '[*]' in a pointer type.
#include <upc.h>
// CHECK: star_pointer.upc:[[@LINE+1]]:1: error: layout qualifier '[*]' is not allowed in a pointer type
shared [*] int *p;
int main(void) { return 0; }
