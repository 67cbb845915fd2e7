/* nodes.upc — the nodes the runtime found (MPI's shared-memory split: the
 * threads whose data a thread maps, upc_thread_info(t).guaranteedCastable)
 * against the hosts the threads run on (gethostname): two threads share a
 * node exactly when they run on one host.  Thread 0 prints the nodes and
 * checks them against argv[1], NODESxTHREADS (e.g. 2x2: two nodes of two
 * threads each); PASS, or FAIL and status 1.
 *   srun -n 4 ./nodes 2x2      (on 2 nodes of 2 CPUs)
 *   upcrun -n 4 ./nodes 2x2    (inside salloc -N2 --ntasks-per-node=2) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <upc.h>
#include <upc_castable.h>

#define NAME 64
shared [NAME] char host[NAME * THREADS]; /* thread t's hostname in its block */
shared int wrong[THREADS];               /* per thread: pairs seen wrongly */

int main(int argc, char **argv) {
  int want_nodes = 0, want_per = 0;
  if (argc < 2 || sscanf(argv[1], "%dx%d", &want_nodes, &want_per) != 2) {
    if (MYTHREAD == 0) fprintf(stderr, "usage: nodes NODESxTHREADS\n");
    return 2;
  }
  char me[NAME] = "";
  gethostname(me, sizeof me - 1);
  upc_memput(&host[MYTHREAD * NAME], me, NAME);
  upc_barrier;
  char (*names)[NAME] = malloc((size_t)THREADS * NAME);
  for (int t = 0; t < THREADS; t++) upc_memget(names[t], &host[t * NAME], NAME);
  int bad = 0;
  for (int t = 0; t < THREADS; t++) {
    int same_host = strcmp(names[t], me) == 0;
    int castable = upc_thread_info((size_t)t).guaranteedCastable != 0;
    if (same_host != castable) {
      printf("FAIL: thread %d (%s) %s thread %d (%s)\n", MYTHREAD, me,
             castable ? "maps the data of" : "does not map the data of", t, names[t]);
      bad++;
    }
  }
  wrong[MYTHREAD] = bad;
  upc_barrier;
  if (MYTHREAD == 0) {
    int nodes = 0, uneven = 0, total = 0;
    printf("nodes:");
    for (int t = 0; t < THREADS; t++) {
      int first = 1;
      for (int u = 0; u < t; u++) first &= strcmp(names[u], names[t]) != 0;
      if (!first) continue;
      int count = 0;
      printf(" %s (threads", names[t]);
      for (int u = 0; u < THREADS; u++)
        if (strcmp(names[u], names[t]) == 0) {
          printf(" %d", u);
          count++;
        }
      printf(")");
      nodes++;
      uneven |= count != want_per;
    }
    printf("\n");
    for (int t = 0; t < THREADS; t++) total += wrong[t];
    if (nodes != want_nodes || uneven || total)
      printf("FAIL: %d nodes, want %d of %d threads each; %d pairs where the runtime's nodes "
             "are not the hosts\n",
             nodes, want_nodes, want_per, total);
    else
      printf("PASS: %d nodes of %d threads, as the hosts are\n", nodes, want_per);
    fflush(stdout);
    return nodes != want_nodes || uneven || total ? 1 : 0;
  }
  return 0;
}
