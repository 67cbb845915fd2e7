/* start.c — runtime start-up, normal and global exit, fatal errors, crash handlers. */
#include "start.h"

#include <errno.h>
#include <mpi.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <ucontext.h>
#include <unistd.h>

#include "backoff.h"
#include "freeze.h"
#include "module.h"
#include "segment.h"
#include "slurm.h"
#include "stats.h"
#include "svd.h"
#include "where.h"

int upcrt_mythread;
int upcrt_threads = 1;
int upcrt_start_running;
int upcrt_start_mpi_thread_level;
volatile int upcrt_start_ending;
static int upcrt_start_exiting;
static volatile sig_atomic_t upcrt_start_in_signal;

/* ---- ending the job ----
 * Every way out but leaving main (upc_global_exit, a fatal error, a crash)
 * of a job of several threads ends it with one MPI_Abort from one thread
 * (a one-thread job leaves as from main; upcrt_start_abort): the first to
 * claim UPCRT_SEG_ENDING in thread 0's segment.  Several aborts at once (every
 * thread calling upc_global_exit, every waiter reporting the same barrier
 * error) race inside the launcher, which then may report another status and
 * its "BAD TERMINATION" banner; a thread that loses the claim waits to be
 * ended by the winner's abort.  MPI_Abort leaves through exit(), so the
 * atexit handler must not start the exit barrier then, and the progress
 * thread, which could hold MPI's lock or run in MPI while libraries tear
 * down, is stopped first (the modules' abort hooks, module.h).  In a job
 * srun started, where MPI_Abort loses the status, the winner ends the job
 * through scancel instead (slurm.h). */

/* The launcher forwards what this thread printed only until the abort
 * reaches it: give it a moment before the kill. */
static void upcrt_start_let_output_out(void) {
  struct timespec ts = {0, 200 * 1000 * 1000};
  nanosleep(&ts, NULL);
}

static void upcrt_start_sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0) {
  }
}

/* Whether this thread ends the job (else another already does): the first
 * to add to UPCRT_SEG_ENDING does.  Bounded: thread 0 may not make progress
 * on MPI atomics (it computes without a progress thread, or is itself in
 * its abort); then this thread ends the job too, which is late enough not to
 * race with an abort already under way. */
static int upcrt_start_claim(void) {
  if (!upcrt_start_running) {
    /* no segments yet: thread 0 ends the job; another thread gives it a
     * moment, so that an error every thread meets aborts once */
    if (upcrt_mythread != 0) upcrt_start_sleep_ms(2000);
    return 1;
  }
  if (upcrt_start_in_signal) {
    /* no MPI in a signal handler for the claim: a CPU atomic or none */
    if (!upcrt_cpu_atomics || !upcrt_node_base[0]) return 1;
    return __atomic_fetch_add((uint64_t *)(upcrt_node_base[0] + UPCRT_SEG_ENDING), 1,
                              __ATOMIC_SEQ_CST) == 0;
  }
  uint64_t before = 0;
  return !upcrt_seg_fetch_add_within(0, UPCRT_SEG_ENDING, 1, 5.0, &before) || before == 0;
}

static void upcrt_start_teardown(int status);

/* UPCRUN_STATUS_FILE: where upcrun (under Open MPI) asks the thread that
 * ends the job to write its status before MPI_Abort, so that it still has
 * it when mpirun itself crashes in the abort (Open MPI 4.1's PMIx log
 * handler: status 139 instead of the job's).  Read at start-up: the abort
 * may run in a signal handler, where open and write are safe, getenv not
 * surely. */
static const char *upcrt_start_status_file;
static void upcrt_start_write_status(int status) {
  if (!upcrt_start_status_file) return;
  int fd = open(upcrt_start_status_file, O_WRONLY | O_TRUNC);
  if (fd < 0) return;
  char buf[16], *q = buf + sizeof buf;
  unsigned v = (unsigned)status & 0xff;
  *--q = '\n';
  do *--q = (char)('0' + v % 10); while ((v /= 10) != 0);
  ssize_t w = write(fd, q, (size_t)(buf + sizeof buf - q));
  (void)w;
  close(fd);
}

/* MPI_Abort prints its own banner; the runtime has already said why. */
UPCRT_NORETURN void upcrt_start_abort(int status) {
  if (upcrt_threads == 1 && upcrt_start_running && !upcrt_start_exiting) {
    /* The job is this process: it ends as a process that leaves main does,
     * MPI finalized.  Through MPI_Abort, the launcher now and then (1 in 25
     * runs of a fault, 1 in 100 of upc_global_exit) reported status 1 and
     * its banner.  MPI_Finalize must come after the windows are freed (it
     * may fail with one still alive), so a fault, where exit() is unsafe,
     * takes the atexit handler's teardown without its exit barrier.  The
     * alarm ends a teardown that blocks (an error inside the runtime or MPI
     * with one of its locks held). */
    signal(SIGALRM, SIG_DFL);
    alarm(upcrt_start_in_signal ? 5 : 20);
    if (!upcrt_start_in_signal) exit(status);
    upcrt_start_exiting = 1;
    fflush(stdout);
    fflush(stderr);
    upcrt_start_teardown(status);
    _exit(status);
  }
  upcrt_start_exiting = 1; /* MPI_Abort calls exit(): no exit barrier then */
  fflush(stdout);
  fflush(stderr);
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (!initialized || finalized) _exit(status);
  /* if the claim or the abort cannot make progress (thread 0 gone, MPI
   * broken), die anyway */
  signal(SIGALRM, SIG_DFL);
  alarm(upcrt_start_in_signal ? 5 : 20);
  if (!upcrt_start_claim()) {
    /* another thread ends the job, with its status; its abort ends this
     * process (the alarm, should it never come) */
    for (;;) pause();
  }
  /* the progress thread serves the others' claims meanwhile */
  upcrt_start_let_output_out();
  upcrt_start_ending = 1;
  upcrt_modules_abort();
  int fd = open("/dev/null", O_WRONLY);
  if (fd >= 0) dup2(fd, 2);
  upcrt_slurm_end(status); /* a job srun started: scancel keeps the status */
  upcrt_start_write_status(status);
  MPI_Abort(MPI_COMM_WORLD, status);
  _exit(status);
}

UPCRT_NORETURN void upcrt_start_fatal_raw(const char *msg) {
  fflush(stdout);
  /* one write, so lines of different threads do not interleave */
  ssize_t w = write(2, msg, strlen(msg));
  (void)w;
  upcrt_start_abort(1);
}

UPCRT_NORETURN void upcrt_fatal(const char *fmt, ...) {
  char buf[4096];
  int n = snprintf(buf, sizeof buf, "upc: thread %d: ", upcrt_mythread);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf + n, sizeof buf - (size_t)n - 1, fmt, ap);
  va_end(ap);
  size_t len = strlen(buf);
  if (len + 1 < sizeof buf) {
    buf[len] = '\n';
    buf[len + 1] = '\0';
  }
  upcrt_start_fatal_raw(buf);
}

void upc_global_exit(int status) { upcrt_start_abort(status); }

size_t upcrt_start_env_count(const char *name, size_t dflt, size_t lo, size_t hi) {
  const char *s = getenv(name);
  if (!s || !*s) return dflt;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (*end || *s == '-' || errno || v < lo || v > hi) {
    if (hi == SIZE_MAX) upcrt_fatal("%s=%s: expected a number of at least %zu", name, s, lo);
    upcrt_fatal("%s=%s: expected a number from %zu to %zu", name, s, lo, hi);
  }
  return (size_t)v;
}

/* ---- crash handlers ---- */

static const struct {
  int sig;
  const char *name, *what;
} upcrt_start_signals[] = {
    {SIGSEGV, "SIGSEGV", "segmentation fault"}, {SIGBUS, "SIGBUS", "bus error"},
    {SIGFPE, "SIGFPE", "floating-point exception"}, {SIGILL, "SIGILL", "illegal instruction"},
    {SIGABRT, "SIGABRT", "aborted"}, {SIGSYS, "SIGSYS", "bad system call"},
};

static char *upcrt_start_utoa(char *p, unsigned long v) {
  char tmp[24];
  int n = 0;
  do tmp[n++] = (char)('0' + v % 10); while ((v /= 10) != 0);
  while (n) *p++ = tmp[--n];
  return p;
}

static char *upcrt_start_puts(char *p, const char *s) {
  while (*s) *p++ = *s++;
  return p;
}

/* "read" or "write" from the page-fault error code (x86-64: bit 1 of
 * REG_ERR is set for a write), "access" where the machine does not say. */
static const char *upcrt_start_fault_kind(void *ctx) {
#if defined(__x86_64__) && defined(REG_ERR)
  if (ctx) return (((ucontext_t *)ctx)->uc_mcontext.gregs[REG_ERR] & 2) ? "write" : "read";
#else
  (void)ctx;
#endif
  return "access";
}

void upcrt_start_say_where(uintptr_t pc) {
  char msg[4096 + 64], *p = msg;
  p = upcrt_start_puts(p, "upc: thread ");
  p = upcrt_start_utoa(p, (unsigned long)upcrt_mythread);
  p = upcrt_start_puts(p, ": at ");
  upcrt_where(p, sizeof msg - (size_t)(p - msg) - 1, pc);
  if (!*p) return;
  p += strlen(p);
  *p++ = '\n';
  ssize_t w = write(2, msg, (size_t)(p - msg));
  (void)w;
}

static uintptr_t upcrt_start_fault_pc(void *ctx) {
#if defined(__x86_64__) && defined(REG_RIP)
  if (ctx) return (uintptr_t)((ucontext_t *)ctx)->uc_mcontext.gregs[REG_RIP];
#else
  (void)ctx;
#endif
  return 0;
}

static void upcrt_start_on_signal(int sig, siginfo_t *info, void *ctx) {
  signal(sig, SIG_DFL);
  upcrt_start_in_signal = 1;
  /* if MPI_Abort cannot make progress (the fault hit inside MPI), die anyway */
  signal(SIGALRM, SIG_DFL);
  alarm(5);
  char msg[512], *p = msg;
  const char *name = "signal", *what = "";
  for (size_t i = 0; i < sizeof upcrt_start_signals / sizeof upcrt_start_signals[0]; i++)
    if (upcrt_start_signals[i].sig == sig) {
      name = upcrt_start_signals[i].name;
      what = upcrt_start_signals[i].what;
    }
  p = upcrt_start_puts(p, "upc: thread ");
  p = upcrt_start_utoa(p, (unsigned long)upcrt_mythread);
  p = upcrt_start_puts(p, ": ");
  uint64_t off = 0;
  int owner = (sig == SIGSEGV || sig == SIGBUS) && info
                  ? upcrt_seg_guard_owner(info->si_addr, &off)
                  : -1;
  if (owner >= 0) {
    /* a load or store in the null guard of a segment (segment.h) */
    p = upcrt_start_puts(p, upcrt_start_fault_kind(ctx));
    p = upcrt_start_puts(p, " through a null pointer-to-shared");
    if (owner != 0 || off != 0) {
      p = upcrt_start_puts(p, " (thread ");
      p = upcrt_start_utoa(p, (unsigned long)owner);
      p = upcrt_start_puts(p, ", offset ");
      p = upcrt_start_utoa(p, (unsigned long)off);
      p = upcrt_start_puts(p, ": inside the null guard, so derived from a null pointer)");
    }
    *p++ = '\n';
  } else {
    p = upcrt_start_puts(p, "caught ");
    p = upcrt_start_puts(p, name);
    p = upcrt_start_puts(p, " (");
    p = upcrt_start_puts(p, what);
    if ((sig == SIGSEGV || sig == SIGBUS) && info) {
      static const char hex[] = "0123456789abcdef";
      p = upcrt_start_puts(p, " at address 0x");
      uintptr_t a = (uintptr_t)info->si_addr;
      int started = 0;
      for (int sh = 60; sh >= 0; sh -= 4) {
        int d = (int)((a >> sh) & 15);
        if (d || started || sh == 0) {
          *p++ = hex[d];
          started = 1;
        }
      }
    }
    *p++ = ')';
    *p++ = '\n';
  }
  ssize_t w = write(2, msg, (size_t)(p - msg));
  (void)w;
  /* the message is out; now, if it can be found in time, the source line */
  if (sig != SIGABRT) upcrt_start_say_where(upcrt_start_fault_pc(ctx));
  upcrt_start_abort(128 + sig);
}

static void upcrt_start_install_handlers(void) {
  static char altstack[65536]; /* so a stack overflow is reported too */
  stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0};
  sigaltstack(&ss, NULL);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = upcrt_start_on_signal;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < sizeof upcrt_start_signals / sizeof upcrt_start_signals[0]; i++)
    sigaction(upcrt_start_signals[i].sig, &sa, NULL);
}

/* ---- exit ---- */

/* Every thread that leaves main (or calls exit) waits here for the others,
 * so that no thread's segment disappears while another still uses it. */
static void upcrt_start_on_exit(int status, void *unused) {
  (void)unused;
  if (!upcrt_start_running || upcrt_start_exiting) return;
  upcrt_start_exiting = 1;
  fflush(stdout);
  fflush(stderr);
  upcrt_modules_leave_main(); /* this thread's last fence, the exit barrier */
  upcrt_start_teardown(status);
}

/* PMI-1's finalize on the launcher's socket: "cmd=finalize", then its
 * acknowledgement (a line). */
static void upcrt_start_pmi_finalize(int fd) {
  static const char cmd[] = "cmd=finalize\n";
  if (write(fd, cmd, sizeof cmd - 1) != (ssize_t)(sizeof cmd - 1)) return;
  char c;
  while (read(fd, &c, 1) == 1 && c != '\n') {
  }
}

static void upcrt_start_teardown(int status) {
  upcrt_modules_stop(); /* the progress thread, then what it served */
  if (!upcrt_start_in_signal) upcrt_stats_finish();
  upcrt_svd_finalize();
  upcrt_seg_finalize();
  upcrt_start_running = 0;
  const char *pmi_fd = getenv("PMI_FD");
  if (upcrt_seg_many_machines && pmi_fd && *pmi_fd) {
    /* Across hosts, MPICH's MPI_Finalize over UCX's TCP transport hangs
     * now and then: a rank closing its endpoints waits for peers that have
     * gone on into the launcher's barrier (an open UCX report).  Every
     * thread is past its last communication once this barrier completes;
     * the process then tells its Hydra proxy it has finalized (PMI-1's
     * finalize, which MPI_Finalize would send last), so that the proxy
     * takes the exit as normal and kills no other process, and ends. */
    MPI_Barrier(MPI_COMM_WORLD);
    fflush(NULL);
    upcrt_start_pmi_finalize(atoi(pmi_fd));
    _exit(status);
  }
  MPI_Finalize();
}

/* ---- start-up phases (UPCRT_START_TIMES) ---- */

enum { START_PHASES = 24 };
static int start_timed = -1;
static int start_nphases;
static const char *start_phase_name[START_PHASES];
static double start_phase_end[START_PHASES + 1]; /* [0]: the start */

static double start_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void upcrt_start_phase(const char *name) {
  if (start_timed < 0) {
    const char *env = getenv("UPCRT_START_TIMES");
    start_timed = env && *env && strcmp(env, "0") != 0;
    start_phase_end[0] = start_now();
    return; /* the first call marks the start */
  }
  if (!start_timed || start_nphases == START_PHASES) return;
  start_phase_name[start_nphases++] = name;
  start_phase_end[start_nphases] = start_now();
}

/* Each phase's longest time over the threads, printed by thread 0. */
static void upcrt_start_report_phases(void) {
  if (!start_timed) return;
  double mine[START_PHASES + 1], most[START_PHASES + 1];
  int n = start_nphases;
  for (int i = 0; i < n; i++) mine[i] = start_phase_end[i + 1] - start_phase_end[i];
  mine[n] = start_phase_end[n] - start_phase_end[0];
  MPI_Reduce(mine, most, n + 1, MPI_DOUBLE, MPI_MAX, 0, upcrt_seg_comm);
  if (upcrt_mythread != 0) return;
  fprintf(stderr, "upc: start-up of %d threads, each phase's longest time over the threads:\n",
          upcrt_threads);
  for (int i = 0; i < n; i++)
    fprintf(stderr, "  %-24s %9.3f ms\n", start_phase_name[i], most[i] * 1e3);
  fprintf(stderr, "  %-24s %9.3f ms\n", "total", most[n] * 1e3);
}

/* ---- a job that cannot start ----
 * MPI_Init waits for every process of the job.  One that never gets there
 * (its program missing on a node, a crash before main, a process killed at
 * launch) leaves the others waiting in it for ever: neither MPICH's hydra
 * nor Slurm's srun ends them.  So a timer ends each waiting process after
 * UPCRT_START_TIMEOUT seconds (default 120; 0 waits for ever), with a
 * message that names its rank as the launcher gave it. */
static char upcrt_start_late_msg[320];

static void upcrt_start_late(int sig) {
  (void)sig;
  ssize_t w = write(2, upcrt_start_late_msg, strlen(upcrt_start_late_msg));
  (void)w;
  _exit(1);
}

static void upcrt_start_watch_init(void) {
  size_t secs = upcrt_start_env_count("UPCRT_START_TIMEOUT", 120, 0, 86400);
  if (secs == 0) return;
  const char *rank = NULL;
  static const char *const rank_vars[] = {"PMI_RANK", "PMIX_RANK", "SLURM_PROCID",
                                          "OMPI_COMM_WORLD_RANK"};
  for (size_t i = 0; !rank && i < sizeof rank_vars / sizeof *rank_vars; i++) rank = getenv(rank_vars[i]);
  snprintf(upcrt_start_late_msg, sizeof upcrt_start_late_msg,
           "upc: thread %s: the job did not start within %zu s: some process of it never "
           "joined (was its program started on every node?); UPCRT_START_TIMEOUT=SECONDS "
           "waits longer\n",
           rank && strlen(rank) < 12 ? rank : "?", secs);
  signal(SIGALRM, upcrt_start_late);
  alarm((unsigned)secs);
}

#if defined(OPEN_MPI)
#define UPCRT_MPI_FAMILY_NAME "Open MPI"
#define UPCRT_MPI_FAMILY_OPTION "openmpi"
#else
#define UPCRT_MPI_FAMILY_NAME "MPICH"
#define UPCRT_MPI_FAMILY_OPTION "mpich"
#endif

#if defined(OPEN_MPI)
/* Open MPI's one-sided component, chosen rather than left to the MCA
 * configuration (docs/runtime.md, "Under Open MPI"): sm for the node's
 * MPI_Win_allocate_shared window, ucx for the others, whatever
 * openmpi-mca-params.conf says (Debian's turns ucx and pt2pt off, leaving
 * rdma).  Measured on Open MPI 4.1.4: rdma cannot make a window of one
 * process (MPI_Win_create fails with MPI_ERR_WIN: a thread alone on its
 * node, THREADS=1), applies an MPI_Accumulate only when the target enters
 * MPI even on one node, and hung the atomics' unit test under
 * UPCRT_FORCE_RMA; pt2pt refuses MPI_Win_create at MPI_THREAD_MULTIPLE,
 * which the progress thread needs, and crashed in the same test.  ucx
 * serves every operation without the target on one node (its first
 * contact with a process excepted), and across nodes (TCP) as rdma does:
 * when the target enters MPI, which the doorbell and the progress thread
 * see to as under MPICH.  The user's OMPI_MCA_osc wins.
 *
 * And no op/avx: Open MPI 4.1.4's AVX reduction operations add 8- and
 * 16-bit integers (char, short, int8_t ... uint16_t, signed or not) with
 * saturating instructions, so an MPI_SUM of them that wraps gives 255 or
 * 32767 instead of the sum mod 2^n wherever the vector loop runs (measured
 * with MPI_Reduce_local of 256 elements on an AVX-512 machine: 139 of 256
 * unsigned char sums wrong, 224 of 256 unsigned short; none with
 * OMPI_MCA_op=^avx).  Every MPI reduction and accumulate goes through the
 * op framework: the runtime's collectives and team reductions on those
 * types, a UPC+MPI program's own MPI_Allreduce (test/hunt/hunt_mpi.upc).
 * The base component's loops are compiled C, vectorized by the compiler
 * without saturation.  The user's OMPI_MCA_op wins. */
static void upcrt_start_choose_osc(void) {
  setenv("OMPI_MCA_osc", "sm,ucx", 0);
  setenv("OMPI_MCA_op", "^avx", 0);
}
#endif

/* ---- the MPI family ----
 * A program is linked against one MPI family and starts only under that
 * family's launcher: MPICH's processes find hydra through PMI_FD, Open
 * MPI's find mpirun's daemon through PMIx.  Under the other family's
 * launcher each process would start as a job of one thread, and the job
 * would run THREADS=1 N times over.  Rank 0 as the launcher numbered it
 * says so; every process ends. */
static void upcrt_start_check_launcher(void) {
  const char *launched_by = NULL, *rank = NULL;
#if defined(OPEN_MPI)
  if (getenv("PMI_FD") && !getenv("PMIX_RANK") && !getenv("OMPI_COMM_WORLD_SIZE")) {
    launched_by = "MPICH's mpiexec (hydra)";
    rank = getenv("PMI_RANK");
  }
#elif defined(MPICH)
  if (getenv("OMPI_COMM_WORLD_SIZE") && !getenv("PMI_FD") && !getenv("PMI_RANK")) {
    launched_by = "Open MPI's mpirun";
    rank = getenv("OMPI_COMM_WORLD_RANK");
  }
#endif
  if (!launched_by) return;
  if (!rank || strcmp(rank, "0") == 0)
    fprintf(stderr,
            "upc: thread 0: this program was built against %s but started by %s; run it with "
            "the upcrun of a upcc built for %s (meson setup -Dmpi=%s)\n",
            UPCRT_MPI_FAMILY_NAME, launched_by, UPCRT_MPI_FAMILY_NAME, UPCRT_MPI_FAMILY_OPTION);
  _exit(1);
}

int upcrt_start(int argc, char **argv, int (*user_main)(int, char **),
                const upcrt_config_t *config) {
  int provided;
  upcrt_start_phase(NULL);
  upcrt_start_check_launcher();
  upcrt_start_watch_init();
  upcrt_slurm_init();
  /* MPICH maps shared windows at one address on every process of a node,
   * probing each page of the range first (msync per page): about 8 s per
   * GiB of shared heap under load.  Segments are reached by offset, so the
   * same address buys nothing; the user's own setting wins. */
  setenv("MPIR_CVAR_SHM_SYMHEAP_RETRY", "0", 0);
#if defined(OPEN_MPI)
  upcrt_start_choose_osc();
#endif
  upcrt_start_status_file = getenv("UPCRUN_STATUS_FILE");
  if (upcrt_start_status_file && !*upcrt_start_status_file) upcrt_start_status_file = NULL;
  MPI_Init_thread(&argc, &argv, upcrt_modules_thread_level(), &provided);
  alarm(0);
  signal(SIGALRM, SIG_DFL);
  upcrt_start_mpi_thread_level = provided;
  upcrt_start_phase("MPI_Init_thread");
  upcrt_backoff_init_thread();
  MPI_Request dup;
  MPI_Comm_idup(MPI_COMM_WORLD, &upcrt_seg_comm, &dup);
  upcrt_backoff_waitall(1, &dup);
  MPI_Comm_set_errhandler(upcrt_seg_comm, MPI_ERRORS_RETURN);
  MPI_Comm_rank(upcrt_seg_comm, &upcrt_mythread);
  MPI_Comm_size(upcrt_seg_comm, &upcrt_threads);
  upcrt_slurm_check_size(upcrt_threads);
  upcrt_start_install_handlers();
  upcrt_where_init();

  if (config && config->static_threads > 0 && config->static_threads != upcrt_threads) {
    if (upcrt_mythread == 0) {
      char buf[512];
      snprintf(buf, sizeof buf,
               "upc: thread 0: this program was compiled for THREADS=%d (upcc -T %d) but "
               "runs with %d threads; run it with upcrun -n %d\n",
               config->static_threads, config->static_threads, upcrt_threads,
               config->static_threads);
      upcrt_start_fatal_raw(buf);
    }
    /* the other threads wait to be ended by thread 0's abort */
    for (;;) sleep(1);
  }

  upcrt_start_phase("communicators");
  upcrt_seg_init(upcrt_svd_static_bytes(), config ? config->default_heap_size : 0);
  upcrt_start_phase("segments: locks, zeroing");
  upcrt_svd_init();
  upcrt_start_phase("directory");
  upcrt_modules_start();
  upcrt_start_running = 1;
  on_exit(upcrt_start_on_exit, NULL);
  /* statics are laid out and initialised on every thread before main runs
   * (the start-up barrier) */
  upcrt_freeze(); /* upcrun -freeze: wait for a debugger here */
  upcrt_modules_enter_main();
  upcrt_start_phase("barrier before main");
  upcrt_stats_init();
  upcrt_start_report_phases();
  exit(user_main(argc, argv));
}
