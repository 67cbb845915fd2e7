/* hunt_gnu.c — the GNU forms of the wrapped calls, for
 * test/hunt/hunt_syscalls.upc (its headers come after upc.h, which leaves
 * them undeclared): pread64, pwrite64, preadv2, pwritev2, sendmmsg,
 * recvmmsg.  Each moves n bytes between fd and buf in one call. */
#define _GNU_SOURCE 1
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "hunt_fortified.h"

long hunt_gnu_pwrite64(int fd, const void *buf, size_t n, long at) {
  return (long)pwrite64(fd, buf, n, (off64_t)at);
}

long hunt_gnu_pread64(int fd, void *buf, size_t n, long at) {
  return (long)pread64(fd, buf, n, (off64_t)at);
}

long hunt_gnu_pwritev2(int fd, const void *buf, size_t n, long at) {
  struct iovec v[2] = {{(void *)buf, n / 3}, {(char *)buf + n / 3, n - n / 3}};
  return (long)pwritev2(fd, v, 2, (off_t)at, 0);
}

long hunt_gnu_preadv2(int fd, void *buf, size_t n, long at) {
  struct iovec v[2] = {{buf, n / 3}, {(char *)buf + n / 3, n - n / 3}};
  return (long)preadv2(fd, v, 2, (off_t)at, 0);
}

/* one message of n bytes; returns its length, or -1 */
static long hunt_gnu_mmsg(int fd, void *buf, size_t n, int send) {
  struct iovec v = {buf, n};
  struct mmsghdr m;
  memset(&m, 0, sizeof m);
  m.msg_hdr.msg_iov = &v;
  m.msg_hdr.msg_iovlen = 1;
  int r = send ? sendmmsg(fd, &m, 1, 0) : recvmmsg(fd, &m, 1, MSG_DONTWAIT, NULL);
  return r == 1 ? (long)m.msg_len : -1;
}

long hunt_gnu_sendmmsg(int fd, const void *buf, size_t n) {
  return hunt_gnu_mmsg(fd, (void *)buf, n, 1);
}

long hunt_gnu_recvmmsg(int fd, void *buf, size_t n) { return hunt_gnu_mmsg(fd, buf, n, 0); }
