/* hunt_fortified.h — plain C helpers of hunt_syscalls.upc: see
 * hunt_fortified.c and hunt_gnu.c. */
#ifndef HUNT_FORTIFIED_H
#define HUNT_FORTIFIED_H
#include <stddef.h>
#include <stdio.h>

#define HUNT_FIXED ((size_t)1 << 20)
#define HUNT_AT ((size_t)4096 * 3 + 5) /* where the calls write */
extern unsigned char hunt_fixed[HUNT_FIXED]; /* page-aligned */

/* n bytes into hunt_fixed + HUNT_AT; return what the call returned */
long hunt_fixed_read(int fd, size_t n);
long hunt_fixed_pread(int fd, size_t n, long from);
/* recv (recvfrom if from) into hunt_fixed + HUNT_AT, or, once got bytes have
 * come, read(2) the rest to hunt_fixed + HUNT_AT + got */
long hunt_fixed_recv(int fd, size_t got, size_t n, int from);
long hunt_fixed_fread(FILE *f, size_t n);

/* hunt_gnu.c: the GNU forms, n bytes between fd and buf in one call */
long hunt_gnu_pwrite64(int fd, const void *buf, size_t n, long at);
long hunt_gnu_pread64(int fd, void *buf, size_t n, long at);
long hunt_gnu_pwritev2(int fd, const void *buf, size_t n, long at);
long hunt_gnu_preadv2(int fd, void *buf, size_t n, long at);
long hunt_gnu_sendmmsg(int fd, const void *buf, size_t n);
long hunt_gnu_recvmmsg(int fd, void *buf, size_t n); /* MSG_DONTWAIT */
#endif
