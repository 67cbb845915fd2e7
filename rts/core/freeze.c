/* freeze.c — stopping threads at start-up for a debugger (see freeze.h). */
#include "freeze.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "upcrt.h"

volatile int upcrt_frozen;

/* Whether UPCRT_FREEZE (all, or a thread number) names this thread. */
static int upcrt_freeze_wanted(void) {
  const char *v = getenv("UPCRT_FREEZE");
  if (!v || !*v) return 0;
  if (strcmp(v, "all") == 0) return 1;
  char *end;
  long t = strtol(v, &end, 10);
  if (*end != '\0' || t < 0 || t >= upcrt_threads) {
    if (upcrt_mythread == 0)
      fprintf(stderr, "upc: UPCRT_FREEZE=%s names no thread (all, or 0..%d); not freezing\n", v,
              upcrt_threads - 1);
    return 0;
  }
  return t == upcrt_mythread;
}

void upcrt_freeze(void) {
  if (!upcrt_freeze_wanted()) return;
  char host[256] = "?";
  gethostname(host, sizeof host - 1);
  host[sizeof host - 1] = '\0';
  long pid = (long)getpid();
  upcrt_frozen = 1;
  /* one write, so that the lines of several threads do not interleave */
  char line[512];
  snprintf(line, sizeof line,
           "upc: thread %d frozen: host %s pid %ld; attach with: gdb -p %ld -ex 'upc thaw'\n",
           upcrt_mythread, host, pid, pid);
  fputs(line, stderr);
  fflush(stderr);
  /* sleeps, not spins: the debugger may take minutes to come */
  const struct timespec nap = {0, 50 * 1000 * 1000};
  while (upcrt_frozen) nanosleep(&nap, NULL);
}
