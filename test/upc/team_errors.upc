/* team_errors.upc — misuse of upcx teams ends the job with a message, not a
 * hang: the case is argv[1] (test/upc/meson.build runs each at THREADS 2 and
 * 3, on one node and through MPI, and names the message it must print). */
#include <stdio.h>
#include <string.h>
#include <upcx.h>
#include <upc.h>

int main(int argc, char **argv) {
  const char *c = argc > 1 ? argv[1] : "";
  upcx_team_t world = upcx_team_world();
  if (!strcmp(c, "split-part")) {
    /* thread 1 goes to a barrier instead of the split */
    if (MYTHREAD != 1) upcx_team_split(world, 0, 0);
    upc_barrier;
  } else if (!strcmp(c, "barrier-part")) {
    /* the last thread leaves main instead of the team barrier */
    if (MYTHREAD != THREADS - 1) upcx_team_barrier(world);
  } else if (!strcmp(c, "other-collective")) {
    /* thread 0 in a barrier of the team, the others in a broadcast */
    upcx_team_t t = upcx_team_split(world, 0, 0);
    int v = 0;
    if (MYTHREAD == 0) upcx_team_barrier(t);
    else upcx_team_broadcast(t, &v, sizeof v, 1);
    upcx_team_barrier(t);
  } else if (!strcmp(c, "null-team")) {
    upcx_team_t t = upcx_team_split(world, MYTHREAD == 0 ? 0 : UPCX_TEAM_NOCOLOR, 0);
    if (MYTHREAD == 1) upcx_team_barrier(t);
  } else if (!strcmp(c, "freed-team")) {
    upcx_team_t t = upcx_team_split(world, 0, 0);
    upcx_team_free(t);
    if (MYTHREAD == 1) upcx_team_rank(t);
  } else if (!strcmp(c, "free-world")) {
    upcx_team_free(world);
  } else if (!strcmp(c, "bad-rank")) {
    int v = 0;
    upcx_team_broadcast(world, &v, sizeof v, THREADS);
  } else if (!strcmp(c, "bad-op")) {
    double d = 1, r;
    upcx_team_allreduce(world, &r, &d, 1, UPC_DOUBLE, UPC_XOR);
  } else {
    printf("team_errors: unknown case \"%s\"\n", c);
    return 2;
  }
  printf("team_errors: case %s ended without an error\n", c);
  return 0;
}
