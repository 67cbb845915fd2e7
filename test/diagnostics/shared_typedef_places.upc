// The shared-qualification constraints hold through a typedef too (UPC 1.3
// 6.5.1): a member, a parameter, an automatic variable (a return type:
// shared_return_typedef.upc).
#include <upc.h>
typedef shared int sint;
struct rec {
  // CHECK: shared_typedef_places.upc:[[@LINE+1]]:8: error: member 'm' may not be shared-qualified; declare the whole structure object shared instead
  sint m;
  // CHECK: shared_typedef_places.upc:[[@LINE+1]]:14: error: member 'b' may not be shared-qualified; declare the whole structure object shared instead
  shared int b:3;
};
// CHECK: shared_typedef_places.upc:[[@LINE+1]]:13: error: parameter 'x' may not be shared-qualified; pass a pointer-to-shared instead
void f(sint x);
int main(void) {
  // CHECK: shared_typedef_places.upc:[[@LINE+1]]:8: error: 'loc' is declared shared but has automatic storage duration; shared variables must be static or declared at file scope
  sint loc;
  static sint fine; // static storage: allowed
  return 0;
}
