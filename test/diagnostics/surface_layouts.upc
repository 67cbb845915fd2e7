// The surface pass encodes layout qualifiers as address spaces
// (1<<22 | consistency<<20 | block): block-size expressions evaluated by
// the surface pass or by Clang, THREADS dimensions, [*] per declarator.
// FLAGS: --print-surface
// EXIT: 0
#include <upc.h>
#define N 10
enum { WIDTH = 6 };
struct rec { double a, b; };
// CHECK: address_space(4194305))) int x;
shared int x;
// CHECK: address_space(4194324))) int B[40*__upcc_THREADS_DIM];
shared [N*2] int B[40*THREADS];
// CHECK: address_space(4194312))) char C[100*__upcc_THREADS_DIM];
shared [sizeof(int)*2] char C[100*THREADS];
// CHECK: address_space(4194310))) long D[WIDTH*__upcc_THREADS_DIM];
shared [WIDTH] long D[WIDTH*THREADS];
// CHECK: address_space(4194320))) struct rec R[8*__upcc_THREADS_DIM];
shared [sizeof(struct rec)] struct rec R[8*THREADS];
// CHECK: address_space(4194304))) double *p;
shared [] double *p;
// CHECK: address_space(5242881))) int flag;
strict shared int flag;
// CHECK: address_space(6291464))) int
relaxed shared [8] int rel[8*THREADS];
// CHECK: int __attribute__((address_space(4194305))) *q;
int shared *q;
// CHECK: address_space(4194308))) int * __attribute__((address_space(4194306))) sq;
shared [4] int * shared [2] sq;
// CHECK: typedef __attribute__((address_space(4194307))) double T;
typedef shared [3] double T;
// CHECK: T tarr[3*__upcc_THREADS_DIM];
T tarr[3*THREADS];
// CHECK: int S[25*__upcc_THREADS_DIM] __attribute__((address_space(4194329))), S2[__upcc_THREADS_DIM*7][2] __attribute__((address_space(4194318)));
shared [*] int S[25*THREADS], S2[THREADS*7][2];
// upc_blocksizeof and upc_elemsizeof are integer constant expressions.
// CHECK: enum { BS = ((__SIZE_TYPE__)20), ES = ((__SIZE_TYPE__)16) };
enum { BS = upc_blocksizeof(B), ES = upc_elemsizeof(R) };
// CHECK: int main(void) {
int main(void) {
  int i;
  // CHECK: for (i = 0; i < 10; i++) if (__upcc_forall_affinity( &B[i])) B[i] = i;
  upc_forall (i = 0; i < N; i++; &B[i]) B[i] = i;
  // CHECK: for (i = 0; i < 10; i++) if (__upcc_forall_affinity( )) { }
  upc_forall (i = 0; i < N; i++; continue) { }
  // CHECK: if (x) {for (i = 0; i < 3; i++) if (__upcc_forall_affinity( i)) x++;} else x--;
  if (x) upc_forall (i = 0; i < 3; i++; i) x++; else x--;
  // CHECK: __upcc_barrier(); __upcc_barrier( 3); __upcc_notify(); __upcc_wait( x); __upcc_fence();
  upc_barrier; upc_barrier 3; upc_notify; upc_wait x; upc_fence;
  // upc_elemsizeof without parentheses is folded as well (sizeof(int) = 4),
  // and so is upc_localsizeof of B, which has a THREADS dimension: 40 ints
  // a thread, in 2 blocks of 20, are 160 bytes whatever THREADS is.
  // CHECK: return (int)(((__SIZE_TYPE__)160) + ((__SIZE_TYPE__)4) + ((__SIZE_TYPE__)4));
  return (int)(upc_localsizeof(B) + upc_blocksizeof(shared [4] int) + upc_elemsizeof B);
}
