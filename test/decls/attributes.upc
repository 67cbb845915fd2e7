/* attributes.upc — GNU attributes on shared declarations in the positions
 * GCC accepts (issue 19 item 6): after a shared declarator, before its
 * initialiser, after `[*]` dimensions, before and among the specifiers, on
 * struct members (private ones in a shared struct, pointers-to-shared), on
 * pointers-to-shared and static shared locals.  Compiled with
 * -Werror=unused-variable: `unused` must still reach the C compiler. */
#include "../upc/upctest.h"

shared int unused_var __attribute__((unused));
shared int al __attribute__((aligned(8)));
shared [4] int arr[4 * THREADS] __attribute__((aligned(16)));
shared int init_after __attribute__((unused)) = 42;
__attribute__((unused)) shared int before;
shared int __attribute__((unused)) among;
shared [*] int star[8 * THREADS] __attribute__((unused));
shared [*] int star2[2 * THREADS] __attribute__((unused)), star3[3 * THREADS] __attribute__((unused));
shared int two_a __attribute__((unused)), two_b __attribute__((unused)) = 7;
static shared int st __attribute__((unused));
shared int plain[THREADS];
shared int *pts __attribute__((unused));
shared int *shared spts __attribute__((unused));
struct s {
  int a __attribute__((aligned(8)));
  shared int *p __attribute__((unused));
  char c __attribute__((packed));
};
shared struct s ss[THREADS] __attribute__((unused));
int lines_after __attribute__((unused)); /* the line numbering must not move */

int counter(void) {
  static shared int calls __attribute__((unused)) = 0;
  static shared int *last __attribute__((unused));
  shared int *local __attribute__((unused)) = &calls;
  if (MYTHREAD == 0) calls++;
  last = local;
  return calls;
}

int main(void) {
  int T = THREADS;
  CHECK_INT(__LINE__, 41);
  CHECK_INT(init_after, 42);
  CHECK_INT(two_b, 7);
  CHECK_UINT(upc_blocksizeof(star), 8);
  CHECK_UINT(upc_blocksizeof(star2), 2);
  CHECK_UINT(upc_blocksizeof(star3), 3);
  CHECK_UINT(upc_blocksizeof(arr), 4);
  for (int i = 0; i < 8 * T; i++) CHECK_UINT(upc_threadof(&star[i]), i / 8);
  for (int i = 0; i < 3 * T; i++) CHECK_UINT(upc_threadof(&star3[i]), i / 3);
  upc_forall(int i = 0; i < 4 * T; i++; &arr[i]) arr[i] = i;
  ss[MYTHREAD].a = MYTHREAD;
  ss[MYTHREAD].p = &plain[MYTHREAD];
  if (MYTHREAD == 0) { unused_var = 1; al = 2; before = 3; among = 4; st = 5; pts = &plain[1 % T]; spts = pts; }
  plain[MYTHREAD] = MYTHREAD;
  counter();
  upc_barrier;
  CHECK_INT(unused_var + al + before + among + st, 15);
  CHECK_INT(*spts, 1 % T);
  for (int t = 0; t < T; t++) {
    CHECK_INT(ss[t].a, t);
    CHECK_INT(*ss[t].p, t);
    CHECK_INT(arr[4 * t + 3], 4 * t + 3);
  }
  CHECK_UINT(offsetof(struct s, a) % 8, 0);
  upc_barrier;
  int c = counter(); /* thread 0 may have counted again before another reads */
  CHECK(c == 1 || c == 2);
  return upctest_done();
}
