// upc_local_alloc (UPC 1.1, deprecated by 1.2, removed in 1.3) still
// compiles: one warning at the call, in the user's file and spelling, naming
// the replacement; no second copy from the backend compile of the lowered C.
// EXIT: 0
#include <upc.h>

int main(void) {
  shared [] double *w = (shared [] double *)upc_local_alloc(10, sizeof(double));
  // CHECK: deprecated_local_alloc.upc:[[@LINE-1]]:45: warning: 'upc_local_alloc' is deprecated: upc_local_alloc is deprecated since UPC 1.2; use upc_alloc(nblocks * nbytes)
  // CHECK: 1 warning generated
  // CHECK-NOT: warning
  // CHECK-NOT: upcrt_pts_t
  upc_free(w);
  return 0;
}
