/* upcx_async: every scalar argument and result type, pointers-to-shared,
 * enums, structs, 16 arguments, variadic functions, void results, many
 * invocations in flight to one thread, invocations that invoke others,
 * invocations to self, and a target blocked in a barrier. */
#include <upc.h>
#include <upcx.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int failures;
#define CHECK(c)                                                               \
  do {                                                                         \
    if (!(c)) {                                                                \
      printf("thread %d: FAIL line %d: %s\n", MYTHREAD, __LINE__, #c);         \
      failures++;                                                              \
    }                                                                          \
  } while (0)

shared int ran[THREADS];        /* invocations run on each thread */
shared [2] double data[2 * THREADS];
shared long counter;            /* on thread 0 */
shared int nfail[THREADS];

enum color { RED = 3, GREEN = 70000, BLUE = -5 };
struct vec { double x, y; int tag; shared [2] double *where; char name[3]; };

/* each returns who ran it and checks it is not running on the caller's
 * thread by accident: the caller passes where it wants the call to run */
static int where_am_i(int expected) {
  ran[MYTHREAD] += 1;
  return MYTHREAD * 1000 + (MYTHREAD == expected);
}
static signed char f_schar(signed char v) { return (signed char)(v - 1); }
static unsigned char f_uchar(unsigned char v) { return (unsigned char)(v + 1); }
static char f_char(char v) { return (char)(v + 2); }
static short f_short(short v) { return (short)(v * 2); }
static unsigned short f_ushort(unsigned short v) { return (unsigned short)(v + 1); }
static unsigned f_uint(unsigned v) { return v ^ 0xffffffffu; }
static long f_long(long v) { return -v; }
static unsigned long f_ulong(unsigned long v) { return v / 3; }
static long long f_llong(long long v) { return v * 7; }
static unsigned long long f_ullong(unsigned long long v) { return v >> 1; }
static float f_float(float v) { return v * 0.5f; }
static double f_double(double v) { return v + 0.25; }
static long double f_ldouble(long double v) { return v / 4; }
static _Bool f_bool(_Bool v) { return !v; }
static enum color f_enum(enum color c) { return c == RED ? GREEN : BLUE; }
static shared [2] double *f_pts(shared [2] double *p, int n) { return p + n; }

/* 16 arguments of mixed types: more than fit in registers */
static double sixteen(char a, short b, int c, long d, long long e, float f, double g,
                      long double h, unsigned char i, unsigned short j, unsigned k,
                      unsigned long l, unsigned long long m, shared [2] double *n,
                      enum color o, _Bool p) {
  return a + b + c + d + e + f + g + (double)h + i + j + k + l + m +
         (double)upc_threadof(n) + o + p;
}

static struct vec f_struct(struct vec v, int k) {
  v.x += k;
  v.y *= k;
  v.tag = MYTHREAD;
  v.where += 1;
  v.name[1] = 'Z';
  return v;
}

static double sum_varargs(int n, ...) {
  va_list ap;
  va_start(ap, n);
  double s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, double);
  va_end(ap);
  return s;
}

static void bump(long by) { counter += by; }

/* runs on one thread, invokes the next and waits for it */
static int chain(int hops, int origin) {
  if (hops == 0) return MYTHREAD;
  upcx_future_t f = upcx_async((MYTHREAD + 1) % THREADS, chain, hops - 1, origin);
  int last;
  upcx_wait(f, &last);
  return last;
}

static void set_data(shared [2] double *p, double v) { *p = v; }

int main(void) {
  int me = MYTHREAD, next = (MYTHREAD + 1) % THREADS;
  ran[me] = 0;
  data[2 * me] = me;
  data[2 * me + 1] = me + 0.5;
  if (me == 0) counter = 0;
  upc_barrier;

  int r;
  upcx_wait(upcx_async(next, where_am_i, next), &r);
  CHECK(r == next * 1000 + 1);
  upcx_wait(upcx_async(me, where_am_i, me), &r); /* to self */
  CHECK(r == me * 1000 + 1);

  signed char sc; unsigned char uc; char ch; short s; unsigned short us; unsigned ui;
  long l; unsigned long ul; long long ll; unsigned long long ull; float f; double d;
  long double ld; _Bool b; enum color c;
  upcx_wait(upcx_async(next, f_schar, -100), &sc); CHECK(sc == -101);
  upcx_wait(upcx_async(next, f_uchar, 254), &uc); CHECK(uc == 255);
  upcx_wait(upcx_async(next, f_char, 'a'), &ch); CHECK(ch == 'c');
  upcx_wait(upcx_async(next, f_short, -12345), &s); CHECK(s == (short)-24690);
  upcx_wait(upcx_async(next, f_ushort, 65534), &us); CHECK(us == 65535);
  upcx_wait(upcx_async(next, f_uint, 5u), &ui); CHECK(ui == 0xfffffffau);
  upcx_wait(upcx_async(next, f_long, 1L << 40), &l); CHECK(l == -(1L << 40));
  upcx_wait(upcx_async(next, f_ulong, 3000000000000UL), &ul); CHECK(ul == 1000000000000UL);
  upcx_wait(upcx_async(next, f_llong, -3LL), &ll); CHECK(ll == -21);
  upcx_wait(upcx_async(next, f_ullong, 1ULL << 63), &ull); CHECK(ull == 1ULL << 62);
  upcx_wait(upcx_async(next, f_float, 3.0f), &f); CHECK(f == 1.5f);
  upcx_wait(upcx_async(next, f_double, 2.0), &d); CHECK(d == 2.25);
  upcx_wait(upcx_async(next, f_ldouble, 1.0L / 3), &ld); CHECK(ld == 1.0L / 12);
  upcx_wait(upcx_async(next, f_bool, 0), &b); CHECK(b == 1);
  upcx_wait(upcx_async(next, f_enum, RED), &c); CHECK(c == GREEN);
  upcx_wait(upcx_async(next, f_enum, BLUE), &c); CHECK(c == BLUE);
  /* an int converts to the float parameter as in a call */
  upcx_wait(upcx_async(next, f_float, 7), &f); CHECK(f == 3.5f);

  shared [2] double *p;
  upcx_wait(upcx_async(next, f_pts, &data[2 * me], 3), &p);
  CHECK(p == &data[2 * me + 3]);
  CHECK(upc_threadof(p) == (size_t)((2 * me + 3) / 2 % THREADS));
  upcx_wait(upcx_async(next, f_pts, &data[1], 0), &p);
  CHECK(p == &data[1] && upc_phaseof(p) == 1);

  double sx;
  upcx_wait(upcx_async(next, sixteen, 1, 2, 3, 4L, 5LL, 6.0f, 7.0, 8.0L, 9, 10, 11u, 12UL,
                       13ULL, &data[2 * next], GREEN, 1),
            &sx);
  CHECK(sx == 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + next + 70000 + 1);

  struct vec v = {1.5, 2.0, -1, &data[0], "ab"}, w;
  upcx_wait(upcx_async(next, f_struct, v, 4), &w);
  CHECK(w.x == 5.5 && w.y == 8.0 && w.tag == next && w.where == &data[1] &&
        w.name[0] == 'a' && w.name[1] == 'Z' && w.name[2] == 0);

  upcx_wait(upcx_async(next, sum_varargs, 3, 1.0, 2.5, 4.0), &d);
  CHECK(d == 7.5);
  upcx_wait(upcx_async(next, sum_varargs, 0), &d);
  CHECK(d == 0);

  /* void result; result pointer NULL discards */
  upcx_wait(upcx_async(next, set_data, &data[2 * next + 1], 42.0 + me), NULL);
  upcx_wait(upcx_async(next, f_double, 1.0), NULL);

  /* many in flight to one thread (thread 0), exact total */
  enum { MANY = 200 };
  upcx_future_t fs[MANY];
  for (int i = 0; i < MANY; i++) fs[i] = upcx_async(0, bump, (long)(i + 1));
  for (int i = 0; i < MANY; i++) {
    if (i % 2) while (!upcx_test(fs[i])) {}
    upcx_wait(fs[i], NULL);
  }

  /* a chain of invocations through every thread, back to the origin */
  int last;
  upcx_wait(upcx_async(next, chain, THREADS, me), &last);
  CHECK(last == next); /* THREADS+1 hops from me */

  /* thread 0 blocks in a barrier while the others invoke it */
  if (me != 0) {
    for (int i = 0; i < 10; i++) {
      upcx_wait(upcx_async(0, where_am_i, 0), &r);
      CHECK(r == 1);
    }
  }
  upc_barrier;

  CHECK(counter == (long)THREADS * MANY * (MANY + 1) / 2);
  CHECK(data[2 * me + 1] == 42.0 + (me + THREADS - 1) % THREADS);
  /* fire and forget: finished at the latest when the program exits */
  upcx_async(next, where_am_i, next);
  upc_barrier;
  if (me == 0) {
    /* where_am_i on thread 0: from thread THREADS-1 and from itself, 10 from
     * each other thread, and perhaps already the fire-and-forget one */
    int expect = 2 + 10 * (THREADS - 1);
    CHECK(ran[0] == expect || ran[0] == expect + 1);
  }
  nfail[me] = failures;
  upc_barrier;
  if (me == 0) {
    int total = 0;
    for (int t = 0; t < THREADS; t++) total += nfail[t];
    if (total == 0) printf("PASS\n");
  }
  return failures != 0;
}
