// Found by upcc-fuzz (test/fuzz/BUGS.md): thousands of malformed upc_forall
// on one macro-expanded line.  The surface pass printed an error, with the
// whole 30 KB line, for each of them (minutes, 35 MB of output); it stops
// after 50 errors as Clang does.
#include <upc.h>
#define F4 upc_forall(;;;) upc_forall(;;;) upc_forall(;;;) upc_forall(;;;)
#define F64 F4 F4 F4 F4 F4 F4 F4 F4 F4 F4 F4 F4 F4 F4 F4 F4
#define F1024 F64 F64 F64 F64 F64 F64 F64 F64 F64 F64 F64 F64 F64 F64 F64 F64
int main(void) {
  // CHECK: many_errors_long_line.upc:[[@LINE+3]]:3: error: 'upc_forall' without a complete body
  // CHECK: many_errors_long_line.upc:[[@LINE+2]]:{{[0-9]+}}: fatal error: too many errors emitted, stopping now
  // CHECK: 51 errors generated
  F1024 F1024 ;
  return 0;
}
