// rows.c — the stencil rules (issue 23), must fire and must not fire:
// privatization of accesses in the affinity's block (x-1, x+1, with the
// loop's bounds) or a whole number of layout periods away; loop versioning
// of rows (y-1, y+1, another grid) in upc_forall and plain loops.
// RUN-ARGS:
// RUN-ARGS: -T 2 --prefix=T2
// RUN-ARGS: -T 3 --prefix=T3
// RUN-ARGS: -fno-upc-loop-versioning --prefix=NOLV
#define SHARED_B16 __attribute__((address_space(4194320)))  /* shared [16] */
#define SHARED_B4 __attribute__((address_space(4194308)))   /* shared [4]  */
#define SHARED_CYC __attribute__((address_space(4194305)))  /* shared      */
#define SHARED_IND __attribute__((address_space(4194304)))  /* shared []   */
#define STRICT_B16 __attribute__((address_space(5242896)))  /* strict shared [16] */
double SHARED_B16 g[2][16][16];
double SHARED_B16 w[16 * __upcc_THREADS_DIM];
long SHARED_B4 v[16 * __upcc_THREADS_DIM];
long SHARED_CYC c[8 * __upcc_THREADS_DIM];
double SHARED_IND ind[16][16];
double STRICT_B16 sg[16][16];
double f2(int);
struct ps { int SHARED_CYC *p; int x; };
enum { PS = sizeof(struct ps) }; // 16 to Clang, 24 in the generated C

void f(int s, int d, int n, double SHARED_B16 *p) {
  int x, y, i;
  double t = 0;
  // The textbook's sweep: x-1 and x+1 stay in the affinity's block
  // (x in [1, 14], the block is [0, 15]); y-1, y+1 and g[d] are other rows.
  for (y = 1; y < 15; y++)
    // CHECK: rows.c:[[@LINE+11]]:5: remark: upc_forall affinity test removed (blocked layout, block 16, the iterations in one block)
    // CHECK: [[@LINE+11]]:7: remark: g[d][y][x] not privatized: the index differs from the affinity by an amount that is not constant
    // CHECK: [[@LINE+10]]:7: remark: g[d][y][x] versioned: plain C when its row lies in one block on this node
    // CHECK: [[@LINE+9]]:21: remark: g[s][y - 1][x] not privatized: the index differs from the affinity by -16: that leaves the affinity's block and is not a whole number of THREADS blocks
    // CHECK: [[@LINE+8]]:21: remark: g[s][y - 1][x] versioned: plain C when its row lies in one block (on this node, or read with one get from another)
    // CHECK: [[@LINE+7]]:38: remark: g[s][y + 1][x] not privatized
    // CHECK: [[@LINE+6]]:38: remark: g[s][y + 1][x] versioned
    // CHECK: [[@LINE+6]]:21: remark: g[s][y][x - 1] privatized (in the affinity's block, -1 from it)
    // CHECK: [[@LINE+5]]:38: remark: g[s][y][x + 1] privatized (in the affinity's block, 1 from it)
    // NOLV-NOT: versioned: plain C
    // NOLV: g[s][y][x - 1] privatized (in the affinity's block
    for (x = 1; x < 15; x++) if (__upcc_forall_affinity(&g[s][y][x]))
      g[d][y][x] = (g[s][y - 1][x] + g[s][y + 1][x] +
                    g[s][y][x - 1] + g[s][y][x + 1]) / 4.0;
  // The whole block: x + 1 leaves it at x = 15, as a row too.
  // CHECK: [[@LINE+3]]:3: remark: upc_forall affinity test removed (blocked layout, block 16, the iterations in one block)
  // CHECK: [[@LINE+3]]:10: remark: g[s][2][x + 1] not privatized: the index differs from the affinity by 1: that leaves the affinity's block
  // CHECK: [[@LINE+2]]:10: remark: g[s][2][x + 1] not versioned: its elements over the loop's range cross a block's edge
  for (x = 0; x < 16; x++) if (__upcc_forall_affinity(&g[s][2][x]))
    t += g[s][2][x + 1];
  // Bounds unknown at compile time: not privatized (where the affinity lies
  // in its block is not known), a row tested at run time.
  // CHECK: [[@LINE+3]]:3: remark: upc_forall affinity test removed (blocked layout, block 16)
  // CHECK: [[@LINE+3]]:10: remark: g[s][2][x + 1] not privatized: the index differs from the affinity by 1: that leaves the affinity's block
  // CHECK: [[@LINE+2]]:10: remark: g[s][2][x + 1] versioned
  for (x = 0; x < n; x++) if (__upcc_forall_affinity(&g[s][2][x]))
    t += g[s][2][x + 1];
  // A layout period away: 4*THREADS elements of shared [4] is one block on
  // the same thread; 8 is one under -T 2 only, 128 elements of shared [16]
  // (8 blocks) under -T 2 too.
  // CHECK: [[@LINE+7]]:10: remark: v[i + 4 * THREADS] privatized (a whole number of THREADS blocks from the affinity's block: on the executing thread)
  // CHECK: [[@LINE+6]]:31: remark: v[i + 8] not privatized: the index differs from the affinity by 8
  // T2: [[@LINE+5]]:10: remark: v[i + 4 * THREADS] privatized (a whole number of THREADS blocks
  // T2: [[@LINE+4]]:31: remark: v[i + 8] privatized (a whole number of THREADS blocks
  // T2: [[@LINE+4]]:68: remark: w[x + 128] privatized (a whole number of THREADS blocks
  // T3: [[@LINE+3]]:68: remark: w[x + 128] not privatized: the index differs from the affinity by 128: that leaves the affinity's block and is not a whole number of THREADS blocks
  for (i = 0; i < n; i++) if (__upcc_forall_affinity(&v[i]))
    t += v[i + 4 * THREADS] + v[i + 8];
  for (x = 1; x < 15; x++) if (__upcc_forall_affinity(&w[x])) t += w[x + 128];
  // Cyclic: THREADS elements on is the next element of the same thread;
  // one element on is another thread, and consecutive elements are no row.
  // CHECK: [[@LINE+3]]:67: remark: c[i + THREADS] privatized (a whole number of THREADS blocks
  // CHECK: [[@LINE+2]]:84: remark: c[i + 1] not privatized: the index differs from the affinity by 1
  // CHECK: [[@LINE+1]]:84: remark: c[i + 1] not versioned: a cyclic layout puts consecutive elements on different threads
  for (i = 0; i < n; i++) if (__upcc_forall_affinity(&c[i])) t += c[i + THREADS] + c[i + 1];
  // A blocked pointer: the iterations in one block and p[x + 1] in it where
  // p is at phase 0, which the lowering tests before the loop.
  // CHECK: [[@LINE+2]]:3: remark: upc_forall affinity test removed (blocked layout, block 16, the iterations in one block where 'p' is at phase 0)
  // CHECK: [[@LINE+1]]:68: remark: p[x + 1] privatized (in the affinity's block, 1 from it)
  for (x = 1; x < 15; x++) if (__upcc_forall_affinity(&p[x])) t += p[x + 1];
  // A strict access is neither.
  // CHECK: [[@LINE+2]]:74: remark: sg[y][x + 1] not privatized: strict access
  // CHECK-NOT: sg[y][x + 1] versioned
  for (x = 1; x < 15; x++) if (__upcc_forall_affinity(&g[0][y][x])) t += sg[y][x + 1];
  // Rows read with one get from another node only when nothing in the
  // loop could write them: not with a naive shared write, nor a call.
  // CHECK: [[@LINE+2]]:76: remark: g[s][y + 1][x] versioned: plain C when its row lies in one block on this node [-Rupc]
  // CHECK: [[@LINE+2]]:76: remark: g[s][y + 1][x] versioned: plain C when its row lies in one block on this node [-Rupc]
  for (x = 1; x < 15; x++) if (__upcc_forall_affinity(&g[s][y][x])) { t += g[s][y + 1][x]; c[x] = t; }
  for (x = 1; x < 15; x++) if (__upcc_forall_affinity(&g[s][y][x])) { t += g[s][y + 1][x] * f2(x); }
  // Plain loops: every access a row (or a 'shared []' pointer), no calls.
  // CHECK: [[@LINE+1]]:3: remark: loop versioned: 3 accesses are plain C when 3 rows each lie in one block on this node (2 of them also on another node, read with one get)
  for (x = 1; x < 15; x++) g[d][5][x] = g[s][4][x] + g[s][6][x];
  // CHECK: [[@LINE+1]]:3: remark: loop versioned: 2 accesses are plain C when 1 row lies in one block on this node (1 of them also on another node, read with one get)
  for (x = 0; x < 16; x++) t += ind[y][x] * ind[y + 1][x];
  // CHECK: [[@LINE+1]]:3: remark: loop not versioned: it calls functions
  for (x = 1; x < 15; x++) g[d][5][x] = g[s][4][x] + f2(x);
  // CHECK: [[@LINE+1]]:3: remark: loop not versioned: c[x] is not a row on one thread: a cyclic layout
  for (x = 1; x < 15; x++) t += c[x];
  // CHECK: [[@LINE+1]]:3: remark: loop not versioned: g[s][x][4] is not a row on one thread: its index does not move by one element per iteration of 'x'
  for (x = 1; x < 15; x++) t += g[s][x][4];
  // Sizes of types holding a pointer-to-shared are not Clang's to fold.
  // CHECK: [[@LINE+1]]:3: remark: loop not versioned: g[d][5][x + PS] is not a row on one thread: a size the generated C computes differently (a type holding a pointer-to-shared)
  for (x = 0; x < 4; x++) g[d][5][x + PS] = 0;
  // NOLV-NOT: loop versioned
  g[0][0][0] = t;
}
