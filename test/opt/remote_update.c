// remote_update.c — updates pass 3 must convert (relaxed scalar, value
// unused) and must not (strict, value used, pointer aliasing, types).
// RUN-ARGS:
// RUN-ARGS: -fno-upc-remote-update --prefix=OFF
#define SHARED_CYC __attribute__((address_space(4194305)))   /* shared        */
#define STRICT_CYC __attribute__((address_space(5242881)))   /* strict shared */
#define RELAXED_CYC __attribute__((address_space(6291457)))  /* relaxed shared */
typedef unsigned long long u64;
u64 SHARED_CYC table[1024];
double SHARED_CYC sum;
float SHARED_CYC fsum;
int SHARED_CYC cnt[16];
int STRICT_CYC flag;
int RELAXED_CYC hits;
_Bool SHARED_CYC done;
double SHARED_CYC aliased[8];

int f(u64 ran, int k, double v) {
  // CHECK: remote_update.c:[[@LINE+1]]:3: remark: table[ran & 1023] ^= ran converted to a remote update (UPC_XOR)
  table[ran & 1023] ^= ran;
  // CHECK: remote_update.c:[[@LINE+1]]:3: remark: sum += v converted to a remote update (UPC_ADD)
  sum += v;
  // CHECK: remote_update.c:[[@LINE+1]]:3: remark: cnt[k] = cnt[k] - 3 converted to a remote update (UPC_ADD)
  cnt[k] = cnt[k] - 3;
  // CHECK: remote_update.c:[[@LINE+1]]:3: remark: cnt[k] = 2 * cnt[k] converted to a remote update (UPC_MULT)
  cnt[k] = 2 * cnt[k];
  // CHECK: remote_update.c:[[@LINE+1]]:3: remark: cnt[k]++ converted to a remote update (UPC_ADD)
  cnt[k]++;
  // CHECK: remote_update.c:[[@LINE+1]]:4: remark: --hits converted to a remote update (UPC_ADD)
  (--hits);
  // CHECK: remote_update.c:[[@LINE+1]]:3: remark: cnt[0] |= k converted to a remote update (UPC_OR)
  cnt[0] |= k, cnt[1] &= k;
  // CHECK: remote_update.c:[[@LINE+1]]:3: remark: cnt[2] = k < cnt[2] ? k : cnt[2] converted to a remote update (UPC_MIN)
  cnt[2] = k < cnt[2] ? k : cnt[2];
  // CHECK: remote_update.c:[[@LINE+1]]:3: remark: cnt[3] = cnt[3] > k ? cnt[3] : k converted to a remote update (UPC_MAX)
  cnt[3] = cnt[3] > k ? cnt[3] : k;
  // CHECK: remote_update.c:[[@LINE+1]]:26: remark: cnt[k] += 1 converted to a remote update (UPC_ADD)
  for (int i = 0; i < 4; cnt[k] += 1) i++;
  // Must not fire.
  // CHECK: remote_update.c:[[@LINE+1]]:3: remark: flag += 1 not converted to a remote update: strict access
  flag += 1;
  // CHECK: remote_update.c:[[@LINE+1]]:11: remark: cnt[k] += 2 not converted to a remote update: its value is used
  int u = cnt[k] += 2;
  // CHECK: remote_update.c:[[@LINE+1]]:7: remark: cnt[k]++ not converted to a remote update: its value is used
  if (cnt[k]++) u++;
  // CHECK: remote_update.c:[[@LINE+1]]:3: remark: fsum += v not converted to a remote update: the operation is computed in 'double'
  fsum += v;
  // CHECK: remote_update.c:[[@LINE+1]]:3: remark: cnt[k] += v not converted to a remote update: the operand is not an integer
  cnt[k] += v;
  // CHECK: remote_update.c:[[@LINE+1]]:3: remark: cnt[k] <<= 1 not converted to a remote update: operator '<<' has no update form
  cnt[k] <<= 1;
  // CHECK: remote_update.c:[[@LINE+1]]:3: remark: done |= 1 not converted to a remote update: '_Bool' is not an integer or floating type
  done |= 1;
  // CHECK: remote_update.c:[[@LINE+1]]:3: remark: aliased[k] += v not converted to a remote update: a private pointer may alias it (shared-to-private cast at {{.*}}remote_update.c:[[@LINE+2]]:16)
  aliased[k] += v;
  double *lp = (double *)&aliased[0];
  // Plain stores are not updates: no remark.
  // CHECK-NOT: remote_update.c:[[@LINE+1]]
  cnt[k] = k;
  return u + (int)*lp;
}

void g(int k) {
  // A loop body is an unused value too.
  // CHECK: remote_update.c:[[@LINE+1]]:31: remark: cnt[i & 15] += k converted to a remote update (UPC_ADD)
  for (int i = 0; i < k; i++) cnt[i & 15] += k;
}
// CHECK: 12 of 20 updates converted
// OFF: 0 of 0 updates converted
