// '[*]' needs THREADS in a dimension under dynamic THREADS (ceil(100/THREADS)
// is not a compile-time block size); with -T it is fine (see surface_star.upc).
#include <upc.h>
// CHECK: star_dynamic.upc:[[@LINE+1]]:1: error: layout qualifier '[*]' on 'a' needs THREADS in a dimension when THREADS is dynamic (or compile with -T N)
shared [*] int a[100];
int main(void) { return 0; }
