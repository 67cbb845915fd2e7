/* attr_declarators.upc — GNU attributes after every shared declarator form
 * parse and leave the declaration working (issue 34): pointers-to-shared
 * (private and shared), arrays of them with THREADS dimensions, shared
 * arrays of every block size, each spelled with and without spaces around
 * '*' (`int*shared`, `int *shared`, `int* shared`, `int * shared`), at file
 * scope and in a block.  Built with dynamic and static THREADS.  Every name
 * says its form (sp: shared pointer, sa: array of them, sm: 2-D array, pp:
 * private pointer, pa: private array), then the block (c cyclic, i
 * indefinite, b1, b3), then the spelling (s0-s3, p0-p3 in the order above). */
#include "upctest.h"

shared int X_c[4 * THREADS] __attribute__((unused));
shared [] int X_i[8]__attribute__((unused));
shared [1] int X_b1[4 * THREADS] __attribute__ ((unused));
shared [3] int X_b3[6 * THREADS] __attribute__((aligned(8)));
shared [*] int X_st[4 * THREADS] __attribute__((unused));
shared [4] int*shared Y_st[THREADS] __attribute__((unused)); /* X_st has blocks of 4 */

shared int*shared sp_c_s0 __attribute__((unused));
shared int*shared sa_c_s0[THREADS] __attribute__((unused));
shared int*shared sm_c_s0[2][THREADS] __attribute__((unused));
shared int *shared sp_c_s1 __attribute__ ((unused));
shared int *shared sa_c_s1[THREADS] __attribute__ ((unused));
shared int *shared sm_c_s1[2][THREADS] __attribute__ ((unused));
shared int* shared sp_c_s2 __attribute__((__unused__));
shared int* shared sa_c_s2[THREADS] __attribute__((__unused__));
shared int* shared sm_c_s2[2][THREADS] __attribute__((__unused__));
shared int * shared sp_c_s3 __attribute__((unused, aligned(16)));
shared int * shared sa_c_s3[THREADS] __attribute__((unused, aligned(16)));
shared int * shared sm_c_s3[2][THREADS] __attribute__((unused, aligned(16)));
shared int*pp_c_p0 __attribute__((unused));
shared int*pa_c_p0[4] __attribute__((unused));
shared int *pp_c_p1 __attribute__ ((unused));
shared int *pa_c_p1[4] __attribute__ ((unused));
shared int* pp_c_p2 __attribute__((__unused__));
shared int* pa_c_p2[4] __attribute__((__unused__));
shared int * pp_c_p3 __attribute__((unused, aligned(16)));
shared int * pa_c_p3[4] __attribute__((unused, aligned(16)));
shared [] int*shared sp_i_s0 __attribute__((unused));
shared [] int*shared sa_i_s0[THREADS] __attribute__((unused));
shared [] int*shared sm_i_s0[2][THREADS] __attribute__((unused));
shared [] int *shared sp_i_s1 __attribute__ ((unused));
shared [] int *shared sa_i_s1[THREADS] __attribute__ ((unused));
shared [] int *shared sm_i_s1[2][THREADS] __attribute__ ((unused));
shared [] int* shared sp_i_s2 __attribute__((__unused__));
shared [] int* shared sa_i_s2[THREADS] __attribute__((__unused__));
shared [] int* shared sm_i_s2[2][THREADS] __attribute__((__unused__));
shared [] int * shared sp_i_s3 __attribute__((unused, aligned(16)));
shared [] int * shared sa_i_s3[THREADS] __attribute__((unused, aligned(16)));
shared [] int * shared sm_i_s3[2][THREADS] __attribute__((unused, aligned(16)));
shared [] int*pp_i_p0 __attribute__((unused));
shared [] int*pa_i_p0[4] __attribute__((unused));
shared [] int *pp_i_p1 __attribute__ ((unused));
shared [] int *pa_i_p1[4] __attribute__ ((unused));
shared [] int* pp_i_p2 __attribute__((__unused__));
shared [] int* pa_i_p2[4] __attribute__((__unused__));
shared [] int * pp_i_p3 __attribute__((unused, aligned(16)));
shared [] int * pa_i_p3[4] __attribute__((unused, aligned(16)));
shared [1] int*shared sp_b1_s0 __attribute__((unused));
shared [1] int*shared sa_b1_s0[THREADS] __attribute__((unused));
shared [1] int*shared sm_b1_s0[2][THREADS] __attribute__((unused));
shared [1] int *shared sp_b1_s1 __attribute__ ((unused));
shared [1] int *shared sa_b1_s1[THREADS] __attribute__ ((unused));
shared [1] int *shared sm_b1_s1[2][THREADS] __attribute__ ((unused));
shared [1] int* shared sp_b1_s2 __attribute__((__unused__));
shared [1] int* shared sa_b1_s2[THREADS] __attribute__((__unused__));
shared [1] int* shared sm_b1_s2[2][THREADS] __attribute__((__unused__));
shared [1] int * shared sp_b1_s3 __attribute__((unused, aligned(16)));
shared [1] int * shared sa_b1_s3[THREADS] __attribute__((unused, aligned(16)));
shared [1] int * shared sm_b1_s3[2][THREADS] __attribute__((unused, aligned(16)));
shared [1] int*pp_b1_p0 __attribute__((unused));
shared [1] int*pa_b1_p0[4] __attribute__((unused));
shared [1] int *pp_b1_p1 __attribute__ ((unused));
shared [1] int *pa_b1_p1[4] __attribute__ ((unused));
shared [1] int* pp_b1_p2 __attribute__((__unused__));
shared [1] int* pa_b1_p2[4] __attribute__((__unused__));
shared [1] int * pp_b1_p3 __attribute__((unused, aligned(16)));
shared [1] int * pa_b1_p3[4] __attribute__((unused, aligned(16)));
shared [3] int*shared sp_b3_s0 __attribute__((unused));
shared [3] int*shared sa_b3_s0[THREADS] __attribute__((unused));
shared [3] int*shared sm_b3_s0[2][THREADS] __attribute__((unused));
shared [3] int *shared sp_b3_s1 __attribute__ ((unused));
shared [3] int *shared sa_b3_s1[THREADS] __attribute__ ((unused));
shared [3] int *shared sm_b3_s1[2][THREADS] __attribute__ ((unused));
shared [3] int* shared sp_b3_s2 __attribute__((__unused__));
shared [3] int* shared sa_b3_s2[THREADS] __attribute__((__unused__));
shared [3] int* shared sm_b3_s2[2][THREADS] __attribute__((__unused__));
shared [3] int * shared sp_b3_s3 __attribute__((unused, aligned(16)));
shared [3] int * shared sa_b3_s3[THREADS] __attribute__((unused, aligned(16)));
shared [3] int * shared sm_b3_s3[2][THREADS] __attribute__((unused, aligned(16)));
shared [3] int*pp_b3_p0 __attribute__((unused));
shared [3] int*pa_b3_p0[4] __attribute__((unused));
shared [3] int *pp_b3_p1 __attribute__ ((unused));
shared [3] int *pa_b3_p1[4] __attribute__ ((unused));
shared [3] int* pp_b3_p2 __attribute__((__unused__));
shared [3] int* pa_b3_p2[4] __attribute__((__unused__));
shared [3] int * pp_b3_p3 __attribute__((unused, aligned(16)));
shared [3] int * pa_b3_p3[4] __attribute__((unused, aligned(16)));

/* Element i of X_<b>: its value is 1000 * b + i. */
static int value_of(int b, size_t i) { return 1000 * b + (int)i; }

/* p points to element i of an array with block size b. */
static void check_at(shared void *p, size_t i, size_t b, int line) {
  if (upc_threadof(p) != model_thread(i, b) || upc_phaseof(p) != model_phase(i, b)) {
    char m[128];
    snprintf(m, sizeof m, "element %zu: thread %zu phase %zu", i, upc_threadof(p), upc_phaseof(p));
    upctest_report(__FILE__, line, m);
  }
}

int main(void) {
  const int T = THREADS;
  for (int i = 0; i < 4 * T; i++) if (i % T == MYTHREAD) { X_c[i] = value_of(1, i); X_b1[i] = value_of(1, i); X_st[i] = value_of(5, i); }
  for (int i = 0; i < 6 * T; i++) if (model_thread(i, 3) == (size_t)MYTHREAD) X_b3[i] = value_of(3, i);
  if (MYTHREAD == 0) for (int i = 0; i < 8; i++) X_i[i] = value_of(0, i);
  /* block-scope declarations with attributes, every spelling */
  shared [3] int*l0 __attribute__((unused)) = &X_b3[4];
  shared [3] int *l1 __attribute__((unused)) = &X_b3[4];
  shared [3] int* l2 __attribute__((unused)) = &X_b3[4];
  shared [3] int * l3[2] __attribute__((unused)) = {&X_b3[4], &X_b3[5]};
  static shared [] int*shared ls __attribute__((unused));
  static shared [] int* shared la[THREADS] __attribute__((unused));
  upc_barrier;
  /* each thread sets its elements; thread T-1 the shared scalars */
  { const int t = MYTHREAD;
    if (t == T - 1) sp_c_s0 = &X_c[(2 * t + 1) % (4 * T)];
    sa_c_s0[t] = &X_c[(2 * t + 1) % (4 * T)];
    sm_c_s0[1][t] = &X_c[(2 * t + 1) % (4 * T)];
    if (t == T - 1) sp_c_s1 = &X_c[(2 * t + 1) % (4 * T)];
    sa_c_s1[t] = &X_c[(2 * t + 1) % (4 * T)];
    sm_c_s1[1][t] = &X_c[(2 * t + 1) % (4 * T)];
    if (t == T - 1) sp_c_s2 = &X_c[(2 * t + 1) % (4 * T)];
    sa_c_s2[t] = &X_c[(2 * t + 1) % (4 * T)];
    sm_c_s2[1][t] = &X_c[(2 * t + 1) % (4 * T)];
    if (t == T - 1) sp_c_s3 = &X_c[(2 * t + 1) % (4 * T)];
    sa_c_s3[t] = &X_c[(2 * t + 1) % (4 * T)];
    sm_c_s3[1][t] = &X_c[(2 * t + 1) % (4 * T)];
    if (t == T - 1) sp_i_s0 = &X_i[(t + 3) % 8];
    sa_i_s0[t] = &X_i[(t + 3) % 8];
    sm_i_s0[1][t] = &X_i[(t + 3) % 8];
    if (t == T - 1) sp_i_s1 = &X_i[(t + 3) % 8];
    sa_i_s1[t] = &X_i[(t + 3) % 8];
    sm_i_s1[1][t] = &X_i[(t + 3) % 8];
    if (t == T - 1) sp_i_s2 = &X_i[(t + 3) % 8];
    sa_i_s2[t] = &X_i[(t + 3) % 8];
    sm_i_s2[1][t] = &X_i[(t + 3) % 8];
    if (t == T - 1) sp_i_s3 = &X_i[(t + 3) % 8];
    sa_i_s3[t] = &X_i[(t + 3) % 8];
    sm_i_s3[1][t] = &X_i[(t + 3) % 8];
    if (t == T - 1) sp_b1_s0 = &X_b1[(3 * t + 2) % (4 * T)];
    sa_b1_s0[t] = &X_b1[(3 * t + 2) % (4 * T)];
    sm_b1_s0[1][t] = &X_b1[(3 * t + 2) % (4 * T)];
    if (t == T - 1) sp_b1_s1 = &X_b1[(3 * t + 2) % (4 * T)];
    sa_b1_s1[t] = &X_b1[(3 * t + 2) % (4 * T)];
    sm_b1_s1[1][t] = &X_b1[(3 * t + 2) % (4 * T)];
    if (t == T - 1) sp_b1_s2 = &X_b1[(3 * t + 2) % (4 * T)];
    sa_b1_s2[t] = &X_b1[(3 * t + 2) % (4 * T)];
    sm_b1_s2[1][t] = &X_b1[(3 * t + 2) % (4 * T)];
    if (t == T - 1) sp_b1_s3 = &X_b1[(3 * t + 2) % (4 * T)];
    sa_b1_s3[t] = &X_b1[(3 * t + 2) % (4 * T)];
    sm_b1_s3[1][t] = &X_b1[(3 * t + 2) % (4 * T)];
    if (t == T - 1) sp_b3_s0 = &X_b3[(3 * t + 1) % (6 * T)];
    sa_b3_s0[t] = &X_b3[(3 * t + 1) % (6 * T)];
    sm_b3_s0[1][t] = &X_b3[(3 * t + 1) % (6 * T)];
    if (t == T - 1) sp_b3_s1 = &X_b3[(3 * t + 1) % (6 * T)];
    sa_b3_s1[t] = &X_b3[(3 * t + 1) % (6 * T)];
    sm_b3_s1[1][t] = &X_b3[(3 * t + 1) % (6 * T)];
    if (t == T - 1) sp_b3_s2 = &X_b3[(3 * t + 1) % (6 * T)];
    sa_b3_s2[t] = &X_b3[(3 * t + 1) % (6 * T)];
    sm_b3_s2[1][t] = &X_b3[(3 * t + 1) % (6 * T)];
    if (t == T - 1) sp_b3_s3 = &X_b3[(3 * t + 1) % (6 * T)];
    sa_b3_s3[t] = &X_b3[(3 * t + 1) % (6 * T)];
    sm_b3_s3[1][t] = &X_b3[(3 * t + 1) % (6 * T)];
    if (t == T - 1) ls = &X_i[t % 8];
    la[t] = &X_i[(t + 1) % 8];
    Y_st[t] = &X_st[t];
  }
  upc_barrier;
  for (int t = 0; t < T; t++) {
    if (t == T - 1) { check_at(sp_c_s0, (2 * t + 1) % (4 * T), 1, __LINE__); CHECK_INT(*sp_c_s0, value_of(1, (2 * t + 1) % (4 * T))); }
    check_at(sa_c_s0[t], (2 * t + 1) % (4 * T), 1, __LINE__);
    CHECK_INT(*sa_c_s0[t], value_of(1, (2 * t + 1) % (4 * T)));
    check_at(sm_c_s0[1][t], (2 * t + 1) % (4 * T), 1, __LINE__);
    CHECK_INT(*sm_c_s0[1][t], value_of(1, (2 * t + 1) % (4 * T)));
    if (t == T - 1) { check_at(sp_c_s1, (2 * t + 1) % (4 * T), 1, __LINE__); CHECK_INT(*sp_c_s1, value_of(1, (2 * t + 1) % (4 * T))); }
    check_at(sa_c_s1[t], (2 * t + 1) % (4 * T), 1, __LINE__);
    CHECK_INT(*sa_c_s1[t], value_of(1, (2 * t + 1) % (4 * T)));
    check_at(sm_c_s1[1][t], (2 * t + 1) % (4 * T), 1, __LINE__);
    CHECK_INT(*sm_c_s1[1][t], value_of(1, (2 * t + 1) % (4 * T)));
    if (t == T - 1) { check_at(sp_c_s2, (2 * t + 1) % (4 * T), 1, __LINE__); CHECK_INT(*sp_c_s2, value_of(1, (2 * t + 1) % (4 * T))); }
    check_at(sa_c_s2[t], (2 * t + 1) % (4 * T), 1, __LINE__);
    CHECK_INT(*sa_c_s2[t], value_of(1, (2 * t + 1) % (4 * T)));
    check_at(sm_c_s2[1][t], (2 * t + 1) % (4 * T), 1, __LINE__);
    CHECK_INT(*sm_c_s2[1][t], value_of(1, (2 * t + 1) % (4 * T)));
    if (t == T - 1) { check_at(sp_c_s3, (2 * t + 1) % (4 * T), 1, __LINE__); CHECK_INT(*sp_c_s3, value_of(1, (2 * t + 1) % (4 * T))); }
    check_at(sa_c_s3[t], (2 * t + 1) % (4 * T), 1, __LINE__);
    CHECK_INT(*sa_c_s3[t], value_of(1, (2 * t + 1) % (4 * T)));
    check_at(sm_c_s3[1][t], (2 * t + 1) % (4 * T), 1, __LINE__);
    CHECK_INT(*sm_c_s3[1][t], value_of(1, (2 * t + 1) % (4 * T)));
    pp_c_p0 = &X_c[(2 * t + 1) % (4 * T)];
    check_at(pp_c_p0, (2 * t + 1) % (4 * T), 1, __LINE__);
    CHECK_INT(*pp_c_p0, value_of(1, (2 * t + 1) % (4 * T)));
    pa_c_p0[3] = &X_c[(2 * t + 1) % (4 * T)];
    check_at(pa_c_p0[3], (2 * t + 1) % (4 * T), 1, __LINE__);
    CHECK_INT(*pa_c_p0[3], value_of(1, (2 * t + 1) % (4 * T)));
    pp_c_p1 = &X_c[(2 * t + 1) % (4 * T)];
    check_at(pp_c_p1, (2 * t + 1) % (4 * T), 1, __LINE__);
    CHECK_INT(*pp_c_p1, value_of(1, (2 * t + 1) % (4 * T)));
    pa_c_p1[3] = &X_c[(2 * t + 1) % (4 * T)];
    check_at(pa_c_p1[3], (2 * t + 1) % (4 * T), 1, __LINE__);
    CHECK_INT(*pa_c_p1[3], value_of(1, (2 * t + 1) % (4 * T)));
    pp_c_p2 = &X_c[(2 * t + 1) % (4 * T)];
    check_at(pp_c_p2, (2 * t + 1) % (4 * T), 1, __LINE__);
    CHECK_INT(*pp_c_p2, value_of(1, (2 * t + 1) % (4 * T)));
    pa_c_p2[3] = &X_c[(2 * t + 1) % (4 * T)];
    check_at(pa_c_p2[3], (2 * t + 1) % (4 * T), 1, __LINE__);
    CHECK_INT(*pa_c_p2[3], value_of(1, (2 * t + 1) % (4 * T)));
    pp_c_p3 = &X_c[(2 * t + 1) % (4 * T)];
    check_at(pp_c_p3, (2 * t + 1) % (4 * T), 1, __LINE__);
    CHECK_INT(*pp_c_p3, value_of(1, (2 * t + 1) % (4 * T)));
    pa_c_p3[3] = &X_c[(2 * t + 1) % (4 * T)];
    check_at(pa_c_p3[3], (2 * t + 1) % (4 * T), 1, __LINE__);
    CHECK_INT(*pa_c_p3[3], value_of(1, (2 * t + 1) % (4 * T)));
    if (t == T - 1) { check_at(sp_i_s0, (t + 3) % 8, 0, __LINE__); CHECK_INT(*sp_i_s0, value_of(0, (t + 3) % 8)); }
    check_at(sa_i_s0[t], (t + 3) % 8, 0, __LINE__);
    CHECK_INT(*sa_i_s0[t], value_of(0, (t + 3) % 8));
    check_at(sm_i_s0[1][t], (t + 3) % 8, 0, __LINE__);
    CHECK_INT(*sm_i_s0[1][t], value_of(0, (t + 3) % 8));
    if (t == T - 1) { check_at(sp_i_s1, (t + 3) % 8, 0, __LINE__); CHECK_INT(*sp_i_s1, value_of(0, (t + 3) % 8)); }
    check_at(sa_i_s1[t], (t + 3) % 8, 0, __LINE__);
    CHECK_INT(*sa_i_s1[t], value_of(0, (t + 3) % 8));
    check_at(sm_i_s1[1][t], (t + 3) % 8, 0, __LINE__);
    CHECK_INT(*sm_i_s1[1][t], value_of(0, (t + 3) % 8));
    if (t == T - 1) { check_at(sp_i_s2, (t + 3) % 8, 0, __LINE__); CHECK_INT(*sp_i_s2, value_of(0, (t + 3) % 8)); }
    check_at(sa_i_s2[t], (t + 3) % 8, 0, __LINE__);
    CHECK_INT(*sa_i_s2[t], value_of(0, (t + 3) % 8));
    check_at(sm_i_s2[1][t], (t + 3) % 8, 0, __LINE__);
    CHECK_INT(*sm_i_s2[1][t], value_of(0, (t + 3) % 8));
    if (t == T - 1) { check_at(sp_i_s3, (t + 3) % 8, 0, __LINE__); CHECK_INT(*sp_i_s3, value_of(0, (t + 3) % 8)); }
    check_at(sa_i_s3[t], (t + 3) % 8, 0, __LINE__);
    CHECK_INT(*sa_i_s3[t], value_of(0, (t + 3) % 8));
    check_at(sm_i_s3[1][t], (t + 3) % 8, 0, __LINE__);
    CHECK_INT(*sm_i_s3[1][t], value_of(0, (t + 3) % 8));
    pp_i_p0 = &X_i[(t + 3) % 8];
    check_at(pp_i_p0, (t + 3) % 8, 0, __LINE__);
    CHECK_INT(*pp_i_p0, value_of(0, (t + 3) % 8));
    pa_i_p0[3] = &X_i[(t + 3) % 8];
    check_at(pa_i_p0[3], (t + 3) % 8, 0, __LINE__);
    CHECK_INT(*pa_i_p0[3], value_of(0, (t + 3) % 8));
    pp_i_p1 = &X_i[(t + 3) % 8];
    check_at(pp_i_p1, (t + 3) % 8, 0, __LINE__);
    CHECK_INT(*pp_i_p1, value_of(0, (t + 3) % 8));
    pa_i_p1[3] = &X_i[(t + 3) % 8];
    check_at(pa_i_p1[3], (t + 3) % 8, 0, __LINE__);
    CHECK_INT(*pa_i_p1[3], value_of(0, (t + 3) % 8));
    pp_i_p2 = &X_i[(t + 3) % 8];
    check_at(pp_i_p2, (t + 3) % 8, 0, __LINE__);
    CHECK_INT(*pp_i_p2, value_of(0, (t + 3) % 8));
    pa_i_p2[3] = &X_i[(t + 3) % 8];
    check_at(pa_i_p2[3], (t + 3) % 8, 0, __LINE__);
    CHECK_INT(*pa_i_p2[3], value_of(0, (t + 3) % 8));
    pp_i_p3 = &X_i[(t + 3) % 8];
    check_at(pp_i_p3, (t + 3) % 8, 0, __LINE__);
    CHECK_INT(*pp_i_p3, value_of(0, (t + 3) % 8));
    pa_i_p3[3] = &X_i[(t + 3) % 8];
    check_at(pa_i_p3[3], (t + 3) % 8, 0, __LINE__);
    CHECK_INT(*pa_i_p3[3], value_of(0, (t + 3) % 8));
    if (t == T - 1) { check_at(sp_b1_s0, (3 * t + 2) % (4 * T), 1, __LINE__); CHECK_INT(*sp_b1_s0, value_of(1, (3 * t + 2) % (4 * T))); }
    check_at(sa_b1_s0[t], (3 * t + 2) % (4 * T), 1, __LINE__);
    CHECK_INT(*sa_b1_s0[t], value_of(1, (3 * t + 2) % (4 * T)));
    check_at(sm_b1_s0[1][t], (3 * t + 2) % (4 * T), 1, __LINE__);
    CHECK_INT(*sm_b1_s0[1][t], value_of(1, (3 * t + 2) % (4 * T)));
    if (t == T - 1) { check_at(sp_b1_s1, (3 * t + 2) % (4 * T), 1, __LINE__); CHECK_INT(*sp_b1_s1, value_of(1, (3 * t + 2) % (4 * T))); }
    check_at(sa_b1_s1[t], (3 * t + 2) % (4 * T), 1, __LINE__);
    CHECK_INT(*sa_b1_s1[t], value_of(1, (3 * t + 2) % (4 * T)));
    check_at(sm_b1_s1[1][t], (3 * t + 2) % (4 * T), 1, __LINE__);
    CHECK_INT(*sm_b1_s1[1][t], value_of(1, (3 * t + 2) % (4 * T)));
    if (t == T - 1) { check_at(sp_b1_s2, (3 * t + 2) % (4 * T), 1, __LINE__); CHECK_INT(*sp_b1_s2, value_of(1, (3 * t + 2) % (4 * T))); }
    check_at(sa_b1_s2[t], (3 * t + 2) % (4 * T), 1, __LINE__);
    CHECK_INT(*sa_b1_s2[t], value_of(1, (3 * t + 2) % (4 * T)));
    check_at(sm_b1_s2[1][t], (3 * t + 2) % (4 * T), 1, __LINE__);
    CHECK_INT(*sm_b1_s2[1][t], value_of(1, (3 * t + 2) % (4 * T)));
    if (t == T - 1) { check_at(sp_b1_s3, (3 * t + 2) % (4 * T), 1, __LINE__); CHECK_INT(*sp_b1_s3, value_of(1, (3 * t + 2) % (4 * T))); }
    check_at(sa_b1_s3[t], (3 * t + 2) % (4 * T), 1, __LINE__);
    CHECK_INT(*sa_b1_s3[t], value_of(1, (3 * t + 2) % (4 * T)));
    check_at(sm_b1_s3[1][t], (3 * t + 2) % (4 * T), 1, __LINE__);
    CHECK_INT(*sm_b1_s3[1][t], value_of(1, (3 * t + 2) % (4 * T)));
    pp_b1_p0 = &X_b1[(3 * t + 2) % (4 * T)];
    check_at(pp_b1_p0, (3 * t + 2) % (4 * T), 1, __LINE__);
    CHECK_INT(*pp_b1_p0, value_of(1, (3 * t + 2) % (4 * T)));
    pa_b1_p0[3] = &X_b1[(3 * t + 2) % (4 * T)];
    check_at(pa_b1_p0[3], (3 * t + 2) % (4 * T), 1, __LINE__);
    CHECK_INT(*pa_b1_p0[3], value_of(1, (3 * t + 2) % (4 * T)));
    pp_b1_p1 = &X_b1[(3 * t + 2) % (4 * T)];
    check_at(pp_b1_p1, (3 * t + 2) % (4 * T), 1, __LINE__);
    CHECK_INT(*pp_b1_p1, value_of(1, (3 * t + 2) % (4 * T)));
    pa_b1_p1[3] = &X_b1[(3 * t + 2) % (4 * T)];
    check_at(pa_b1_p1[3], (3 * t + 2) % (4 * T), 1, __LINE__);
    CHECK_INT(*pa_b1_p1[3], value_of(1, (3 * t + 2) % (4 * T)));
    pp_b1_p2 = &X_b1[(3 * t + 2) % (4 * T)];
    check_at(pp_b1_p2, (3 * t + 2) % (4 * T), 1, __LINE__);
    CHECK_INT(*pp_b1_p2, value_of(1, (3 * t + 2) % (4 * T)));
    pa_b1_p2[3] = &X_b1[(3 * t + 2) % (4 * T)];
    check_at(pa_b1_p2[3], (3 * t + 2) % (4 * T), 1, __LINE__);
    CHECK_INT(*pa_b1_p2[3], value_of(1, (3 * t + 2) % (4 * T)));
    pp_b1_p3 = &X_b1[(3 * t + 2) % (4 * T)];
    check_at(pp_b1_p3, (3 * t + 2) % (4 * T), 1, __LINE__);
    CHECK_INT(*pp_b1_p3, value_of(1, (3 * t + 2) % (4 * T)));
    pa_b1_p3[3] = &X_b1[(3 * t + 2) % (4 * T)];
    check_at(pa_b1_p3[3], (3 * t + 2) % (4 * T), 1, __LINE__);
    CHECK_INT(*pa_b1_p3[3], value_of(1, (3 * t + 2) % (4 * T)));
    if (t == T - 1) { check_at(sp_b3_s0, (3 * t + 1) % (6 * T), 3, __LINE__); CHECK_INT(*sp_b3_s0, value_of(3, (3 * t + 1) % (6 * T))); }
    check_at(sa_b3_s0[t], (3 * t + 1) % (6 * T), 3, __LINE__);
    CHECK_INT(*sa_b3_s0[t], value_of(3, (3 * t + 1) % (6 * T)));
    check_at(sm_b3_s0[1][t], (3 * t + 1) % (6 * T), 3, __LINE__);
    CHECK_INT(*sm_b3_s0[1][t], value_of(3, (3 * t + 1) % (6 * T)));
    if (t == T - 1) { check_at(sp_b3_s1, (3 * t + 1) % (6 * T), 3, __LINE__); CHECK_INT(*sp_b3_s1, value_of(3, (3 * t + 1) % (6 * T))); }
    check_at(sa_b3_s1[t], (3 * t + 1) % (6 * T), 3, __LINE__);
    CHECK_INT(*sa_b3_s1[t], value_of(3, (3 * t + 1) % (6 * T)));
    check_at(sm_b3_s1[1][t], (3 * t + 1) % (6 * T), 3, __LINE__);
    CHECK_INT(*sm_b3_s1[1][t], value_of(3, (3 * t + 1) % (6 * T)));
    if (t == T - 1) { check_at(sp_b3_s2, (3 * t + 1) % (6 * T), 3, __LINE__); CHECK_INT(*sp_b3_s2, value_of(3, (3 * t + 1) % (6 * T))); }
    check_at(sa_b3_s2[t], (3 * t + 1) % (6 * T), 3, __LINE__);
    CHECK_INT(*sa_b3_s2[t], value_of(3, (3 * t + 1) % (6 * T)));
    check_at(sm_b3_s2[1][t], (3 * t + 1) % (6 * T), 3, __LINE__);
    CHECK_INT(*sm_b3_s2[1][t], value_of(3, (3 * t + 1) % (6 * T)));
    if (t == T - 1) { check_at(sp_b3_s3, (3 * t + 1) % (6 * T), 3, __LINE__); CHECK_INT(*sp_b3_s3, value_of(3, (3 * t + 1) % (6 * T))); }
    check_at(sa_b3_s3[t], (3 * t + 1) % (6 * T), 3, __LINE__);
    CHECK_INT(*sa_b3_s3[t], value_of(3, (3 * t + 1) % (6 * T)));
    check_at(sm_b3_s3[1][t], (3 * t + 1) % (6 * T), 3, __LINE__);
    CHECK_INT(*sm_b3_s3[1][t], value_of(3, (3 * t + 1) % (6 * T)));
    pp_b3_p0 = &X_b3[(3 * t + 1) % (6 * T)];
    check_at(pp_b3_p0, (3 * t + 1) % (6 * T), 3, __LINE__);
    CHECK_INT(*pp_b3_p0, value_of(3, (3 * t + 1) % (6 * T)));
    pa_b3_p0[3] = &X_b3[(3 * t + 1) % (6 * T)];
    check_at(pa_b3_p0[3], (3 * t + 1) % (6 * T), 3, __LINE__);
    CHECK_INT(*pa_b3_p0[3], value_of(3, (3 * t + 1) % (6 * T)));
    pp_b3_p1 = &X_b3[(3 * t + 1) % (6 * T)];
    check_at(pp_b3_p1, (3 * t + 1) % (6 * T), 3, __LINE__);
    CHECK_INT(*pp_b3_p1, value_of(3, (3 * t + 1) % (6 * T)));
    pa_b3_p1[3] = &X_b3[(3 * t + 1) % (6 * T)];
    check_at(pa_b3_p1[3], (3 * t + 1) % (6 * T), 3, __LINE__);
    CHECK_INT(*pa_b3_p1[3], value_of(3, (3 * t + 1) % (6 * T)));
    pp_b3_p2 = &X_b3[(3 * t + 1) % (6 * T)];
    check_at(pp_b3_p2, (3 * t + 1) % (6 * T), 3, __LINE__);
    CHECK_INT(*pp_b3_p2, value_of(3, (3 * t + 1) % (6 * T)));
    pa_b3_p2[3] = &X_b3[(3 * t + 1) % (6 * T)];
    check_at(pa_b3_p2[3], (3 * t + 1) % (6 * T), 3, __LINE__);
    CHECK_INT(*pa_b3_p2[3], value_of(3, (3 * t + 1) % (6 * T)));
    pp_b3_p3 = &X_b3[(3 * t + 1) % (6 * T)];
    check_at(pp_b3_p3, (3 * t + 1) % (6 * T), 3, __LINE__);
    CHECK_INT(*pp_b3_p3, value_of(3, (3 * t + 1) % (6 * T)));
    pa_b3_p3[3] = &X_b3[(3 * t + 1) % (6 * T)];
    check_at(pa_b3_p3[3], (3 * t + 1) % (6 * T), 3, __LINE__);
    CHECK_INT(*pa_b3_p3[3], value_of(3, (3 * t + 1) % (6 * T)));
    check_at(la[t], (t + 1) % 8, 0, __LINE__);
    CHECK_INT(*la[t], value_of(0, (t + 1) % 8));
    CHECK_INT(*Y_st[t], value_of(5, t));
  }
  CHECK_INT(*ls, value_of(0, (T - 1) % 8));
  CHECK_INT(*l0 + *l1 + *l2 + *l3[0], 4 * value_of(3, 4));
  CHECK_INT(*l3[1], value_of(3, 5));
  return upctest_done();
}
