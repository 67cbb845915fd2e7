// The synchronization flags of a collective (UPC 1.3 7.3.1: at most one
// UPC_IN_* and one UPC_OUT_* flag): a constant argument is checked at
// compile time; a computed one at run time.
#include <upc.h>
#include <upc_collective.h>
shared int src[THREADS], dst[THREADS];
int main(int argc, char **argv) {
  (void)argv;
  // CHECK: coll_flags.upc:[[@LINE+1]]:44: error: 'upc_all_broadcast': more than one UPC_IN_* synchronization flag (6)
  upc_all_broadcast(dst, src, sizeof(int), UPC_IN_NOSYNC | UPC_IN_MYSYNC);
  // CHECK: coll_flags.upc:[[@LINE+1]]:42: error: 'upc_all_scatter': more than one UPC_OUT_* synchronization flag (40)
  upc_all_scatter(dst, src, sizeof(int), UPC_OUT_NOSYNC | UPC_OUT_ALLSYNC);
  // CHECK: coll_flags.upc:[[@LINE+1]]:41: error: 'upc_all_gather': unknown bits in the flags argument (1048576)
  upc_all_gather(dst, src, sizeof(int), 1 << 20);
  // CHECK: coll_flags.upc:[[@LINE+1]]:43: error: 'upc_all_exchange': more than one of UPC_PULL, UPC_PUSH, UPC_MULTICORE (768)
  upc_all_exchange(dst, src, sizeof(int), UPC_PULL | UPC_PUSH);
  // fine: one of each, none, or not a constant
  upc_all_broadcast(dst, src, sizeof(int), UPC_IN_MYSYNC | UPC_OUT_NOSYNC | UPC_PUSH);
  upc_all_broadcast(dst, src, sizeof(int), 0);
  upc_all_broadcast(dst, src, sizeof(int), argc);
  return 0;
}
// CHECK: 4 errors generated.
