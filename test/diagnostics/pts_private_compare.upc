// No binary operator takes a pointer-to-shared and a private pointer (UPC
// 1.3 6.4.2 constraint); a null pointer constant is not a private pointer.
// (Arithmetic mixing them: pts_subtract.upc.)
#include <upc.h>
#include <stddef.h>
shared int *ps;
int *pl;
shared int arr[THREADS];
int main(void) {
  int r = 0;
  // CHECK: pts_private_compare.upc:[[@LINE+1]]:11: error: comparison between a pointer-to-shared and a private pointer ('shared int *' and 'int *')
  r += ps < pl;
  // CHECK: pts_private_compare.upc:[[@LINE+1]]:11: error: comparison between a pointer-to-shared and a private pointer ('shared int *' and 'int *')
  r += ps == pl;
  // CHECK: pts_private_compare.upc:[[@LINE+1]]:11: error: comparison between a pointer-to-shared and a private pointer ('int *' and 'shared int *')
  r += pl != arr;
  r += ps == 0 || ps != NULL || 0 == ps || arr == ps; // fine
  return r;
}
