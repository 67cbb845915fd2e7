/* rts_death.c — a UPC-runtime program that misbehaves on purpose, one way per
 * mode (argv[1]); check_death.sh runs it under mpiexec and checks that the
 * job ends promptly with a non-zero status and the runtime's message. */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "upcrt.h"

static const char *mode = "";

static int user_main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  int last = upcrt_threads - 1;
  if (strcmp(mode, "heap") == 0) {
    /* far more than the heap: the message names the size and the fix */
    upcrt_barrier(0, 0);
    if (upcrt_mythread == last) upc_alloc((size_t)3 << 30);
    upcrt_barrier(0, 0);
  } else if (strcmp(mode, "allheap") == 0) {
    upc_all_alloc((size_t)upcrt_threads, (size_t)1 << 40);
  } else if (strcmp(mode, "mismatch") == 0) {
    upcrt_barrier(1, 7);
    upcrt_notify(1, upcrt_mythread == last ? 8 : 7);
    upcrt_wait(1, upcrt_mythread == last ? 8 : 7);
  } else if (strcmp(mode, "segv") == 0) {
    upcrt_barrier(0, 0);
    if (upcrt_mythread == last) {
      int *volatile p = (int *)(uintptr_t)16;
      *p = 1;
    }
    upcrt_barrier(0, 0); /* the others wait here: the crash must end them */
    sleep(60);
  } else if (strcmp(mode, "unlock") == 0) {
    upcrt_pts_t l = upc_all_lock_alloc();
    if (upcrt_mythread == last) upc_unlock(l);
    upcrt_barrier(0, 0);
  } else if (strcmp(mode, "badfree") == 0) {
    upcrt_pts_t p = upc_all_alloc((size_t)upcrt_threads, 64);
    if (upcrt_mythread == last) upc_free(upcrt_pts_add(p, 1, 0, 8));
    upcrt_barrier(0, 0);
  } else if (strcmp(mode, "doublefree") == 0) {
    upcrt_pts_t p = upc_alloc(100);
    upc_free(p);
    upc_free(p);
  } else if (strcmp(mode, "globalexit") == 0) {
    /* thread `last` ends everything with status 3 while the others wait */
    if (upcrt_mythread == last) {
      printf("exiting\n");
      upc_global_exit(3);
    }
    upcrt_barrier(0, 0);
    sleep(60);
  } else if (strcmp(mode, "exit") == 0) {
    /* one thread calls exit() early; the others finish normally: all of
     * the output appears and the job ends with that thread's status */
    if (upcrt_mythread == last) {
      printf("thread %d leaving early\n", upcrt_mythread);
      exit(0);
    }
    usleep(200000);
    printf("thread %d done\n", upcrt_mythread);
  } else if (strcmp(mode, "exitbarrier") == 0) {
    /* thread `last` leaves while the others wait at a barrier: an error,
     * not a hang */
    if (upcrt_mythread != last) upcrt_barrier(0, 0);
  } else if (strcmp(mode, "heapsize") == 0) {
    /* prints the heap the runtime got (UPC_SHARED_HEAP_SIZE / upcrun) */
    upcrt_pts_t p = upc_alloc(1);
    (void)p;
    extern size_t upcrt_seg_heap_size;
    if (upcrt_mythread == 0) printf("heap %zu\n", upcrt_seg_heap_size);
  } else {
    fprintf(stderr, "rts_death: unknown mode %s\n", mode);
    return 2;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1) mode = argv[1];
  upcrt_config_t cfg = {0, 0};
  if (strcmp(mode, "static") == 0) cfg.static_threads = 3; /* compiled for 3 */
  if (argc > 2 && strcmp(mode, "heapsize") == 0) cfg.default_heap_size = (size_t)atol(argv[2]);
  upcrt_start(argc, argv, user_main, &cfg);
}
