// More than one block size in a declaration (UPC 1.3 6.5 constraint 2,
// 6.5.1.1; through a typedef: layout_conflict_typedef.upc), and THREADS in a
// layout qualifier under dynamic THREADS (not a constant expression there).
#include <upc.h>
// CHECK: layout_conflict.upc:[[@LINE+1]]:12: error: more than one layout qualifier in a declaration
shared [4] shared [5] int a[20 * THREADS];
// CHECK: layout_conflict.upc:[[@LINE+1]]:9: error: THREADS may not appear in a layout qualifier under dynamic THREADS
shared [THREADS] int c[4 * THREADS];
int main(void) { return 0; }
