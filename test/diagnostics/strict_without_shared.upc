// strict/relaxed qualify shared types only.
#include <upc.h>
// CHECK: strict_without_shared.upc:[[@LINE+1]]:1: error: 'strict' qualifier requires a shared-qualified type
strict int flag;
int main(void) { return 0; }
