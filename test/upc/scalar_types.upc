/* scalar_types.upc — shared scalars of every arithmetic type: written by the
 * last thread (remote from their owner, thread 0), read by all. */
#include "upctest.h"

shared int si;
shared unsigned char suc;
shared signed char ssc;
shared short ss;
shared unsigned short sus;
shared unsigned su;
shared long sl;
shared unsigned long sul;
shared long long sll;
shared unsigned long long sull;
shared float sf;
shared double sd;
shared long double sld;
shared _Bool sb;
shared char sc;

int main(void) {
  CHECK_INT(si, 0); /* shared statics start zeroed */
  CHECK(sd == 0.0);
  upc_barrier;
  if (MYTHREAD == THREADS - 1) {
    si = -123456;
    suc = 250;
    ssc = -100;
    ss = -30000;
    sus = 65000;
    su = 4000000000u;
    sl = -1234567890123L;
    sul = 18000000000000000000ul;
    sll = -9000000000000000000LL;
    sull = 0xfedcba9876543210ull;
    sf = 1.5f;
    sd = -2.25e100;
    sld = 3.0L / 7.0L;
    sb = 7; /* converts to 1 */
    sc = 'q';
  }
  upc_barrier;
  CHECK_INT(si, -123456);
  CHECK_INT(suc, 250);
  CHECK_INT(ssc, -100);
  CHECK_INT(ss, -30000);
  CHECK_INT(sus, 65000);
  CHECK_UINT(su, 4000000000u);
  CHECK_INT(sl, -1234567890123L);
  CHECK_UINT(sul, 18000000000000000000ul);
  CHECK_INT(sll, -9000000000000000000LL);
  CHECK_UINT(sull, 0xfedcba9876543210ull);
  CHECK(sf == 1.5f);
  CHECK(sd == -2.25e100);
  CHECK(sld == 3.0L / 7.0L);
  CHECK_INT(sb, 1);
  CHECK_INT(sc, 'q');
  /* Arithmetic on shared operands follows the C conversions. */
  CHECK_INT(suc + 10, 260);
  CHECK_INT(ssc * 2, -200);
  CHECK_UINT(su + su, 8000000000ull % 4294967296ull);
  CHECK(sf * 2 == 3.0);
  upc_barrier;
  /* Each thread in turn updates the int owned by thread 0. */
  for (int t = 0; t < THREADS; t++) {
    if (MYTHREAD == t) si = si + t + 1;
    upc_barrier;
  }
  CHECK_INT(si, -123456 + THREADS * (THREADS + 1) / 2);
  return upctest_done();
}
