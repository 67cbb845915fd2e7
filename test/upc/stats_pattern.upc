/* stats_pattern.upc — a known communication pattern for upcrun -stats
 * (stats_check.py computes the expected counts from these numbers): each
 * thread reads NREAD ints of the next thread's block and writes NWRITE,
 * makes one upc_memget of GETN ints from it, passes NBAR barriers and takes
 * a lock NLOCK times. */
#include <stdio.h>
#include <upc.h>

#define BLK 64
#define NREAD 7
#define NWRITE 5
#define GETN 30
#define NBAR 3
#define NLOCK 4

shared[BLK] int a[BLK * THREADS];

int main(void) {
  upc_lock_t *lk = upc_all_lock_alloc();
  int next = (MYTHREAD + 1) % THREADS;
  for (int i = 0; i < BLK; i++) a[MYTHREAD * BLK + i] = i;
  upc_barrier; /* 1 */
  int sum = 0;
  for (int i = 0; i < NREAD; i++) sum += a[next * BLK + i];
  for (int i = 0; i < NWRITE; i++) a[next * BLK + BLK / 2 + i] = 100 + i;
  int buf[GETN];
  upc_memget(buf, &a[next * BLK], GETN * sizeof(int));
  for (int b = 1; b < NBAR; b++) upc_barrier;
  for (int i = 0; i < NLOCK; i++) {
    upc_lock(lk);
    upc_unlock(lk);
  }
  int ok = sum == NREAD * (NREAD - 1) / 2;
  for (int i = 0; i < GETN; i++) ok &= buf[i] == i;
  if (!ok) {
    printf("FAIL: thread %d read wrong values\n", MYTHREAD);
    return 1;
  }
  if (MYTHREAD == 0) printf("PASS\n");
  return 0;
}
