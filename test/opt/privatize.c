// privatize.c — accesses pass 2 must privatize (same layout and index as the
// affinity) and must not (another block size or index, strict, address
// taken, a pointer modified in the loop).
// RUN-ARGS:
// RUN-ARGS: -fno-upc-privatize --prefix=OFF
#define SHARED_CYC __attribute__((address_space(4194305)))     /* shared        */
#define SHARED_B4 __attribute__((address_space(4194308)))      /* shared [4]    */
#define STRICT_CYC __attribute__((address_space(5242881)))     /* strict shared */
#define SHARED_IND __attribute__((address_space(4194304)))     /* shared []     */
double SHARED_CYC a[100], b[100], c[100];
int SHARED_B4 x[100], y[100];
int STRICT_CYC s[100];
double SHARED_CYC m[10][4 * __upcc_THREADS_DIM];
struct P { int u, v; };
struct P SHARED_B4 pts[100];

void f(int n, double q, int SHARED_B4 *p, int SHARED_IND *ind) {
  // CHECK: privatize.c:[[@LINE+3]]:{{[0-9]+}}: remark: a[i] privatized
  // CHECK: privatize.c:[[@LINE+2]]:{{[0-9]+}}: remark: b[i] privatized
  // CHECK: privatize.c:[[@LINE+1]]:{{[0-9]+}}: remark: c[i] privatized
  for (int i = 0; i < 100; i++) if (__upcc_forall_affinity(&a[i])) a[i] = b[i] + q * c[i];
  // CHECK: privatize.c:[[@LINE+3]]:{{[0-9]+}}: remark: x[i] privatized
  // CHECK: privatize.c:[[@LINE+2]]:{{[0-9]+}}: remark: y[i] privatized
  // CHECK: privatize.c:[[@LINE+1]]:{{[0-9]+}}: remark: x[i + 1] not privatized: the index differs from the affinity
  for (int i = 0; i < n; i++) if (__upcc_forall_affinity(&x[i])) { x[i] = y[i] + x[i + 1]; }
  // CHECK: privatize.c:[[@LINE+2]]:{{[0-9]+}}: remark: a[i] not privatized: block size 1 differs from the affinity's 4
  // CHECK: privatize.c:[[@LINE+1]]:{{[0-9]+}}: remark: s[i] not privatized: strict access
  for (int i = 0; i < n; i++) if (__upcc_forall_affinity(&x[i])) { a[i] = s[i]; }
  // Integer affinity with cyclic arrays.
  // CHECK: privatize.c:[[@LINE+2]]:{{[0-9]+}}: remark: a[i] privatized
  // CHECK: privatize.c:[[@LINE+1]]:{{[0-9]+}}: remark: x[i] not privatized: integer affinity and a non-cyclic layout
  for (int i = 0; i < n; i++) if (__upcc_forall_affinity(i)) { a[i] = x[i]; }
  // Multi-dimensional, a pointer with a known block size, struct members.
  // CHECK: privatize.c:[[@LINE+2]]:{{[0-9]+}}: remark: m[i][j] privatized
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 4 * THREADS; j++) if (__upcc_forall_affinity(&m[i][j])) { m[i][j] = i; }
  // CHECK: privatize.c:[[@LINE+1]]:{{[0-9]+}}: remark: p[i] privatized
  for (int i = 0; i < n; i++) if (__upcc_forall_affinity(&p[i])) { p[i] += 1; }
  // CHECK: privatize.c:[[@LINE+1]]:{{[0-9]+}}: remark: pts[i] privatized
  for (int i = 0; i < n; i++) if (__upcc_forall_affinity(&pts[i])) { pts[i].v = i; }
  // CHECK: privatize.c:[[@LINE+1]]:{{[0-9]+}}: remark: ind[i] privatized
  for (int i = 0; i < n; i++) if (__upcc_forall_affinity(ind + i)) { ind[i] = i; }
  // CHECK: privatize.c:[[@LINE+2]]:{{[0-9]+}}: remark: x[i] not privatized: its address is taken
  int SHARED_B4 *r;
  for (int i = 0; i < n; i++) if (__upcc_forall_affinity(&x[i])) { r = &x[i]; }
  // CHECK: privatize.c:[[@LINE+1]]:{{[0-9]+}}: remark: upc_forall affinity test kept: cannot analyse the affinity: 'p' is modified in the loop
  for (int i = 0; i < n; i++) if (__upcc_forall_affinity(&p[i])) { p[i] = 0; p = r; }
  // CHECK: 10 of 15 accesses privatized
  // OFF: 0 of 0 accesses privatized
}
