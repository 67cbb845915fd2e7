/* member_blocksize_after_fix.upc — layout oracle finding (seed 34, level 3,
 * -focus convert, programs 10 and 1959 of 2400, upcc of 17:41 of
 * 2026-11-28): upc_blocksizeof(*&(p[i].m[k])) printed 1, not 0, when an
 * earlier statement of the function took a member's address into a
 * `shared []` pointer without a cast.  The frontend asks Clang the operand's
 * type in a parse whose members' addresses get UPC's type by casts; that
 * earlier conversion, an error until its cast is in, hid the later members
 * from the one round of casts it made.
 * By hand: &(p[i].m[k]) is the address of a member of a shared structure,
 * of type shared [] double * (UPC 1.3 6.4.4), so *& of it has block size 0,
 * whatever p's block size (1 here, and 4 for the array); the element size
 * is that of a double.
 * ORACLE FLAGS: -O2
 * ORACLE FLAGS: -fupc-opts=none
 * ORACLE FLAGS: -O2 -T 3
 * ORACLE EXPECT T=1
 * 0 mbsize 0
 * 0 absize 0
 * 0 esize 8
 * ORACLE EXPECT T=2
 * 0 mbsize 0
 * 0 absize 0
 * 0 esize 8
 * ORACLE EXPECT T=3
 * 0 mbsize 0
 * 0 absize 0
 * 0 esize 8
 * ORACLE EXPECT T=4
 * 0 mbsize 0
 * 0 absize 0
 * 0 esize 8
 */
#include <upc.h>
#include <stdio.h>
struct s0 { double m0[2]; };
shared [4] struct s0 a0[4 * THREADS];
int main(void) {
  if (MYTHREAD == 0) {
    shared [] double *v4 = &(a0[3].m0[0]);
    shared [1] struct s0 *v6 = (shared struct s0 *)v4;
    printf("0 mbsize %d\n", (int)upc_blocksizeof(*&(v6[(-1 + -1 * THREADS)].m0[1])));
    printf("0 absize %d\n", (int)upc_blocksizeof(*&(a0[2].m0[1])));
    printf("0 esize %d\n", (int)upc_elemsizeof(*&(v6[1].m0[1])));
  }
  return 0;
}
