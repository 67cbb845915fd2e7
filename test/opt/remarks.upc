// remarks.upc — upcc -Rupc on UPC source: remark locations are in the
// user's spelling, also on lines whose upc_forall header the surface pass
// rewrote (the columns below are those of this file).
#include <upc.h>

shared double a[10 * THREADS], b[10 * THREADS];
shared [4] int blk[4 * THREADS];
shared long hist[THREADS];
strict shared long flag;

void kernel(double q, long n) {
  long i;
  // CHECK: remarks.upc:[[@LINE+5]]:3: remark: upc_forall affinity test removed (cyclic layout)
  // CHECK: remarks.upc:[[@LINE+4]]:43: remark: a[i] privatized (local to the executing thread)
  // CHECK: remarks.upc:[[@LINE+3]]:54: remark: b[i] privatized (local to the executing thread)
  // CHECK: remarks.upc:[[@LINE+2]]:60: remark: hist[i % THREADS] not privatized
  // CHECK: remarks.upc:[[@LINE+1]]:60: remark: hist[i % THREADS] += 1 converted to a remote update (UPC_ADD)
  upc_forall (i = 0; i < n; i++; &a[i]) { a[i] = q * b[i]; hist[i % THREADS] += 1; }
  // CHECK: remarks.upc:[[@LINE+2]]:3: remark: upc_forall affinity test removed (blocked layout, block 4)
  // CHECK: remarks.upc:[[@LINE+1]]:58: remark: blk[i] privatized (local to the executing thread)
  upc_forall (i = 0; i < 4 * THREADS; i++; &blk[i])      blk[i]++;
  // CHECK: remarks.upc:[[@LINE+1]]:3: remark: flag += 1 not converted to a remote update: {{.*}}strict
  flag += 1;
  // CHECK: upcc: remark: upc optimizer: 2 of 2 upc_forall affinity tests removed, 3 of 4 accesses privatized, 1 of 2 updates converted
}
