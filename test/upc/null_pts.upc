/* null_pts.upc — a dereference of a null pointer-to-shared ends the job with
 * "upc: thread N: <what> through a null pointer-to-shared" (issue 11 §1).
 *
 * usage: null_pts OP ACTOR
 *   OP: read write update member memget memput memcpy memset atomic,
 *       or none (every thread only does the set-up: must PASS)
 *   ACTOR: the thread that does it (the others wait at a barrier).
 * Before that, every thread writes and reads real shared data and upc_free
 * (NULL) is a no-op, so the guard is shown not to get in the way. */
#include <upc.h>
#include <upc_atomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
  long a;
  double m[4];
};

shared int data[THREADS];
shared int *shared nullp;           /* zero-initialised: a null pointer-to-shared */
shared struct rec *shared nullrec;  /* the same, to a struct */

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: null_pts OP ACTOR\n");
    return 2;
  }
  const char *op = argv[1];
  int actor = atoi(argv[2]);
  upc_atomicdomain_t *dom = upc_all_atomicdomain_alloc(UPC_INT, UPC_ADD, 0);

  data[MYTHREAD] = 10 + MYTHREAD;
  upc_free(NULL); /* allowed */
  upc_barrier;
  int sum = 0;
  for (int t = 0; t < THREADS; t++) sum += data[t];
  if (sum != 10 * THREADS + THREADS * (THREADS - 1) / 2) {
    printf("FAIL thread %d: sum %d\n", MYTHREAD, sum);
    return 1;
  }
  upc_barrier;

  if (MYTHREAD == actor) {
    shared int *p = nullp;
    shared struct rec *r = nullrec;
    char buf[64] = {0};
    int v = 0, one = 1;
    fflush(stdout);
    if (!strcmp(op, "read")) v = *p;
    else if (!strcmp(op, "write")) *p = 3;
    else if (!strcmp(op, "update")) *p += 5;
    else if (!strcmp(op, "member")) v = (int)r->m[2];
    else if (!strcmp(op, "memget")) upc_memget(buf, p, sizeof buf);
    else if (!strcmp(op, "memput")) upc_memput(p, buf, sizeof buf);
    else if (!strcmp(op, "memcpy")) upc_memcpy(p, &data[0], sizeof(int));
    else if (!strcmp(op, "memset")) upc_memset(p, 0, 16);
    else if (!strcmp(op, "atomic")) upc_atomic_relaxed(dom, NULL, UPC_ADD, p, &one, NULL);
    else if (!strcmp(op, "none")) v = 0;
    else {
      fprintf(stderr, "null_pts: unknown OP %s\n", op);
      return 2;
    }
    if (strcmp(op, "none") != 0) {
      /* not reached: the access must have ended the job */
      printf("FAIL thread %d: %s through a null pointer-to-shared went through (%d)\n",
             MYTHREAD, op, v + buf[0]);
      return 1;
    }
  }
  upc_barrier;
  upc_all_atomicdomain_free(dom);
  if (MYTHREAD == 0) printf("PASS\n");
  return 0;
}
