// A upc_forall with three clauses, and one that is never closed.
#include <upc.h>
int main(void) {
  int i;
  // CHECK: forall_malformed.upc:[[@LINE+1]]:3: error: 'upc_forall' needs four clauses: (init; condition; step; affinity)
  upc_forall (i = 0; i < 10; i++) { }
  // CHECK: forall_malformed.upc:[[@LINE+1]]:3: error: unterminated 'upc_forall': missing ')'
  upc_forall (i = 0; i < 10; i++; i
