/* io.c — UPC-IO on MPI-IO: one collective MPI-IO call per transfer through a
 * file view and a memory datatype, individual and common file pointers,
 * local and shared buffers, list I/O, asynchronous forms (see io.h). */
#include "io.h"

#include <errno.h>
#include <limits.h>
#include <mpi.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "core/backoff.h"
#include "core/segment.h"
#include "core/svd.h"
#include "comm/hunt.h"
#include "sync/all_alloc.h"
#include "sync/barrier.h"
#include "collective.h"

#define PIECE_MAX ((size_t)1 << 30) /* hindexed block lengths are int */

/* One contiguous stretch: file offset <-> memory (private l, or shared r
 * staged through the bounce buffer when not addressable here). */
typedef struct {
  upc_off_t foff;
  size_t len;
  char *l;
  upcrt_pts_t r;
  int staged;
  size_t seq; /* position in the memory stream (ties in sorting) */
} piece_t;

typedef struct {
  piece_t *v;
  size_t n, cap;
} pieces_t;

typedef struct iofile {
  uint64_t key;
  MPI_File fh;
  int flags, common, strong;
  upc_off_t fp;
  char *name;
  struct upc_hint *hints;
  size_t nhints;
  /* the operation in flight */
  int busy, failed, write, fp_mode, shared_buf;
  upc_flag_t sync;
  MPI_Request req;
  pieces_t ops;
  char *bounce;
  MPI_Datatype ftype, mtype;
  struct iofile *next;
} iofile_t;

enum { FP_NONE, FP_INDIVIDUAL, FP_COMMON };

static iofile_t *files;

static void add_piece(pieces_t *p, upc_off_t foff, size_t len, char *l, upcrt_pts_t r) {
  while (len) {
    size_t k = len < PIECE_MAX ? len : PIECE_MAX;
    if (p->n == p->cap) {
      p->cap = p->cap ? 2 * p->cap : 16;
      p->v = realloc(p->v, p->cap * sizeof *p->v);
      if (!p->v) upcrt_fatal("upc_io: out of memory");
    }
    p->v[p->n] = (piece_t){foff, k, l, r, 0, p->n};
    p->n++;
    foff += (upc_off_t)k;
    if (l) l += k;
    else r.offset += k;
    len -= k;
  }
}

static iofile_t *find(upcrt_pts_t fd, const char *what) {
  for (iofile_t *f = files; f; f = f->next)
    if (f->key == fd.offset && !upcrt_pts_isnull(fd)) return f;
  upcrt_fatal("%s: not a file opened by upc_all_fopen (or already closed)", what);
}

/* Every request waited for here is a collective one. */
static void wait_req(MPI_Request *r, MPI_Status *st) {
  int done = 0;
  upcrt_barrier_watch_t w = {0};
  upcrt_backoff_t bo = {0};
  for (;;) {
    MPI_Test(r, &done, st);
    if (done) return;
    upcrt_backoff_spin(&bo, 0);
    upcrt_barrier_watch(&w);
  }
}

/* MPI-IO's open/close/view/size calls are blocking collectives: a yielding
 * barrier first lets every thread arrive before anyone busy-polls. */
static void pre_blocking(const char *what) {
  if (what) upcrt_barrier_coll_what = what;
  upcrt_coll_init();
  upcrt_coll_barrier();
}

static int set_errno(int mpirc) {
  int cls;
  MPI_Error_class(mpirc, &cls);
  switch (cls) {
  case MPI_ERR_NO_SUCH_FILE: errno = ENOENT; break;
  case MPI_ERR_FILE_EXISTS: errno = EEXIST; break;
  case MPI_ERR_ACCESS: errno = EACCES; break;
  case MPI_ERR_READ_ONLY: errno = EROFS; break;
  case MPI_ERR_NO_SPACE: errno = ENOSPC; break;
  case MPI_ERR_QUOTA: errno = EDQUOT; break;
  case MPI_ERR_AMODE: case MPI_ERR_ARG: errno = EINVAL; break;
  default: errno = EIO;
  }
  return -1;
}

static long sum_long(long v) {
  long r = 0;
  MPI_Request q;
  MPI_Iallreduce(&v, &r, 1, MPI_LONG, MPI_SUM, upcrt_coll_comm, &q);
  wait_req(&q, MPI_STATUS_IGNORE);
  return r;
}

/* ---- Opening and closing ---- */

upcrt_pts_t upc_all_fopen(const char *fname, int flags, size_t numhints,
                          struct upc_hint const *hints) {
  int acc = flags & (UPC_RDONLY | UPC_WRONLY | UPC_RDWR);
  int fpk = flags & (UPC_INDIVIDUAL_FP | UPC_COMMON_FP);
  int known = UPC_RDONLY | UPC_WRONLY | UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_COMMON_FP |
              UPC_APPEND | UPC_CREATE | UPC_EXCL | UPC_STRONG_CA | UPC_TRUNC |
              UPC_DELETE_ON_CLOSE;
  if (!fname || !acc || (acc & (acc - 1)) || !fpk || (fpk & (fpk - 1)) || (flags & ~known) ||
      ((flags & UPC_TRUNC) && acc == UPC_RDONLY)) {
    errno = EINVAL; /* one access mode and one file-pointer kind */
    return UPCRT_NULL_PTS;
  }
  int amode = acc == UPC_RDONLY ? MPI_MODE_RDONLY : acc == UPC_WRONLY ? MPI_MODE_WRONLY
                                                                      : MPI_MODE_RDWR;
  if (flags & UPC_CREATE) amode |= MPI_MODE_CREATE;
  if (flags & UPC_EXCL) amode |= MPI_MODE_EXCL;
  if (flags & UPC_DELETE_ON_CLOSE) amode |= MPI_MODE_DELETE_ON_CLOSE;
  MPI_Info info;
  MPI_Info_create(&info);
  for (size_t i = 0; i < numhints; i++)
    if (hints[i].key && hints[i].value) MPI_Info_set(info, hints[i].key, hints[i].value);
  pre_blocking("upc_all_fopen");
  MPI_File fh;
  int rc = MPI_File_open(upcrt_coll_comm, fname, amode, info, &fh);
  MPI_Info_free(&info);
  if (rc != MPI_SUCCESS) {
    set_errno(rc);
    return UPCRT_NULL_PTS;
  }
  iofile_t *f = calloc(1, sizeof *f);
  if (!f) upcrt_fatal("upc_all_fopen: out of memory");
  f->fh = fh;
  f->flags = flags;
  f->common = (flags & UPC_COMMON_FP) != 0;
  f->name = strdup(fname);
  f->hints = calloc(numhints ? numhints : 1, sizeof *f->hints);
  for (size_t i = 0; i < numhints; i++) {
    f->hints[i].key = strdup(hints[i].key ? hints[i].key : "");
    f->hints[i].value = strdup(hints[i].value ? hints[i].value : "");
  }
  f->nhints = numhints;
  f->ftype = f->mtype = MPI_DATATYPE_NULL;
  if (flags & UPC_TRUNC) MPI_File_set_size(fh, 0);
  if (flags & UPC_STRONG_CA) {
    MPI_File_set_atomicity(fh, 1);
    f->strong = 1;
  }
  if (flags & UPC_APPEND) {
    MPI_Offset sz = 0;
    MPI_File_get_size(fh, &sz);
    f->fp = (upc_off_t)sz;
  }
  upcrt_pts_t h = upcrt_all_alloc(1, 64); /* the single-valued upc_file_t */
  f->key = h.offset;
  f->next = files;
  files = f;
  return h;
}

static upc_off_t finish(iofile_t *f);

int upc_all_fclose(upcrt_pts_t fd) {
  iofile_t *f = find(fd, "upc_all_fclose");
  if (f->busy) finish(f); /* an outstanding async operation completes first */
  pre_blocking("upc_all_fclose");
  int rc = MPI_File_close(&f->fh);
  for (iofile_t **pp = &files; *pp; pp = &(*pp)->next)
    if (*pp == f) {
      *pp = f->next;
      break;
    }
  for (size_t i = 0; i < f->nhints; i++) {
    free((char *)f->hints[i].key);
    free((char *)f->hints[i].value);
  }
  free(f->hints);
  free(f->name);
  free(f);
  upc_all_free(fd);
  return rc == MPI_SUCCESS ? 0 : set_errno(rc);
}

static int check_idle(iofile_t *f, const char *what) {
  (void)what;
  if (f->busy) {
    errno = EINVAL; /* an asynchronous operation is outstanding */
    return -1;
  }
  return 0;
}

int upc_all_fsync(upcrt_pts_t fd) {
  iofile_t *f = find(fd, "upc_all_fsync");
  if (check_idle(f, "upc_all_fsync")) return -1;
  pre_blocking("upc_all_fsync");
  int rc = MPI_File_sync(f->fh);
  return rc == MPI_SUCCESS ? 0 : set_errno(rc);
}

int upc_all_fset_size(upcrt_pts_t fd, upc_off_t size) {
  iofile_t *f = find(fd, "upc_all_fset_size");
  if (check_idle(f, "upc_all_fset_size")) return -1;
  if (size < 0) {
    errno = EINVAL;
    return -1;
  }
  pre_blocking("upc_all_fset_size");
  int rc = MPI_File_set_size(f->fh, (MPI_Offset)size);
  return rc == MPI_SUCCESS ? 0 : set_errno(rc);
}

int upc_all_fpreallocate(upcrt_pts_t fd, upc_off_t size) {
  iofile_t *f = find(fd, "upc_all_fpreallocate");
  if (check_idle(f, "upc_all_fpreallocate")) return -1;
  if (size < 0) {
    errno = EINVAL;
    return -1;
  }
  pre_blocking("upc_all_fpreallocate");
  int rc = MPI_File_preallocate(f->fh, (MPI_Offset)size);
  return rc == MPI_SUCCESS ? 0 : set_errno(rc);
}

upc_off_t upc_all_fget_size(upcrt_pts_t fd) {
  iofile_t *f = find(fd, "upc_all_fget_size");
  MPI_Offset sz = 0;
  int rc = MPI_File_get_size(f->fh, &sz);
  return rc == MPI_SUCCESS ? (upc_off_t)sz : set_errno(rc);
}

upc_off_t upc_all_fseek(upcrt_pts_t fd, upc_off_t offset, int origin) {
  iofile_t *f = find(fd, "upc_all_fseek");
  if (check_idle(f, "upc_all_fseek")) return -1;
  upc_off_t base;
  if (origin == UPC_SEEK_SET) base = 0;
  else if (origin == UPC_SEEK_CUR) base = f->fp;
  else if (origin == UPC_SEEK_END) base = upc_all_fget_size(fd);
  else {
    errno = EINVAL;
    return -1;
  }
  if (base < 0 || base + offset < 0) {
    errno = EINVAL;
    return -1;
  }
  f->fp = base + offset;
  return f->fp;
}

int upc_all_fcntl(upcrt_pts_t fd, int cmd, void *arg) {
  iofile_t *f = find(fd, "upc_all_fcntl");
  if (cmd == UPC_ASYNC_OUTSTANDING) return f->busy;
  if (cmd != UPC_GET_CA_SEMANTICS && cmd != UPC_GET_FP && cmd != UPC_GET_FL &&
      cmd != UPC_GET_FN && cmd != UPC_GET_HINTS && check_idle(f, "upc_all_fcntl"))
    return -1;
  switch (cmd) {
  case UPC_GET_CA_SEMANTICS: return f->strong ? UPC_STRONG_CA : 0;
  case UPC_SET_WEAK_CA_SEMANTICS:
  case UPC_SET_STRONG_CA_SEMANTICS: {
    pre_blocking("upc_all_fcntl");
    f->strong = cmd == UPC_SET_STRONG_CA_SEMANTICS;
    int rc = MPI_File_set_atomicity(f->fh, f->strong);
    return rc == MPI_SUCCESS ? 0 : set_errno(rc);
  }
  case UPC_GET_FP: return f->common ? UPC_COMMON_FP : UPC_INDIVIDUAL_FP;
  case UPC_SET_COMMON_FP:
  case UPC_SET_INDIVIDUAL_FP:
    f->common = cmd == UPC_SET_COMMON_FP;
    f->fp = 0; /* the new pointer starts at the beginning of the file */
    return 0;
  case UPC_GET_FL: return f->flags;
  case UPC_GET_FN:
    if (!arg) break;
    *(const char **)arg = f->name;
    return 0;
  case UPC_GET_HINTS:
    if (!arg) break;
    *(const struct upc_hint **)arg = f->hints;
    return (int)f->nhints;
  case UPC_SET_HINT: {
    const struct upc_hint *h = arg;
    if (!h || !h->key || !h->value) break;
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, h->key, h->value);
    pre_blocking("upc_all_fcntl");
    int rc = MPI_File_set_info(f->fh, info);
    MPI_Info_free(&info);
    f->hints = realloc(f->hints, (f->nhints + 1) * sizeof *f->hints);
    if (!f->hints) upcrt_fatal("upc_all_fcntl: out of memory");
    f->hints[f->nhints].key = strdup(h->key);
    f->hints[f->nhints].value = strdup(h->value);
    f->nhints++;
    return rc == MPI_SUCCESS ? 0 : set_errno(rc);
  }
  }
  errno = EINVAL;
  return -1;
}

/* ---- Transfers ---- */

static int by_foff(const void *a, const void *b) {
  const piece_t *x = a, *y = b;
  if (x->foff != y->foff) return x->foff < y->foff ? -1 : 1;
  return (x->seq > y->seq) - (x->seq < y->seq);
}

/* Starts the collective transfer of f->ops. */
static int start(iofile_t *f, int write, int fp_mode, int shared_buf, upc_flag_t flags,
                 const char *what) {
  pieces_t *p = &f->ops;
  if (write && (f->flags & UPC_RDONLY)) {
    errno = EBADF;
    free(p->v);
    p->v = NULL;
    p->n = p->cap = 0;
    return -1;
  }
  if (!write && (f->flags & UPC_WRONLY)) {
    errno = EBADF;
    free(p->v);
    p->v = NULL;
    p->n = p->cap = 0;
    return -1;
  }
  flags = upcrt_coll_flags(flags & ~(UPC_PULL | UPC_PUSH | UPC_MULTICORE), what);
  /* Shared buffers may be read or written by other threads' staging, so
   * MYSYNC there needs the same barrier as ALLSYNC. */
  if ((flags & UPC_IN_ALLSYNC) || (shared_buf && (flags & UPC_IN_MYSYNC)))
    upcrt_coll_barrier();
  size_t staged = 0;
  for (size_t i = 0; i < p->n; i++)
    if (!p->v[i].l) {
      char *loc = upcrt_pts_to_local(p->v[i].r);
      if (loc) p->v[i].l = loc;
      else {
        p->v[i].staged = 1;
        staged += p->v[i].len;
      }
    }
  f->bounce = NULL;
  if (staged) {
    f->bounce = malloc(staged);
    if (!f->bounce) upcrt_fatal("%s: out of memory for %zu staged bytes", what, staged);
    char *b = f->bounce;
    for (size_t i = 0; i < p->n; i++)
      if (p->v[i].staged) {
        p->v[i].l = b;
        if (write) upc_memget(b, p->v[i].r, p->v[i].len);
        b += p->v[i].len;
      }
  }
  if (p->n > 1) qsort(p->v, p->n, sizeof *p->v, by_foff);
  f->ftype = f->mtype = MPI_DATATYPE_NULL;
  /* A read asks MPI-IO for no byte past the end of the file: Open MPI's
   * OMPIO never completes a nonblocking collective read that crosses it
   * (4.1.4, MPI_File_iread_at_all); ROMIO returns what is there.  What was
   * read is counted from the file's size in finish() either way. */
  MPI_Offset eof = 0;
  if (!write && p->n) MPI_File_get_size(f->fh, &eof);
  int nregions = 0;
  if (p->n) {
    if (p->n > (size_t)INT_MAX) upcrt_fatal("%s: too many file regions", what);
    int n = (int)p->n;
    int *lens = malloc(sizeof(int) * (size_t)n);
    MPI_Aint *fo = malloc(sizeof(MPI_Aint) * (size_t)n), *ma = malloc(sizeof(MPI_Aint) * (size_t)n);
    if (!lens || !fo || !ma) upcrt_fatal("%s: out of memory", what);
    for (int i = 0; i < n; i++) {
      if (p->v[i].foff < 0) {
        free(lens);
        free(fo);
        free(ma);
        errno = EINVAL;
        return -1;
      }
      if (p->v[i].len > (size_t)INT_MAX)
        upcrt_fatal("%s: a region of %zu bytes (at most %d per region)", what,
                    (size_t)p->v[i].len, INT_MAX);
      size_t len = p->v[i].len;
      if (!write) {
        MPI_Offset in_file = eof - (MPI_Offset)p->v[i].foff;
        if (in_file < (MPI_Offset)len) len = in_file > 0 ? (size_t)in_file : 0;
      }
      if (!len) continue;
      lens[nregions] = (int)len;
      fo[nregions] = (MPI_Aint)p->v[i].foff;
      MPI_Get_address(p->v[i].l, &ma[nregions]);
      nregions++;
    }
    if (nregions) {
      MPI_Type_create_hindexed(nregions, lens, fo, MPI_BYTE, &f->ftype);
      MPI_Type_create_hindexed(nregions, lens, ma, MPI_BYTE, &f->mtype);
      MPI_Type_commit(&f->ftype);
      MPI_Type_commit(&f->mtype);
    }
    free(lens);
    free(fo);
    free(ma);
  }
  upcrt_hunt_retire_all(); /* MPI-IO on a protected HUNT page fails (EFAULT) */
  pre_blocking(NULL);
  MPI_File_set_view(f->fh, 0, MPI_BYTE, nregions ? f->ftype : MPI_BYTE, "native", MPI_INFO_NULL);
  int rc;
  if (write)
    rc = MPI_File_iwrite_at_all(f->fh, 0, nregions ? MPI_BOTTOM : NULL, nregions ? 1 : 0,
                                nregions ? f->mtype : MPI_BYTE, &f->req);
  else
    rc = MPI_File_iread_at_all(f->fh, 0, nregions ? MPI_BOTTOM : NULL, nregions ? 1 : 0,
                               nregions ? f->mtype : MPI_BYTE, &f->req);
  f->failed = rc != MPI_SUCCESS;
  if (f->failed) f->req = MPI_REQUEST_NULL;
  f->busy = 1;
  f->write = write;
  f->fp_mode = fp_mode;
  f->shared_buf = shared_buf;
  f->sync = flags;
  return 0;
}

static upc_off_t finish(iofile_t *f) {
  int failed = f->failed;
  if (f->req != MPI_REQUEST_NULL) wait_req(&f->req, MPI_STATUS_IGNORE);
  pre_blocking(NULL);
  MPI_File_set_view(f->fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
  pieces_t *p = &f->ops;
  /* What moved: everything written, or what the file holds of each region
   * read (ROMIO's status counts the whole request even past the end). */
  MPI_Count got = 0;
  if (!failed) {
    MPI_Offset size = 0;
    if (!f->write) MPI_File_get_size(f->fh, &size);
    for (size_t i = 0; i < p->n; i++) {
      MPI_Count k = (MPI_Count)p->v[i].len;
      if (!f->write) {
        MPI_Count avail = (MPI_Count)size - (MPI_Count)p->v[i].foff;
        if (avail < k) k = avail > 0 ? avail : 0;
      }
      got += k;
    }
  }
  if (!f->write) {
    MPI_Offset size = 0;
    MPI_File_get_size(f->fh, &size);
    for (size_t i = 0; i < p->n; i++) {
      MPI_Count k = (MPI_Count)p->v[i].len, avail = (MPI_Count)size - (MPI_Count)p->v[i].foff;
      if (avail < k) k = avail > 0 ? avail : 0;
      if (p->v[i].staged && k) upc_memput(p->v[i].r, p->v[i].l, (size_t)k);
    }
  }
  if (f->ftype != MPI_DATATYPE_NULL) MPI_Type_free(&f->ftype);
  if (f->mtype != MPI_DATATYPE_NULL) MPI_Type_free(&f->mtype);
  free(f->bounce);
  f->bounce = NULL;
  free(p->v);
  p->v = NULL;
  p->n = p->cap = 0;
  f->busy = 0;
  long all_failed = sum_long(failed);
  upc_off_t result = (upc_off_t)got;
  if (f->fp_mode == FP_COMMON) {
    result = (upc_off_t)sum_long((long)got);
    f->fp += result;
  } else if (f->fp_mode == FP_INDIVIDUAL) {
    f->fp += result;
  }
  if ((f->sync & UPC_OUT_ALLSYNC) || (f->shared_buf && (f->sync & UPC_OUT_MYSYNC)))
    upcrt_coll_barrier();
  if (all_failed) {
    errno = EIO;
    return -1;
  }
  return result;
}

/* Elements [0, nmemb) of a shared [blocksize] array of size-byte elements at
 * buf, placed in the file from foff on; only this thread's elements when
 * mine_only (a common file pointer: every thread moves what it owns). */
static void shared_pieces(pieces_t *p, upc_off_t foff, upcrt_pts_t buf, size_t blocksize,
                          size_t size, size_t nmemb, int mine_only) {
  size_t i = 0;
  while (i < nmemb) {
    upcrt_pts_t e = upcrt_pts_add(buf, (ptrdiff_t)i, blocksize, size);
    size_t k = blocksize == 0 ? nmemb - i : blocksize - e.phase % blocksize;
    if (k > nmemb - i) k = nmemb - i;
    if (!mine_only || (int)e.thread == upcrt_mythread)
      add_piece(p, foff + (upc_off_t)(i * size), k * size, NULL, e);
    i += k;
  }
}

static upc_off_t rw_local(upcrt_pts_t fd, void *buffer, size_t size, size_t nmemb,
                          upc_flag_t flags, int write, int async, const char *what) {
  iofile_t *f = find(fd, what);
  if (check_idle(f, what)) return -1;
  if (f->common) {
    errno = EINVAL; /* local buffers need individual file pointers */
    return -1;
  }
  if (size * nmemb != 0 && !buffer) {
    errno = EINVAL;
    return -1;
  }
  add_piece(&f->ops, f->fp, size * nmemb, buffer, UPCRT_NULL_PTS);
  if (start(f, write, FP_INDIVIDUAL, 0, flags, what)) return -1;
  return async ? 0 : finish(f);
}

static upc_off_t rw_shared(upcrt_pts_t fd, upcrt_pts_t buffer, size_t blocksize, size_t size,
                           size_t nmemb, upc_flag_t flags, int write, int async,
                           const char *what) {
  iofile_t *f = find(fd, what);
  if (check_idle(f, what)) return -1;
  if (size * nmemb != 0 && upcrt_pts_isnull(buffer)) {
    errno = EINVAL;
    return -1;
  }
  shared_pieces(&f->ops, f->fp, buffer, blocksize, size, nmemb, f->common);
  if (start(f, write, f->common ? FP_COMMON : FP_INDIVIDUAL, 1, flags, what)) return -1;
  return async ? 0 : finish(f);
}

/* Memory chunks of a list, matched against the file regions. */
typedef struct {
  char *l;
  upcrt_pts_t r;
  size_t len;
} chunk_t;

static upc_off_t rw_list(upcrt_pts_t fd, size_t nm, const upc_local_memvec_t *lm,
                         const upc_shared_memvec_t *sm, size_t nf, const upc_filevec_t *fv,
                         upc_flag_t flags, int write, int async, const char *what) {
  iofile_t *f = find(fd, what);
  if (check_idle(f, what)) return -1;
  /* the memory stream as chunks contiguous in one thread's memory */
  chunk_t *c = NULL;
  size_t nc = 0, cap = 0, mtotal = 0, ftotal = 0;
  for (size_t i = 0; i < nm; i++) {
    size_t len = lm ? lm[i].len : sm[i].len;
    mtotal += len;
    size_t j = 0;
    while (j < len) {
      if (nc == cap) {
        cap = cap ? 2 * cap : 16;
        c = realloc(c, cap * sizeof *c);
        if (!c) upcrt_fatal("%s: out of memory", what);
      }
      if (lm) {
        c[nc++] = (chunk_t){(char *)lm[i].baseaddr, UPCRT_NULL_PTS, len};
        j = len;
      } else {
        size_t B = sm[i].blocksize;
        upcrt_pts_t e = upcrt_pts_add(sm[i].baseaddr, (ptrdiff_t)j, B, 1);
        size_t k = B == 0 ? len - j : B - e.phase % B;
        if (k > len - j) k = len - j;
        c[nc++] = (chunk_t){NULL, e, k};
        j += k;
      }
    }
  }
  for (size_t i = 0; i < nf; i++) {
    ftotal += fv[i].len;
    if (fv[i].offset < 0) {
      free(c);
      errno = EINVAL;
      return -1;
    }
  }
  if (mtotal != ftotal) {
    free(c);
    errno = EINVAL; /* the memory and file regions must hold the same bytes */
    return -1;
  }
  size_t i = 0, j = 0, oi = 0, oj = 0;
  while (i < nc && j < nf) {
    size_t li = c[i].len - oi, lj = fv[j].len - oj;
    if (!li) { i++; oi = 0; continue; }
    if (!lj) { j++; oj = 0; continue; }
    size_t k = li < lj ? li : lj;
    add_piece(&f->ops, fv[j].offset + (upc_off_t)oj, k, c[i].l ? c[i].l + oi : NULL,
              c[i].l ? UPCRT_NULL_PTS : upcrt_pts_addbytes(c[i].r, oi));
    oi += k;
    oj += k;
  }
  free(c);
  if (start(f, write, FP_NONE, sm != NULL, flags, what)) return -1;
  return async ? 0 : finish(f);
}

upc_off_t upc_all_fread_local(upcrt_pts_t fd, void *buffer, size_t size, size_t nmemb,
                              upc_flag_t flags) {
  return rw_local(fd, buffer, size, nmemb, flags, 0, 0, "upc_all_fread_local");
}
upc_off_t upc_all_fwrite_local(upcrt_pts_t fd, void *buffer, size_t size, size_t nmemb,
                               upc_flag_t flags) {
  return rw_local(fd, buffer, size, nmemb, flags, 1, 0, "upc_all_fwrite_local");
}
upc_off_t upc_all_fread_shared(upcrt_pts_t fd, upcrt_pts_t buffer, size_t blocksize,
                               size_t size, size_t nmemb, upc_flag_t flags) {
  return rw_shared(fd, buffer, blocksize, size, nmemb, flags, 0, 0, "upc_all_fread_shared");
}
upc_off_t upc_all_fwrite_shared(upcrt_pts_t fd, upcrt_pts_t buffer, size_t blocksize,
                                size_t size, size_t nmemb, upc_flag_t flags) {
  return rw_shared(fd, buffer, blocksize, size, nmemb, flags, 1, 0, "upc_all_fwrite_shared");
}
upc_off_t upc_all_fread_list_local(upcrt_pts_t fd, size_t nm, upc_local_memvec_t const *m,
                                   size_t nf, upc_filevec_t const *fv, upc_flag_t flags) {
  return rw_list(fd, nm, m, NULL, nf, fv, flags, 0, 0, "upc_all_fread_list_local");
}
upc_off_t upc_all_fread_list_shared(upcrt_pts_t fd, size_t nm, upc_shared_memvec_t const *m,
                                    size_t nf, upc_filevec_t const *fv, upc_flag_t flags) {
  return rw_list(fd, nm, NULL, m, nf, fv, flags, 0, 0, "upc_all_fread_list_shared");
}
upc_off_t upc_all_fwrite_list_local(upcrt_pts_t fd, size_t nm, upc_local_memvec_t const *m,
                                    size_t nf, upc_filevec_t const *fv, upc_flag_t flags) {
  return rw_list(fd, nm, m, NULL, nf, fv, flags, 1, 0, "upc_all_fwrite_list_local");
}
upc_off_t upc_all_fwrite_list_shared(upcrt_pts_t fd, size_t nm, upc_shared_memvec_t const *m,
                                     size_t nf, upc_filevec_t const *fv, upc_flag_t flags) {
  return rw_list(fd, nm, NULL, m, nf, fv, flags, 1, 0, "upc_all_fwrite_list_shared");
}

void upc_all_fread_local_async(upcrt_pts_t fd, void *buffer, size_t size, size_t nmemb,
                               upc_flag_t flags) {
  rw_local(fd, buffer, size, nmemb, flags, 0, 1, "upc_all_fread_local_async");
}
void upc_all_fwrite_local_async(upcrt_pts_t fd, void *buffer, size_t size, size_t nmemb,
                                upc_flag_t flags) {
  rw_local(fd, buffer, size, nmemb, flags, 1, 1, "upc_all_fwrite_local_async");
}
void upc_all_fread_shared_async(upcrt_pts_t fd, upcrt_pts_t buffer, size_t blocksize,
                                size_t size, size_t nmemb, upc_flag_t flags) {
  rw_shared(fd, buffer, blocksize, size, nmemb, flags, 0, 1, "upc_all_fread_shared_async");
}
void upc_all_fwrite_shared_async(upcrt_pts_t fd, upcrt_pts_t buffer, size_t blocksize,
                                 size_t size, size_t nmemb, upc_flag_t flags) {
  rw_shared(fd, buffer, blocksize, size, nmemb, flags, 1, 1, "upc_all_fwrite_shared_async");
}
void upc_all_fread_list_local_async(upcrt_pts_t fd, size_t nm, upc_local_memvec_t const *m,
                                    size_t nf, upc_filevec_t const *fv, upc_flag_t flags) {
  rw_list(fd, nm, m, NULL, nf, fv, flags, 0, 1, "upc_all_fread_list_local_async");
}
void upc_all_fread_list_shared_async(upcrt_pts_t fd, size_t nm, upc_shared_memvec_t const *m,
                                     size_t nf, upc_filevec_t const *fv, upc_flag_t flags) {
  rw_list(fd, nm, NULL, m, nf, fv, flags, 0, 1, "upc_all_fread_list_shared_async");
}
void upc_all_fwrite_list_local_async(upcrt_pts_t fd, size_t nm, upc_local_memvec_t const *m,
                                     size_t nf, upc_filevec_t const *fv, upc_flag_t flags) {
  rw_list(fd, nm, m, NULL, nf, fv, flags, 1, 1, "upc_all_fwrite_list_local_async");
}
void upc_all_fwrite_list_shared_async(upcrt_pts_t fd, size_t nm,
                                      upc_shared_memvec_t const *m, size_t nf,
                                      upc_filevec_t const *fv, upc_flag_t flags) {
  rw_list(fd, nm, NULL, m, nf, fv, flags, 1, 1, "upc_all_fwrite_list_shared_async");
}

upc_off_t upc_all_fwait_async(upcrt_pts_t fd) {
  iofile_t *f = find(fd, "upc_all_fwait_async");
  if (!f->busy) {
    errno = EINVAL; /* nothing outstanding */
    return -1;
  }
  return finish(f);
}

upc_off_t upc_all_ftest_async(upcrt_pts_t fd, int *flag) {
  iofile_t *f = find(fd, "upc_all_ftest_async");
  if (!f->busy) {
    errno = EINVAL;
    if (flag) *flag = 0;
    return -1;
  }
  /* Complete only when every thread's part is done (finishing is collective). */
  /* MPI_Test (not MPI_Request_get_status): ROMIO's nonblocking collective
   * I/O advances only inside test/wait calls.  A completed request becomes
   * MPI_REQUEST_NULL, which finish() then skips. */
  int done = 1;
  if (f->req != MPI_REQUEST_NULL) MPI_Test(&f->req, &done, MPI_STATUS_IGNORE);
  long all = sum_long(done);
  if (all < upcrt_threads) {
    if (flag) *flag = 0;
    return 0;
  }
  if (flag) *flag = 1;
  return finish(f);
}
