// main(argc, argv) is renamed and called through upcrt_start.
#include <upc.h>
#include <stdio.h>

int main(int argc, char **argv) {
  // CHECK: int __upcc_user_main(int argc, char **argv) {
  printf("%d %s\n", argc, argv[0]);
  // CHECK: return 0; }
}
// CHECK: static int __upcc_main(int argc, char **argv) {
// CHECK: return __upcc_user_main((int)argc, (char **)argv);
// CHECK: int main(int argc, char **argv) {
// CHECK: static const upcrt_config_t config = { 0, 0u };
// CHECK: upcrt_start(argc, argv, __upcc_main, &config);
