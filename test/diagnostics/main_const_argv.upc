// main's parameters of other types than int and char ** that C allows
// (`const char **argv`): the start-up code converts its arguments, so no
// warning names upcc's internals ("passing 'char **' to parameter of type
// 'const char **'" named '__upcc_user_main').
// EXIT: 0
// CHECK-NOT: __upcc
// CHECK-NOT: {{warning|error}}
#include <upc.h>
int main(int argc, const char **argv) {
  return argc > 0 && argv[0][0] == 0;
}
