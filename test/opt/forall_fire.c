// forall_fire.c — upc_forall loops whose affinity test pass 1 must remove
// (surface form: shared [B] == address_space(0x400000 | B)).
// RUN-ARGS:
// RUN-ARGS: -fno-upc-forall-opt --prefix=OFF
// RUN-ARGS: -fupc-opts=none --prefix=OFF
#define SHARED_CYC __attribute__((address_space(4194305)))  /* shared     */
#define SHARED_B4 __attribute__((address_space(4194308)))   /* shared [4] */
#define SHARED_IND __attribute__((address_space(4194304)))  /* shared []  */
int SHARED_CYC a[100];
int SHARED_B4 b[100];
double SHARED_CYC m[10][4 * __upcc_THREADS_DIM];
int SHARED_B4 blk2[8][4 * __upcc_THREADS_DIM];
int SHARED_IND ind[50];
struct P { int x, y; };
struct P SHARED_B4 pts[64];

void f(int n, int SHARED_B4 *p, int SHARED_IND *q) {
  // CHECK: forall_fire.c:[[@LINE+2]]:3: remark: upc_forall affinity test removed (cyclic layout)
  // OFF-NOT: test removed
  for (int i = 0; i < 100; i++) if (__upcc_forall_affinity(&a[i])) { a[i] = i; }
  // CHECK: forall_fire.c:[[@LINE+1]]:3: remark: upc_forall affinity test removed (blocked layout, block 4)
  for (int i = 0; i < n; i++) if (__upcc_forall_affinity(&b[i])) { b[i] = i; }
  // CHECK: forall_fire.c:[[@LINE+1]]:3: remark: upc_forall affinity test removed (integer affinity)
  for (int i = 3; i <= n; i += 2) if (__upcc_forall_affinity(i)) { a[i] = 1; }
  // CHECK: forall_fire.c:[[@LINE+1]]:3: remark: upc_forall affinity test removed (integer affinity)
  for (int i = n; i > 0; i--) if (__upcc_forall_affinity(2 * i + MYTHREAD + 1)) { a[i] = 1; }
  // Multi-dimensional with a THREADS dimension: a row of 4*THREADS elements.
  // CHECK: forall_fire.c:[[@LINE+1]]:3: remark: upc_forall affinity test removed (cyclic layout)
  for (int i = 0; i < 10; i++) if (__upcc_forall_affinity(&m[i][0])) { m[i][0] = 1; }
  // CHECK: forall_fire.c:[[@LINE+2]]:5: remark: upc_forall affinity test removed (cyclic layout)
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 4 * THREADS; j++) if (__upcc_forall_affinity(&m[i][j])) { m[i][j] = 2; }
  // Rows of blocked arrays: the block divides the row length.
  // CHECK: forall_fire.c:[[@LINE+1]]:3: remark: upc_forall affinity test removed (blocked layout, block 4, one block per iteration)
  for (int i = 0; i < 8; i++) if (__upcc_forall_affinity(&blk2[i][0])) { blk2[i][1] = 1; }
  // CHECK: forall_fire.c:[[@LINE+1]]:3: remark: upc_forall affinity test removed (indefinite layout)
  for (int i = 0; i < 50; i++) if (__upcc_forall_affinity(&ind[i])) { ind[i] = 0; }
  // Pointers with a known block size, a struct member's address.
  // CHECK: forall_fire.c:[[@LINE+1]]:3: remark: upc_forall affinity test removed (blocked layout, block 4)
  for (int i = 0; i < n; i++) if (__upcc_forall_affinity(&p[i])) { p[i] = 0; }
  // CHECK: forall_fire.c:[[@LINE+1]]:3: remark: upc_forall affinity test removed (indefinite layout)
  for (int i = 0; i < n; i++) if (__upcc_forall_affinity(q + i)) { q[i] = 0; }
  // CHECK: forall_fire.c:[[@LINE+1]]:3: remark: upc_forall affinity test removed (blocked layout, block 4)
  for (int i = 0; i < 64; i++) if (__upcc_forall_affinity(&pts[i].y)) { pts[i].x = 0; }
  // An induction variable declared outside, overwritten before its next read.
  int k;
  // CHECK: forall_fire.c:[[@LINE+1]]:3: remark: upc_forall affinity test removed (cyclic layout)
  for (k = 0; k < 100; k++) if (__upcc_forall_affinity(&a[k])) { a[k] = 1; }
  for (k = 0; k < 3; k++) n += k;
  // C89: declared at the top, reused by the next loop of an iteration loop
  // (liveness on the CFG: the next loop writes x before reading it).
  int x, it;
  for (it = 0; it < 5; it++) {
    // CHECK: forall_fire.c:[[@LINE+1]]:5: remark: upc_forall affinity test removed (cyclic layout) [-Rupc]
    for (x = 1; x < n - 1; x++) if (__upcc_forall_affinity(&a[x])) { a[x] = a[x - 1]; }
    // CHECK: forall_fire.c:[[@LINE+1]]:5: remark: upc_forall affinity test removed (cyclic layout) [-Rupc]
    for (x = 1; x < n - 1; x++) if (__upcc_forall_affinity(&a[x])) { a[x] = a[x + 1]; }
  }
  // Read after the loop: it gets the value the whole loop leaves.
  // CHECK: forall_fire.c:[[@LINE+1]]:3: remark: upc_forall affinity test removed (cyclic layout); 'x' gets the loop's exit value after it
  for (x = 0; x < n; x += 3) if (__upcc_forall_affinity(&a[x])) { a[x] = 1; }
  n += x;
  // Read again by the enclosing loop's next iteration before it is written.
  for (it = 0; it < 5; it++) {
    n += k;
    // CHECK: forall_fire.c:[[@LINE+1]]:5: remark: upc_forall affinity test removed (integer affinity); 'k' gets the loop's exit value after it
    for (k = n; k > 0; k--) if (__upcc_forall_affinity(k)) { a[k] = 1; }
  }
  // A break of an inner loop or switch does not leave the forall.
  // CHECK: forall_fire.c:[[@LINE+1]]:3: remark: upc_forall affinity test removed (cyclic layout); 'x' gets the loop's exit value after it
  for (x = 0; x < n; x++) if (__upcc_forall_affinity(&a[x])) {
    for (int j = 0; j < 3; j++) if (a[j]) break;
    switch (x) { case 1: break; default: a[x] = 2; }
    while (n) break;
  }
  n += x;
  // != with a unit step: the iterations of <.
  // CHECK: forall_fire.c:[[@LINE+1]]:3: remark: upc_forall affinity test removed (blocked layout, block 4) [-Rupc]
  for (int i = 0; i != n; i++) if (__upcc_forall_affinity(&b[i])) { b[i] = i; }
  // CHECK: upc optimizer: 18 of 18 upc_forall affinity tests removed
  // OFF: upc optimizer: 0 of 0 upc_forall affinity tests removed
}
