/* slurm.c — a job that srun started itself: its end through scancel, and a
 * step that gave MPI no PMI (slurm.h). */
#include "slurm.h"

#include <errno.h>
#include <fcntl.h>
#include <mpi.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int upcrt_slurm_step;

/* scancel --quiet --signal=N JOB.STEP, its output to /dev/null */
static char slurm_scancel[4096];
static char slurm_signal_arg[32];
static char slurm_step_arg[64];
static char *slurm_argv[5];
static posix_spawn_file_actions_t slurm_actions;
static posix_spawnattr_t slurm_attr;
static int slurm_ready;

static int slurm_pmi_fd = -1;
static volatile sig_atomic_t slurm_claimed;

/* PMI-1's finalize, as MPI_Finalize would send it last, and its answer
 * (a line), for at most a second: a task that leaves without it makes
 * Slurm's PMI cancel the step, which kills the tasks still running. */
static void slurm_pmi_finalize(void) {
  static const char cmd[] = "cmd=finalize\n";
  if (slurm_pmi_fd < 0 || write(slurm_pmi_fd, cmd, sizeof cmd - 1) != (ssize_t)(sizeof cmd - 1))
    return;
  struct pollfd p = {.fd = slurm_pmi_fd, .events = POLLIN};
  char c;
  while (poll(&p, 1, 1000) == 1 && read(slurm_pmi_fd, &c, 1) == 1 && c != '\n') {
  }
}

static void slurm_on_end(int sig) {
  (void)sig;
  /* this process ends the job: the thread that ran scancel leaves */
  if (slurm_claimed)
    for (;;) pause();
  /* another thread ends the job with its status; srun reports the highest */
  slurm_pmi_finalize();
  _exit(0);
}

/* The first executable NAME on the PATH, into path. */
static int slurm_find(const char *name, char *path, size_t size) {
  const char *p = getenv("PATH");
  if (!p || !*p) p = "/usr/local/bin:/usr/bin:/bin";
  while (*p) {
    size_t n = strcspn(p, ":");
    int w = n ? snprintf(path, size, "%.*s/%s", (int)n, p, name) : snprintf(path, size, "./%s", name);
    struct stat st;
    if (w > 0 && (size_t)w < size && stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
        access(path, X_OK) == 0)
      return 1;
    p += n;
    if (*p == ':') p++;
  }
  return 0;
}

void upcrt_slurm_init(void) {
  const char *job = getenv("SLURM_JOB_ID"), *step = getenv("SLURM_STEP_ID");
  /* Hydra under Slurm starts its proxies with srun: their processes have
   * the step's variables too, and Hydra's own */
  if (!job || !*job || !step || !*step || !getenv("PMI_FD") || getenv("HYDI_CONTROL_FD") ||
      getenv("MPI_LOCALNRANKS"))
    return;
  upcrt_slurm_step = 1;
  slurm_pmi_fd = atoi(getenv("PMI_FD"));
  if (!slurm_find("scancel", slurm_scancel, sizeof slurm_scancel)) return;
  snprintf(slurm_signal_arg, sizeof slurm_signal_arg, "--signal=%d", UPCRT_SLURM_END_SIGNAL);
  snprintf(slurm_step_arg, sizeof slurm_step_arg, "%.30s.%.30s", job, step);
  slurm_argv[0] = "scancel";
  slurm_argv[1] = "--quiet";
  slurm_argv[2] = slurm_signal_arg;
  slurm_argv[3] = slurm_step_arg;
  slurm_argv[4] = NULL;
  if (posix_spawn_file_actions_init(&slurm_actions) != 0) return;
  posix_spawn_file_actions_addopen(&slurm_actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&slurm_actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&slurm_actions, 2, "/dev/null", O_WRONLY, 0);
  /* scancel is a process of the step too: the signal it sends must not
   * end it */
  sigset_t end;
  sigemptyset(&end);
  sigaddset(&end, UPCRT_SLURM_END_SIGNAL);
  posix_spawnattr_init(&slurm_attr);
  posix_spawnattr_setsigmask(&slurm_attr, &end);
  posix_spawnattr_setflags(&slurm_attr, POSIX_SPAWN_SETSIGMASK);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = slurm_on_end;
  sigemptyset(&sa.sa_mask);
  sigaction(UPCRT_SLURM_END_SIGNAL, &sa, NULL);
  slurm_ready = 1;
}

void upcrt_slurm_check_size(int threads) {
  const char *tasks = getenv("SLURM_STEP_NUM_TASKS"), *rank = getenv("SLURM_PROCID");
  if (threads != 1 || !getenv("SLURM_STEP_ID") || !tasks || atoi(tasks) < 2 || !rank)
    return;
  /* a process manager this MPI speaks makes a job of one legitimate: for
   * MPICH, PMI-1 on PMI_FD or PMI_PORT (srun --mpi=pmix sets PMIx's
   * variables, which Debian's MPICH does not read) */
#if defined(OPEN_MPI)
  if (getenv("PMIX_RANK") || getenv("OMPI_COMM_WORLD_SIZE")) return;
#define UPCRT_SLURM_MPI "pmix"
#else
  if (getenv("PMI_FD") || getenv("PMI_PORT")) return;
#define UPCRT_SLURM_MPI "pmi2"
#endif
  if (strcmp(rank, "0") == 0)
    fprintf(stderr,
            "upc: thread 0: srun started %s tasks of this program, but MPI sees each as a job "
            "of its own (THREADS=1): the step gives MPI no process manager it speaks (srun "
            "--mpi=none or another --mpi, or the cluster's MpiDefault); start it with srun "
            "--mpi=" UPCRT_SLURM_MPI ", or with upcrun\n",
            tasks);
  fflush(stderr);
  _exit(1);
}

void upcrt_slurm_end(int status) {
  if (!slurm_ready) return;
  /* the signal then leaves this process to this thread: the others wait
   * in the handler, and this one does not take it */
  slurm_claimed = 1;
  sigset_t end;
  sigemptyset(&end);
  sigaddset(&end, UPCRT_SLURM_END_SIGNAL);
  pthread_sigmask(SIG_BLOCK, &end, NULL);
  pid_t pid;
  if (posix_spawn(&pid, slurm_scancel, &slurm_actions, &slurm_attr, slurm_argv, environ) != 0)
    return;
  int st = 0;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) return;
  if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) return;
  slurm_pmi_finalize();
  _exit(status);
}
