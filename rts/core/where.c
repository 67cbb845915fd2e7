/* where.c — the user's source line of a fault, through addr2line (see where.h). */
#include "where.h"

#include <execinfo.h>
#include <fcntl.h>
#include <link.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char upcrt_where_exe[4096];           /* this executable's path */
static uintptr_t upcrt_where_bias;           /* its load address (PIE) */
static uintptr_t upcrt_where_lo, upcrt_where_hi; /* its mapped range */

static int upcrt_where_phdr(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  (void)data;
  /* the first object is the main program */
  upcrt_where_bias = (uintptr_t)info->dlpi_addr;
  upcrt_where_lo = UINTPTR_MAX;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD) continue;
    uintptr_t lo = upcrt_where_bias + ph->p_vaddr, hi = lo + ph->p_memsz;
    if (lo < upcrt_where_lo) upcrt_where_lo = lo;
    if (hi > upcrt_where_hi) upcrt_where_hi = hi;
  }
  return 1;
}

void upcrt_where_init(void) {
  ssize_t n = readlink("/proc/self/exe", upcrt_where_exe, sizeof upcrt_where_exe - 1);
  upcrt_where_exe[n > 0 ? n : 0] = '\0';
  dl_iterate_phdr(upcrt_where_phdr, NULL);
  /* the first backtrace loads the unwinder (dlopen, malloc): not in a handler */
  void *f[2];
  (void)backtrace(f, 2);
}

static int upcrt_where_runtime_file(const char *file) {
  size_t n = strlen(file);
  return strncmp(file, "rts/", 4) == 0 || strstr(file, "/rts/") != NULL ||
         (n >= 7 && strcmp(file + n - 7, "upcrt.h") == 0) || strncmp(file, "/usr/", 5) == 0;
}

static long upcrt_where_ms(const struct timespec *t0) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (t.tv_sec - t0->tv_sec) * 1000 + (t.tv_nsec - t0->tv_nsec) / 1000000;
}

void upcrt_where(char *buf, size_t size, uintptr_t pc) {
  if (size) buf[0] = '\0';
  if (!upcrt_where_exe[0] || size < 2) return;
  void *frames[48];
  int nf = backtrace(frames, 48);
  /* argv: addr2line -i -e EXE ADDR...; addresses relative to the load address */
  static char hex[48][24];
  char *argv[48 + 5];
  int na = 0;
  argv[na++] = "addr2line";
  argv[na++] = "-i";
  argv[na++] = "-e";
  argv[na++] = upcrt_where_exe;
  int naddr = 0;
  for (int i = 0; i < nf; i++) {
    uintptr_t a = (uintptr_t)frames[i];
    if (a < upcrt_where_lo || a >= upcrt_where_hi) continue;
    if (a != pc) a -= 1; /* a return address: look up its call instead */
    snprintf(hex[naddr], sizeof hex[naddr], "0x%lx", (unsigned long)(a - upcrt_where_bias));
    argv[na++] = hex[naddr++];
  }
  argv[na] = NULL;
  if (naddr == 0) return;

  int fds[2];
  if (pipe(fds) != 0) return;
  pid_t pid = vfork();
  if (pid == 0) {
    dup2(fds[1], 1);
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, 2);
    close(fds[0]);
    execvp("addr2line", argv);
    _exit(127);
  }
  close(fds[1]);
  if (pid < 0) {
    close(fds[0]);
    return;
  }
  /* read its answer for at most 2 s */
  static char out[8192];
  size_t got = 0;
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (;;) {
    long left = 2000 - upcrt_where_ms(&t0);
    if (left <= 0 || got + 1 >= sizeof out) break;
    struct pollfd p = {fds[0], POLLIN, 0};
    if (poll(&p, 1, (int)left) <= 0) break;
    ssize_t r = read(fds[0], out + got, sizeof out - 1 - got);
    if (r <= 0) break;
    got += (size_t)r;
  }
  out[got] = '\0';
  close(fds[0]);
  kill(pid, SIGKILL);
  waitpid(pid, NULL, 0);

  /* lines "file:line" (or "file:line (discriminator N)"), innermost first */
  for (char *line = out, *next; *line; line = next) {
    next = strchr(line, '\n');
    if (next) *next++ = '\0';
    else next = line + strlen(line);
    char *d = strstr(line, " (discriminator");
    if (d) *d = '\0';
    char *colon = strrchr(line, ':');
    if (!colon || line[0] == '?' || colon[1] == '?' || strcmp(colon, ":0") == 0) continue;
    *colon = '\0';
    if (upcrt_where_runtime_file(line)) continue;
    snprintf(buf, size, "%s:%s", line, colon + 1);
    return;
  }
}
