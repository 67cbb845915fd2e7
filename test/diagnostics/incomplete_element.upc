// A shared array of an incomplete element type, and an object of the opaque
// type upc_lock_t (UPC 1.3 7.2.4: only pointers to it): C's errors, spoken
// in UPC's spelling.
#include <upc.h>
struct nope;
// CHECK: incomplete_element.upc:[[@LINE+1]]:23: error: array has incomplete element type 'shared struct nope'
shared struct nope arr[THREADS];
// CHECK: incomplete_element.upc:[[@LINE+1]]:12: error: tentative definition has type 'upc_lock_t' (aka 'shared struct upcrt_lock') that is never completed
upc_lock_t lk;
// CHECK-NOT: address_space
int main(void) { return 0; }
