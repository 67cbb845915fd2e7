/* hunt_mpi.upc — HUNT (upcrun -hunt) in a UPC+MPI program: a buffer that
 * upc_memget is still filling (its strips in flight, its pages protected)
 * goes straight to the program's MPI calls (rts/comm/hunt_pmpi.c wraps them
 * through PMPI), as the buffer sent and as the buffer received into:
 * MPI_Isend/MPI_Recv, MPI_Irecv/MPI_Send, MPI_Sendrecv, MPI_Bcast,
 * MPI_Reduce, MPI_Allreduce, MPI_Allgather, MPI_Put and MPI_Get on the
 * program's own window, MPI_Pack/MPI_Unpack, and MPI-IO writes and reads.
 * The data must be what the memgets and the MPI calls say, byte for byte.
 *
 * With HUNT on (THREADS > 1, UPCRT_FORCE_RMA=1, UPCRT_HUNT_MIN=64K) each
 * memget is checked to be in flight at the call: a raw write(2) of its
 * first whole page through syscall(2) fails with EFAULT. */
#include "../upc/upctest.h"
#include <errno.h>
#include <mpi.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef struct {
  unsigned long long gets, strips, bytes, signals, retired_early, declined;
} hunt_stats_t;
void upcrt_hunt_stats(hunt_stats_t *out);

#define PAGE 4096
#define LEN ((size_t)300000) /* bytes of each message: 73 whole pages */
#define BLK (4 * LEN)

static unsigned char *block;
shared [] unsigned char *shared blocks[THREADS];
static int me, nthreads, left, right, hunting, ngets;
static unsigned char *sbuf, *rbuf, *tmp; /* page-aligned private buffers */
static int probe_fd[2];

static unsigned char pattern(int t, size_t i) {
  return (unsigned char)(t * 131 + i * 7 + (i >> 12) * 13 + 1);
}

/* upc_memget of n bytes at offset off of the right neighbour's block into
 * p, returning with its strips in flight (checked with HUNT on). */
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

/* p[0, n) must be pattern(t, off + i); reports the count of wrong bytes. */
static void expect(const unsigned char *p, int t, size_t off, size_t n, int line) {
  long bad = 0;
  for (size_t i = 0; i < n; i++) bad += p[i] != pattern(t, off + i);
  if (bad) {
    printf("FAIL thread %d line %d: %ld of %zu bytes wrong\n", me, line, bad, n);
    upctest_nfail++;
  }
}

int main(int argc, char **argv) {
  CHECK_INT(MPI_Init(&argc, &argv), MPI_SUCCESS);
  me = MYTHREAD;
  nthreads = THREADS;
  right = (me + 1) % nthreads;
  left = (me + nthreads - 1) % nthreads;
  const char *h = getenv("UPCRT_HUNT"), *m = getenv("UPCRT_HUNT_MIN");
  hunting = nthreads > 1 && h && strcmp(h, "1") == 0 && m && strcmp(m, "64K") == 0;
  blocks[me] = upc_alloc(BLK);
  block = (unsigned char *)blocks[me];
  for (size_t i = 0; i < BLK; i++) block[i] = pattern(me, i);
  sbuf = aligned_alloc(PAGE, BLK);
  rbuf = aligned_alloc(PAGE, BLK);
  tmp = aligned_alloc(PAGE, BLK);
  CHECK(sbuf && rbuf && tmp);
  CHECK_INT(pipe(probe_fd), 0);
  int rr = (me + 2) % nthreads; /* my right neighbour's right neighbour */
  upc_barrier;

  /* point-to-point: what I send is my right neighbour's data; what I
   * receive from the right is its right neighbour's */
  {
    MPI_Request q;
    get(sbuf, 11, LEN, __LINE__);
    get(rbuf, 7, LEN, __LINE__);
    MPI_Isend(sbuf, (int)LEN, MPI_BYTE, left, 1, MPI_COMM_WORLD, &q);
    MPI_Recv(rbuf, (int)LEN, MPI_BYTE, right, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&q, MPI_STATUS_IGNORE);
    expect(rbuf, rr, 11, LEN, __LINE__);
    expect(sbuf, right, 11, LEN, __LINE__);

    get(sbuf + 3, 13, LEN, __LINE__);
    get(rbuf, 7, LEN, __LINE__);
    MPI_Irecv(rbuf, (int)LEN, MPI_BYTE, right, 2, MPI_COMM_WORLD, &q);
    MPI_Send(sbuf + 3, (int)LEN, MPI_BYTE, left, 2, MPI_COMM_WORLD);
    MPI_Wait(&q, MPI_STATUS_IGNORE);
    expect(rbuf, rr, 13, LEN, __LINE__);

    get(sbuf, 17, LEN, __LINE__);
    get(rbuf, 7, LEN, __LINE__);
    MPI_Sendrecv(sbuf, (int)LEN, MPI_BYTE, left, 3, rbuf, (int)LEN, MPI_BYTE, right, 3,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    expect(rbuf, rr, 17, LEN, __LINE__);

    /* a derived datatype: every other 4 KB piece of the buffer */
    MPI_Datatype every_other;
    MPI_Type_vector(32, PAGE, 2 * PAGE, MPI_BYTE, &every_other);
    MPI_Type_commit(&every_other);
    get(sbuf, 19, 64 * PAGE, __LINE__);
    get(rbuf, 7, 64 * PAGE, __LINE__);
    MPI_Sendrecv(sbuf, 1, every_other, left, 4, rbuf, 1, every_other, right, 4, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    for (int k = 0; k < 64; k++)
      expect(rbuf + (size_t)k * PAGE, k % 2 ? right : rr, (k % 2 ? 7 : 19) + (size_t)k * PAGE,
             PAGE, __LINE__);
    MPI_Type_free(&every_other);
  }

  /* collectives: thread 0 broadcasts its right neighbour's data */
  {
    get(rbuf, 23, LEN, __LINE__);
    MPI_Bcast(rbuf, (int)LEN, MPI_BYTE, 0, MPI_COMM_WORLD);
    expect(rbuf, 1 % nthreads, 23, LEN, __LINE__);

    /* sums of every thread's right neighbour's bytes (mod 256) */
    get(sbuf, 29, LEN, __LINE__);
    get(rbuf, 7, LEN, __LINE__);
    MPI_Allreduce(sbuf, rbuf, (int)LEN, MPI_UNSIGNED_CHAR, MPI_SUM, MPI_COMM_WORLD);
    long bad = 0;
    for (size_t i = 0; i < LEN; i++) {
      unsigned char sum = 0;
      for (int t = 0; t < nthreads; t++) sum += pattern(t, 29 + i);
      bad += rbuf[i] != sum;
    }
    CHECK_INT(bad, 0);

    int root = nthreads - 1;
    get(sbuf, 31, LEN, __LINE__);
    get(rbuf, 7, LEN, __LINE__);
    /* (not MPI_MAX: MPICH 4.0.2 compares MPI_UNSIGNED_CHAR as signed) */
    MPI_Reduce(sbuf, rbuf, (int)LEN, MPI_BYTE, MPI_BXOR, root, MPI_COMM_WORLD);
    if (me == root) {
      bad = 0;
      for (size_t i = 0; i < LEN; i++) {
        unsigned char x = 0;
        for (int t = 0; t < nthreads; t++) x ^= pattern(t, 31 + i);
        bad += rbuf[i] != x;
      }
      CHECK_INT(bad, 0);
    } else {
      expect(rbuf, right, 7, LEN, __LINE__); /* not written by MPI */
    }

    size_t part = LEN / 4 + 5; /* still 18 whole pages: HUNT with a 64K minimum */
    get(sbuf, 37, part, __LINE__);
    get(rbuf, 0, part * (size_t)nthreads, __LINE__);
    MPI_Allgather(sbuf, (int)part, MPI_BYTE, rbuf, (int)part, MPI_BYTE, MPI_COMM_WORLD);
    for (int t = 0; t < nthreads; t++)
      expect(rbuf + (size_t)t * part, (t + 1) % nthreads, 37, part, __LINE__);
  }

  /* one-sided, on the program's own window: each thread's window holds its
   * own pattern at offset 41 */
  {
    unsigned char *wbase;
    MPI_Win win;
    MPI_Win_allocate((MPI_Aint)LEN, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &wbase, &win);
    for (size_t i = 0; i < LEN; i++) wbase[i] = pattern(me, 41 + i);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock_all(0, win);
    get(rbuf, 7, LEN, __LINE__);
    MPI_Get(rbuf, (int)LEN, MPI_BYTE, right, 0, (int)LEN, MPI_BYTE, win);
    MPI_Win_flush(right, win);
    expect(rbuf, right, 41, LEN, __LINE__);
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    /* each thread puts its right neighbour's data (offset 43) into the
     * window of its left neighbour: mine gets my right neighbour's right
     * neighbour's */
    MPI_Win_lock_all(0, win);
    get(sbuf, 43, LEN, __LINE__);
    MPI_Put(sbuf, (int)LEN, MPI_BYTE, left, 0, (int)LEN, MPI_BYTE, win);
    MPI_Win_flush(left, win);
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock_all(0, win); /* the window's memory, synchronised */
    MPI_Win_sync(win);
    expect(wbase, rr, 43, LEN, __LINE__);
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
  }

  /* packing: MPI copies in user space, inside MPI */
  {
    int pos = 0, size = 0;
    MPI_Pack_size((int)LEN, MPI_BYTE, MPI_COMM_WORLD, &size);
    CHECK(size >= (int)LEN && (size_t)size <= BLK);
    get(sbuf, 47, LEN, __LINE__);
    get(tmp, 7, LEN, __LINE__); /* the packed buffer is in flight too */
    MPI_Pack(sbuf, (int)LEN, MPI_BYTE, tmp, size, &pos, MPI_COMM_WORLD);
    CHECK_INT(pos, (long long)LEN);
    get(rbuf, 7, LEN, __LINE__);
    pos = 0;
    MPI_Unpack(tmp, size, &pos, rbuf, (int)LEN, MPI_BYTE, MPI_COMM_WORLD);
    expect(rbuf, right, 47, LEN, __LINE__);
  }

  /* MPI-IO: each thread writes its file from a buffer in flight and reads
   * it back into another */
  {
    char name[64];
    snprintf(name, sizeof name, "/tmp/upc_hunt_mpi_%d_%d", (int)getpid(), me);
    MPI_File fh;
    CHECK_INT(MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL,
                            &fh),
              MPI_SUCCESS);
    get(sbuf, 53, LEN, __LINE__);
    CHECK_INT(MPI_File_write_at(fh, 0, sbuf, (int)LEN, MPI_BYTE, MPI_STATUS_IGNORE), MPI_SUCCESS);
    get(rbuf, 7, LEN, __LINE__);
    CHECK_INT(MPI_File_read_at(fh, 0, rbuf, (int)LEN, MPI_BYTE, MPI_STATUS_IGNORE), MPI_SUCCESS);
    expect(rbuf, right, 53, LEN, __LINE__);
    MPI_File_close(&fh);
    unlink(name);
  }

  hunt_stats_t s;
  upcrt_hunt_stats(&s);
  if (hunting) CHECK_UINT(s.gets, ngets);
  else CHECK_UINT(s.gets, 0);
  upc_barrier;
  MPI_Finalize();
  free(sbuf);
  free(rbuf);
  free(tmp);
  return upctest_done();
}
