/* hunt_syscalls.upc — HUNT (upcrun -hunt) never changes what a system call
 * sees: a buffer that upc_memget is still filling (its strips in flight, its
 * pages protected) goes straight to each wrapped libc call (rts/
 * hunt_syscalls.c) and the data must be the memget's.  The kernel reading
 * the buffer: write and pwrite (file, pipe), writev, pwritev, send, sendto,
 * sendmsg (socketpair), fwrite of a large block; and the stdio calls that
 * are not wrapped because they measure the string first (fputs, puts,
 * fprintf's %s and %.*s).  The kernel writing into it: read, pread, readv,
 * preadv, recv, recvfrom, recvmsg, fread, a stream whose setvbuf, setbuffer
 * or setbuf buffer it is, and the fortified forms of read, pread, recv,
 * recvfrom and fread (hunt_fortified.c): the kernel's bytes must win over
 * the strips they replace, and the bytes around them must be the memget's.
 * Also the GNU forms (hunt_gnu.c: pread64, pwrite64, preadv2, pwritev2,
 * sendmmsg, recvmmsg) and fread_unlocked, fwrite_unlocked.
 *
 * With HUNT on and another thread's data (THREADS > 1, UPCRT_FORCE_RMA=1,
 * UPCRT_HUNT_MIN=64K), every case first checks that the buffer really is
 * protected at the call: a raw write(2) of its first whole page, through
 * syscall(2) (not wrapped), fails with EFAULT.  That is what the wrapped call
 * would get without the wrappers. */
#include "../upc/upctest.h"
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "hunt_fortified.h"
#ifndef F_SETPIPE_SZ /* Linux's, hidden without _GNU_SOURCE (upc.h comes first) */
#define F_SETPIPE_SZ 1031
#endif

typedef struct {
  unsigned long long gets, strips, bytes, signals, retired_early, declined;
} hunt_stats_t;
void upcrt_hunt_stats(hunt_stats_t *out);

#define PAGE 4096
#define BLK ((size_t)(2 << 20) + 333) /* bytes of each thread's block */
#define TXT ((size_t)300000)           /* a NUL-terminated string, in each block */
#define SOCK ((size_t)100000)          /* fits a socket's (raised) buffer */

static unsigned char *block;
shared [] unsigned char *shared blocks[THREADS];
static int right, hunting, ngets;
static unsigned char *buf, *other; /* page-aligned private buffers of BLK bytes */
static int probe_fd[2];            /* a pipe for the EFAULT probe */

/* Byte i of thread t's block; its last TXT bytes are letters and a NUL. */
static unsigned char pattern(int t, size_t i) {
  if (i >= BLK - TXT) return i == BLK - 1 ? 0 : (unsigned char)('A' + (t * 7 + i) % 26);
  return (unsigned char)(t * 131 + i * 7 + (i >> 12) * 13 + 1);
}
/* The other data (what files and sockets hold), unlike any pattern byte
 * at the same index. */
static unsigned char other_byte(size_t i) { return (unsigned char)(~(i * 5 + 3) ^ 0x5a); }

/* The memget's data at [a, b) of buf (fetched from offset off), minus the
 * bytes that disagree. */
static long bad_memget(const unsigned char *p, size_t off, size_t a, size_t b) {
  long bad = 0;
  for (size_t i = a; i < b; i++) bad += p[i] != pattern(right, off + i);
  return bad;
}
static long bad_other(const unsigned char *p, size_t from, size_t n) {
  long bad = 0;
  for (size_t i = 0; i < n; i++) bad += p[i] != other_byte(from + i);
  return bad;
}

/* upc_memget of n bytes at offset off of the right neighbour's block into
 * p, returning with its strips in flight; with HUNT on, check that they are:
 * the kernel cannot read the first whole page. */
static void get(unsigned char *p, size_t off, size_t n, int line) {
  hunt_stats_t a, b;
  upcrt_hunt_stats(&a);
  upc_memget(p, blocks[right] + off, n);
  upcrt_hunt_stats(&b);
  ngets++;
  if (!hunting) return;
  if (b.gets != a.gets + 1) {
    printf("FAIL line %d: the memget did not go through HUNT\n", line);
    upctest_nfail++;
  }
  unsigned char *page = (unsigned char *)(((uintptr_t)p + PAGE - 1) & ~(uintptr_t)(PAGE - 1));
  errno = 0;
  long r = syscall(SYS_write, probe_fd[1], page, 1);
  if (r != -1 || errno != EFAULT) {
    printf("FAIL line %d: the buffer was not protected (raw write gave %ld, errno %d)\n", line, r,
           errno);
    upctest_nfail++;
    if (r == 1) {
      unsigned char c;
      CHECK_INT(read(probe_fd[0], &c, 1), 1);
    }
  }
}

static int tmpfile_fd(void) {
  char name[] = "/tmp/upc_hunt_sys_XXXXXX";
  int fd = mkstemp(name);
  CHECK(fd >= 0);
  unlink(name);
  return fd;
}

/* The file emptied, and written from its start again. */
static void empty(int fd) {
  CHECK_INT(ftruncate(fd, 0), 0);
  CHECK_INT(lseek(fd, 0, SEEK_SET), 0);
}

/* Reads the whole file into other[] and checks it is the memget's data
 * (offset off, n bytes). */
static void check_file(int fd, size_t off, size_t n, int line) {
  memset(other, 0, n);
  ssize_t got = pread(fd, other, n, 0);
  if (got != (ssize_t)n || bad_memget(other, off, 0, n) != 0) {
    printf("FAIL line %d: file holds %zd bytes, %ld wrong\n", line, got,
           got > 0 ? bad_memget(other, off, 0, (size_t)got) : -1L);
    upctest_nfail++;
  }
}

/* A file of n bytes of other data. */
static int other_file(size_t n) {
  int fd = tmpfile_fd();
  for (size_t i = 0; i < n; i++) other[i] = other_byte(i);
  CHECK_INT(pwrite(fd, other, n, 0), (long long)n);
  return fd;
}

/* After the kernel wrote other data at [a, a+n) of buf (from file offset
 * from): that, and the memget's bytes (offset off, len) around it. */
static void check_mixed(size_t off, size_t len, size_t a, size_t n, size_t from, int line) {
  long b1 = bad_memget(buf, off, 0, a), b2 = bad_other(buf + a, from, n),
       b3 = bad_memget(buf, off, a + n, len);
  if (b1 || b2 || b3) {
    printf("FAIL line %d: wrong bytes: %ld before, %ld in, %ld after the kernel's\n", line, b1, b2,
           b3);
    upctest_nfail++;
  }
}

static void big_socket(int sv[2]) {
  CHECK_INT(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
  int big = 1 << 20;
  for (int k = 0; k < 2; k++) {
    setsockopt(sv[k], SOL_SOCKET, SO_SNDBUF, &big, sizeof big);
    setsockopt(sv[k], SOL_SOCKET, SO_RCVBUF, &big, sizeof big);
  }
}

/* Receives the n bytes sent before (a stream may deliver fewer per call;
 * MSG_DONTWAIT: a failed send must not hang the test). */
static size_t recv_all(int fd, unsigned char *p, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t r = recv(fd, p + got, n - got, MSG_DONTWAIT);
    if (r <= 0) break;
    got += (size_t)r;
  }
  return got;
}

/* The kernel reads a buffer in flight. */
static void kernel_reads(void) {
  size_t len = (1 << 20) + 4097, off = 17;
  int fd = tmpfile_fd();
  get(buf + 9, off, len, __LINE__);
  CHECK_INT(write(fd, buf + 9, len), (long long)len);
  check_file(fd, off, len, __LINE__);

  empty(fd);
  get(buf, off, len, __LINE__);
  CHECK_INT(pwrite(fd, buf, len, 0), (long long)len);
  check_file(fd, off, len, __LINE__);

  /* two pieces, each protected, in one writev; and in one pwritev */
  empty(fd);
  get(buf, off, len, __LINE__);
  struct iovec iov[2] = {{buf, 300000}, {buf + 300000, len - 300000}};
  CHECK_INT(writev(fd, iov, 2), (long long)len);
  check_file(fd, off, len, __LINE__);
  empty(fd);
  get(buf, off, len, __LINE__);
  CHECK_INT(pwritev(fd, iov, 2, 0), (long long)len);
  check_file(fd, off, len, __LINE__);

  /* fwrite of a block larger than the stream's buffer: stdio hands the
   * caller's buffer to write(2) */
  empty(fd);
  FILE *f = fdopen(dup(fd), "w");
  CHECK(f != NULL);
  get(buf + 1, off, len, __LINE__);
  CHECK_INT(fwrite(buf + 1, 1, len, f), (long long)len);
  CHECK_INT(fclose(f), 0);
  check_file(fd, off, len, __LINE__);

  /* fputs, fprintf %s and %.*s, puts: not wrapped, the string is measured
   * first (every page touched) */
  size_t t0 = BLK - TXT, tn = TXT - 1; /* the string: TXT - 1 letters */
  empty(fd);
  f = fdopen(dup(fd), "w");
  CHECK(f != NULL);
  get(buf, t0, TXT, __LINE__);
  CHECK(fputs((char *)buf, f) >= 0);
  CHECK_INT(fclose(f), 0);
  check_file(fd, t0, tn, __LINE__);
  empty(fd);
  f = fdopen(dup(fd), "w");
  get(buf, t0, TXT, __LINE__);
  CHECK_INT(fprintf(f, "%s", (char *)buf), (long long)tn);
  CHECK_INT(fclose(f), 0);
  check_file(fd, t0, tn, __LINE__);
  empty(fd);
  f = fdopen(dup(fd), "w");
  get(buf, t0, TXT, __LINE__);
  CHECK_INT(fprintf(f, "%.*s", 200000, (char *)buf), 200000);
  CHECK_INT(fclose(f), 0);
  check_file(fd, t0, 200000, __LINE__);
  empty(fd);
  fflush(stdout);
  int saved = dup(1);
  CHECK_INT(dup2(fd, 1), 1);
  get(buf, t0, TXT, __LINE__);
  int rc = puts((char *)buf);
  fflush(stdout);
  CHECK_INT(dup2(saved, 1), 1);
  close(saved);
  CHECK(rc >= 0);
  memset(other, 0, TXT);
  CHECK_INT(pread(fd, other, TXT, 0), (long long)TXT);
  CHECK_INT(bad_memget(other, t0, 0, tn), 0);
  CHECK_INT(other[tn], '\n');
  close(fd);

  /* a pipe, made large enough for the whole write */
  int pp[2];
  CHECK_INT(pipe(pp), 0);
  CHECK(fcntl(pp[1], F_SETPIPE_SZ, 1 << 18) >= (int)SOCK);
  CHECK_INT(fcntl(pp[0], F_SETFL, O_NONBLOCK), 0); /* a failed write must not hang the test */
  get(buf + 3, off, SOCK, __LINE__);
  CHECK_INT(write(pp[1], buf + 3, SOCK), (long long)SOCK);
  memset(other, 0, SOCK);
  size_t got = 0;
  while (got < SOCK) {
    ssize_t r = read(pp[0], other + got, SOCK - got);
    if (r <= 0) break;
    got += (size_t)r;
  }
  CHECK_INT(got, SOCK);
  CHECK_INT(bad_memget(other, off, 0, SOCK), 0);
  close(pp[0]);
  close(pp[1]);

  /* sockets: send, sendto, sendmsg */
  int sv[2];
  big_socket(sv);
  for (int how = 0; how < 3; how++) {
    get(buf + 5, off, SOCK, __LINE__);
    ssize_t sent = -1;
    if (how == 0) sent = send(sv[0], buf + 5, SOCK, 0);
    if (how == 1) sent = sendto(sv[0], buf + 5, SOCK, 0, NULL, 0);
    if (how == 2) {
      struct iovec v[2] = {{buf + 5, 70000}, {buf + 5 + 70000, SOCK - 70000}};
      struct msghdr m;
      memset(&m, 0, sizeof m);
      m.msg_iov = v;
      m.msg_iovlen = 2;
      sent = sendmsg(sv[0], &m, 0);
    }
    CHECK_INT(sent, (long long)SOCK);
    memset(other, 0, SOCK);
    CHECK_INT(recv_all(sv[1], other, SOCK), (long long)SOCK);
    long bad = bad_memget(other, off, 0, SOCK);
    if (bad) printf("FAIL: send form %d: %ld wrong bytes\n", how, bad), upctest_nfail++;
  }
  close(sv[0]);
  close(sv[1]);
}

/* The kernel writes into a buffer in flight: its bytes replace the
 * memget's where it writes, the memget's stay around them. */
static void kernel_writes(void) {
  size_t len = (1 << 20) + 100, off = 40, at = 5000, n = 200000;
  int fd = other_file(len);

  get(buf, off, len, __LINE__);
  CHECK_INT(read(fd, buf + at, n), (long long)n);
  check_mixed(off, len, at, n, 0, __LINE__);

  get(buf, off, len, __LINE__);
  CHECK_INT(pread(fd, buf + at, n, 777), (long long)n);
  check_mixed(off, len, at, n, 777, __LINE__);

  get(buf, off, len, __LINE__);
  struct iovec iov[2] = {{buf + at, 70000}, {buf + at + 70000, n - 70000}};
  CHECK_INT(lseek(fd, 0, SEEK_SET), 0);
  CHECK_INT(readv(fd, iov, 2), (long long)n);
  check_mixed(off, len, at, n, 0, __LINE__);

  get(buf, off, len, __LINE__);
  CHECK_INT(preadv(fd, iov, 2, 12345), (long long)n);
  check_mixed(off, len, at, n, 12345, __LINE__);

  /* fread of a block larger than the stream's buffer: stdio hands the
   * caller's buffer to read(2) */
  CHECK_INT(lseek(fd, 0, SEEK_SET), 0);
  FILE *f = fdopen(dup(fd), "r");
  CHECK(f != NULL);
  get(buf, off, len, __LINE__);
  CHECK_INT(fread(buf + at, 1, n, f), (long long)n);
  fclose(f);
  check_mixed(off, len, at, n, 0, __LINE__);

  /* the stream's own buffer is in flight: stdio reads the file into it */
  CHECK_INT(lseek(fd, 0, SEEK_SET), 0);
  f = fdopen(dup(fd), "r");
  CHECK(f != NULL);
  get(buf, off, len, __LINE__);
  CHECK_INT(setvbuf(f, (char *)buf, _IOFBF, len), 0);
  unsigned char small[1000];
  long bad = 0;
  for (size_t k = 0; k < 300; k++) {
    if (fread(small, 1, sizeof small, f) != sizeof small) {
      bad++;
      break;
    }
    bad += bad_other(small, k * sizeof small, sizeof small);
  }
  fclose(f);
  CHECK_INT(bad, 0);
  close(fd);

  /* sockets: recv, recvfrom, recvmsg into the buffer in flight (the bytes
   * are sent first; MSG_DONTWAIT: a failed receive must not hang) */
  int sv[2];
  big_socket(sv);
  for (size_t i = 0; i < SOCK; i++) other[i] = other_byte(i);
  for (int how = 0; how < 3; how++) {
    CHECK_INT(send(sv[1], other, SOCK, 0), (long long)SOCK);
    get(buf, off, len, __LINE__);
    size_t got = 0;
    while (got < SOCK) {
      ssize_t r = -1;
      if (how == 0) r = recv(sv[0], buf + at + got, SOCK - got, MSG_DONTWAIT);
      if (how == 1) r = recvfrom(sv[0], buf + at + got, SOCK - got, MSG_DONTWAIT, NULL, NULL);
      if (how == 2) {
        struct iovec v = {buf + at + got, SOCK - got};
        struct msghdr m;
        memset(&m, 0, sizeof m);
        m.msg_iov = &v;
        m.msg_iovlen = 1;
        r = recvmsg(sv[0], &m, MSG_DONTWAIT);
      }
      if (r <= 0) break;
      got += (size_t)r;
    }
    CHECK_INT(got, (long long)SOCK);
    check_mixed(off, len, at, SOCK, 0, __LINE__);
  }
  close(sv[0]);
  close(sv[1]);
}

/* The other wrapped forms: pwrite64, pwritev2, sendmmsg and
 * fwrite_unlocked read the buffer; pread64, preadv2, recvmmsg and
 * fread_unlocked write into it, and so does a stream whose buffer setbuffer
 * or setbuf gave.  (The GNU forms are called from hunt_gnu.c.) */
static void other_forms(void) {
  size_t len = (1 << 20) + 100, off = 70, at = 5000, n = 200000;
  int fd = tmpfile_fd();
  get(buf, off, len, __LINE__);
  CHECK_INT(hunt_gnu_pwrite64(fd, buf, len, 0), (long long)len);
  check_file(fd, off, len, __LINE__);
  empty(fd);
  get(buf, off, len, __LINE__);
  CHECK_INT(hunt_gnu_pwritev2(fd, buf, len, 0), (long long)len);
  check_file(fd, off, len, __LINE__);
  empty(fd);
  FILE *f = fdopen(dup(fd), "w");
  CHECK(f != NULL);
  get(buf, off, len, __LINE__);
  CHECK_INT(fwrite_unlocked(buf, 1, len, f), (long long)len);
  CHECK_INT(fclose(f), 0);
  check_file(fd, off, len, __LINE__);
  close(fd);

  fd = other_file(len);
  get(buf, off, len, __LINE__);
  CHECK_INT(hunt_gnu_pread64(fd, buf + at, n, 0), (long long)n);
  check_mixed(off, len, at, n, 0, __LINE__);
  get(buf, off, len, __LINE__);
  CHECK_INT(hunt_gnu_preadv2(fd, buf + at, n, 321), (long long)n);
  check_mixed(off, len, at, n, 321, __LINE__);
  CHECK_INT(lseek(fd, 0, SEEK_SET), 0);
  f = fdopen(dup(fd), "r");
  CHECK(f != NULL);
  get(buf, off, len, __LINE__);
  CHECK_INT(fread_unlocked(buf + at, 1, n, f), (long long)n);
  fclose(f);
  check_mixed(off, len, at, n, 0, __LINE__);
  for (int how = 0; how < 2; how++) {
    CHECK_INT(lseek(fd, 0, SEEK_SET), 0);
    f = fdopen(dup(fd), "r");
    CHECK(f != NULL);
    get(buf, off, len, __LINE__);
    if (how == 0) setbuffer(f, (char *)buf, len);
    else setbuf(f, (char *)buf); /* BUFSIZ bytes: two of the protected pages */
    unsigned char small[1000];
    long bad = 0;
    for (size_t k = 0; k < 100; k++) {
      if (fread(small, 1, sizeof small, f) != sizeof small) {
        bad++;
        break;
      }
      bad += bad_other(small, k * sizeof small, sizeof small);
    }
    fclose(f);
    if (bad) printf("FAIL: %s: %ld wrong\n", how ? "setbuf" : "setbuffer", bad), upctest_nfail++;
  }
  close(fd);

  int sv[2];
  big_socket(sv);
  get(buf + 5, off, SOCK, __LINE__);
  CHECK_INT(hunt_gnu_sendmmsg(sv[0], buf + 5, SOCK), (long long)SOCK);
  memset(other, 0, SOCK);
  CHECK_INT(recv_all(sv[1], other, SOCK), (long long)SOCK);
  CHECK_INT(bad_memget(other, off, 0, SOCK), 0);
  for (size_t i = 0; i < SOCK; i++) other[i] = other_byte(i);
  CHECK_INT(send(sv[1], other, SOCK, 0), (long long)SOCK);
  get(buf, off, len, __LINE__);
  long r = hunt_gnu_recvmmsg(sv[0], buf + at, SOCK);
  CHECK(r > 0);
  if (r > 0) CHECK_INT(recv_all(sv[0], buf + at + r, SOCK - (size_t)r), (long long)SOCK - r);
  check_mixed(off, len, at, SOCK, 0, __LINE__);
  close(sv[0]);
  close(sv[1]);
}

/* Into a buffer whose size the compiler knows, in hunt_fortified.c (built
 * with -O2 -D_FORTIFY_SOURCE=2): the calls there are glibc's fortified
 * forms (__read_chk, __pread_chk, __recv_chk, __recvfrom_chk, __fread_chk),
 * wrapped too. */
static void kernel_writes_fortified(void) {
  size_t len = HUNT_FIXED, off = 60, at = HUNT_AT, n = 150000;
  unsigned char *keep = buf;
  buf = hunt_fixed; /* check_mixed looks at buf */
  int fd = other_file(len);
  get(hunt_fixed, off, len, __LINE__);
  CHECK_INT(hunt_fixed_read(fd, n), (long long)n);
  check_mixed(off, len, at, n, 0, __LINE__);
  get(hunt_fixed, off, len, __LINE__);
  CHECK_INT(hunt_fixed_pread(fd, n, 99), (long long)n);
  check_mixed(off, len, at, n, 99, __LINE__);
  CHECK_INT(lseek(fd, 0, SEEK_SET), 0);
  FILE *f = fdopen(dup(fd), "r");
  CHECK(f != NULL);
  get(hunt_fixed, off, len, __LINE__);
  CHECK_INT(hunt_fixed_fread(f, n), (long long)n);
  fclose(f);
  check_mixed(off, len, at, n, 0, __LINE__);
  close(fd);
  int sv[2];
  big_socket(sv);
  for (size_t i = 0; i < SOCK; i++) other[i] = other_byte(i);
  for (int how = 0; how < 2; how++) {
    CHECK_INT(send(sv[1], other, SOCK, 0), (long long)SOCK);
    get(hunt_fixed, off, len, __LINE__);
    size_t got = 0;
    while (got < SOCK) {
      long r = hunt_fixed_recv(sv[0], got, SOCK - got, how);
      if (r <= 0) break;
      got += (size_t)r;
    }
    CHECK_INT(got, (long long)SOCK);
    check_mixed(off, len, at, SOCK, 0, __LINE__);
  }
  close(sv[0]);
  close(sv[1]);
  buf = keep;
}

int main(void) {
  right = (MYTHREAD + 1) % THREADS;
  const char *h = getenv("UPCRT_HUNT"), *m = getenv("UPCRT_HUNT_MIN");
  /* the probe expects every memget here to be HUNT: forced, 64K */
  hunting = THREADS > 1 && h && strcmp(h, "1") == 0 && m && strcmp(m, "64K") == 0;
  blocks[MYTHREAD] = upc_alloc(BLK);
  block = (unsigned char *)blocks[MYTHREAD];
  for (size_t i = 0; i < BLK; i++) block[i] = pattern(MYTHREAD, i);
  buf = aligned_alloc(PAGE, BLK + PAGE);
  other = aligned_alloc(PAGE, BLK + PAGE);
  CHECK(buf != NULL && other != NULL);
  CHECK_INT(pipe(probe_fd), 0);
  upc_barrier;

  kernel_reads();
  kernel_writes();
  kernel_writes_fortified();
  other_forms();

  hunt_stats_t s;
  upcrt_hunt_stats(&s);
  if (hunting) CHECK_UINT(s.gets, ngets);
  else CHECK_UINT(s.gets, 0);
  upc_barrier;
  free(buf);
  free(other);
  return upctest_done();
}
