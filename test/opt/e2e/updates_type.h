/* updates_type.h — one element type's concurrent-update test for updates.upc:
 * included once per type with UT (the type), UN (a name suffix) and UINT (1
 * for integer types) defined; defines conc_<UN>(). */
#define UCAT2(a, b) a##_##b
#define UCAT(a, b) UCAT2(a, b)
#define UF(x) UCAT(x, UN)
#define USTR2(x) #x
#define USTR(x) USTR2(x)

shared UT UF(conc_c)[NKIND_ALL * THREADS];
shared [3] UT UF(conc_b)[NKIND_ALL * THREADS];

static UT UF(init)(long k) { return (UT)(k % 5 + 1); }
static UT UF(val)(long k, int t) { return (UT)(t + 1 + k % 3); }

/* The reference: the same operation on a private variable. */
static UT UF(sim)(int kind, UT x, UT v, int t) {
  switch (kind) {
  case 0: x += v; break;
  case 1: x -= v; break;
  case 2: x = x + v; break;
  case 3: x = v + x; break;
  case 4: x *= (UT)2; break;
  case 5: x = x * (UT)2; break;
  case 6: x++; break;
  case 7: ++x; break;
  case 8: x--; break;
  case 9: x = (UT)2 * x; break;
  case 10: x = x - v; break;
#if UINT
  case 11: x ^= (UT)(1 << t); break;
  case 12: x |= (UT)(1 << (t + 3)); break;
  case 13: x &= (UT)~(1 << (t % 3)); break;
  case 14: x = x ^ (UT)(3 << t); break;
  case 15: x = (UT)(5 << t) | x; break;
  case 16: x = x & (UT)~(4 << t); break;
  case 17: x = v < x ? v : x; break;
  case 18: x = x > v ? x : v; break;
#endif
  }
  return x;
}

#if UINT
#define UKINDS NKIND_ALL
#define UAPPLY(X, kind, k, v, t) switch (kind) { COMMON_CASES(X, k, v, UT) INT_CASES(X, k, v, t, UT) }
#else
#define UKINDS NKIND_FLT
#define UAPPLY(X, kind, k, v, t) switch (kind) { COMMON_CASES(X, k, v, UT) }
#endif

/* Which threads update element k: all of them when the updates are
 * converted (atomic).  Otherwise only thread (k + 1) % THREADS, as
 * concurrent relaxed read-modify-writes are not atomic in UPC, and only the
 * first UKINDS elements (each kind once), as each costs a round trip through
 * MPI RMA. */
static int UF(updates)(long k, int t) {
  return E2E_ATOMIC || (k < UKINDS && (int)((k + 1) % THREADS) == t);
}

static void UF(conc)(void) {
  const long M = NKIND_ALL * (long)THREADS;
  upc_forall (long k = 0; k < M; k++; &UF(conc_c)[k]) UF(conc_c)[k] = UF(init)(k);
  upc_forall (long k = 0; k < M; k++; &UF(conc_b)[k]) UF(conc_b)[k] = UF(init)(k);
  upc_barrier;
  const int t = MYTHREAD;
  /* One kind after the other: runs of one operation to each thread. */
  for (int kind = 0; kind < UKINDS; kind++)
    for (long k = kind; k < M; k += UKINDS) {
      if (!UF(updates)(k, t)) continue;
      UT v = UF(val)(k, t);
      UAPPLY(UF(conc_c), kind, k, v, t); /* RU */
    }
  for (long k = M - 1; k >= 0; k--) {
    if (!UF(updates)(k, t)) continue;
    UT v = UF(val)(k, t);
    UAPPLY(UF(conc_b), k % UKINDS, k, v, t); /* RU */
  }
  upc_barrier;
  UT *c = malloc(M * sizeof(UT)), *b = malloc(M * sizeof(UT));
  E2E_GATHER(UT, c, UF(conc_c), M, 1);
  E2E_GATHER(UT, b, UF(conc_b), M, 3);
  for (long k = 0; k < M; k++) {
    UT e = UF(init)(k);
    for (int s = 0; s < THREADS; s++)
      if (UF(updates)(k, s)) e = UF(sim)((int)(k % UKINDS), e, UF(val)(k, s), s);
#if UINT
    CHECK_EQ(c[k], e, "%s cyclic [%ld], kind %ld", USTR(UT), k, k % UKINDS);
    CHECK_EQ(b[k], e, "%s blocked [%ld], kind %ld", USTR(UT), k, k % UKINDS);
#else
    CHECK_DEQ(c[k], e, "%s cyclic [%ld], kind %ld", USTR(UT), k, k % UKINDS);
    CHECK_DEQ(b[k], e, "%s blocked [%ld], kind %ld", USTR(UT), k, k % UKINDS);
#endif
  }
  free(c);
  free(b);
  upc_barrier;
}

#undef UKINDS
#undef UAPPLY
#undef UT
#undef UN
#undef UINT
