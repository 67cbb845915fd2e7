/* conversion_count.upc — layout oracle finding (seed 1, batches of 40
 * programs, 2026-11-26): upcc rejected a translation unit with more than 250
 * implicit conversions of a pointer-to-shared ("cannot convert 'shared [3]
 * int *' to 'shared void *' when passing an argument: ... requires an
 * explicit cast" from the 251st on), although every one is valid UPC 1.3
 * (any pointer-to-shared converts to shared void *, 6.4.3) and each
 * program of the batch compiled alone.
 * C[4] is in block 4/3 = 1, on thread 1 % THREADS: sum = 260 * that.
 * ORACLE FLAGS: -O2
 * ORACLE FLAGS: -fupc-opts=none
 * ORACLE EXPECT T=1
 * 0 sum 0
 * ORACLE EXPECT T=2
 * 0 sum 260
 * ORACLE EXPECT T=3
 * 0 sum 260
 * ORACLE EXPECT T=4
 * 0 sum 260
 */
#include <upc.h>
#include <stdio.h>
static size_t thread_of(shared void *a) { return upc_threadof(a); }
shared [3] int C[3 * THREADS];
int main(void) {
  shared [3] int *p = &C[4];
  size_t sum = 0;
#define CALL10 sum += thread_of(p); sum += thread_of(p); sum += thread_of(p); sum += thread_of(p); sum += thread_of(p); \
               sum += thread_of(p); sum += thread_of(p); sum += thread_of(p); sum += thread_of(p); sum += thread_of(p);
#define CALL50 CALL10 CALL10 CALL10 CALL10 CALL10
  CALL50 CALL50 CALL50 CALL50 CALL50 /* 250 conversions: accepted */
  CALL10                              /* the 251st to 260th: rejected */
  if (MYTHREAD == 0) printf("0 sum %zu\n", sum);
  return 0;
}
