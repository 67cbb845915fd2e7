// '[*]' needs THREADS in a dimension under dynamic THREADS: UPC 1.3 6.5.2.1
// (constraint 1) asks for THREADS in exactly one dimension of a shared array
// with a definite block size, and ceil(100 / THREADS) would not be a
// compile-time block size.  With -T it is fine (surface_static_threads.upc;
// array_star.upc runs such an array in the upc suite's static variants).
#include <upc.h>
// CHECK: star_dynamic.upc:[[@LINE+1]]:1: error: layout qualifier '[*]' on 'a' (100 elements) needs THREADS in one dimension when THREADS is dynamic (UPC 1.3 6.5.2.1): its block size, 100 / THREADS rounded up, would not be a compile-time constant; write the dimension as a multiple of THREADS or compile with -T N
shared [*] int a[100];
// CHECK: star_dynamic.upc:[[@LINE+1]]:8: error: layout qualifier '[*]' on 'grid' (60 elements) needs THREADS in one dimension
static shared [*] double grid[6][10], ok[2][3 * THREADS];
// A scalar is one block whatever THREADS is.
shared [*] int scalar;
int main(void) { return 0; }
