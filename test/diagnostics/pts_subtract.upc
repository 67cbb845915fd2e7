// Subtracting pointers-to-shared of different block sizes or element types
// (C 6.5.6 constraint: compatible types; UPC 1.3 6.5.1.1: the block size is
// part of the type); a pointer-to-shared and a private pointer (6.4.2).
#include <upc.h>
shared [4] int *p4;
shared [5] int *p5;
shared int *pi;
shared double *pd;
shared int *ps;
int *pl;
int main(void) {
  // CHECK: pts_subtract.upc:[[@LINE+1]]:15: error: arithmetic between pointers-to-shared with different block sizes or types ('shared [4] int *' and 'shared [5] int *'); cast one of them
  long a = p4 - p5;
  // CHECK: pts_subtract.upc:[[@LINE+1]]:15: error: 'shared int *' and 'shared double *' are not pointers to compatible types
  long b = pi - pd;
  // CHECK: pts_subtract.upc:[[@LINE+1]]:15: error: arithmetic between a pointer-to-shared and a private pointer ('shared int *' and 'int *')
  long d = ps - pl;
  long c = p4 - (shared [4] int *)p5; // fine
  return (int)(a + b + c + d);
}
