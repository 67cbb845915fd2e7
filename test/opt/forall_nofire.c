// forall_nofire.c — upc_forall loops whose affinity test must stay, each
// with the reason in the remark.
// RUN-ARGS:
#define SHARED_CYC __attribute__((address_space(4194305)))
#define SHARED_B4 __attribute__((address_space(4194308)))
int SHARED_CYC a[100];
int SHARED_B4 b[100];
int SHARED_CYC *SHARED_CYC sp;
int g(int);
int counter;

int f(int n, int SHARED_CYC *p) {
  int i;
  // CHECK: forall_nofire.c:[[@LINE+1]]:3: remark: upc_forall affinity test kept: the affinity expression has side effects
  for (int j = 0; j < n; j++) if (__upcc_forall_affinity(counter++)) { a[j] = 0; }
  // CHECK: forall_nofire.c:[[@LINE+1]]:3: remark: upc_forall affinity test kept: the affinity expression has side effects
  for (int j = 0; j < n; j++) if (__upcc_forall_affinity(g(j))) { a[j] = 0; }
  // CHECK: forall_nofire.c:[[@LINE+1]]:3: remark: upc_forall affinity test kept: the induction variable 'j' is modified in the body
  for (int j = 0; j < n; j++) if (__upcc_forall_affinity(&a[j])) { a[j] = 0; j += 1; }
  // CHECK: forall_nofire.c:[[@LINE+1]]:3: remark: upc_forall affinity test kept: the loop bound is not loop-invariant: 'n' is modified in the loop
  for (int j = 0; j < n; j++) if (__upcc_forall_affinity(&a[j])) { a[j] = 0; n--; }
  // Live after the loop and left early: no exit value to give it.
  // CHECK: forall_nofire.c:[[@LINE+1]]:3: remark: upc_forall affinity test kept: the induction variable 'i' is live after the loop, which the break at {{.*}}forall_nofire.c:[[@LINE+1]]:74 may leave early
  for (i = 0; i < n; i++) if (__upcc_forall_affinity(&a[i])) { if (a[i]) break; a[i] = 0; }
  n += i;
  // CHECK: forall_nofire.c:[[@LINE+1]]:3: remark: upc_forall affinity test kept: the induction variable 'i' is live after the loop, and a bound reads it
  for (i = 0; i < n + i; i++) if (__upcc_forall_affinity(&a[i])) { a[i] = 0; }
  n += i;
  // CHECK: forall_nofire.c:[[@LINE+1]]:3: remark: upc_forall affinity test kept: cannot analyse the affinity: the operator '/' in the index
  for (int j = 0; j < n; j++) if (__upcc_forall_affinity(&a[j / 2])) { a[j] = 0; }
  // CHECK: forall_nofire.c:[[@LINE+1]]:3: remark: upc_forall affinity test kept: the element index moves by 2 per iteration in a blocked layout (block 4)
  for (int j = 0; j < n; j += 2) if (__upcc_forall_affinity(&b[j])) { b[j] = 0; }
  // CHECK: forall_nofire.c:[[@LINE+1]]:3: remark: upc_forall affinity test kept: the condition is not a bound
  for (int j = 0; j != n; j += 2) if (__upcc_forall_affinity(&a[j])) { a[j] = 0; }
  // CHECK: forall_nofire.c:[[@LINE+1]]:3: remark: upc_forall affinity test kept: the condition is not a bound
  for (unsigned j = 0; j != n; j++) if (__upcc_forall_affinity(&a[j])) { a[j] = 0; }
  // CHECK: forall_nofire.c:[[@LINE+1]]:3: remark: upc_forall affinity test kept: cannot analyse the affinity: the pointer 'sp' is itself shared
  for (int j = 0; j < n; j++) if (__upcc_forall_affinity(&sp[j])) { }
  // CHECK: forall_nofire.c:[[@LINE+1]]:3: remark: upc_forall affinity test kept: cannot analyse the affinity: 'p' is modified in the loop
  for (int j = 0; j < n; j++) if (__upcc_forall_affinity(&p[j])) { p = 0; }
  // CHECK: forall_nofire.c:[[@LINE+1]]:3: remark: upc_forall affinity test kept: the affinity is not affine in 'j'
  for (int j = 0; j < n; j++) if (__upcc_forall_affinity(j * j)) { }
  // The nesting rule: the inner forall runs all its iterations.
  // CHECK: forall_nofire.c:[[@LINE+2]]:5: remark: upc_forall nested in the controlling upc_forall at {{.*}}forall_nofire.c:[[@LINE+1]]:3 runs all its iterations
  for (int j = 0; j < 10; j++) if (__upcc_forall_affinity(j))
    for (int k = 0; k < 10; k++) if (__upcc_forall_affinity(k)) { a[k] = 0; }
  // Counting down a blocked layout's elements upwards.
  // CHECK: forall_nofire.c:[[@LINE+1]]:3: remark: upc_forall affinity test kept: 'j' counts down while the element index counts up, in a blocked layout
  for (int j = n; j >= 0; j--) if (__upcc_forall_affinity(&b[n - j])) { }
  // `continue` affinity: nothing to remove, no remark.
  // CHECK-NOT: forall_nofire.c:[[@LINE+1]]
  for (int j = 0; j < n; j++) if (__upcc_forall_affinity()) { a[j] = 0; }
  return 0;
}
