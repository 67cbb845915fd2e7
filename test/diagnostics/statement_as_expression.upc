// upc_fence, upc_barrier, upc_notify and upc_wait are statements (UPC 1.3
// 6.6.1), not expressions.
#include <upc.h>
int main(void) {
  // CHECK: statement_as_expression.upc:[[@LINE+1]]:11: error: 'upc_fence' is a statement; it cannot be used in an expression
  int x = upc_fence;
  // CHECK: statement_as_expression.upc:[[@LINE+1]]:7: error: 'upc_barrier' is a statement; it cannot be used in an expression
  if (upc_barrier) x = 1;
  // CHECK: statement_as_expression.upc:[[@LINE+1]]:11: error: 'upc_wait' is a statement; it cannot be used in an expression
  x = x + upc_wait 3;
  // CHECK: statement_as_expression.upc:[[@LINE+1]]:3: error: expected ';' after 'upc_fence' statement
  upc_fence + 1;
  if (x) upc_fence; else upc_barrier; // fine
  do upc_notify; while (0);
  upc_wait;
  return x;
}
