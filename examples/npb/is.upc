/* is.upc — NAS Parallel Benchmarks kernel IS (integer sort), class S (2^16
 * keys), W (2^20, -DNPB_CLASS_W) or A (2^23, -DNPB_CLASS_A), in UPC after
 * the GWU NPB 2.4 UPC port of the MPI bucket sort: each thread draws
 * its slice of the keys and sorts them into buckets in a shared [] int
 * workspace from upc_local_alloc; the bucket sizes are published in a
 * shared array, the buckets are dealt out to threads in key order, and each
 * thread fetches its buckets' keys from every thread with upc_memget and
 * ranks them.  The verification counter is summed under a lock.  Any
 * THREADS (the key slices and the bucket ranges split as evenly as they go;
 * the GWU port needs a power of two).
 *
 * Verification: NPB's partial verification — the published ranks of five
 * test keys of the class in every iteration — and the full verification
 * that the keys end up in order. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "npb_common.h"

#if defined(NPB_CLASS_A)
#define TOTAL_KEYS_LOG_2 23
#define MAX_KEY_LOG_2 19
#define NUM_BUCKETS_LOG_2 10
#define TEST_INDICES {2112377, 662041, 5336171, 3642833, 4250760}
#define TEST_RANKS {104, 17523, 123928, 8288932, 8388264}
#elif defined(NPB_CLASS_W)
#define TOTAL_KEYS_LOG_2 20
#define MAX_KEY_LOG_2 16
#define NUM_BUCKETS_LOG_2 10
#define TEST_INDICES {357773, 934767, 875723, 898999, 404505}
#define TEST_RANKS {1249, 11698, 1039987, 1043896, 1048018}
#else /* class S */
#define TOTAL_KEYS_LOG_2 16
#define MAX_KEY_LOG_2 11
#define NUM_BUCKETS_LOG_2 9
#define TEST_INDICES {48427, 17148, 23627, 62548, 4431}
#define TEST_RANKS {0, 18, 346, 64917, 65463}
#endif
#define TOTAL_KEYS (1 << TOTAL_KEYS_LOG_2)
#define MAX_KEY (1 << MAX_KEY_LOG_2)
#define NUM_BUCKETS (1 << NUM_BUCKETS_LOG_2)
#define MAX_ITERATIONS 10
#define TEST_ARRAY_SIZE 5

static const int test_index_array[TEST_ARRAY_SIZE] = TEST_INDICES;
static const int test_rank_array[TEST_ARRAY_SIZE] = TEST_RANKS;

/* The rank test key i must have in an iteration: the published rank moves
 * with the keys rank() plants each iteration, by a rule of NPB's is.c that
 * differs by class. */
static int expected_rank(int i, int iteration)
{
#if defined(NPB_CLASS_A)
  return i <= 2 ? test_rank_array[i] + (iteration - 1) : test_rank_array[i] - (iteration - 1);
#elif defined(NPB_CLASS_W)
  return i < 2 ? test_rank_array[i] + (iteration - 2) : test_rank_array[i] - iteration;
#else
  return i <= 2 ? test_rank_array[i] + iteration : test_rank_array[i] - iteration;
#endif
}

static int key_lo, num_keys;     /* this thread's slice of the global key sequence */
static int *key_array;            /* its keys */
static int *recv_keys, num_recv;  /* the keys of this thread's buckets, from everyone */
static int *key_buff1;            /* counts, then ranks, of this thread's key range */
static int *bucket_all;           /* every thread's bucket sizes, [THREADS][NUM_BUCKETS] */
static int bucket_lo, bucket_hi;  /* this thread's buckets */
static int min_key, max_key;      /* and keys */
static int passed;                /* this thread's passed partial verifications */

shared [NUM_BUCKETS] int bucket_size[NUM_BUCKETS * THREADS];
shared [] int *shared keybuf_dir[THREADS];
shared int test_keys[TEST_ARRAY_SIZE];
shared int passed_verification, out_of_sort;
shared int first_key[THREADS], last_key[THREADS], recv_count[THREADS];
upc_lock_t *verify_lock;

static int slice_lo(int t) { return (int)((long)t * TOTAL_KEYS / THREADS); }

/* The keys of global indices key_lo.. (4 random numbers a key, as NPB's
 * create_seq; find_my_seed's jump to this thread's first one). */
static void create_seq(void)
{
  double seed = NPB_SEED, a = NPB_MULT;
  randlc(&seed, npb_power(a, 4L * key_lo));
  int k = MAX_KEY / 4;
  for (int i = 0; i < num_keys; i++) {
    double x = randlc(&seed, a);
    x += randlc(&seed, a);
    x += randlc(&seed, a);
    x += randlc(&seed, a);
    key_array[i] = (int)(k * x);
  }
}

static void rank(int iteration)
{
  const int shift = MAX_KEY_LOG_2 - NUM_BUCKETS_LOG_2;
  int bucket_ptr[NUM_BUCKETS], *mine = (int *)&bucket_size[MYTHREAD * NUM_BUCKETS];
  int *keybuf = (int *)keybuf_dir[MYTHREAD];

  /* global keys 1..20 are thread 0's */
  if (key_lo <= iteration + MAX_ITERATIONS && iteration + MAX_ITERATIONS < key_lo + num_keys) {
    key_array[iteration - key_lo] = iteration;
    key_array[iteration + MAX_ITERATIONS - key_lo] = MAX_KEY - iteration;
  }
  for (int i = 0; i < TEST_ARRAY_SIZE; i++) {
    int g = test_index_array[i];
    if (g >= key_lo && g < key_lo + num_keys)
      test_keys[i] = key_array[g - key_lo];
  }

  /* this thread's keys into buckets, in its shared workspace */
  memset(mine, 0, NUM_BUCKETS * sizeof(int));
  for (int i = 0; i < num_keys; i++)
    mine[key_array[i] >> shift]++;
  bucket_ptr[0] = 0;
  for (int b = 1; b < NUM_BUCKETS; b++)
    bucket_ptr[b] = bucket_ptr[b - 1] + mine[b - 1];
  for (int i = 0; i < num_keys; i++)
    keybuf[bucket_ptr[key_array[i] >> shift]++] = key_array[i];
  upc_barrier;

  /* every thread deals the buckets out the same way: thread j's run of
   * buckets ends where the total first reaches slice_lo(j + 1) */
  int totals[NUM_BUCKETS], lesser = 0;
  for (int t = 0; t < THREADS; t++)
    upc_memget(&bucket_all[t * NUM_BUCKETS], &bucket_size[t * NUM_BUCKETS],
               NUM_BUCKETS * sizeof(int));
  for (int b = 0; b < NUM_BUCKETS; b++) {
    totals[b] = 0;
    for (int t = 0; t < THREADS; t++)
      totals[b] += bucket_all[t * NUM_BUCKETS + b];
  }
  int j = 0, acc = 0;
  bucket_lo = NUM_BUCKETS, bucket_hi = NUM_BUCKETS - 1;
  for (int b = 0, start = 0; b < NUM_BUCKETS; b++) {
    acc += totals[b];
    if (j == THREADS - 1 || acc >= slice_lo(j + 1) || b == NUM_BUCKETS - 1) {
      if (j == MYTHREAD) {
        bucket_lo = start;
        bucket_hi = j == THREADS - 1 ? NUM_BUCKETS - 1 : b;
        break;
      }
      j++;
      start = b + 1;
    }
  }
  for (int b = 0; b < bucket_lo; b++)
    lesser += totals[b];
  min_key = bucket_lo << shift;
  max_key = ((bucket_hi + 1) << shift) - 1;

  /* fetch the keys of my buckets from every thread */
  num_recv = 0;
  for (int t = 0; t < THREADS; t++) {
    int off = 0, n = 0;
    for (int b = 0; b < bucket_lo; b++)
      off += bucket_all[t * NUM_BUCKETS + b];
    for (int b = bucket_lo; b <= bucket_hi; b++)
      n += bucket_all[t * NUM_BUCKETS + b];
    if (n > 0)
      upc_memget(&recv_keys[num_recv], &keybuf_dir[t][off], n * sizeof(int));
    num_recv += n;
  }

  /* rank: key_buff1[k - min_key] = number of my keys <= k */
  int range = max_key - min_key + 1;
  if (range > 0) {
    memset(key_buff1, 0, range * sizeof(int));
    for (int i = 0; i < num_recv; i++)
      key_buff1[recv_keys[i] - min_key]++;
    for (int i = 0; i < range - 1; i++)
      key_buff1[i + 1] += key_buff1[i];
  }

  /* partial verification: the test keys in my range */
  for (int i = 0; i < TEST_ARRAY_SIZE; i++) {
    int k = test_keys[i];
    if (0 < k && k <= TOTAL_KEYS - 1 && min_key <= k && k <= max_key) {
      int key_rank = lesser + (k - 1 >= min_key ? key_buff1[k - 1 - min_key] : 0);
      int want = expected_rank(i, iteration);
      if (key_rank != want)
        printf("Failed partial verification: iteration %d, test key %d (rank %d, expected %d)\n",
               iteration, i, key_rank, want);
      else
        passed++;
    }
  }
  upc_barrier; /* the workspaces and test keys are read */
}

/* NPB's full verification: sort my keys by their ranks and check the order,
 * here and across the boundary with the previous thread that has keys. */
static void full_verify(void)
{
  int *sorted = malloc((num_recv + 1) * sizeof(int)), bad = 0;
  for (int i = 0; i < num_recv; i++) {
    int k = recv_keys[i];
    sorted[--key_buff1[k - min_key]] = k;
  }
  for (int i = 1; i < num_recv; i++)
    if (sorted[i - 1] > sorted[i])
      bad++;
  recv_count[MYTHREAD] = num_recv;
  first_key[MYTHREAD] = num_recv ? sorted[0] : 0;
  last_key[MYTHREAD] = num_recv ? sorted[num_recv - 1] : 0;
  upc_barrier;
  if (num_recv > 0)
    for (int t = MYTHREAD - 1; t >= 0; t--)
      if (recv_count[t] > 0) {
        if (last_key[t] > sorted[0])
          bad++;
        break;
      }
  if (bad)
    printf("Full_verify: thread %d: number of keys out of sort: %d\n", MYTHREAD, bad);
  upc_lock(verify_lock);
  passed_verification += passed;
  out_of_sort += bad;
  upc_unlock(verify_lock);
  free(sorted);
}

int main(void)
{
  key_lo = slice_lo(MYTHREAD);
  num_keys = slice_lo(MYTHREAD + 1) - key_lo;
  npb_require(num_keys > MAX_ITERATIONS * 2 || MYTHREAD != 0, "IS needs thread 0 to hold the first 21 keys");
  verify_lock = upc_all_lock_alloc();
  keybuf_dir[MYTHREAD] = (shared [] int *)upc_local_alloc(num_keys + 1, sizeof(int));
  key_array = malloc((num_keys + 1) * sizeof(int));
  recv_keys = malloc(TOTAL_KEYS * sizeof(int));
  key_buff1 = malloc(MAX_KEY * sizeof(int));
  bucket_all = malloc(THREADS * NUM_BUCKETS * sizeof(int));
  if (MYTHREAD == 0) {
    passed_verification = out_of_sort = 0;
    printf("\n\n NAS Parallel Benchmarks (upcc, after the GWU NPB 2.4 UPC port) - IS Benchmark\n\n");
    printf(" Size:  %d  (class %c)\n", TOTAL_KEYS, NPB_CLASS);
    printf(" Iterations:   %d\n", MAX_ITERATIONS);
    printf(" Number of active threads:     %d\n", THREADS);
  }
  create_seq();
  upc_barrier;

  rank(1); /* untimed, to touch everything */
  passed = 0;
  upc_barrier;
  double t0 = npb_wtime();
  for (int iteration = 1; iteration <= MAX_ITERATIONS; iteration++)
    rank(iteration);
  double t = npb_wtime() - t0;

  full_verify();
  upc_barrier;
  int verified = 0;
  if (MYTHREAD == 0) {
    /* five test keys an iteration, and the full verification */
    verified = passed_verification == 5 * MAX_ITERATIONS && out_of_sort == 0;
    printf("\n Partial verifications passed: %d of %d; keys out of sort: %d\n",
           passed_verification, 5 * MAX_ITERATIONS, out_of_sort);
  }
  char size[16];
  snprintf(size, sizeof size, "%d", TOTAL_KEYS);
  int rc = npb_report("IS", NPB_CLASS, size, MAX_ITERATIONS, t,
                      (double)MAX_ITERATIONS * TOTAL_KEYS / t / 1000000.0, "keys ranked",
                      verified);
  upc_barrier;
  return MYTHREAD == 0 ? rc : 0;
}
