/* sizeof_large.upc — sizes and indices beyond 2^31 and 2^32 bytes are
 * 64-bit: sizeof, upc_localsizeof and upc_affinitysize of huge shared array
 * types (never allocated), and pointer-to-shared arithmetic with indices
 * beyond 2^31 elements.  Expected values from the written dimensions. */
#include "upctest.h"

typedef shared int Big3[1024][1024][1024 * THREADS];
typedef shared double BigD[(1L << 29) * THREADS];
typedef shared [] char BigC[3L << 30];

shared [4] double seed[4 * THREADS];
shared [] char row[16];

int main(void) {
  unsigned long long T = THREADS;
  CHECK_UINT(sizeof(shared int [1024][1024][1024 * THREADS]), (1ULL << 32) * T);
  CHECK_UINT(sizeof(Big3), (1ULL << 32) * T);
  /* block size 1: each thread holds 2^28 of the ints, 2^30 bytes */
  CHECK_UINT(upc_localsizeof(shared int [256][1024][1024 * THREADS]), 1ULL << 30);
  CHECK_UINT(upc_localsizeof(Big3), 1ULL << 32);
  CHECK_UINT(sizeof(BigD), (1ULL << 32) * T);
  CHECK_UINT(upc_localsizeof(BigD), 1ULL << 32);
  CHECK_UINT(sizeof(BigC), 3ULL << 30);
  CHECK_UINT(upc_localsizeof(BigC), 3ULL << 30);
  CHECK_UINT(sizeof(shared [] char [5L << 30]), 5ULL << 30);

  /* upc_affinitysize(totalsize, nbytes, thread): the bytes of an object of
   * totalsize bytes laid out in blocks of nbytes that thread holds (7.2.3.5) */
  size_t total = (size_t)(5ULL << 32) + 24, nb = 8;
  unsigned long long blocks = ((unsigned long long)total + nb - 1) / nb, sum = 0;
  for (unsigned long long t = 0; t < T; t++) {
    unsigned long long mine = blocks / T + (t < blocks % T ? 1 : 0);
    CHECK_UINT(upc_affinitysize(total, nb, t), mine * nb);
    sum += upc_affinitysize(total, nb, t);
  }
  CHECK_UINT(sum, total);

  /* Index arithmetic beyond 2^31 elements: thread, phase and address
   * deltas (6.4.2), computed on pointers that are never dereferenced. */
  shared [4] double *p = &seed[0];
  long long idx[] = {(1LL << 31) + 5, (1LL << 32) + 7, (3LL << 33) + 2};
  for (int k = 0; k < 3; k++) {
    long long i = idx[k];
    shared [4] double *q = p + i;
    CHECK_UINT(upc_threadof(q), (unsigned long long)((i / 4) % T));
    CHECK_UINT(upc_phaseof(q), (unsigned long long)(i % 4));
    if (upc_threadof(q) == 0)
      CHECK_UINT(upc_addrfield(q) - upc_addrfield(p),
                 (unsigned long long)((i / (4 * T)) * 4 + i % 4) * sizeof(double));
    CHECK_INT(q - p, i);
    CHECK_INT((q - i) - p, 0);
  }
  shared [] char *c = row;
  CHECK_UINT(upc_addrfield(c + (5LL << 30)) - upc_addrfield(c), 5ULL << 30);
  CHECK_INT((c + (5LL << 30)) - c, 5LL << 30);
  CHECK_UINT(upc_threadof(c + (5LL << 30)), upc_threadof(c));
  return upctest_done();
}
