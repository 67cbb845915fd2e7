// '[*]' on an array of unknown size.
#include <upc.h>
// CHECK: star_incomplete.upc:[[@LINE+1]]:24: error: layout qualifier '[*]' is not allowed on an array of unknown size ('a')
extern shared [*] int a[];
int main(void) { return 0; }
