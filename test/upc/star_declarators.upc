/* star_declarators.upc — `[*]` on several declarators of one declaration,
 * each with the block size computed for its own array (UPC 1.3 6.5.1.1:
 * ceil(elements / THREADS)), mixed with scalars, with initialisers, struct
 * and typedef'd element types.  `[*]` in a typedef is an error (UPC 1.3
 * 6.5.1.1, spec issue 71: test/diagnostics/star_typedef). */
#include "upctest.h"

struct pt { int x; short y; };
typedef long mylong;

shared [*] long a[THREADS], b[2 * THREADS];                 /* blocks 1, 2 */
shared [*] int c[3 * THREADS], s1, d[5 * THREADS];          /* 3, scalar, 5 */
shared [*] mylong f[2 * THREADS], g[7 * THREADS];           /* 2, 7 */
shared [*] struct pt m1[2 * THREADS], m2[3 * THREADS];      /* 2, 3 */
shared [*] int md[2][3 * THREADS], me[THREADS][4];          /* 6, 4 */
shared [*] int i1[2 * THREADS] = {11, 12}, i2[4 * THREADS] = {21}; /* 2, 4 */
shared [*] int h[2 * THREADS], k[3 * THREADS], h1;          /* 2, 3, scalar */
static shared [*] char st1[4 * THREADS], st2[THREADS];      /* 4, 1 */
/* Rows of a [*] row type, written out: block 5, which [*] gives the row. */
shared [5] int m[2][5 * THREADS];
shared [*] int r1[5 * THREADS];
#ifdef __UPC_STATIC_THREADS__
shared [(10 + THREADS - 1) / THREADS] int tt[3][10]; /* [*] of one 10-element row */
#endif

/* Checks the layout of an n-element array with block size bs through
 * the address of each element, and values written by their owners. */
#define CHECK_LAYOUT(arr, n, bs)                                   \
  do {                                                             \
    CHECK_UINT(upc_blocksizeof(arr), (bs));                        \
    for (int i_ = 0; i_ < (n); i_++) {                             \
      CHECK_UINT(upc_threadof(&(arr)[i_]), model_thread(i_, (bs))); \
      CHECK_UINT(upc_phaseof(&(arr)[i_]), i_ % (bs));              \
    }                                                              \
  } while (0)

int main(void) {
  int T = THREADS;
  CHECK_LAYOUT(a, T, 1);
  CHECK_LAYOUT(b, 2 * T, 2);
  CHECK_LAYOUT(c, 3 * T, 3);
  CHECK_LAYOUT(d, 5 * T, 5);
  CHECK_UINT(upc_blocksizeof(s1), 1);
  CHECK_UINT(upc_threadof(&s1), 0);
  CHECK_LAYOUT(f, 2 * T, 2);
  CHECK_LAYOUT(g, 7 * T, 7);
  CHECK_LAYOUT(m1, 2 * T, 2);
  CHECK_LAYOUT(m2, 3 * T, 3);
  CHECK_UINT(upc_elemsizeof(m2), sizeof(struct pt));
  CHECK_UINT(upc_blocksizeof(md), 6);
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3 * T; j++)
      CHECK_UINT(upc_threadof(&md[i][j]), model_thread(i * 3 * T + j, 6));
  CHECK_UINT(upc_blocksizeof(me), 4);
  for (int i = 0; i < T; i++)
    for (int j = 0; j < 4; j++) CHECK_UINT(upc_threadof(&me[i][j]), i);
  CHECK_LAYOUT(i1, 2 * T, 2);
  CHECK_LAYOUT(i2, 4 * T, 4);
  CHECK_LAYOUT(h, 2 * T, 2);
  CHECK_LAYOUT(k, 3 * T, 3);
  CHECK_UINT(upc_blocksizeof(h1), 1);
  CHECK_LAYOUT(st1, 4 * T, 4);
  CHECK_LAYOUT(st2, T, 1);

  CHECK_UINT(upc_blocksizeof(m), 5);
  CHECK_UINT(upc_blocksizeof(m[1]), 5);
  CHECK_UINT(upc_localsizeof(m), 2 * 5 * sizeof(int));
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 5 * T; j++) {
      CHECK_UINT(upc_threadof(&m[i][j]), model_thread(i * 5 * T + j, 5));
      CHECK_UINT(upc_phaseof(&m[i][j]), j % 5);
    }
  CHECK_LAYOUT(r1, 5 * T, 5);
#ifdef __UPC_STATIC_THREADS__
  CHECK_UINT(upc_blocksizeof(tt), (10 + THREADS - 1) / THREADS);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 10; j++)
      CHECK_UINT(upc_threadof(&tt[i][j]),
                 model_thread(i * 10 + j, (10 + THREADS - 1) / THREADS));
#endif

  /* The initialisers went to the right elements. */
  CHECK_INT(i1[0], 11);
  CHECK_INT(i1[1], 12);
  for (int i = 2; i < 2 * T; i++) CHECK_INT(i1[i], 0);
  CHECK_INT(i2[0], 21);
  for (int i = 1; i < 4 * T; i++) CHECK_INT(i2[i], 0);

  /* Every thread writes its own elements; everybody reads them all. */
  upc_barrier;
  upc_forall(int i = 0; i < 2 * T; i++; &b[i]) b[i] = 10 * i + 1;
  upc_forall(int i = 0; i < 7 * T; i++; &g[i]) g[i] = -3 * i;
  upc_forall(int i = 0; i < 3 * T; i++; &m2[i]) { m2[i].x = i; m2[i].y = (short)(2 * i); }
  upc_forall(int i = 0; i < 3 * T; i++; &k[i]) k[i] = i * i;
  upc_forall(int j = 0; j < 5 * T; j++; &m[1][j]) m[1][j] = j + 7;
  if (MYTHREAD == 0) s1 = 99;
  upc_barrier;
  for (int i = 0; i < 2 * T; i++) CHECK_INT(b[i], 10 * i + 1);
  for (int i = 0; i < 7 * T; i++) CHECK_INT(g[i], -3 * i);
  for (int i = 0; i < 3 * T; i++) {
    CHECK_INT(m2[i].x, i);
    CHECK_INT(m2[i].y, 2 * i);
    CHECK_INT(k[i], i * i);
  }
  CHECK_INT(s1, 99);
  for (int j = 0; j < 5 * T; j++) CHECK_INT(m[1][j], j + 7);
  /* Own elements are local: a private pointer reaches them. */
  long *gl = (long *)&g[7 * MYTHREAD];
  for (int j = 0; j < 7; j++) CHECK_INT(gl[j], -3 * (7 * MYTHREAD + j));
  return upctest_done();
}
