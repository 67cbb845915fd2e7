/* hunt_fortified.c — the fortified forms of the calls that write into a
 * buffer, for test/hunt/hunt_syscalls.upc: compiled (as plain C, outside
 * upcc) with -O2 -D_FORTIFY_SOURCE=2, and with the buffer's size known here,
 * glibc's headers turn read, pread, recv, recvfrom and fread into
 * __read_chk, __pread_chk, __recv_chk, __recvfrom_chk and __fread_chk; upcc
 * links them to rts/comm/hunt_syscalls.c's wrappers like the plain forms.  (A
 * library the program links may well be built so.) */
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#include "hunt_fortified.h"

unsigned char hunt_fixed[HUNT_FIXED] __attribute__((aligned(4096)));

long hunt_fixed_read(int fd, size_t n) { return (long)read(fd, hunt_fixed + HUNT_AT, n); }

long hunt_fixed_pread(int fd, size_t n, long from) {
  return (long)pread(fd, hunt_fixed + HUNT_AT, n, (off_t)from);
}

long hunt_fixed_recv(int fd, size_t got, size_t n, int from) {
  /* the offset a constant, so that the compiler knows the room left */
  if (got) return (long)read(fd, hunt_fixed + HUNT_AT + got, n);
  return (long)(from ? recvfrom(fd, hunt_fixed + HUNT_AT, n, MSG_DONTWAIT, NULL, NULL)
                     : recv(fd, hunt_fixed + HUNT_AT, n, MSG_DONTWAIT));
}

long hunt_fixed_fread(FILE *f, size_t n) {
  return (long)fread(hunt_fixed + HUNT_AT, 1, n, f);
}
