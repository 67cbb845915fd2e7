/* bitfield_width.upc — layout oracle finding (seed 13, level 2, 10 of 80
 * programs, upcc of 09:15 of 2026-11-26): upc_blocksizeof, upc_elemsizeof
 * and upc_localsizeof as the width of a bit-field are rejected ("expression
 * is not an integer constant expression"), under dynamic THREADS as under
 * static; their results are integer constants (UPC 1.3 6.4.1), as they are
 * accepted in enumerators, case labels, _Static_assert and array sizes.
 * By hand: A is shared [7] double [7*THREADS]: block size 7, element size
 * 8, one block of 7 doubles per thread -> upc_localsizeof 56 (56/4 = 14);
 * C is shared [] char [3]: sizeof 3 (a constant: no THREADS dimension).
 * A field of w bits set to ~0u reads back 2^w - 1.
 * ORACLE FLAGS: -O2
 * ORACLE FLAGS: -fupc-opts=none
 * ORACLE FLAGS: -O2 -T 3
 * ORACLE EXPECT T=1
 * 0 bbits 127
 * 0 ebits 255
 * 0 lbits 16383
 * 0 sbits 7
 * ORACLE EXPECT T=2
 * 0 bbits 127
 * 0 ebits 255
 * 0 lbits 16383
 * 0 sbits 7
 * ORACLE EXPECT T=3
 * 0 bbits 127
 * 0 ebits 255
 * 0 lbits 16383
 * 0 sbits 7
 * ORACLE EXPECT T=4
 * 0 bbits 127
 * 0 ebits 255
 * 0 lbits 16383
 * 0 sbits 7
 */
#include <upc.h>
#include <stdio.h>
shared [7] double A[7 * THREADS];
shared [] char C[3];
struct widths {
  unsigned b : upc_blocksizeof(A);
  unsigned e : upc_elemsizeof(A);
  unsigned l : upc_localsizeof(A) / 4;
  unsigned s : sizeof(C);
};
int main(void) {
  if (MYTHREAD == 0) {
    struct widths w;
    w.b = ~0u;
    w.e = ~0u;
    w.l = ~0u;
    w.s = ~0u;
    printf("0 bbits %u\n", (unsigned)w.b);
    printf("0 ebits %u\n", (unsigned)w.e);
    printf("0 lbits %u\n", (unsigned)w.l);
    printf("0 sbits %u\n", (unsigned)w.s);
  }
  return 0;
}
