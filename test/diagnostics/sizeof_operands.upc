// upc_localsizeof, upc_blocksizeof, upc_elemsizeof: a shared operand (UPC 1.3
// 6.4.1), and the constraints of sizeof (no bit-field, no incomplete type).
// A type operand is located at its '('.  upcc allows upc_blocksizeof and
// upc_elemsizeof of a shared array of unknown size: both values are known.
#include <upc.h>
extern shared [4] int ext[];
struct bits { int b : 3; int c; };
shared struct bits sb;
struct opaque;
int main(void) {
  int n = 0;
  shared int *p = 0;
  n += upc_blocksizeof(ext) + upc_elemsizeof(ext); // fine
  // CHECK: sizeof_operands.upc:[[@LINE+1]]:24: error: 'upc_localsizeof' applied to an incomplete type 'shared [4] int[]'
  n += upc_localsizeof(ext);
  // CHECK: sizeof_operands.upc:[[@LINE+1]]:23: error: 'upc_blocksizeof' applied to an incomplete type 'shared void'
  n += upc_blocksizeof(shared void);
  // CHECK: sizeof_operands.upc:[[@LINE+1]]:22: error: 'upc_elemsizeof' applied to an incomplete type 'shared struct opaque'
  n += upc_elemsizeof(shared struct opaque);
  // CHECK: sizeof_operands.upc:[[@LINE+1]]:24: error: 'upc_localsizeof' applied to a bit-field
  n += upc_localsizeof(sb.b);
  // CHECK: sizeof_operands.upc:[[@LINE+1]]:24: error: 'upc_blocksizeof' applied to a non-shared type 'shared int *'; the operand must have a shared-qualified type (a pointer-to-shared is private itself)
  n += upc_blocksizeof(p);
  n += upc_localsizeof(sb.c) + upc_blocksizeof(*p); // fine
  return n;
}
// CHECK: 5 errors generated.
