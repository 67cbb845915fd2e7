/* hunt_syscalls.c — HUNT and the program's system calls: the libc calls that
 * hand a buffer to the kernel complete the strips of upc_memget in flight
 * there first (hunt.c).  A protected page makes the kernel fail the call
 * with EFAULT (its access raises no signal); a buffer the kernel writes into
 * (read, recv) must also hold the strip's data before the kernel's bytes
 * land, or the strip's copy would overwrite them later.
 *
 * upcc links the program with ld's --wrap=NAME for each NAME below
 * (tools/upcc.cpp, the same list): the program's references to NAME (its
 * own objects, its static libraries and libupcrt.a) become __wrap_NAME, which
 * calls the real one, __real_NAME.  Not by defining read, write, ... in
 * libupcrt.a (the dlsym(RTLD_NEXT) way): such a definition in the executable
 * would also take the calls that libc, MPICH and UCX make inside themselves,
 * from their own threads and from within MPI progress; it would need dlsym
 * at the first call (before main, from a constructor, in a static link); and
 * a fortified call (_FORTIFY_SOURCE: __read_chk) would pass it by.  --wrap
 * binds at link time and reaches the program's calls only.  A shared
 * library the program loads keeps its own calls unwrapped.
 *
 * Which calls: those where the kernel itself reads or writes the caller's
 * buffer.  stdio copies small blocks between the caller's buffer and its own
 * in user space (a fault there is handled like any other touch), but fread
 * and fwrite move whole blocks between the caller's buffer and the kernel,
 * and setvbuf gives the kernel a buffer of the caller's: they are wrapped.
 * fputs, puts and printf's %s measure the string first (strlen touches every
 * page of it), so they need no wrapper; test/hunt/hunt_syscalls.upc passes
 * buffers in flight to both kinds (linked without these wrappers, every
 * wrapped call failed there and the others passed).  Other calls that pass memory to the kernel (path names,
 * readlink, ioctl arguments, aio) are not wrapped: docs/runtime.md, "HUNT".
 *
 * Cost with HUNT off: one load and a predictable branch (upcrt_hunt_busy).
 * This member of libupcrt.a is linked only when upcc passes --wrap. */
#include <stdio.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "hunt.h"

static inline void upcrt_hunt_iov(const struct iovec *iov, long n) {
  for (long i = 0; iov && i < n; i++) upcrt_hunt_complete(iov[i].iov_base, iov[i].iov_len);
}

static void upcrt_hunt_msg(const struct msghdr *m) {
  if (!m) return;
  upcrt_hunt_complete(m->msg_name, m->msg_namelen);
  upcrt_hunt_iov(m->msg_iov, (long)m->msg_iovlen);
  upcrt_hunt_complete(m->msg_control, m->msg_controllen);
}

/* size * n without wrapping around (fread and fwrite stop at the overflow) */
static size_t upcrt_hunt_times(size_t size, size_t n) {
  return size && n > (size_t)-1 / size ? (size_t)-1 : size * n;
}

#define HUNT_BUF(p, n)                              \
  do {                                              \
    if (upcrt_hunt_busy()) upcrt_hunt_complete((p), (n)); \
  } while (0)

/* __wrap_name(params) { complete what `before` names; return __real_name(args); } */
#define HUNT_WRAP(ret, name, params, args, before) \
  extern ret __real_##name params;                 \
  ret __wrap_##name params;                        \
  ret __wrap_##name params {                       \
    if (upcrt_hunt_busy()) {                       \
      before;                                      \
    }                                              \
    return __real_##name args;                     \
  }

HUNT_WRAP(ssize_t, read, (int fd, void *buf, size_t n), (fd, buf, n), upcrt_hunt_complete(buf, n))
HUNT_WRAP(ssize_t, write, (int fd, const void *buf, size_t n), (fd, buf, n),
          upcrt_hunt_complete(buf, n))
HUNT_WRAP(ssize_t, pread, (int fd, void *buf, size_t n, off_t at), (fd, buf, n, at),
          upcrt_hunt_complete(buf, n))
HUNT_WRAP(ssize_t, pwrite, (int fd, const void *buf, size_t n, off_t at), (fd, buf, n, at),
          upcrt_hunt_complete(buf, n))
/* _FILE_OFFSET_BITS=64 renames pread to pread64, ... */
HUNT_WRAP(ssize_t, pread64, (int fd, void *buf, size_t n, off64_t at), (fd, buf, n, at),
          upcrt_hunt_complete(buf, n))
HUNT_WRAP(ssize_t, pwrite64, (int fd, const void *buf, size_t n, off64_t at), (fd, buf, n, at),
          upcrt_hunt_complete(buf, n))
HUNT_WRAP(ssize_t, readv, (int fd, const struct iovec *iov, int n), (fd, iov, n),
          upcrt_hunt_iov(iov, n))
HUNT_WRAP(ssize_t, writev, (int fd, const struct iovec *iov, int n), (fd, iov, n),
          upcrt_hunt_iov(iov, n))
HUNT_WRAP(ssize_t, preadv, (int fd, const struct iovec *iov, int n, off_t at), (fd, iov, n, at),
          upcrt_hunt_iov(iov, n))
HUNT_WRAP(ssize_t, pwritev, (int fd, const struct iovec *iov, int n, off_t at), (fd, iov, n, at),
          upcrt_hunt_iov(iov, n))
HUNT_WRAP(ssize_t, preadv64, (int fd, const struct iovec *iov, int n, off64_t at),
          (fd, iov, n, at), upcrt_hunt_iov(iov, n))
HUNT_WRAP(ssize_t, pwritev64, (int fd, const struct iovec *iov, int n, off64_t at),
          (fd, iov, n, at), upcrt_hunt_iov(iov, n))
HUNT_WRAP(ssize_t, preadv2, (int fd, const struct iovec *iov, int n, off_t at, int flags),
          (fd, iov, n, at, flags), upcrt_hunt_iov(iov, n))
HUNT_WRAP(ssize_t, pwritev2, (int fd, const struct iovec *iov, int n, off_t at, int flags),
          (fd, iov, n, at, flags), upcrt_hunt_iov(iov, n))
HUNT_WRAP(ssize_t, preadv64v2, (int fd, const struct iovec *iov, int n, off64_t at, int flags),
          (fd, iov, n, at, flags), upcrt_hunt_iov(iov, n))
HUNT_WRAP(ssize_t, pwritev64v2, (int fd, const struct iovec *iov, int n, off64_t at, int flags),
          (fd, iov, n, at, flags), upcrt_hunt_iov(iov, n))

HUNT_WRAP(ssize_t, send, (int fd, const void *buf, size_t n, int flags), (fd, buf, n, flags),
          upcrt_hunt_complete(buf, n))
HUNT_WRAP(ssize_t, sendto,
          (int fd, const void *buf, size_t n, int flags, const struct sockaddr *to, socklen_t tolen),
          (fd, buf, n, flags, to, tolen), upcrt_hunt_complete(buf, n))
HUNT_WRAP(ssize_t, sendmsg, (int fd, const struct msghdr *m, int flags), (fd, m, flags),
          upcrt_hunt_msg(m))
HUNT_WRAP(int, sendmmsg, (int fd, struct mmsghdr *v, unsigned int n, int flags),
          (fd, v, n, flags), for (unsigned i = 0; v && i < n; i++) upcrt_hunt_msg(&v[i].msg_hdr))
HUNT_WRAP(ssize_t, recv, (int fd, void *buf, size_t n, int flags), (fd, buf, n, flags),
          upcrt_hunt_complete(buf, n))
HUNT_WRAP(ssize_t, recvfrom,
          (int fd, void *buf, size_t n, int flags, struct sockaddr *from, socklen_t *fromlen),
          (fd, buf, n, flags, from, fromlen), upcrt_hunt_complete(buf, n))
HUNT_WRAP(ssize_t, recvmsg, (int fd, struct msghdr *m, int flags), (fd, m, flags),
          upcrt_hunt_msg(m))
HUNT_WRAP(int, recvmmsg,
          (int fd, struct mmsghdr *v, unsigned int n, int flags, struct timespec *timeout),
          (fd, v, n, flags, timeout),
          for (unsigned i = 0; v && i < n; i++) upcrt_hunt_msg(&v[i].msg_hdr))

HUNT_WRAP(size_t, fread, (void *buf, size_t size, size_t n, FILE *f), (buf, size, n, f),
          upcrt_hunt_complete(buf, upcrt_hunt_times(size, n)))
HUNT_WRAP(size_t, fwrite, (const void *buf, size_t size, size_t n, FILE *f), (buf, size, n, f),
          upcrt_hunt_complete(buf, upcrt_hunt_times(size, n)))
HUNT_WRAP(size_t, fread_unlocked, (void *buf, size_t size, size_t n, FILE *f),
          (buf, size, n, f), upcrt_hunt_complete(buf, upcrt_hunt_times(size, n)))
HUNT_WRAP(size_t, fwrite_unlocked, (const void *buf, size_t size, size_t n, FILE *f),
          (buf, size, n, f), upcrt_hunt_complete(buf, upcrt_hunt_times(size, n)))
/* the stream's buffer: the kernel reads into it and writes from it later */
HUNT_WRAP(int, setvbuf, (FILE *f, char *buf, int mode, size_t size), (f, buf, mode, size),
          upcrt_hunt_complete(buf, buf ? size : 0))
extern void __real_setbuf(FILE *f, char *buf);
void __wrap_setbuf(FILE *f, char *buf);
void __wrap_setbuf(FILE *f, char *buf) {
  if (buf) HUNT_BUF(buf, BUFSIZ);
  __real_setbuf(f, buf);
}
extern void __real_setbuffer(FILE *f, char *buf, size_t size);
void __wrap_setbuffer(FILE *f, char *buf, size_t size);
void __wrap_setbuffer(FILE *f, char *buf, size_t size) {
  if (buf) HUNT_BUF(buf, size);
  __real_setbuffer(f, buf, size);
}

/* The fortified forms (-D_FORTIFY_SOURCE with optimisation, when the
 * buffer's size is known at compile time) that glibc calls instead. */
HUNT_WRAP(ssize_t, __read_chk, (int fd, void *buf, size_t n, size_t buflen), (fd, buf, n, buflen),
          upcrt_hunt_complete(buf, n))
HUNT_WRAP(ssize_t, __pread_chk, (int fd, void *buf, size_t n, off_t at, size_t buflen),
          (fd, buf, n, at, buflen), upcrt_hunt_complete(buf, n))
HUNT_WRAP(ssize_t, __pread64_chk, (int fd, void *buf, size_t n, off64_t at, size_t buflen),
          (fd, buf, n, at, buflen), upcrt_hunt_complete(buf, n))
HUNT_WRAP(ssize_t, __recv_chk, (int fd, void *buf, size_t n, size_t buflen, int flags),
          (fd, buf, n, buflen, flags), upcrt_hunt_complete(buf, n))
HUNT_WRAP(ssize_t, __recvfrom_chk,
          (int fd, void *buf, size_t n, size_t buflen, int flags, struct sockaddr *from,
           socklen_t *fromlen),
          (fd, buf, n, buflen, flags, from, fromlen), upcrt_hunt_complete(buf, n))
HUNT_WRAP(size_t, __fread_chk, (void *buf, size_t buflen, size_t size, size_t n, FILE *f),
          (buf, buflen, size, n, f), upcrt_hunt_complete(buf, upcrt_hunt_times(size, n)))
HUNT_WRAP(size_t, __fread_unlocked_chk,
          (void *buf, size_t buflen, size_t size, size_t n, FILE *f), (buf, buflen, size, n, f),
          upcrt_hunt_complete(buf, upcrt_hunt_times(size, n)))
