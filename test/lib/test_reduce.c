/* test_reduce.c — upc_all_reduceT, upc_all_prefix_reduceT and the XUPC
 * reductions (allreduce, suffix, element-wise _mpi/_mpi_all, array-of-values)
 * for all eleven types and every upc_op_t incl. UPC_FUNC and UPC_NONCOMM_FUNC,
 * block sizes 0/1/3/5, several lengths, start threads/phases and sync-flag
 * mixes, against a serial reduction in the same C type. */
#include "libtest.h"

static upcrt_pts_t SRC, DST; /* shared [SB] char[SB*THREADS] each */
enum { SB = 4096 };

static const int mixes[] = {0, UPC_IN_MYSYNC | UPC_OUT_MYSYNC, UPC_IN_NOSYNC | UPC_OUT_NOSYNC,
                            UPC_IN_ALLSYNC | UPC_OUT_MYSYNC};
static const int algs[] = {0, UPC_PULL, UPC_PUSH, UPC_MULTICORE};
static const int ops[] = {UPC_ADD, UPC_MULT, UPC_AND, UPC_OR, UPC_XOR, UPC_LOGAND,
                          UPC_LOGOR, UPC_MIN, UPC_MAX, UPC_FUNC, UPC_NONCOMM_FUNC,
                          UPC_NONCOMM_FUNC};
static const size_t blks[] = {0, 1, 3, 5};
static const size_t lens[] = {1, 17, 40};

/* Element i of a blocked array starting at (t0, phase p, offset off). */
static upcrt_pts_t elem(upcrt_pts_t base, size_t i, size_t blk, size_t E) {
  if (blk == 0) return (upcrt_pts_t){base.offset + i * E, base.thread, 0};
  size_t g = base.phase + i, b = g / blk, ph = g % blk, T = (size_t)THREADS;
  size_t t = (base.thread + b) % T, row = (base.thread + b) / T;
  return (upcrt_pts_t){base.offset - base.phase * E + row * blk * E + ph * E, (uint32_t)t,
                       (uint32_t)ph};
}

static char *local(upcrt_pts_t p) { return upcrt_node_base[p.thread] + p.offset; }

#define OPNAME(op)                                                                 \
  ((op) == UPC_ADD ? "ADD" : (op) == UPC_MULT ? "MULT" : (op) == UPC_AND ? "AND"   \
   : (op) == UPC_OR ? "OR" : (op) == UPC_XOR ? "XOR" : (op) == UPC_LOGAND ? "LOGAND" \
   : (op) == UPC_LOGOR ? "LOGOR" : (op) == UPC_MIN ? "MIN" : (op) == UPC_MAX ? "MAX" \
   : (op) == UPC_FUNC ? "FUNC" : "NONCOMM_FUNC")

/* The serial combination a op b in TYPE (bitwise ops only for integers). */
#define DEFINE_TYPE(T, TYPE, SIGNED)                                              \
  static TYPE add_##T(TYPE a, TYPE b) { return (TYPE)(a + b); }                     \
  static TYPE first_##T(TYPE a, TYPE b) { (void)b; return a; }                      \
  static TYPE last_##T(TYPE a, TYPE b) { (void)a; return b; }                       \
  static TYPE comb_##T(int op, int which, TYPE a, TYPE b) {                         \
    switch (op) {                                                                   \
    case UPC_ADD: return (TYPE)(a + b);                                             \
    case UPC_MULT: return (TYPE)(a * b);                                            \
    case UPC_LOGAND: return (TYPE)(a && b);                                         \
    case UPC_LOGOR: return (TYPE)(a || b);                                          \
    case UPC_MIN: return b < a ? b : a;                                             \
    case UPC_MAX: return b > a ? b : a;                                             \
    case UPC_FUNC: return add_##T(a, b);                                            \
    case UPC_NONCOMM_FUNC: return which ? last_##T(a, b) : first_##T(a, b);         \
    default: return bits_##T(op, a, b);                                             \
    }                                                                               \
  }                                                                                 \
  static TYPE val_##T(int op, size_t i, int salt) {                                 \
    if (op == UPC_MULT) return (TYPE)(i % 5 == 0 ? 2 : (SIGNED && i % 7 == 3) ? -1 : 1); \
    if ((op == UPC_LOGAND || op == UPC_LOGOR) && (i + (size_t)salt) % 6 != 0)        \
      return (TYPE)(op == UPC_LOGAND);                                              \
    long v = (long)((i * 37 + (size_t)salt * 11 + 5) % 90);                         \
    if (SIGNED) v -= 30;                                                      \
    return (TYPE)v;                                                                 \
  }                                                                                 \
  static TYPE (*fn_##T(int op, int which))(TYPE, TYPE) {                            \
    return op == UPC_FUNC ? add_##T : op == UPC_NONCOMM_FUNC ? (which ? last_##T : first_##T) : NULL; \
  }

#define BITS_INT(T, TYPE)                                                          \
  static TYPE bits_##T(int op, TYPE a, TYPE b) {                                   \
    return op == UPC_AND ? (TYPE)(a & b) : op == UPC_OR ? (TYPE)(a | b) : (TYPE)(a ^ b); \
  }
#define BITS_FLT(T, TYPE)                                                          \
  static TYPE bits_##T(int op, TYPE a, TYPE b) { (void)op; (void)b; return a; }

BITS_INT(C, signed char) BITS_INT(UC, unsigned char) BITS_INT(S, short)
BITS_INT(US, unsigned short) BITS_INT(I, int) BITS_INT(UI, unsigned int)
BITS_INT(L, long) BITS_INT(UL, unsigned long) BITS_FLT(F, float) BITS_FLT(D, double)
BITS_FLT(LD, long double)

DEFINE_TYPE(C, signed char, 1) DEFINE_TYPE(UC, unsigned char, 0) DEFINE_TYPE(S, short, 1)
DEFINE_TYPE(US, unsigned short, 0) DEFINE_TYPE(I, int, 1) DEFINE_TYPE(UI, unsigned int, 0)
DEFINE_TYPE(L, long, 1) DEFINE_TYPE(UL, unsigned long, 0) DEFINE_TYPE(F, float, 1)
DEFINE_TYPE(D, double, 1) DEFINE_TYPE(LD, long double, 1)

static int case_no;

/* One type: every op × block × length, with every reduction kind. */
#define RUN_TYPE(T, TYPE, ISFLOAT)                                                   \
  static void run_##T(void) {                                                        \
    const size_t E = sizeof(TYPE);                                                   \
    TYPE ref[64], got;                                                               \
    int rma = upcrt_seg_force_rma;                                                   \
    for (size_t o = 0; o < sizeof ops / sizeof *ops; o++) {                          \
      int op = ops[o], which = o == sizeof ops / sizeof *ops - 1;                    \
      if (ISFLOAT && (op == UPC_AND || op == UPC_OR || op == UPC_XOR)) continue;     \
      /* through MPI RMA (slow on one oversubscribed node): blocks 1, 3, n 17 */   \
      for (size_t b = rma ? 1 : 0; b < (rma ? 3 : 4); b += rma ? 2 : 1)              \
        for (size_t l = rma ? 1 : 0; l < (rma ? 2 : 3); l++) {                       \
          size_t blk = blks[b], n = lens[l];                                         \
          int c = ++case_no, mix = mixes[c % 4], flags = mix | algs[(c / 4) % 4];     \
          int T_ = THREADS;                                                          \
          /* src starts on thread c mod T with a phase inside its block */           \
          upcrt_pts_t src = {SRC.offset + 64, (uint32_t)(c % T_),                    \
                             (uint32_t)(blk ? (size_t)c % blk : 0)};                 \
          src.offset += src.phase * E;                                               \
          /* prefix/suffix dst: same layout (aligned) or from another thread */      \
          upcrt_pts_t pdst = src;                                                    \
          pdst.offset = DST.offset + 64 + src.phase * E;                             \
          if (c % 3 == 0) pdst.thread = (uint32_t)((c + 1) % T_);                    \
          for (size_t i = 0; i < n; i++) {                                           \
            upcrt_pts_t p = elem(src, i, blk, E);                                    \
            if ((int)p.thread == MYTHREAD) {                                         \
              TYPE v = val_##T(op, i, c);                                            \
              memcpy(local(p), &v, E);                                               \
            }                                                                        \
          }                                                                          \
          ref[0] = val_##T(op, 0, c);                                                \
          for (size_t i = 1; i < n; i++) ref[i] = comb_##T(op, which, ref[i - 1], val_##T(op, i, c)); \
          TYPE suf[64];                                                              \
          for (size_t i = n; i-- > 0;)                                               \
            suf[i] = i + 1 == n ? val_##T(op, i, c)                                  \
                                : comb_##T(op, which, val_##T(op, i, c), suf[i + 1]); \
          if (mix & UPC_IN_NOSYNC) libtest_barrier();                                \
          /* reduce to a scalar on thread (c+1) mod T */                             \
          upcrt_pts_t rd = {DST.offset + 8, (uint32_t)((c + 1) % T_), 0};            \
          upc_all_reduce##T(rd, src, op, n, blk, fn_##T(op, which), flags);          \
          if ((int)rd.thread == MYTHREAD && !(mix & UPC_OUT_NOSYNC)) {               \
            memcpy(&got, local(rd), E);                                              \
            CHECK(got == ref[n - 1], "reduce" #T " %s blk %zu n %zu case %d: %Lg, expected %Lg", \
                  OPNAME(op), blk, n, c, (long double)got, (long double)ref[n - 1]);  \
          }                                                                          \
          libtest_barrier();                                                         \
          upc_memget(&got, rd, E);                                                   \
          CHECK(got == ref[n - 1], "reduce" #T " %s blk %zu n %zu case %d (read by all)", \
                OPNAME(op), blk, n, c);                                              \
          libtest_barrier();                                                         \
          /* prefix and suffix */                                                    \
          if (mix & UPC_IN_NOSYNC) libtest_barrier();                                \
          upc_all_prefix_reduce##T(pdst, src, op, n, blk, fn_##T(op, which), flags); \
          libtest_barrier();                                                         \
          for (size_t i = 0; i < n; i++) {                                           \
            upc_memget(&got, elem(pdst, i, blk, E), E);                              \
            CHECK(got == ref[i], "prefix_reduce" #T " %s blk %zu n %zu case %d: [%zu] = %Lg, expected %Lg", \
                  OPNAME(op), blk, n, c, i, (long double)got, (long double)ref[i]);   \
          }                                                                          \
          libtest_barrier();                                                         \
          xupc_all_suffix_reduce##T(pdst, src, op, n, blk, fn_##T(op, which), flags); \
          libtest_barrier();                                                         \
          for (size_t i = 0; i < n; i++) {                                           \
            upc_memget(&got, elem(pdst, i, blk, E), E);                              \
            CHECK(got == suf[i], "suffix_reduce" #T " %s blk %zu n %zu case %d: [%zu] = %Lg, expected %Lg", \
                  OPNAME(op), blk, n, c, i, (long double)got, (long double)suf[i]);   \
          }                                                                          \
          libtest_barrier();                                                         \
          /* allreduce into shared [1] TYPE[THREADS] at thread 0 or 1 */             \
          upcrt_pts_t ad = {DST.offset + 2048, (uint32_t)(c % 2 ? 0 : 1 % T_), 0};   \
          xupc_all_reduce##T##_all(ad, src, op, n, blk, fn_##T(op, which), flags);   \
          libtest_barrier();                                                         \
          for (int t = 0; t < T_; t++) {                                             \
            upcrt_pts_t e = {ad.offset + (size_t)((ad.thread + (size_t)t) / (size_t)T_) * E, \
                             (uint32_t)((ad.thread + (size_t)t) % (size_t)T_), 0};   \
            upc_memget(&got, e, E);                                                  \
            CHECK(got == ref[n - 1], "reduce" #T "_all %s blk %zu n %zu case %d: [%d]", \
                  OPNAME(op), blk, n, c, t);                                         \
          }                                                                          \
          libtest_barrier();                                                         \
        }                                                                            \
      /* element-wise: thread i's block of k elements is v(i*k + j) */               \
      for (size_t k = 1; k <= 9; k += rma ? 8 : 4) {                                 \
        int c = ++case_no, mix = mixes[c % 4], T_ = THREADS;                         \
        upcrt_pts_t s0 = {SRC.offset + 256, (uint32_t)(c % 2 ? 0 : 1 % T_), 0};      \
        upcrt_pts_t mb = {s0.offset + (size_t)((s0.thread + (size_t)MYTHREAD) / (size_t)T_) * k * E, \
                          (uint32_t)((s0.thread + (size_t)MYTHREAD) % (size_t)T_), 0}; \
        TYPE mine[16], eref[16], out[16];                                            \
        for (size_t j = 0; j < k; j++) mine[j] = val_##T(op, (size_t)MYTHREAD * k + j, c); \
        for (size_t j = 0; j < k; j++) {                                             \
          eref[j] = val_##T(op, j, c);                                               \
          for (int t = 1; t < T_; t++)                                               \
            eref[j] = comb_##T(op, which, eref[j], val_##T(op, (size_t)t * k + j, c)); \
        }                                                                            \
        libtest_barrier();                                                           \
        upc_memput(mb, mine, k * E);                                                 \
        libtest_barrier();                                                           \
        upcrt_pts_t md = {DST.offset + 1024, (uint32_t)(c % T_), 0};                 \
        xupc_all_reduce##T##_mpi(md, s0, op, k, fn_##T(op, which), mix);             \
        libtest_barrier();                                                           \
        upc_memget(out, md, k * E);                                                  \
        for (size_t j = 0; j < k; j++)                                               \
          CHECK(out[j] == eref[j], "reduce" #T "_mpi %s k %zu case %d: [%zu]", OPNAME(op), k, c, j); \
        libtest_barrier();                                                           \
        upcrt_pts_t ma = {DST.offset + 1536, s0.thread, 0};                          \
        xupc_all_reduce##T##_mpi_all(ma, s0, op, k, fn_##T(op, which), mix);         \
        libtest_barrier();                                                           \
        for (int t = 0; t < T_; t++) {                                               \
          upcrt_pts_t e = {ma.offset + (size_t)((ma.thread + (size_t)t) / (size_t)T_) * k * E, \
                           (uint32_t)((ma.thread + (size_t)t) % (size_t)T_), 0};     \
          upc_memget(out, e, k * E);                                                 \
          for (size_t j = 0; j < k; j++)                                             \
            CHECK(out[j] == eref[j], "reduce" #T "_mpi_all %s k %zu case %d: block %d [%zu]", \
                  OPNAME(op), k, c, t, j);                                           \
        }                                                                            \
        libtest_barrier();                                                           \
        /* array of values on private arrays */                                      \
        memset(out, 0, sizeof out);                                                  \
        xupc_allav_reduce##T(out, mine, op, k, fn_##T(op, which), c % T_, mix);      \
        if (MYTHREAD == c % T_)                                                      \
          for (size_t j = 0; j < k; j++)                                             \
            CHECK(out[j] == eref[j], "allav_reduce" #T " %s k %zu: [%zu]", OPNAME(op), k, j); \
        xupc_allav_reduce##T##_all(out, mine, op, k, fn_##T(op, which), mix);        \
        for (size_t j = 0; j < k; j++)                                               \
          CHECK(out[j] == eref[j], "allav_reduce" #T "_all %s k %zu: [%zu]", OPNAME(op), k, j); \
        xupc_allav_prefix_reduce##T(out, mine, op, k, fn_##T(op, which), mix);       \
        for (size_t j = 0; j < k; j++) {                                             \
          TYPE e = val_##T(op, j, c);                                                \
          for (int t = 1; t <= MYTHREAD; t++)                                        \
            e = comb_##T(op, which, e, val_##T(op, (size_t)t * k + j, c));           \
          CHECK(out[j] == e, "allav_prefix_reduce" #T " %s k %zu: [%zu]", OPNAME(op), k, j); \
        }                                                                            \
      }                                                                              \
    }                                                                                \
    LIBTEST_AGREE();                                                                 \
  }                                                                                  \
  static void test_##T(void **s) {                                                   \
    (void)s;                                                                         \
    if (upcrt_pts_isnull(SRC)) {                                                     \
      SRC = upc_all_alloc((size_t)THREADS, SB);                                      \
      DST = upc_all_alloc((size_t)THREADS, SB);                                      \
    }                                                                                \
    run_##T();                                                                       \
  }

RUN_TYPE(C, signed char, 0) RUN_TYPE(UC, unsigned char, 0) RUN_TYPE(S, short, 0)
RUN_TYPE(US, unsigned short, 0) RUN_TYPE(I, int, 0) RUN_TYPE(UI, unsigned int, 0)
RUN_TYPE(L, long, 0) RUN_TYPE(UL, unsigned long, 0) RUN_TYPE(F, float, 1)
RUN_TYPE(D, double, 1) RUN_TYPE(LD, long double, 1)

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_C), cmocka_unit_test(test_UC), cmocka_unit_test(test_S),
    cmocka_unit_test(test_US), cmocka_unit_test(test_I), cmocka_unit_test(test_UI),
    cmocka_unit_test(test_L), cmocka_unit_test(test_UL), cmocka_unit_test(test_F),
    cmocka_unit_test(test_D), cmocka_unit_test(test_LD)};
LIBTEST_MAIN(tests)
