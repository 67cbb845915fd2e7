// strict/relaxed added to a shared typedef combine with its layout into one
// qualifier set (UPC 1.3, 6.5.1: qualifiers may come through a typedef).
// FLAGS: --print-surface
// EXIT: 0
#include <upc.h>
typedef shared [4] int quad_t;
typedef shared double real_t;
// CHECK: __attribute__((address_space(5242884))) int flags[4*__upcc_THREADS_DIM];
strict quad_t flags[4*THREADS];
// CHECK: __attribute__((address_space(6291457))) double val;
relaxed real_t val;
// CHECK: quad_t plain[4*__upcc_THREADS_DIM];
quad_t plain[4*THREADS];
int main(void) { return 0; }
