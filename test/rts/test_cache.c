/* test_cache.c — the software cache of remote relaxed accesses (rts/comm/cache.c):
 * hit/miss counts, dirty-byte write-back, the victim cache, reading one's own
 * writes, and consistency at fences, strict accesses, locks and barriers.
 * Runs under UPCRT_FORCE_RMA=1 at the default and at tiny sizes; every
 * expected count is computed from the configuration the cache reports. */
#include "rtstest.h"

#include <stdint.h>

#include "cache.h"

static upcrt_cache_stats_t cfg;
static upcrt_pts_t area; /* upc_all_alloc(THREADS, AREA): AREA bytes per thread */
static size_t AREA;

/* Byte k of thread t's block of the area. */
static upcrt_pts_t at(int t, size_t k) { return upcrt_pts_add(area, (ptrdiff_t)(t * AREA + k), AREA, 1); }

/* Offset of the first line boundary in the area (blocks are laid out alike). */
static size_t first_line(void) {
  uint64_t off = at(0, 0).offset;
  return (size_t)((cfg.line_size - off % cfg.line_size) % cfg.line_size);
}

static int setup(void **state) {
  (void)state;
  upcrt_cache_stats(&cfg);
  AREA = (3 * cfg.lines + 8) * cfg.line_size; /* more lines than the cache and victims hold */
  if (AREA < 65536) AREA = 65536;
  area = upc_all_alloc((size_t)THREADS, AREA);
  return 0;
}

/* The cache is on exactly when some thread is reached through MPI. */
static void test_configuration(void **state) {
  (void)state;
  int remote = 0;
  for (int t = 0; t < THREADS; t++) remote |= upcrt_node_base[t] == NULL;
  const char *env = getenv("UPCRT_CACHE_LINES");
  size_t want = env ? strtoul(env, NULL, 10) : 256;
  CHECK(cfg.lines == (remote ? want : 0), "lines %zu, remote %d", cfg.lines, remote);
  RTSTEST_AGREE();
}

/* Stride-1 reads of the next thread's block: one miss per line touched, the
 * rest hits, and every value right. */
static void test_stride1_counts(void **state) {
  (void)state;
  int next = (MYTHREAD + 1) % THREADS;
  size_t n = 4 * cfg.line_size / 4; /* four lines of ints */
  if (n < 64) n = 64;
  size_t k0 = first_line() + 3; /* not line-aligned: a partial first line */
  k0 -= k0 % 4;
  for (size_t i = 0; i < n; i++) upcrt_put_i32(at(MYTHREAD, k0 + 4 * i), (int32_t)(MYTHREAD * 100000 + i));
  upcrt_barrier(0, 0);
  upcrt_cache_stats_reset();
  for (size_t i = 0; i < n; i++) {
    int32_t v = upcrt_get_i32(at(next, k0 + 4 * i));
    CHECK(v == (int32_t)(next * 100000 + i), "[%zu] = %d", i, v);
  }
  upcrt_cache_stats_t s;
  upcrt_cache_stats(&s);
  if (upcrt_node_base[next] == NULL && cfg.lines) {
    uint64_t off = at(next, k0).offset;
    uint64_t lines = (off + 4 * n - 1) / cfg.line_size - off / cfg.line_size + 1;
    CHECK(s.misses == lines, "misses %lu, want %lu", (unsigned long)s.misses, (unsigned long)lines);
    CHECK(s.hits == n - lines, "hits %lu, want %lu", (unsigned long)s.hits,
          (unsigned long)(n - lines));
    CHECK(s.victim_hits == 0 && s.bypasses == 0, "victim hits %lu bypasses %lu",
          (unsigned long)s.victim_hits, (unsigned long)s.bypasses);
  } else {
    CHECK(s.hits + s.misses == 0, "a mapped thread went through the cache");
  }
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* Every thread writes its own bytes of one line of thread 0 after every
 * thread has cached that line: only dirty bytes are written back, so all
 * writes survive.  Several runs per line exercise the indexed put. */
static void test_dirty_bytes(void **state) {
  (void)state;
  size_t L = cfg.line_size < 64 ? cfg.line_size : 64, k0 = first_line();
  if (MYTHREAD == 0)
    for (size_t i = 0; i < L; i++) upcrt_put_u8(at(0, k0 + i), 0xEE);
  upcrt_barrier(0, 0);
  upcrt_cache_stats_reset();
  CHECK(upcrt_get_u8(at(0, k0)) == 0xEE, "line not loaded");
  /* every thread has the line cached (or mapped) before anyone writes */
  MPI_Barrier(MPI_COMM_WORLD);
  for (size_t i = 0; i < L; i++)
    if ((int)(i % THREADS) == MYTHREAD) upcrt_put_u8(at(0, k0 + i), (uint8_t)(i * 7 + 1));
  /* each thread still reads its own bytes and the stale others */
  for (size_t i = 0; i < L; i++) {
    uint8_t v = upcrt_get_u8(at(0, k0 + i));
    if ((int)(i % THREADS) == MYTHREAD) CHECK(v == (uint8_t)(i * 7 + 1), "own byte %zu = %u", i, v);
  }
  upcrt_barrier(0, 0);
  upcrt_cache_stats_t s;
  upcrt_cache_stats(&s);
  if (upcrt_node_base[0] == NULL && cfg.lines)
    CHECK(s.writebacks >= 1, "no write-back (%lu)", (unsigned long)s.writebacks);
  for (size_t i = 0; i < L; i++) {
    uint8_t v = upcrt_get_u8(at(0, k0 + i));
    CHECK(v == (uint8_t)(i * 7 + 1), "byte %zu = %u, want %u", i, v, (unsigned)(uint8_t)(i * 7 + 1));
  }
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* Two lines that map to the same slot: the second evicts the first into the
 * victim cache, from where it comes back (dirty data included). */
static void test_victim(void **state) {
  (void)state;
  int next = (MYTHREAD + 1) % THREADS;
  size_t a = first_line(), b = a + (cfg.lines ? cfg.lines : 1) * cfg.line_size;
  upcrt_put_i64(at(MYTHREAD, a), 11 + MYTHREAD);
  upcrt_put_i64(at(MYTHREAD, b), 22 + MYTHREAD);
  upcrt_barrier(0, 0);
  upcrt_cache_stats_reset();
  int64_t x = upcrt_get_i64(at(next, a)); /* miss */
  upcrt_put_i64(at(next, b), 33);          /* miss: a goes to the victim cache */
  int64_t y = upcrt_get_i64(at(next, a)); /* victim hit: a back, b to the victim */
  int64_t z = upcrt_get_i64(at(next, b)); /* victim hit: b with its dirty byte */
  CHECK(x == 11 + next && y == 11 + next, "a = %ld, %ld", (long)x, (long)y);
  CHECK(z == 33, "own write lost in the victim cache: %ld", (long)z);
  upcrt_cache_stats_t s;
  upcrt_cache_stats(&s);
  if (upcrt_node_base[next] == NULL && cfg.lines) {
    CHECK(s.misses == 2 && s.victim_hits == 2 && s.hits == 0, "misses %lu victim hits %lu hits %lu",
          (unsigned long)s.misses, (unsigned long)s.victim_hits, (unsigned long)s.hits);
  }
  upcrt_barrier(0, 0);
  int64_t mine = upcrt_get_i64(at(MYTHREAD, b));
  CHECK(mine == 33, "write-back after the victim cache: %ld", (long)mine);
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* Writes over many more lines than the cache holds, then reads them back
 * before any fence: every value is the thread's own last write. */
static void test_own_writes(void **state) {
  (void)state;
  int next = (MYTHREAD + 1) % THREADS;
  size_t n = (cfg.lines + 8) * cfg.line_size / 8;
  if (n > AREA / 8) n = AREA / 8;
  if (n > 20000) n = 20000;
  for (size_t i = 0; i < n; i++) upcrt_put_i64(at(next, 8 * i), (int64_t)(i * 3 + 1));
  for (size_t i = 0; i < n; i += 3) upcrt_put_i64(at(next, 8 * i), -(int64_t)i);
  for (size_t i = 0; i < n; i++) {
    int64_t v = upcrt_get_i64(at(next, 8 * i)), want = i % 3 ? (int64_t)(i * 3 + 1) : -(int64_t)i;
    if (v != want) {
      CHECK(v == want, "[%zu] = %ld, want %ld", i, (long)v, (long)want);
      break;
    }
  }
  /* a straddling access bypasses the cache and still sees the writes */
  char buf[16];
  upcrt_get(buf, at(next, 8 * 5 + 4), 16);
  int64_t w;
  memcpy(&w, buf + 4, 8);
  CHECK(w == -6, "straddling read saw %ld", (long)w); /* element 6: i % 3 == 0 */
  /* a bulk get too */
  int64_t bulk[4];
  upc_memget(bulk, at(next, 8), sizeof bulk);
  CHECK(bulk[0] == 4 && bulk[2] == -3, "memget saw %ld %ld", (long)bulk[0], (long)bulk[2]);
  upcrt_barrier(0, 0);
  for (size_t i = 0; i < n; i++) {
    int64_t v = upcrt_get_i64(at(MYTHREAD, 8 * i)), want = i % 3 ? (int64_t)(i * 3 + 1) : -(int64_t)i;
    if (v != want) {
      CHECK(v == want, "owner: [%zu] = %ld, want %ld", i, (long)v, (long)want);
      break;
    }
  }
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* ---- consistency: flag + data ---- */

enum { BY_STRICT, BY_FENCE, BY_LOCK, BY_BARRIER, BY_SPLIT, BY_UPDATE, NMODES };
static const char *mode_name[] = {"strict", "fence", "lock", "barrier", "split barrier", "update"};
static upcrt_pts_t mp_lock;

/* Data and flag live on thread O; P writes the data, C reads it.  C caches
 * the old data first and only then (told through plain MPI, which the cache
 * does not see) lets P write, so a missed invalidation shows as old data. */
static void mp_round(int O, int P, int C, int mode, int r) {
  const size_t D = 16;
  size_t k0 = first_line() + 8 * cfg.line_size;
  upcrt_pts_t flag = at(O, k0 + 8 * D + 3 * cfg.line_size);
  upcrt_barrier(0, 0);
  if (MYTHREAD == C) {
    for (size_t i = 0; i < D; i++) (void)upcrt_get_i64(at(O, k0 + 8 * i));
    (void)upcrt_get_i64(flag);
    int tok = 1;
    MPI_Send(&tok, 1, MPI_INT, P, 77, MPI_COMM_WORLD);
  }
  if (MYTHREAD == P) {
    int tok;
    MPI_Recv(&tok, 1, MPI_INT, C, 77, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (size_t i = 0; i < D; i++) upcrt_put_i64(at(O, k0 + 8 * i), (int64_t)(r * 1000 + i));
    switch (mode) {
    case BY_STRICT: upcrt_sput_i64(flag, r); break;
    case BY_FENCE: upcrt_fence(); upcrt_put_i64(flag, r); upcrt_fence(); break;
    case BY_LOCK:
      upc_lock(mp_lock);
      upcrt_put_i64(flag, r);
      upc_unlock(mp_lock);
      break;
    case BY_UPDATE: {
      upcrt_fence();
      int64_t one = 1; /* the flag counts up to r */
      for (int i = 0; i < r; i++) upcrt_update(flag, UPC_INT64, UPC_ADD, &one);
      upcrt_fence();
      break;
    }
    default: break;
    }
  }
  if (MYTHREAD == C) {
    switch (mode) {
    case BY_STRICT: while (upcrt_sget_i64(flag) != r) {} break;
    case BY_FENCE:
    case BY_UPDATE:
      for (;;) {
        upcrt_fence();
        if (upcrt_get_i64(flag) == r) break;
      }
      break;
    case BY_LOCK:
      for (;;) {
        upc_lock(mp_lock);
        int64_t f = upcrt_get_i64(flag);
        upc_unlock(mp_lock);
        if (f == r) break;
      }
      break;
    default: break;
    }
  }
  if (mode == BY_BARRIER) upcrt_barrier(0, 0);
  if (mode == BY_SPLIT) {
    upcrt_notify(0, 0);
    /* may load old data: the wait must drop it */
    if (MYTHREAD == C)
      for (size_t i = 0; i < D; i++) (void)upcrt_get_i64(at(O, k0 + 8 * i));
    upcrt_wait(0, 0);
  }
  if (MYTHREAD == C)
    for (size_t i = 0; i < D; i++) {
      int64_t v = upcrt_get_i64(at(O, k0 + 8 * i));
      if (v != (int64_t)(r * 1000 + i)) {
        CHECK(0, "%s (owner %d, producer %d): data[%zu] = %ld, want %ld", mode_name[mode], O, P, i,
              (long)v, (long)(r * 1000 + i));
        break;
      }
    }
  upcrt_barrier(0, 0);
  /* the next round starts from flag 0 */
  if (MYTHREAD == O) upcrt_put_i64(flag, 0);
  upcrt_barrier(0, 0);
}

static void test_consistency(void **state) {
  (void)state;
  mp_lock = upc_all_lock_alloc();
  if (THREADS >= 2) {
    int r = 1;
    for (int mode = 0; mode < NMODES; mode++)
      for (int rep = 0; rep < 3; rep++) {
        mp_round(0, 1, 0, mode, r++); /* producer through the cache */
        mp_round(0, 0, 1, mode, r++); /* consumer through the cache */
        if (THREADS >= 3) mp_round(0, 1, 2, mode, r++);
      }
  }
  upcrt_barrier(0, 0);
  if (MYTHREAD == 0) upc_lock_free(mp_lock);
  RTSTEST_AGREE();
}

/* Remote updates to a place this thread has cached and written. */
static void test_update_order(void **state) {
  (void)state;
  int next = (MYTHREAD + 1) % THREADS;
  size_t k = first_line() + 16;
  upcrt_put_i64(at(MYTHREAD, k), 0);
  upcrt_barrier(0, 0);
  upcrt_put_i64(at(next, k), 100);       /* in the cache, dirty */
  int64_t five = 5;
  upcrt_update(at(next, k), UPC_INT64, UPC_ADD, &five);
  int64_t v = upcrt_get_i64(at(next, k)); /* sees its own update */
  CHECK(v == 105, "after put and update: %ld", (long)v);
  upcrt_put_i64(at(next, k), v * 2);
  upcrt_barrier(0, 0);
  v = upcrt_get_i64(at(MYTHREAD, k));
  CHECK(v == 210, "owner sees %ld, want 210", (long)v);
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* A write miss loads nothing: the line's other bytes come from the owner
 * when a read needs them, and only the written byte is written back.
 * Writes that keep missing (scattered over more lines than the cache
 * holds) go around the cache; every one of them arrives. */
static void test_write_policy(void **state) {
  (void)state;
  int next = (MYTHREAD + 1) % THREADS;
  size_t ls = cfg.line_size, k0 = first_line() + 2 * ls, mid = ls / 2;
  for (size_t i = 0; i < ls; i++) upcrt_put_u8(at(MYTHREAD, k0 + i), (uint8_t)(i + 1));
  upcrt_cache_enable(1); /* write misses allocate, whatever earlier tests did */
  upcrt_barrier(0, 0);
  upcrt_cache_stats_reset();
  upcrt_put_u8(at(next, k0 + mid), 0xAB);
  uint8_t first = upcrt_get_u8(at(next, k0)), own = upcrt_get_u8(at(next, k0 + mid));
  CHECK(first == 1 && own == 0xAB, "partial line: byte 0 = %u, written byte = %u", first, own);
  upcrt_cache_stats_t s;
  upcrt_cache_stats(&s);
  if (upcrt_node_base[next] == NULL && cfg.lines)
    CHECK(s.misses == 1 && s.hits == 2, "misses %lu hits %lu, want 1 and 2",
          (unsigned long)s.misses, (unsigned long)s.hits);
  upcrt_barrier(0, 0);
  for (size_t i = 0; i < ls; i++) {
    uint8_t v = upcrt_get_u8(at(MYTHREAD, k0 + i)), want = i == mid ? 0xAB : (uint8_t)(i + 1);
    CHECK(v == want, "owner: byte %zu = %u, want %u", i, v, want);
  }

  /* a 4-byte write to each line of the area, in a scattered order */
  size_t n = AREA / ls - 1;
  if (n % 37 == 0) n--;
  upcrt_barrier(0, 0);
  upcrt_cache_stats_reset();
  for (size_t i = 0; i < n; i++) {
    size_t off = (i * 37) % n * ls;
    upcrt_put_i32(at(next, off), (int32_t)(off * 3 + 1));
  }
  upcrt_cache_stats(&s);
  if (upcrt_node_base[next] == NULL && cfg.lines)
    CHECK(s.write_arounds > 0, "no write went around the cache (misses %lu hits %lu)",
          (unsigned long)s.misses, (unsigned long)s.hits);
  upcrt_barrier(0, 0);
  int bad = 0;
  for (size_t i = 0; i < n; i++) {
    size_t off = (i * 37) % n * ls;
    bad += upcrt_get_i32(at(MYTHREAD, off)) != (int32_t)(off * 3 + 1);
  }
  CHECK(bad == 0, "owner: %d of %zu scattered writes lost", bad, n);
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup(test_configuration, setup),
    cmocka_unit_test(test_stride1_counts),
    cmocka_unit_test(test_dirty_bytes),
    cmocka_unit_test(test_victim),
    cmocka_unit_test(test_own_writes),
    cmocka_unit_test(test_consistency),
    cmocka_unit_test(test_update_order),
    cmocka_unit_test(test_write_policy),
};

RTSTEST_MAIN(tests)
