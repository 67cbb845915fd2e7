/* barrier_types.upc — the expression of upc_notify, upc_wait and
 * upc_barrier may have any type assignable to an int, converted as by
 * assignment (UPC 1.3 6.6.1, spec issue 64; issue 19 item 12): double, long,
 * char, _Bool, an enum, a shared value.  Threads pass different floating
 * values that truncate to the same int (2.25 and 2.9 are both 2; rounding
 * would make them 2 and 3): the runtime ends the job on a barrier
 * mismatch, so a wrong conversion fails the run at THREADS > 1. */
#include "../upc/upctest.h"

enum phase { START = 3, STOP = 9 };
shared double sd;
shared long sl[THREADS];

int main(void) {
  double d = 2.0 + (MYTHREAD ? 0.9 : 0.25); /* every thread converts to 2 */
  long l = 1L << 20;
  char c = 'u';
  _Bool b = MYTHREAD + 1;
  enum phase e = STOP;
  float f = MYTHREAD ? -7.2f : -7.5f;
  if (MYTHREAD == 0) sd = 11.75;
  sl[MYTHREAD] = 40 + MYTHREAD;
  upc_barrier d;
  upc_barrier 2;
  upc_notify l;
  upc_wait 1 << 20;
  upc_barrier c;
  upc_barrier b;
  upc_barrier e;
  upc_barrier START + 6;
  upc_barrier f;
  upc_barrier -7;
  upc_barrier sd;               /* a shared double: 11 */
  upc_barrier 11;
  upc_barrier (double)sl[MYTHREAD] / 1000.0 + 0.5; /* 0 on every thread */
  upc_notify 1.99;
  upc_wait 1;
  return upctest_done();
}
