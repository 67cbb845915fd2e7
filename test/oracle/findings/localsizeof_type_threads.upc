/* localsizeof_type_threads.upc — layout oracle finding (seed 1 programs 29,
 * 40 and 33 more of 300, builds of 08:14-08:44): upc_localsizeof of a type
 * name with a THREADS dimension under dynamic THREADS gave 48 at THREADS 2
 * (expected 96).  By hand (6.4.1.1: whole blocks, ceil(ceil(N/B)/THREADS)
 * of them per thread at most; sizeof the total):
 *   shared [3] double [12*THREADS]: N = 12T, 4T blocks, 4 per thread
 *     -> localsizeof 4*3*8 = 96, sizeof 96T
 *   shared float [10*THREADS]: 10 per thread -> 40, sizeof 40T
 *   shared [7] float [30*THREADS]: N = 30T, ceil(30T/7) blocks:
 *     T=1: 5 blocks -> 5 per thread -> 140; T=2: 9 -> 5 -> 140;
 *     T=3: 13 -> 5 -> 140; T=4: 18 -> 5 -> 140; sizeof 120T
 * ORACLE FLAGS: -O2
 * ORACLE FLAGS: -fupc-opts=none
 * ORACLE EXPECT T=1
 * 0 local3d 96
 * 0 size3d 96
 * 0 localf 40
 * 0 sizef 40
 * 0 local7f 140
 * 0 size7f 120
 * ORACLE EXPECT T=2
 * 0 local3d 96
 * 0 size3d 192
 * 0 localf 40
 * 0 sizef 80
 * 0 local7f 140
 * 0 size7f 240
 * ORACLE EXPECT T=3
 * 0 local3d 96
 * 0 size3d 288
 * 0 localf 40
 * 0 sizef 120
 * 0 local7f 140
 * 0 size7f 360
 * ORACLE EXPECT T=4
 * 0 local3d 96
 * 0 size3d 384
 * 0 localf 40
 * 0 sizef 160
 * 0 local7f 140
 * 0 size7f 480
 */
#include <upc.h>
#include <stdio.h>
int main(void) {
  if (MYTHREAD == 0) {
    printf("0 local3d %llu\n", (unsigned long long)upc_localsizeof(shared [3] double [12*THREADS]));
    printf("0 size3d %llu\n", (unsigned long long)sizeof(shared [3] double [12*THREADS]));
    printf("0 localf %llu\n", (unsigned long long)upc_localsizeof(shared float [10*THREADS]));
    printf("0 sizef %llu\n", (unsigned long long)sizeof(shared float [10*THREADS]));
    printf("0 local7f %llu\n", (unsigned long long)upc_localsizeof(shared [7] float [30*THREADS]));
    printf("0 size7f %llu\n", (unsigned long long)sizeof(shared [7] float [30*THREADS]));
  }
  return 0;
}
