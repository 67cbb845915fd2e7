// A K&R definition of main (valid gnu11, which upcc compiles): no warning,
// and none from the backend about the renamed function (its message showed
// the generated line, naming upcc's internals).
// EXIT: 0
// CHECK-NOT: __upcc
// CHECK-NOT: {{warning|error}}
#include <upc.h>
int main(argc, argv) int argc; char **argv; { return argc > 0 && argv[0] == 0; }
