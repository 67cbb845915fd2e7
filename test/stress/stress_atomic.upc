/* stress_atomic.upc — every thread hammers the same words with upc_atomic.h
 * (int, long and double domains, every operation the type has) and the
 * Berkeley bupc_atomic* calls at once; the totals are exact. */
#include "stress.h"
#include <upc_atomic.h>
#include <stdint.h>

shared int ai;          /* UPC_ADD/SUB/INC/DEC, int */
shared long al;         /* UPC_ADD/INC via fetch, long */
shared double ad;       /* UPC_ADD, double (sums of 1.0: exact) */
shared long bits;       /* UPC_OR / UPC_XOR / UPC_AND, long */
shared long lmax, lmin; /* UPC_MAX / UPC_MIN */
shared int ticket;      /* UPC_CSWAP loop */
shared double dmult;    /* UPC_MULT then division check, double */
shared int64_t b64;     /* bupc fetchadd */
shared uint32_t bxor;   /* bupc fetchxor */
shared int bcs;         /* bupc cswap loop */
shared long seen_sum[THREADS];

int main(int argc, char **argv) {
  stress_init(argc, argv, 50);
  long n = stress_size(5000, 200000);
  upc_atomicdomain_t *di = upc_all_atomicdomain_alloc(
      UPC_INT, UPC_ADD | UPC_SUB | UPC_INC | UPC_DEC | UPC_CSWAP | UPC_GET | UPC_SET, 0);
  upc_atomicdomain_t *dl = upc_all_atomicdomain_alloc(
      UPC_LONG, UPC_ADD | UPC_INC | UPC_OR | UPC_XOR | UPC_AND | UPC_MAX | UPC_MIN | UPC_GET | UPC_SET, 0);
  upc_atomicdomain_t *dd = upc_all_atomicdomain_alloc(
      UPC_DOUBLE, UPC_ADD | UPC_MULT | UPC_GET | UPC_SET, 0);
  if (MYTHREAD == 0) {
    int zi = 0;
    long zl = 0, big = -1000000000L, small = 1000000000L;
    double zd = 0, one = 1;
    upc_atomic_strict(di, NULL, UPC_SET, &ai, &zi, NULL);
    upc_atomic_strict(di, NULL, UPC_SET, &ticket, &zi, NULL);
    upc_atomic_strict(dl, NULL, UPC_SET, &al, &zl, NULL);
    upc_atomic_strict(dl, NULL, UPC_SET, &bits, &zl, NULL);
    upc_atomic_strict(dl, NULL, UPC_SET, &lmax, &big, NULL);
    upc_atomic_strict(dl, NULL, UPC_SET, &lmin, &small, NULL);
    upc_atomic_strict(dd, NULL, UPC_SET, &ad, &zd, NULL);
    upc_atomic_strict(dd, NULL, UPC_SET, &dmult, &one, NULL);
    bupc_atomicI64_set_strict(&b64, 0);
    bupc_atomicU32_set_strict(&bxor, 0);
    bupc_atomicI_set_strict(&bcs, 0);
  }
  upc_barrier;
  double t0 = stress_now();
  long ops = 0, sum = 0;
  for (long k = 0; k < n; k++) {
    int two = 2, one = 1;
    long lk = (long)MYTHREAD * n + k, bit = 1L << (k % 40), fetched;
    double half = 0.5;
    /* int: +2, -1, ++, -- : net +1 per iteration */
    upc_atomic_relaxed(di, NULL, UPC_ADD, &ai, &two, NULL);
    upc_atomic_relaxed(di, NULL, UPC_SUB, &ai, &one, NULL);
    upc_atomic_strict(di, NULL, UPC_INC, &ai, NULL, NULL);
    upc_atomic_strict(di, NULL, UPC_DEC, &ai, NULL, NULL);
    /* long: fetched values of UPC_INC are distinct, so their sum is exact */
    upc_atomic_relaxed(dl, &fetched, UPC_INC, &al, NULL, NULL);
    sum += fetched;
    /* each thread XORs bit (k%40) twice per 2 iterations: even count → 0 */
    upc_atomic_relaxed(dl, NULL, UPC_XOR, &bits, &bit, NULL);
    upc_atomic_relaxed(dl, NULL, UPC_MAX, &lmax, &lk, NULL);
    upc_atomic_relaxed(dl, NULL, UPC_MIN, &lmin, &lk, NULL);
    upc_atomic_relaxed(dd, NULL, UPC_ADD, &ad, &half, NULL);
    /* int CSWAP: take a ticket by compare-and-swap */
    for (;;) {
      int cur, next, old;
      upc_atomic_relaxed(di, &cur, UPC_GET, &ticket, NULL, NULL);
      next = cur + 1;
      upc_atomic_relaxed(di, &old, UPC_CSWAP, &ticket, &cur, &next);
      if (old == cur) break;
    }
    /* Berkeley atomics on the same kind of words */
    bupc_atomicI64_fetchadd_relaxed(&b64, 3);
    bupc_atomicU32_fetchxor_strict(&bxor, 1u << (k % 32));
    for (;;) {
      int cur = bupc_atomicI_read_relaxed(&bcs);
      if (bupc_atomicI_cswap_relaxed(&bcs, cur, cur + 1) == cur) break;
    }
    ops += 13;
  }
  /* MULT: each thread multiplies by 2 then by 0.5 a few times; ends at 1 */
  for (int k = 0; k < 20; k++) {
    double x = k % 2 == 0 ? 2.0 : 0.5;
    upc_atomic_relaxed(dd, NULL, UPC_MULT, &dmult, &x, NULL);
  }
  /* OR then AND: bit MYTHREAD set by everyone, then AND with all-ones
   * keeps them; checked after the barrier */
  {
    long b = 1L << (40 + MYTHREAD), ones = -1;
    upc_atomic_relaxed(dl, NULL, UPC_OR, &bits, &b, NULL);
    upc_atomic_relaxed(dl, NULL, UPC_AND, &bits, &ones, NULL);
  }
  seen_sum[MYTHREAD] = sum;
  upc_barrier;
  double secs = stress_now() - t0;
  long T = THREADS, all = n * T;
  CHECK_INT(ai, all);
  CHECK_INT(al, all);
  long want_sum = all * (all - 1) / 2, got_sum = 0;
  for (int t = 0; t < THREADS; t++) got_sum += seen_sum[t];
  CHECK_INT(got_sum, want_sum);
  CHECK_INT(lmax, (T - 1) * n + n - 1);
  CHECK_INT(lmin, 0);
  CHECK_DBL(ad, 0.5 * all);
  CHECK_DBL(dmult, 1.0);
  CHECK_INT(ticket, all);
  CHECK_INT(b64, 3 * all);
  CHECK_INT(bcs, all);
  /* bits 0..39: bit j XORed by each thread once per k ≡ j (mod 40) */
  long want_bits = 0;
  for (int j = 0; j < 40; j++) {
    long cnt = n / 40 + (j < n % 40);
    if ((cnt * T) % 2) want_bits |= 1L << j;
  }
  for (int t = 0; t < THREADS; t++) want_bits |= 1L << (40 + t);
  CHECK_INT(bits, want_bits);
  uint32_t want_x = 0;
  for (int j = 0; j < 32; j++) {
    long cnt = n / 32 + (j < n % 32);
    if ((cnt * T) % 2) want_x |= 1u << j;
  }
  CHECK_UINT(bxor, want_x);
  stress_figure("atomic ops", ops * THREADS, secs);
  upc_barrier;
  if (MYTHREAD == 0) {
    upc_all_atomicdomain_free(di);
    upc_all_atomicdomain_free(dl);
    upc_all_atomicdomain_free(dd);
  }
  return upctest_done();
}
