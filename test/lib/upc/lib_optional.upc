/* lib_optional.upc — the optional libraries from real UPC code: atomics
 * (counter and election), non-blocking copies, castability, timers, UPC-IO
 * round trip with a shared buffer and a common file pointer, and the
 * Berkeley strided and timer extensions; each result checked here. */
#include <upc.h>
#include <upc_atomic.h>
#include <upc_castable.h>
#include <upc_nb.h>
#include <upc_tick.h>
#include <upc_io.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#if !defined(__UPC_ATOMIC__) || !defined(__UPC_CASTABLE__) || !defined(__UPC_NB__) || \
    !defined(__UPC_IO__) || !defined(__UPC_TICK__)
#error "a library feature macro is missing"
#endif

shared long counter;
shared long winner;
shared [100] char buf[100 * THREADS];
shared [100] char back[100 * THREADS];
shared int pid0;

static int errors;
#define CHECK(c, ...)                                                    \
  do {                                                                   \
    if (!(c)) {                                                          \
      if (errors++ < 5) {                                                \
        printf("thread %d: check failed: %s: ", MYTHREAD, #c);         \
        printf(__VA_ARGS__);                                             \
        printf("\n");                                                    \
      }                                                                  \
    }                                                                    \
  } while (0)

int main(void) {
  /* atomics */
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_LONG, UPC_ADD | UPC_GET | UPC_CSWAP, 0);
  long one = 1, zero = 0, me = MYTHREAD + 1, old = -1, v = 0;
  for (int i = 0; i < 1000; i++) upc_atomic_relaxed(d, NULL, UPC_ADD, &counter, &one, NULL);
  upc_atomic_strict(d, &old, UPC_CSWAP, &winner, &zero, &me);
  upc_barrier;
  upc_atomic_strict(d, &v, UPC_GET, &counter, NULL, NULL);
  CHECK(v == 1000L * THREADS, "counter %ld", v);
  CHECK(winner >= 1 && winner <= THREADS, "winner %ld", (long)winner);
  CHECK((old == 0) == (winner == me), "election");
  CHECK(upc_atomic_isfast(UPC_LONG, UPC_ADD, &counter) == UPC_ATOMIC_PERFORMANCE_FAST, "fast");
  upc_barrier;
  upc_all_atomicdomain_free(d);

  /* castable + nb */
  char *mine = (char *)upc_cast(&buf[MYTHREAD * 100]);
  CHECK(mine != NULL, "own block castable");
  CHECK(upc_thread_info(MYTHREAD).guaranteedCastable == UPC_CASTABLE_ALL, "info");
  for (int k = 0; k < 100; k++) mine[k] = (char)(MYTHREAD * 7 + k);
  upc_barrier;
  char local[100];
  int peer = (MYTHREAD + 1) % THREADS;
  upc_handle_t h = upc_memget_nb(local, &buf[peer * 100], 100);
  upc_sync(h);
  for (int k = 0; k < 100; k++) CHECK(local[k] == (char)(peer * 7 + k), "nb get %d", k);
  upc_memput_nbi(&back[peer * 100], local, 100);
  upc_synci();
  upc_barrier;
  CHECK(back[MYTHREAD * 100 + 5] == (char)(MYTHREAD * 7 + 5), "nbi put");

  /* timers */
  upc_tick_t t0 = upc_ticks_now();
  usleep(2000);
  CHECK(upc_ticks_to_ns(upc_ticks_now() - t0) >= 2000000, "ticks");
  CHECK(bupc_ticks_to_us(bupc_ticks_now() - t0) >= 2000, "bupc ticks");

  /* UPC-IO: write buf with a common pointer, read it back into back */
  if (MYTHREAD == 0) pid0 = (int)getpid();
  upc_barrier;
  char name[64];
  snprintf(name, sizeof name, "/tmp/upcc_lib_optional_%d", pid0);
  upc_file_t *fd = upc_all_fopen(name, UPC_RDWR | UPC_CREATE | UPC_TRUNC | UPC_COMMON_FP |
                                           UPC_DELETE_ON_CLOSE, 0, NULL);
  CHECK(fd != NULL, "fopen");
  upc_off_t w = upc_all_fwrite_shared(fd, buf, 100, 1, 100 * THREADS,
                                      UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  CHECK(w == 100 * THREADS, "wrote %ld", (long)w);
  CHECK(upc_all_fseek(fd, 0, UPC_SEEK_SET) == 0, "seek");
  upc_off_t r = upc_all_fread_shared(fd, back, 100, 1, 100 * THREADS,
                                     UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  CHECK(r == 100 * THREADS, "read %ld", (long)r);
  for (int k = 0; k < 100; k++)
    CHECK(back[peer * 100 + k] == (char)(peer * 7 + k), "io byte %d", k);
  CHECK(upc_all_fclose(fd) == 0, "fclose");

  /* Berkeley strided get: every 10th byte of the peer's block */
  size_t cnt[2] = {1, 10}, ss[1] = {10}, ds[1] = {1};
  char every[10];
  bupc_memget_strided(every, ds, &buf[peer * 100], ss, cnt, 1);
  for (int k = 0; k < 10; k++) CHECK(every[k] == (char)(peer * 7 + 10 * k), "strided %d", k);
  CHECK(bupc_thread_distance(MYTHREAD, MYTHREAD) == BUPC_THREADS_SAME, "distance");
  upc_barrier;
  if (MYTHREAD == 0 && errors == 0) printf("PASS\n");
  return errors != 0;
}
