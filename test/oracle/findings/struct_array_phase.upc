/* struct_array_phase.upc — layout oracle finding (seed 1 program 0, build of
 * 08:06): the phase of &A[0][3][0] in a blocked array of structs with THREADS
 * in the last dimension was 0 at THREADS 1 and 3 (expected 1); the address
 * of a member kept the struct's block size (expected shared [], 6.4.4).
 * &A[0][3][0] has linear index 3*THREADS (row-major), block size 2 (6.4.2):
 *   THREADS 1: index 3  -> block 1 -> thread 0, phase 1
 *   THREADS 2: index 6  -> block 3 -> thread 1, phase 0
 *   THREADS 3: index 9  -> block 4 -> thread 1, phase 1
 *   THREADS 4: index 12 -> block 6 -> thread 2, phase 0
 * &p->m0 is shared [] int * (block size 0) on p's thread, phase 0, and +1
 * stays on that thread 4 bytes further (the struct is 4 bytes).
 * ORACLE FLAGS: -O2
 * ORACLE FLAGS: -fupc-opts=none
 * ORACLE EXPECT T=1
 * 0 thread 0
 * 0 phase 1
 * 0 mbsize 0
 * 0 mthread 0
 * 0 mphase 0
 * 0 m1thread 0
 * 0 m1delta 4
 * ORACLE EXPECT T=2
 * 0 thread 1
 * 0 phase 0
 * 0 mbsize 0
 * 0 mthread 1
 * 0 mphase 0
 * 0 m1thread 1
 * 0 m1delta 4
 * ORACLE EXPECT T=3
 * 0 thread 1
 * 0 phase 1
 * 0 mbsize 0
 * 0 mthread 1
 * 0 mphase 0
 * 0 m1thread 1
 * 0 m1delta 4
 * ORACLE EXPECT T=4
 * 0 thread 2
 * 0 phase 0
 * 0 mbsize 0
 * 0 mthread 2
 * 0 mphase 0
 * 0 m1thread 2
 * 0 m1delta 4
 */
#include <upc.h>
#include <stdio.h>
struct s { int m0; };
shared [2] struct s A[4][4][THREADS];
int main(void) {
  if (MYTHREAD == 0) {
    shared [2] struct s *p = &A[0][3][0];
    shared [] int *m = &p->m0;
    shared [] int *m1 = m + 1;
    printf("0 thread %d\n", (int)upc_threadof(p));
    printf("0 phase %d\n", (int)upc_phaseof(p));
    printf("0 mbsize %d\n", (int)upc_blocksizeof(*&(p->m0)));
    printf("0 mthread %d\n", (int)upc_threadof(m));
    printf("0 mphase %d\n", (int)upc_phaseof(m));
    printf("0 m1thread %d\n", (int)upc_threadof(m1));
    printf("0 m1delta %d\n", (int)(upc_addrfield(m1) - upc_addrfield(m)));
  }
  return 0;
}
