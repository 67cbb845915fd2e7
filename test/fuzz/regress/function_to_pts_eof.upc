// Found by upcc-fuzz (test/fuzz/BUGS.md): a function name initializing a
// pointer-to-shared, at the end of a truncated file.  Clang 19's Sema crashes
// on it (Sema::DiagnoseAssignmentResult); the error names the last token.
#include <upc.h>
int main(void) {
  // CHECK: function_to_pts_eof.upc:[[@LINE+1]]:20: error: invalid conversion the C front end cannot diagnose
  shared void *a = upc_all_alloc
