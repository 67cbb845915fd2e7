/* lib_bigalloc.upc — allocations past 2^31 and 2^32 bytes per thread (run
 * with UPC_SHARED_HEAP_SIZE=6G): upc_all_alloc of 2.5 GiB per thread and a
 * 3 GiB upc_alloc, each thread's share exactly as asked (upc_affinitysize,
 * addresses), the memory at both ends written and read back by other
 * threads (offsets past 2^32 through RMA), and upc_affinitysize over totals
 * past 2^32 against closed forms.  Touches only a few pages. */
#include <upc.h>
#include <stdint.h>
#include <stdio.h>

#define GIB ((size_t)1 << 30)
#define PER (5 * GIB / 2)   /* bytes per thread of the symmetric object */
#define LOCAL (3 * GIB)     /* bytes of each thread's upc_alloc block */

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

shared [] char *shared locals[THREADS];

int main(void) {
  size_t T = THREADS, me = MYTHREAD;
  /* affinitysize past 2^32: blocks of 3 GiB, a total of 2.5 blocks per thread
   * rounded so that the last thread's block is partial */
  size_t nb = 3 * GIB, total = (5 * T / 2) * nb + 12345;
  size_t nblocks = (total + nb - 1) / nb, sum = 0;
  for (size_t t = 0; t < T; t++) {
    size_t mine = nblocks / T + (t < nblocks % T);
    size_t want = mine * nb - ((nblocks - 1) % T == t ? nblocks * nb - total : 0);
    size_t got = upc_affinitysize(total, nb, t);
    EXPECT(got == want, "upc_affinitysize(%zu, %zu, %zu) = %zu, want %zu", total, nb, t, got,
           want);
    sum += got;
  }
  EXPECT(sum == total, "affinity sizes add up to %zu, not %zu", sum, total);
  EXPECT(upc_affinitysize(T * PER, PER, me) == PER, "upc_affinitysize of the object");

  /* one block of PER bytes per thread: thread t's block is all on t */
  shared [] char *blk = (shared [] char *)upc_all_alloc(T, PER);
  EXPECT(blk != NULL, "upc_all_alloc(THREADS, %zu) failed", PER);
  shared [] char *mine = (shared [] char *)upc_resetphase(
      (shared void *)((shared char *)blk + me)); /* thread me, same address */
  EXPECT(upc_threadof(mine) == me, "my block is on thread %zu", upc_threadof(mine));
  EXPECT(upc_addrfield(mine) == upc_addrfield(blk), "my block is not at the symmetric address");
  /* the first and last byte of my block and two around 2^31 */
  size_t marks[4] = {0, ((size_t)1 << 31) - 1, ((size_t)1 << 31) + 7, PER - 1};
  for (int k = 0; k < 4; k++) mine[marks[k]] = (char)(me * 16 + k + 1);
  /* a upc_alloc block past 2^32 on top of it */
  shared [] char *loc = upc_alloc(LOCAL);
  EXPECT(loc != NULL && upc_threadof(loc) == me, "upc_alloc(%zu)", LOCAL);
  size_t lm[3] = {0, ((size_t)1 << 32) / 2 + 3, LOCAL - 1};
  for (int k = 0; k < 3; k++) loc[lm[k]] = (char)(me * 16 + k + 9);
  locals[me] = loc;
  /* the upc_alloc block ends past 2^32 in the segment (it sits above the
   * symmetric object), so its last byte is reached at such an offset */
  EXPECT(upc_addrfield(loc) + LOCAL > ((size_t)1 << 32), "upc_alloc block ends at %zu",
         upc_addrfield(loc) + LOCAL);
  upc_barrier;
  /* read the neighbour's marks (through RMA with UPCRT_FORCE_RMA=1) */
  size_t nt = (me + 1) % T;
  shared [] char *theirs = (shared [] char *)upc_resetphase(
      (shared void *)((shared char *)blk + nt));
  for (int k = 0; k < 4; k++)
    EXPECT(theirs[marks[k]] == (char)(nt * 16 + k + 1), "thread %zu's block byte %zu", nt,
           marks[k]);
  for (int k = 0; k < 3; k++)
    EXPECT(locals[nt][lm[k]] == (char)(nt * 16 + k + 9), "thread %zu's upc_alloc byte %zu",
           nt, lm[k]);
  /* bulk copies at offsets past 2^32 */
  char buf[256];
  upc_memget(buf, &locals[nt][LOCAL - 256], 256);
  EXPECT(buf[255] == (char)(nt * 16 + 2 + 9), "upc_memget at the end of a 3 GiB block");
  for (int i = 0; i < 256; i++) buf[i] = (char)i;
  upc_barrier;
  upc_memput(&theirs[PER - 512], buf, 256);
  upc_barrier;
  EXPECT(mine[PER - 512 + 200] == (char)200, "upc_memput past 2^31 arrived");
  upc_barrier;
  upc_free(loc);
  upc_all_free(blk);
  printf("%s (thread %d)\n", bad ? "FAIL" : "PASS", MYTHREAD);
  return bad != 0;
}
