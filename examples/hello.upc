/* hello.upc — the smallest UPC program: every thread prints one line.
 * Shows: THREADS (how many threads run the program) and MYTHREAD (which one
 * this is, 0 .. THREADS-1); every thread runs all of main.
 *
 *   build/tools/upcc -o hello examples/hello.upc && build/tools/upcrun -n 4 ./hello
 *
 * The lines come out in whatever order the threads get to them. */
#include <upc.h>
#include <stdio.h>

int main(void) {
  printf("Hello from thread %d of %d\n", MYTHREAD, THREADS);
  return 0;
}
