// A shared variable with automatic storage duration.
#include <upc.h>
int main(void) {
  // CHECK: shared_automatic.upc:[[@LINE+1]]:14: error: 'counter' is declared shared but has automatic storage duration; shared variables must be static or declared at file scope
  shared int counter;
  static shared int ok; // allowed
  return 0;
}
