/* compound_assign.upc — every compound assignment operator on shared lvalues
 * of several types, local and remote, checked against the same operations
 * on private variables; the value of the expression is checked too. */
#include "upctest.h"

shared int si[THREADS];
shared unsigned char uc[THREADS];
shared double d[THREADS];
shared [2] long long ll[2 * THREADS];
struct acc { int n; float f; };
shared struct acc st[THREADS];

int main(void) {
  /* Each thread works on its right neighbour's elements (remote when
   * THREADS > 1) and on one of its own. */
  int t = (MYTHREAD + 1) % THREADS;
  int mi = 1000 + t;
  unsigned char mu = (unsigned char)(200 + t);
  double md = 1.5 + t;
  long long ml = 1LL << 40;
  si[t] = mi;
  uc[t] = mu;
  d[t] = md;
  ll[2 * MYTHREAD + 1] = ml;
  st[t].n = 7;
  st[t].f = 2.0f;
  CHECK_INT(si[t] += 5, mi += 5);
  CHECK_INT(si[t] -= 17, mi -= 17);
  CHECK_INT(si[t] *= 3, mi *= 3);
  CHECK_INT(si[t] /= 7, mi /= 7);
  CHECK_INT(si[t] %= 100, mi %= 100);
  CHECK_INT(si[t] <<= 3, mi <<= 3);
  CHECK_INT(si[t] >>= 1, mi >>= 1);
  CHECK_INT(si[t] &= 0x5f, mi &= 0x5f);
  CHECK_INT(si[t] |= 0x300, mi |= 0x300);
  CHECK_INT(si[t] ^= 0x1ff, mi ^= 0x1ff);
  CHECK_INT(uc[t] += 100, mu += 100);   /* wraps modulo 256 */
  CHECK_INT(uc[t] *= 3, mu *= 3);
  CHECK_INT(uc[t] >>= 2, mu >>= 2);
  CHECK_DBL(d[t] *= 2.5, md *= 2.5);
  CHECK_DBL(d[t] -= 0.25, md -= 0.25);
  CHECK_DBL(d[t] /= 4, md /= 4);
  CHECK_INT(ll[2 * MYTHREAD + 1] += ml, ml += ml);
  CHECK_INT(ll[2 * MYTHREAD + 1] >>= 20, ml >>= 20);
  CHECK_INT(st[t].n *= 6, 42);
  CHECK_DBL(st[t].f += 0.5f, 2.5);
  CHECK_DBL((&st[t])->f *= 4, 10.0);
  /* An int compound-assigned a double converts like C does. */
  si[t] = 7;
  si[t] *= 1.5;
  CHECK_INT(si[t], 10);
  /* The index expression is evaluated once. */
  int k = 0;
  si[(k++, t)] += 1;
  CHECK_INT(k, 1);
  CHECK_INT(si[t], 11);
  upc_barrier;
  /* The owner sees the results of its left neighbour's operations. */
  CHECK_INT(si[MYTHREAD], 11);
  unsigned char u0 = (unsigned char)(200 + MYTHREAD);
  u0 += 100;
  u0 *= 3;
  u0 >>= 2;
  CHECK_INT(uc[MYTHREAD], u0);
  CHECK_DBL(d[MYTHREAD], (((1.5 + MYTHREAD) * 2.5) - 0.25) / 4);
  CHECK_INT(st[MYTHREAD].n, 42);
  return upctest_done();
}
