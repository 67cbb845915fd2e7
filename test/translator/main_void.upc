// int main(void) is adapted to upcrt_start's int (*)(int, char **);
// -shared-heap is baked into the configuration.
#include <upc.h>

int main(void) {
  // CHECK: int __upcc_user_main(void) {
  upc_barrier;
  return 3;
}
// CHECK: return __upcc_user_main();
// CHECK: static const upcrt_config_t config = { 0, 33554432u };
