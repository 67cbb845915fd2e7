// Found by upcc-fuzz (test/fuzz/BUGS.md): Clang 19 crashes on a function
// name initializing a pointer-to-shared (Open in BUGS.md) while the
// frontend evaluates a block size it cannot compute itself; the error must
// still be located.
#include <upc.h>
enum { B = 4 };
shared [B * sizeof(int)] int *make(void);
int main(void) {
  // CHECK: crash_in_block_size.upc:[[@LINE+1]]:{{[0-9]+}}: error: invalid conversion the C front end cannot diagnose
  shared [4] int *p = upc_all_alloc;
  return p != 0;
}
