/* upcrun.c — launches a UPC executable through the MPI launcher (mpiexec). */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "upcrun_config.h" /* UPCRUN_MPI_FAMILY, UPCRUN_MPIEXEC: the build's MPI */

/* The MPI family this upcrun was built for, and so the launcher's dialect:
 * a program linked against MPICH starts only under hydra, one linked
 * against Open MPI only under mpirun (else each process would be a job of
 * one).  Both dialects are compiled, one is used. */
static const int upcrun_openmpi = UPCRUN_MPI_OPENMPI;
#if UPCRUN_MPI_OPENMPI
#define UPCRUN_MPI_NAME "Open MPI"
#else
#define UPCRUN_MPI_NAME "MPICH"
#endif
#ifndef UPCRUN_LIBEXECDIR
#define UPCRUN_LIBEXECDIR "/usr/local/libexec/upcc"
#endif
#ifndef UPCRUN_LIBEXEC_FROM_BIN
#define UPCRUN_LIBEXEC_FROM_BIN "../libexec/upcc"
#endif

static const char *upcrun_usage_text =
    "usage: upcrun [-n|-np N] [-shared-heap SIZE] [-progress on|off|auto] [-hunt]\n"
    "              [-cache-lines N] [-cache-line-size BYTES] [-stats[=FILE]]\n"
    "              [-coll-table FILE] [-trace[=FILE]] [-freeze[=THREAD]]\n"
    "              [-launcher auto|srun|mpiexec]\n"
    "              [-hostfile FILE | -hosts H1,H2,... | -cluster=NODES] [-v]\n"
    "              PROGRAM [ARGS...]\n"
    "       upcrun [-n N] [...] -tune-collectives[=FILE]\n"
    "Runs the UPC program PROGRAM with N threads (default 1) through the MPI launcher,\n"
    "or through srun inside a Slurm allocation.\n"
    "  -n N, -np N          number of UPC threads (MPI processes)\n"
    "  -shared-heap SIZE    shared heap per thread, e.g. 64MB, 1G, 512K or bytes\n"
    "                       (sets UPC_SHARED_HEAP_SIZE; default upcc -shared-heap, else\n"
    "                       half the node's memory over its threads, 64MB to 2GB)\n"
    "  -progress on|off|auto  the runtime's progress thread, which lets other threads'\n"
    "                       locks, atomics and updates on this thread's data complete\n"
    "                       while it computes (sets UPCRT_PROGRESS; auto: on when some\n"
    "                       thread is on another node or UPCRT_FORCE_RMA=1)\n"
    "  -hostfile FILE       hosts to run on, a line each: HOST, HOST:N or HOST slots=N\n"
    "                       (N threads on HOST), passed to the MPI launcher\n"
    "  -hosts H1,H2,...     host list (H or H:N each), passed to the MPI launcher\n"
    "  -cluster=NODES       run across NODES emulated nodes made on this machine for the\n"
    "                       run (network namespaces joined by a bridge: MPI crosses TCP\n"
    "                       between them, as on a cluster), the threads in blocks per\n"
    "                       node, removed afterwards; needs root (see upcrun(1))\n"
    "  -hunt                large upc_memgets from other nodes return at once and wait\n"
    "                       on first touch (UPCRT_HUNT=1; see docs/runtime.md)\n"
    "  -cache-lines N       lines per remote thread in the software cache of remote\n"
    "                       relaxed accesses; 0 turns it off (sets UPCRT_CACHE_LINES)\n"
    "  -cache-line-size BYTES  its line size, a power of two >= 8\n"
    "                       (sets UPCRT_CACHE_LINE_SIZE)\n"
    "  -stats[=FILE]        count each thread's communication; at exit thread 0 prints\n"
    "                       a table to stderr and writes FILE (upcc-stats.json) and a\n"
    "                       picture FILE.svg (sets UPCRT_STATS; see docs/debugging.md)\n"
    "  -trace[=FILE]        write a timeline of the run (barriers, lock waits,\n"
    "                       collectives, large gets and puts, HUNT strips, progress\n"
    "                       thread) to FILE (upcc-trace.json) in the Chrome\n"
    "                       trace-event format that Perfetto and chrome://tracing\n"
    "                       open (sets UPCRT_TRACE)\n"
    "  -freeze[=THREAD]     stop every thread (or THREAD only) at start-up, print the\n"
    "                       gdb command that attaches to each, and wait until the\n"
    "                       debugger releases it (sets UPCRT_FREEZE)\n"
    "  -launcher auto|srun|mpiexec  how to start the threads; auto (the default, or\n"
    "                       UPCRUN_LAUNCHER's value): srun inside a Slurm allocation\n"
    "                       (SLURM_JOB_ID set, srun on the PATH, no hosts given), else\n"
    "                       the MPI launcher (see docs/slurm.md)\n"
    "  -coll-table FILE     the collectives' algorithm table to use (sets\n"
    "                       UPCRT_COLL_TABLE; default ~/.config/upcc/collectives if\n"
    "                       it exists, else the built-in table)\n"
    "  -tune-collectives[=FILE]  instead of a program, time each collective's\n"
    "                       algorithms with N threads on these hosts in three rounds\n"
    "                       and write per size the one whose slowest round is fastest\n"
    "                       to FILE (default ~/.config/upcc/collectives, which later\n"
    "                       runs read)\n"
    "  -v                   print the launcher command before running it\n"
    "  --help               this text\n"
    "Built for " UPCRUN_MPI_NAME ": programs built by this upcc run under its launcher.\n"
    "Environment: UPCRUN_MPIEXEC overrides the launcher (" UPCRUN_MPIEXEC "); UPCRUN_CLUSTER=NODES\n"
    "is -cluster=NODES for jobs given no hosts; UPCRT_FORCE_RMA=1\n"
    "makes the runtime reach every other thread through MPI RMA even on one node;\n"
    "UPCRT_NODE_SIZE=K makes each K consecutive threads of a machine a node of their own\n"
    "(shared memory within, MPI between), to run the paths across nodes on one machine.\n"
    "Under Slurm: UPCRUN_LAUNCHER=auto|srun|mpiexec is -launcher's default; UPCRUN_SRUN\n"
    "overrides srun; -n N may not exceed the allocation's CPUs (SLURM_JOB_CPUS_PER_NODE over\n"
    "SLURM_CPUS_PER_TASK) unless SLURM_OVERCOMMIT=1; without -n srun's default count runs.\n";

static void upcrun_bad(const char *fmt, const char *arg) {
  fprintf(stderr, "upcrun: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n%s", upcrun_usage_text);
  exit(2);
}

/* Same grammar as the runtime: digits, then K/M/G/T with optional i and B. */
static int upcrun_valid_size(const char *s) {
  if (!isdigit((unsigned char)*s)) return 0;
  while (isdigit((unsigned char)*s)) s++;
  if (*s == '\0') return 1;
  if (!strchr("bBkKmMgGtT", *s)) return 0;
  int unit = toupper((unsigned char)*s) != 'B';
  s++;
  if (unit && (*s == 'i' || *s == 'I')) s++;
  if (unit && (*s == 'b' || *s == 'B')) s++;
  return *s == '\0';
}

/* FILE of an option given as "-opt" or "-opt=FILE"; NULL for the first. */
static const char *upcrun_file_value(const char *arg, const char *opt) {
  const char *eq = strchr(arg, '=');
  if (eq && !eq[1]) upcrun_bad("%s= wants a file name", opt);
  return eq ? eq + 1 : NULL;
}

/* Value of an option given as "-opt VALUE" or "-opt=VALUE". */
static const char *upcrun_value(int argc, char **argv, int *i, const char *opt) {
  const char *eq = strchr(argv[*i], '=');
  if (eq) return eq + 1;
  if (*i + 1 >= argc) upcrun_bad("option %s needs a value", opt);
  return argv[++*i];
}

/* A decimal number (for the cache flags); pow2: also a power of two >= 8. */
static int upcrun_valid_count(const char *s, int pow2) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (!isdigit((unsigned char)*s) || *end || errno || v > (1u << 20)) return 0;
  return !pow2 || (v >= 8 && (v & (v - 1)) == 0);
}

/* The number of emulated nodes of -cluster (tools/cluster makes 1 to 29). */
static const char *upcrun_nodes(const char *v, const char *what) {
  if (!upcrun_valid_count(v, 0) || atoi(v) < 1 || atoi(v) > 29) {
    char msg[200];
    snprintf(msg, sizeof msg, "%s wants a number of nodes from 1 to 29, not \"%.100s\"", what, v);
    upcrun_bad("%s", msg);
  }
  return v;
}

static int upcrun_is(const char *arg, const char *name) {
  /* accepts -name, --name, and the =VALUE forms */
  if (arg[0] != '-') return 0;
  arg++;
  if (arg[0] == '-') arg++;
  size_t n = strlen(name);
  return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

/* Runtime settings given as flags: set here and passed to every host. */
#define UPCRUN_MAX_ENV 16
static const char *upcrun_env[UPCRUN_MAX_ENV][2];
static int upcrun_nenv;

static void upcrun_setenv(const char *name, const char *value) {
  setenv(name, value, 1);
  for (int e = 0; e < upcrun_nenv; e++)
    if (strcmp(upcrun_env[e][0], name) == 0) {
      upcrun_env[e][1] = value;
      return;
    }
  upcrun_env[upcrun_nenv][0] = name;
  upcrun_env[upcrun_nenv++][1] = value;
}

/* A helper program (the collectives' tuner, the cluster emulator): next to
 * upcrun in the build tree, else installed.  Each call's own string. */
static char *upcrun_helper(const char *name) {
  char path[4096];
  char self[4000];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n > 0) {
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (slash) {
      *slash = '\0';
      /* the build tree, then an installed tree wherever it was put */
      const char *where[] = {"", "/" UPCRUN_LIBEXEC_FROM_BIN};
      for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s%s/%s", self, where[i], name);
        if (access(path, X_OK) == 0) return strdup(path);
      }
    }
  }
  snprintf(path, sizeof path, "%s/%s", UPCRUN_LIBEXECDIR, name);
  return strdup(path);
}

/* The file -tune-collectives writes by default (the runtime's default
 * table, coll_table.h), its directory created. */
static char *upcrun_default_table(void) {
  const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
  static char path[4096];
  if (xdg && *xdg) snprintf(path, sizeof path, "%s/upcc", xdg);
  else if (home && *home) snprintf(path, sizeof path, "%s/.config/upcc", home);
  else upcrun_bad("%s", "-tune-collectives needs a file name (no HOME to keep it in)");
  for (char *p = path + 1; *p; p++) {
    if (*p != '/') continue;
    *p = '\0';
    mkdir(path, 0755);
    *p = '/';
  }
  if (mkdir(path, 0755) != 0 && errno != EEXIST) {
    fprintf(stderr, "upcrun: cannot create %s: %s\n", path, strerror(errno));
    exit(1);
  }
  strcat(path, "/collectives");
  return path;
}

/* ---- the host list ----
 * Hydra's hostfile says "HOST:N", Open MPI's "HOST slots=N": upcrun takes
 * either (and "HOST" alone, "#" comments) under both families, and gives
 * the launcher the list as "HOST:N,..." (-hosts for hydra, --host for Open
 * MPI, which read it alike).  A file with anything else in it (hydra's
 * ifhn=, Open MPI's max_slots=) is the launcher's own: passed as it is.
 * Returns the list, or NULL for such a file. */
static char *upcrun_hostfile_hosts(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "upcrun: cannot read the hostfile %s: %s\n", path, strerror(errno));
    exit(2);
  }
  size_t cap = 256, len = 0;
  char *list = malloc(cap), line[1024];
  if (!list) exit(1);
  list[0] = '\0';
  int known = 1;
  while (known && fgets(line, sizeof line, f)) {
    char *hash = strchr(line, '#');
    if (hash) *hash = '\0';
    char host[512], extra[512] = "";
    unsigned long slots = 0;
    int words = sscanf(line, "%511s %511s", host, extra);
    if (words <= 0) continue; /* blank or a comment */
    char *colon = strchr(host, ':');
    if (words == 2 && sscanf(extra, "slots=%lu", &slots) == 1 && !colon && slots > 0) {
      /* Open MPI's HOST slots=N */
    } else if (words == 1 && colon) {
      char *end;
      slots = strtoul(colon + 1, &end, 10);
      if (*end || !slots) known = 0;
      *colon = '\0';
    } else if (words != 1) {
      known = 0;
    }
    if (!known) break;
    char item[560];
    int n = slots ? snprintf(item, sizeof item, "%s%s:%lu", len ? "," : "", host, slots)
                  : snprintf(item, sizeof item, "%s%s", len ? "," : "", host);
    if (len + (size_t)n + 1 > cap) {
      cap = 2 * (len + (size_t)n + 1);
      list = realloc(list, cap);
      if (!list) exit(1);
    }
    memcpy(list + len, item, (size_t)n + 1);
    len += (size_t)n;
  }
  fclose(f);
  if (!known || !len) {
    free(list);
    return NULL;
  }
  return list;
}

/* ---- Open MPI's launcher ---- */

/* The variables Open MPI's mpirun must be told to pass to other hosts (it
 * passes its own environment to the processes it starts on this one only;
 * hydra passes all of it everywhere): the runtime's, the program's heap. */
static int upcrun_forwarded(const char *var, size_t len) {
  if (len < 5 || strncmp(var, "UPC", 3) != 0) return 0;
  return var[3] == '_' || (len > 6 && strncmp(var + 3, "RT_", 3) == 0); /* UPC_*, UPCRT_* */
}

/* mpirun's words about how a job ended that say nothing the job has not:
 * the runtime ends a job with its own "upc: thread N:" message and then
 * MPI_Abort (or a status), and hydra prints nothing of its own then.  A
 * block of Open MPI's help text (between lines of dashes) is dropped when
 * it has one of these; so are the "N more processes have sent help
 * message" lines that count dropped blocks, and mpirun's hint after them.
 * A process killed without a word from the runtime (SIGKILL) keeps
 * mpirun's report: it is the only one. */
static const char *const upcrun_ompi_job_end[] = {
    "MPI_ABORT was invoked on rank",
    "Primary job  terminated normally, but", /* sic: two spaces */
    "Primary job terminated normally, but",
    /* mpirun under any of its names: mpiexec.openmpi, orterun */
    "detected that one or more processes exited with non-zero status",
};
static const char *const upcrun_ompi_after_report[] = {
    "noticed that process rank",
    "has exited due to process rank",
};
static const char *const upcrun_ompi_counted[] = {
    "help-mpi-api.txt / mpi-abort",
    "help-mpi-errors.txt / mpi_errors_are_fatal",
};

static int upcrun_has_any(const char *text, const char *const *phrases, size_t n) {
  for (size_t p = 0; p < n; p++)
    if (strstr(text, phrases[p])) return 1;
  return 0;
}
#define UPCRUN_HAS_ANY(text, list) upcrun_has_any(text, list, sizeof list / sizeof *list)

static int upcrun_is_dashes(const char *line) {
  size_t n = strspn(line, "-");
  return n >= 20 && (line[n] == '\n' || line[n] == '\0');
}

static pid_t upcrun_child;
/* UPCRUN_STATUS_FILE (Open MPI): the status the runtime ended the job with */
static char upcrun_status_path[64] = "/tmp/upcrun-status-XXXXXX";
static int upcrun_read_status(void) {
  if (!upcrun_status_path[0]) return -1;
  int v = -1;
  FILE *f = fopen(upcrun_status_path, "r");
  if (f) {
    if (fscanf(f, "%d", &v) != 1) v = -1;
    fclose(f);
  }
  unlink(upcrun_status_path);
  return v;
}
static void upcrun_forward_signal(int sig) {
  if (upcrun_child > 0) kill(upcrun_child, sig);
}

/* Runs the launcher with its standard error through a filter of mpirun's
 * job-end banners (above), forwarding INT, TERM and HUP to it (mpirun then
 * ends the job), and exits with its status as exec would have. */
static int upcrun_run_filtered(const char *launcher, char **cmd) {
  int fds[2];
  if (pipe(fds) != 0) {
    fprintf(stderr, "upcrun: cannot make a pipe: %s\n", strerror(errno));
    return 127;
  }
  upcrun_child = fork();
  if (upcrun_child < 0) {
    fprintf(stderr, "upcrun: cannot fork: %s\n", strerror(errno));
    return 127;
  }
  if (upcrun_child == 0) {
    dup2(fds[1], 2);
    close(fds[0]);
    close(fds[1]);
    execvp(launcher, cmd);
    fprintf(stderr, "upcrun: cannot run the MPI launcher %s: %s\n", launcher, strerror(errno));
    _exit(127);
  }
  close(fds[1]);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = upcrun_forward_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);
  FILE *in = fdopen(fds[0], "r");
  char line[4096];
  int reported = 0; /* the runtime said why the job ends */
  int error = 0;    /* ... with an error of status 1, not a crash */
  int dropped = 0;  /* the last block or count line was dropped */
  /* Open MPI 4.1's mpirun itself may crash in its PMIx log handler after a
   * process called MPI_Abort: its dump, "[HOST:PID] ***" lines of mpirun's
   * PID, is dropped, and the job's status is the runtime's */
  char own[32];
  snprintf(own, sizeof own, ":%ld] ", (long)upcrun_child);
  int crash = 0;
  size_t blen = 0, bcap = 0;
  char *block = NULL; /* a help block being read, from its opening dashes */
  while (in && fgets(line, sizeof line, in)) {
    if (strncmp(line, "upc: thread ", 12) == 0) {
      reported = 1;
      error |= !strstr(line, ": caught SIG") && !strstr(line, "through a null pointer-to-shared");
    }
    if (line[0] == '[' && strstr(line, own)) {
      crash |= strstr(line, "*** Process received signal ***") != NULL;
      if (crash) continue;
    }
    if (block || upcrun_is_dashes(line)) {
      size_t n = strlen(line);
      if (blen + n + 1 > bcap) {
        bcap = 2 * (blen + n + 1);
        block = realloc(block, bcap);
        if (!block) exit(1);
      }
      memcpy(block + blen, line, n + 1);
      blen += n;
      if (blen > n && upcrun_is_dashes(line)) { /* the closing dashes */
        dropped = UPCRUN_HAS_ANY(block, upcrun_ompi_job_end) ||
                  (reported && UPCRUN_HAS_ANY(block, upcrun_ompi_after_report));
        if (!dropped) fputs(block, stderr);
        free(block);
        block = NULL;
        blen = bcap = 0;
      }
      continue;
    }
    if (strstr(line, "more process") && strstr(line, "sent help message") &&
        UPCRUN_HAS_ANY(line, upcrun_ompi_counted)) {
      dropped = 1;
      continue;
    }
    if (dropped && strstr(line, "orte_base_help_aggregate")) continue;
    /* mpirun failing to print the abort's help message (which is dropped
     * above anyway): "[HOST:PID] [[JOB,0],0] ORTE_ERROR_LOG: ... in file
     * ../../../orte/util/show_help.c at line N", seen before its PMIx log
     * handler's crash */
    if (reported && line[0] == '[' && strstr(line, own) && strstr(line, "ORTE_ERROR_LOG") &&
        strstr(line, "show_help.c"))
      continue;
    dropped = 0;
    fputs(line, stderr);
    fflush(stderr);
  }
  if (block) fputs(block, stderr); /* an unclosed block: the job's last words */
  int status;
  while (waitpid(upcrun_child, &status, 0) < 0 && errno == EINTR) {
  }
  fflush(stderr);
  int runtime_status = upcrun_read_status();
  if (runtime_status >= 0 && (crash || WIFSIGNALED(status))) {
    fprintf(stderr, "upcrun: %s crashed after the runtime ended the job (an Open MPI fault); "
                    "the job's status is the runtime's, %d\n", launcher, runtime_status);
    return runtime_status;
  }
  if (crash && error) {
    fprintf(stderr, "upcrun: %s crashed after the runtime's error above (an Open MPI fault); "
                    "the job's status is 1\n", launcher);
    return 1;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
}

/* ---- Slurm ----
 * Inside an allocation (salloc, sbatch: SLURM_JOB_ID set) the threads start
 * as a job step, through srun, as Berkeley UPC's upcrun does: srun runs
 * them on the allocation's nodes and gives MPICH its PMI (--mpi=pmi2).
 * -launcher (or UPCRUN_LAUNCHER) chooses: auto (srun in an allocation with
 * srun on the PATH and no hosts given, else the MPI launcher), srun (also
 * outside an allocation: srun then asks for one), mpiexec (Hydra, which
 * inside an allocation starts its proxies with srun itself).  docs/slurm.md. */

enum upcrun_launch { UPCRUN_LAUNCH_AUTO, UPCRUN_LAUNCH_SRUN, UPCRUN_LAUNCH_MPIEXEC };

static enum upcrun_launch upcrun_launch_value(const char *v, const char *what) {
  if (strcmp(v, "auto") == 0) return UPCRUN_LAUNCH_AUTO;
  if (strcmp(v, "srun") == 0) return UPCRUN_LAUNCH_SRUN;
  if (strcmp(v, "mpiexec") == 0) return UPCRUN_LAUNCH_MPIEXEC;
  char msg[200];
  snprintf(msg, sizeof msg, "%s wants auto, srun or mpiexec, not \"%.100s\"", what, v);
  upcrun_bad("%s", msg);
  return UPCRUN_LAUNCH_AUTO;
}

/* The srun to run: UPCRUN_SRUN, else srun; whether it can be found. */
static const char *upcrun_srun_program(int *found) {
  const char *srun = getenv("UPCRUN_SRUN");
  if (!srun || !*srun) srun = "srun";
  *found = 0;
  if (strchr(srun, '/')) {
    *found = access(srun, X_OK) == 0;
    return srun;
  }
  const char *path = getenv("PATH");
  if (!path || !*path) path = "/usr/local/bin:/usr/bin:/bin";
  char file[4096];
  while (*path && !*found) {
    size_t n = strcspn(path, ":");
    snprintf(file, sizeof file, "%.*s/%s", (int)(n ? n : 1), n ? path : ".", srun);
    *found = access(file, X_OK) == 0;
    path += n;
    if (*path == ':') path++;
  }
  return srun;
}

/* Whether the threads start through srun: the choice (flag, else
 * UPCRUN_LAUNCHER), given hosts (which are mpiexec's) and the environment. */
static int upcrun_use_srun(int chosen, enum upcrun_launch flag, int hosts_given) {
  enum upcrun_launch how = flag;
  const char *env = getenv("UPCRUN_LAUNCHER");
  if (!chosen && env && *env) how = upcrun_launch_value(env, "UPCRUN_LAUNCHER");
  if (how == UPCRUN_LAUNCH_MPIEXEC) return 0;
  if (how == UPCRUN_LAUNCH_SRUN) {
    if (hosts_given)
      upcrun_bad("%s", "srun runs on the allocation's nodes: -hostfile, -hosts and -cluster are "
                       "the MPI launcher's (-launcher mpiexec)");
    return 1;
  }
#if defined(UPCRUN_MPI_OPENMPI) && UPCRUN_MPI_OPENMPI
  /* Open MPI's mpirun finds the allocation itself (and Debian's Open MPI
   * starts under srun only with PMIx, which its Slurm lacks) */
  return 0;
#else
  const char *job = getenv("SLURM_JOB_ID");
  int found;
  upcrun_srun_program(&found);
  return job && *job && found && !hosts_given;
#endif
}

/* The threads the allocation holds: one per CPU it was given, over
 * SLURM_CPUS_PER_TASK, node by node (SLURM_JOB_CPUS_PER_NODE reads
 * "4(x2),2": 4 CPUs on each of 2 nodes, then 2); -1 if unknown.  Nodes
 * count the CPUs Slurm says they have, oversubscribed or not: this is the
 * count srun itself refuses to exceed without --overcommit. */
static long upcrun_slurm_capacity(int *nodes) {
  const char *s = getenv("SLURM_JOB_CPUS_PER_NODE"), *cpt = getenv("SLURM_CPUS_PER_TASK");
  long per = cpt && *cpt ? atol(cpt) : 1, total = 0;
  *nodes = 0;
  if (!s || !*s || per < 1) return -1;
  while (*s) {
    char *end;
    long cpus = strtol(s, &end, 10), times = 1;
    if (end == s || cpus < 0) return -1;
    s = end;
    if (strncmp(s, "(x", 2) == 0) {
      times = strtol(s + 2, &end, 10);
      if (end == s + 2 || *end != ')' || times < 1) return -1;
      s = end + 1;
    }
    total += cpus / per * times;
    *nodes += (int)times;
    if (*s == ',') s++;
    else if (*s) return -1;
  }
  return total;
}

/* Whether word w starts s (ignoring case), as Slurm reads its keywords. */
static int upcrun_slurm_word(const char *s, const char *w) {
  for (; *w; s++, w++)
    if (toupper((unsigned char)*s) != *w) return 0;
  return 1;
}

/* srun [-n N] [--overlap] --mpi=pmi2 --input=0 [--export=...] PROGRAM ARGS */
static int upcrun_srun(const char *nthreads, char **args, int nargs, int verbose) {
  int found;
  const char *srun = upcrun_srun_program(&found);
  const char *job = getenv("SLURM_JOB_ID"), *over = getenv("SLURM_OVERCOMMIT");
  if (nthreads && job && *job && !(over && *over && strcmp(over, "0") != 0)) {
    int nodes;
    long cap = upcrun_slurm_capacity(&nodes), n = atol(nthreads);
    if (cap >= 0 && n > cap) {
      const char *cpt = getenv("SLURM_CPUS_PER_TASK");
      fprintf(stderr,
              "upcrun: -n %ld exceeds job %s's allocation: %ld thread%s, one per CPU%s%s%s on "
              "%d node%s (SLURM_JOB_CPUS_PER_NODE=%s); ask salloc or sbatch for more (-n %ld, "
              "or -N and --ntasks-per-node), or set SLURM_OVERCOMMIT=1 to run more threads "
              "than CPUs\n",
              n, job, cap, cap == 1 ? "" : "s", cpt && *cpt ? " (SLURM_CPUS_PER_TASK=" : "",
              cpt && *cpt ? cpt : "", cpt && *cpt ? ")" : "", nodes, nodes == 1 ? "" : "s",
              getenv("SLURM_JOB_CPUS_PER_NODE"), n);
      return 2;
    }
  }
  char **cmd = calloc((size_t)nargs + 16, sizeof *cmd);
  if (!cmd) return 1;
  int k = 0;
  cmd[k++] = (char *)srun;
  if (nthreads) {
    cmd[k++] = "-n";
    cmd[k++] = (char *)nthreads;
  }
  /* a step inside a step (srun --pty bash, then upcrun) shares its CPUs
   * rather than waiting for them */
  const char *step = getenv("SLURM_STEP_ID");
  if (step && *step) cmd[k++] = "--overlap";
  /* MPICH's processes need srun's PMI; the user's SLURM_MPI_TYPE wins */
  const char *mpi = getenv("SLURM_MPI_TYPE");
  if (!mpi || !*mpi) {
#if defined(UPCRUN_MPI_OPENMPI) && UPCRUN_MPI_OPENMPI
    cmd[k++] = "--mpi=pmix";
#else
    cmd[k++] = "--mpi=pmi2";
#endif
  }
  cmd[k++] = "--input=0"; /* standard input to thread 0, as mpiexec does */
  /* the variables upcrun's flags set reach every task with srun's default
   * --export=ALL; an allocation made with --export=NONE (or a list) gets
   * them added to its own */
  const char *export = getenv("SLURM_EXPORT_ENV");
  if (export && *export && !upcrun_slurm_word(export, "ALL") && upcrun_nenv > 0) {
    size_t len = strlen(export) + 16;
    for (int e = 0; e < upcrun_nenv; e++)
      len += strlen(upcrun_env[e][0]) + strlen(upcrun_env[e][1]) + 2;
    char *list = malloc(len);
    if (!list) return 1;
    int none = (upcrun_slurm_word(export, "NONE") && !export[4]) ||
               (upcrun_slurm_word(export, "NIL") && !export[3]);
    strcpy(list, "--export=");
    if (!none) strcat(list, export);
    for (int e = 0; e < upcrun_nenv; e++) {
      if (e > 0 || !none) strcat(list, ",");
      strcat(list, upcrun_env[e][0]);
      strcat(list, "=");
      strcat(list, upcrun_env[e][1]);
    }
    cmd[k++] = list;
  }
  for (int j = 0; j < nargs; j++) cmd[k++] = args[j];
  cmd[k] = NULL;
  if (verbose) {
    fprintf(stderr, "upcrun:");
    for (int j = 0; j < k; j++) fprintf(stderr, " %s", cmd[j]);
    fprintf(stderr, "\n");
  }
  fflush(NULL);
  execvp(srun, cmd);
  fprintf(stderr, "upcrun: cannot run %s: %s%s\n", srun, strerror(errno),
          found ? "" : " (is Slurm's srun on the PATH? UPCRUN_SRUN names another)");
  return 127;
}

int main(int argc, char **argv) {
  const char *nthreads = "1", *hostfile = NULL, *hosts = NULL, *tune = NULL, *cluster = NULL;
  int verbose = 0, i = 1;
  int n_given = 0, launch_chosen = 0; /* -n, -launcher given (Slurm, above) */
  enum upcrun_launch launch = UPCRUN_LAUNCH_AUTO;
  for (; i < argc && argv[i][0] == '-'; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) {
      i++;
      break;
    } else if (upcrun_is(a, "help") || strcmp(a, "-h") == 0) {
      fputs(upcrun_usage_text, stdout);
      return 0;
    } else if (upcrun_is(a, "n") || upcrun_is(a, "np")) {
      nthreads = upcrun_value(argc, argv, &i, "-n");
      n_given = 1;
      char *end;
      errno = 0;
      long v = strtol(nthreads, &end, 10);
      if (*nthreads == '\0' || *end != '\0' || errno || v < 1 || v > 1000000)
        upcrun_bad("-n wants a positive number of threads, not \"%s\"", nthreads);
    } else if (upcrun_is(a, "shared-heap")) {
      const char *heap = upcrun_value(argc, argv, &i, "-shared-heap");
      if (!upcrun_valid_size(heap))
        upcrun_bad("-shared-heap wants a size such as 64MB, 1G, 512K or a number of bytes, "
                   "not \"%s\"",
                   heap);
      upcrun_setenv("UPC_SHARED_HEAP_SIZE", heap);
    } else if (upcrun_is(a, "progress")) {
      const char *v = upcrun_value(argc, argv, &i, "-progress");
      if (strcmp(v, "on") && strcmp(v, "off") && strcmp(v, "auto"))
        upcrun_bad("-progress wants on, off or auto, not \"%s\"", v);
      upcrun_setenv("UPCRT_PROGRESS", v);
    } else if (upcrun_is(a, "cache-lines")) {
      const char *v = upcrun_value(argc, argv, &i, "-cache-lines");
      if (!upcrun_valid_count(v, 0))
        upcrun_bad("-cache-lines wants a number of lines from 0 to 1048576, not \"%s\"", v);
      upcrun_setenv("UPCRT_CACHE_LINES", v);
    } else if (upcrun_is(a, "cache-line-size")) {
      const char *v = upcrun_value(argc, argv, &i, "-cache-line-size");
      if (!upcrun_valid_count(v, 1))
        upcrun_bad("-cache-line-size wants a power of two from 8 to 1048576, not \"%s\"", v);
      upcrun_setenv("UPCRT_CACHE_LINE_SIZE", v);
    } else if (upcrun_is(a, "hostfile") || upcrun_is(a, "f")) {
      hostfile = upcrun_value(argc, argv, &i, "-hostfile");
    } else if (upcrun_is(a, "hosts")) {
      hosts = upcrun_value(argc, argv, &i, "-hosts");
    } else if (upcrun_is(a, "cluster")) {
      cluster = upcrun_nodes(upcrun_value(argc, argv, &i, "-cluster"), "-cluster");
    } else if (upcrun_is(a, "stats")) {
      const char *file = upcrun_file_value(a, "-stats");
      upcrun_setenv("UPCRT_STATS", file ? file : "1");
    } else if (upcrun_is(a, "trace")) {
      const char *file = upcrun_file_value(a, "-trace");
      upcrun_setenv("UPCRT_TRACE", file ? file : "upcc-trace.json");
    } else if (upcrun_is(a, "freeze")) {
      const char *eq = strchr(a, '=');
      if (eq && !upcrun_valid_count(eq + 1, 0))
        upcrun_bad("-freeze= wants a thread number, not \"%s\"", eq + 1);
      upcrun_setenv("UPCRT_FREEZE", eq ? eq + 1 : "all");
    } else if (upcrun_is(a, "coll-table")) {
      upcrun_setenv("UPCRT_COLL_TABLE", upcrun_value(argc, argv, &i, "-coll-table"));
    } else if (upcrun_is(a, "tune-collectives")) {
      tune = upcrun_file_value(a, "-tune-collectives");
      if (!tune) tune = upcrun_default_table();
    } else if (upcrun_is(a, "launcher")) {
      launch = upcrun_launch_value(upcrun_value(argc, argv, &i, "-launcher"), "-launcher");
      launch_chosen = 1;
    } else if (upcrun_is(a, "hunt")) {
      upcrun_setenv("UPCRT_HUNT", "1");
    } else if (strcmp(a, "-v") == 0 || upcrun_is(a, "verbose")) {
      verbose = 1;
    } else {
      upcrun_bad("unknown option %s", a);
    }
  }
  char *tune_argv[4];
  if (tune) {
    tune_argv[0] = upcrun_helper("coll_bench");
    tune_argv[1] = "--tune";
    tune_argv[2] = (char *)tune;
    tune_argv[3] = NULL;
    if (i < argc) upcrun_bad("-tune-collectives runs no program (found \"%s\")", argv[i]);
    argv = tune_argv;
    argc = 3;
    i = 0;
  }
  if (i >= argc) upcrun_bad("%s", "no program to run");
  if (!!hostfile + !!hosts + !!cluster > 1)
    upcrun_bad("%s", "give one of -hostfile, -hosts and -cluster");
  /* the test suites' setups (meson test --setup cluster) */
  const char *cluster_env = getenv("UPCRUN_CLUSTER");
  if (!hostfile && !hosts && !cluster && cluster_env && *cluster_env)
    cluster = upcrun_nodes(cluster_env, "UPCRUN_CLUSTER");

  /* a program in the current directory needs no ./ (as with Berkeley upcrun) */
  const char *prog = argv[i];
  char *dotprog = NULL;
  struct stat st;
  if (!strchr(prog, '/')) {
    if (stat(prog, &st) == 0 && S_ISREG(st.st_mode)) {
      dotprog = malloc(strlen(prog) + 3);
      if (!dotprog) return 1;
      strcpy(dotprog, "./");
      strcat(dotprog, prog);
      prog = dotprog;
    }
  } else if (stat(prog, &st) != 0) {
    fprintf(stderr, "upcrun: %s: %s\n", prog, strerror(errno));
    return 2;
  }

  /* inside a Slurm allocation: a job step through srun (above) */
  if (upcrun_use_srun(launch_chosen, launch, hostfile || hosts || cluster)) {
    argv[i] = (char *)prog;
    return upcrun_srun(n_given ? nthreads : NULL, argv + i, argc - i, verbose);
  }

  const char *launcher = getenv("UPCRUN_MPIEXEC");
  if (!launcher || !*launcher) launcher = UPCRUN_MPIEXEC;
  /* a hostfile both dialects can say as a host list is given as one */
  const char *hostfile_hosts = hostfile ? upcrun_hostfile_hosts(hostfile) : NULL;
  if (hostfile_hosts) {
    hosts = hostfile_hosts;
    hostfile = NULL;
  }
  extern char **environ;
  size_t nenviron = 0;
  while (environ[nenviron]) nenviron++;
  char **cmd = calloc((size_t)argc + 16 + 3 * UPCRUN_MAX_ENV + 2 * nenviron, sizeof *cmd);
  if (!cmd) return 1;
  int k = 0;
  if (cluster) {
    /* the emulator makes the nodes and runs the launcher across them */
    setenv("UPCRUN_MPIEXEC", launcher, 1);
    setenv("UPCRUN_MPI_FAMILY", UPCRUN_MPI_FAMILY, 1);
    launcher = upcrun_helper("cluster");
    cmd[k++] = (char *)launcher;
    cmd[k++] = "mpiexec";
    cmd[k++] = (char *)cluster;
  } else {
    cmd[k++] = (char *)launcher;
  }
  cmd[k++] = "-n";
  cmd[k++] = (char *)nthreads;
  if (upcrun_openmpi) {
    /* what hydra does unasked: more ranks than cores, no binding (a
     * thread and its progress thread share the cores the kernel gives
     * them), the UPC environment on every host */
    cmd[k++] = "--oversubscribe";
    cmd[k++] = "--bind-to";
    cmd[k++] = "none";
    if (geteuid() == 0 && !cluster) cmd[k++] = "--allow-run-as-root"; /* cluster adds it */
    if (hostfile) {
      cmd[k++] = "--hostfile";
      cmd[k++] = (char *)hostfile;
    }
    if (hosts) {
      cmd[k++] = "--host";
      cmd[k++] = (char *)hosts;
    }
    /* the runtime writes the job's status there before MPI_Abort (for when
     * mpirun crashes in it: upcrun_run_filtered) */
    int sfd = mkstemp(upcrun_status_path);
    if (sfd >= 0) {
      close(sfd);
      upcrun_setenv("UPCRUN_STATUS_FILE", upcrun_status_path);
    } else {
      upcrun_status_path[0] = '\0';
    }
    for (int e = 0; e < upcrun_nenv; e++) {
      char *kv = malloc(strlen(upcrun_env[e][0]) + strlen(upcrun_env[e][1]) + 2);
      if (!kv) return 1;
      sprintf(kv, "%s=%s", upcrun_env[e][0], upcrun_env[e][1]);
      cmd[k++] = "-x";
      cmd[k++] = kv;
    }
    for (size_t v = 0; v < nenviron; v++) {
      size_t len = strcspn(environ[v], "=");
      if (!upcrun_forwarded(environ[v], len)) continue;
      int flag = 0; /* given by a flag: already there */
      for (int e = 0; e < upcrun_nenv; e++)
        flag |= strlen(upcrun_env[e][0]) == len && !strncmp(upcrun_env[e][0], environ[v], len);
      if (flag) continue;
      cmd[k++] = "-x";
      cmd[k++] = strndup(environ[v], len);
    }
  } else {
    if (hostfile) {
      cmd[k++] = "-f";
      cmd[k++] = (char *)hostfile;
    }
    if (hosts) {
      cmd[k++] = "-hosts";
      cmd[k++] = (char *)hosts;
    }
    for (int e = 0; e < upcrun_nenv; e++) {
      /* explicit so that it reaches every host, not only through our env */
      cmd[k++] = "-genv";
      cmd[k++] = (char *)upcrun_env[e][0];
      cmd[k++] = (char *)upcrun_env[e][1];
    }
  }
  cmd[k++] = (char *)prog;
  for (int j = i + 1; j < argc; j++) cmd[k++] = argv[j];
  cmd[k] = NULL;

  if (verbose) {
    fprintf(stderr, "upcrun:");
    for (int j = 0; j < k; j++) fprintf(stderr, " %s", cmd[j]);
    fprintf(stderr, "\n");
  }
  fflush(NULL);
  if (upcrun_openmpi) return upcrun_run_filtered(launcher, cmd);
  execvp(launcher, cmd);
  fprintf(stderr, "upcrun: cannot run the MPI launcher %s: %s\n", launcher, strerror(errno));
  free(dotprog);
  return 127;
}
