// Pointers-to-shared with different block sizes need an explicit cast.
#include <upc.h>
shared [4] int *p4;
shared [5] int *p5;
int main(void) {
  // CHECK: block_mismatch.upc:[[@LINE+1]]:6: error: cannot convert 'shared [4] int *' to 'shared [5] int *' in an assignment: conversion between pointers-to-shared with different block sizes or types requires an explicit cast
  p5 = p4;
  p5 = (shared [5] int *)p4; // allowed
  return 0;
}
