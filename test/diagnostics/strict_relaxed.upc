// strict and relaxed together, directly or through a typedef (UPC 1.3 6.5
// constraint 1), and strict/relaxed without shared (6.5.1 constraint).
#include <upc.h>
typedef strict shared int sflag_t;
// CHECK: strict_relaxed.upc:[[@LINE+1]]:1: error: 'strict' and 'relaxed' cannot both qualify a type
strict relaxed shared int a;
// CHECK: strict_relaxed.upc:[[@LINE+1]]:1: error: 'relaxed' conflicts with the 'strict' of typedef 'sflag_t'
relaxed sflag_t b;
strict sflag_t c; // repeating the typedef's own is fine
// CHECK: strict_relaxed.upc:[[@LINE+1]]:6: error: 'relaxed' qualifier requires a shared-qualified type
int *relaxed p;
int main(void) { return 0; }
