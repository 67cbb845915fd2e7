// `int main()` (no prototype): no warning or error names upcc's internals
// (the start-up code called the renamed main with argc and argv: "too many
// arguments in call to '__upcc_user_main'").  The backend compiles too
// (run-diag.sh uses upcc -c).
// EXIT: 0
// CHECK-NOT: __upcc
// CHECK-NOT: {{warning|error}}
#include <upc.h>
#include <stdio.h>
int main() {
  printf("%d\n", MYTHREAD);
  return 0;
}
