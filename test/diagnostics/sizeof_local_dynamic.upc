// upc_localsizeof of an array without a THREADS dimension depends on THREADS:
// not an integer constant under dynamic THREADS (it is with -T N, see
// test/upc/sizeof_local_const.upc); upc_blocksizeof/upc_elemsizeof of the
// same operands, through locals too, are.
#include <upc.h>
shared [3] double D[10];
int f(shared [3] double *q) {
  _Static_assert(upc_blocksizeof *q == 3 && upc_elemsizeof(D) == sizeof(double), "ok");
  // CHECK: sizeof_local_dynamic.upc:[[@LINE+1]]:18: error: static assertion expression is not an integral constant expression
  _Static_assert(upc_localsizeof(D) > 0, "depends on THREADS");
  return 0;
}
int main(void) { return f(D); }
