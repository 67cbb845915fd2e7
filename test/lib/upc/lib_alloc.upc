/* lib_alloc.upc — allocation edge cases: zero-byte requests give the null
 * pointer-to-shared and allocate nothing (UPC 1.3 7.2.2), freeing NULL
 * does nothing, and the deprecated UPC 1.1 upc_local_alloc(nblocks, nbytes)
 * is upc_alloc(nblocks * nbytes) on the calling thread. */
#include <upc.h>
#include <stdio.h>

static int bad;
#define EXPECT(cond, ...)                                                 \
  do {                                                                    \
    if (!(cond)) {                                                        \
      bad++;                                                              \
      printf("thread %d: line %d: ", MYTHREAD, __LINE__);                 \
      printf(__VA_ARGS__);                                                \
      printf("\n");                                                       \
    }                                                                     \
  } while (0)

#pragma GCC diagnostic ignored "-Wdeprecated-declarations" /* upc_local_alloc on purpose */

int main(void) {
  /* zero bytes: NULL from every allocator (all_alloc is collective) */
  EXPECT(upc_alloc(0) == NULL, "upc_alloc(0) is not NULL");
  EXPECT(upc_global_alloc(0, 16) == NULL, "upc_global_alloc(0, 16) is not NULL");
  EXPECT(upc_global_alloc(THREADS, 0) == NULL, "upc_global_alloc(THREADS, 0) is not NULL");
  EXPECT(upc_all_alloc(0, 16) == NULL, "upc_all_alloc(0, 16) is not NULL");
  EXPECT(upc_all_alloc(THREADS, 0) == NULL, "upc_all_alloc(THREADS, 0) is not NULL");
  EXPECT(upc_local_alloc(0, 8) == NULL && upc_local_alloc(8, 0) == NULL,
         "upc_local_alloc of 0 bytes is not NULL");
  /* freeing NULL does nothing, in every form */
  upc_free(NULL);
  upc_all_free(NULL);
  upc_lock_free(NULL);
  upc_all_lock_free(NULL);
  /* a zero-byte request took no space: two real allocations around many
   * zero-byte ones sit next to each other (64-byte header + 64 bytes) */
  shared [] char *a = upc_alloc(64);
  for (int k = 0; k < 1000; k++) upc_alloc(0);
  shared [] char *b = upc_alloc(64);
  EXPECT(upc_addrfield(a) - upc_addrfield(b) == 128, "zero-byte requests used %zu bytes",
         upc_addrfield(a) - upc_addrfield(b) - 128);
  upc_free(a);
  upc_free(b);
  /* upc_local_alloc: nblocks * nbytes on this thread, usable from others */
  shared [] double *w = (shared [] double *)upc_local_alloc(10, sizeof(double));
  EXPECT(w != NULL && upc_threadof(w) == (size_t)MYTHREAD, "upc_local_alloc affinity %d",
         (int)upc_threadof(w));
  static shared [] double *shared table[THREADS];
  for (int i = 0; i < 10; i++) w[i] = 100.0 * MYTHREAD + i;
  table[MYTHREAD] = w;
  upc_barrier;
  shared [] double *other = table[(MYTHREAD + 1) % THREADS];
  double sum = 0;
  for (int i = 0; i < 10; i++) sum += other[i];
  EXPECT(sum == 1000.0 * ((MYTHREAD + 1) % THREADS) + 45, "remote sum %g", sum);
  upc_barrier;
  upc_free(w);
  printf("%s (thread %d)\n", bad ? "FAIL" : "PASS", MYTHREAD);
  return bad != 0;
}
