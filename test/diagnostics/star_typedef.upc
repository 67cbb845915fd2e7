// '[*]' in a typedef.
#include <upc.h>
// CHECK: star_typedef.upc:[[@LINE+1]]:9: error: layout qualifier '[*]' is not allowed in a typedef
typedef shared [*] double row_t[10 * THREADS];
int main(void) { return 0; }
