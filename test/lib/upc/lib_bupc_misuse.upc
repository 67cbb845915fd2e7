/* lib_bupc_misuse.upc — misuse of a Berkeley semaphore ends the job with a
 * message naming the thread and the call: postN of 2 on a boolean
 * semaphore (checked by the test's pattern), from the last thread, on a
 * semaphore of thread 0. */
#include <upc.h>
#include <stdio.h>

bupc_sem_t *shared s;

int main(void) {
  if (MYTHREAD == 0) s = bupc_sem_alloc(BUPC_SEM_BOOLEAN);
  upc_barrier;
  if (MYTHREAD == THREADS - 1) bupc_sem_postN(s, 2);
  upc_barrier;
  printf("PASS: not reached\n");
  return 0;
}
