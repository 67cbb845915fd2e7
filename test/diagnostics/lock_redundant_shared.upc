// A repeated shared qualifier with the same layout (C allows a repeated
// qualifier): `shared upc_lock_t *` (upc_lock_t is a shared type already)
// and a shared typedef with its own block size written again.  No warning.
// FLAGS: -Werror
// EXIT: 0
// CHECK-NOT: warning
// CHECK-NOT: error
#include <upc.h>
typedef shared [4] int quad_t;
shared upc_lock_t *lock;
shared [4] quad_t q[8 * THREADS];
shared upc_lock_t *shared locks[THREADS];
int main(void) {
  lock = upc_all_lock_alloc();
  upc_lock(lock);
  q[MYTHREAD] = 1;
  upc_unlock(lock);
  return 0;
}
