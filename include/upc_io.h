/* upc_io.h — the UPC 1.3 parallel I/O library (UPC-IO) on MPI-IO: collective
 * file operations with individual or common file pointers, local or shared
 * buffers, list I/O and asynchronous forms. */
#ifndef UPC_IO_H
#define UPC_IO_H

#include <stddef.h>
#include <stdint.h>
#include "upc_types.h"

/* An opaque shared type; upc_all_fopen returns the same pointer on every
 * thread. */
typedef shared struct upcrt_file upc_file_t;
#include "upc_io_types.h"

/* len bytes starting at baseaddr in a shared array of blocksize-byte blocks
 * (0: indefinite). */
typedef struct upc_shared_memvec {
  shared void *baseaddr;
  size_t blocksize;
  size_t len;
} upc_shared_memvec_t;

/* NULL (with errno set) on failure. */
upc_file_t *upc_all_fopen(const char *fname, int flags, size_t numhints,
                          struct upc_hint const *hints);
/* These return 0 on success, -1 on failure. */
int upc_all_fclose(upc_file_t *fd);
int upc_all_fsync(upc_file_t *fd);
int upc_all_fset_size(upc_file_t *fd, upc_off_t size);
int upc_all_fpreallocate(upc_file_t *fd, upc_off_t size);
int upc_all_fcntl(upc_file_t *fd, int cmd, void *arg);
/* The new file pointer / the size, or -1. */
upc_off_t upc_all_fseek(upc_file_t *fd, upc_off_t offset, int origin);
upc_off_t upc_all_fget_size(upc_file_t *fd);

/* Reads and writes return the bytes transferred (this thread's with an
 * individual file pointer or a local buffer, all threads' with a common file
 * pointer and a shared buffer) or -1.  blocksize is the shared buffer's block
 * size in elements of size bytes (0: indefinite).  flags are the collective
 * sync flags. */
upc_off_t upc_all_fread_local(upc_file_t *fd, void *buffer, size_t size,
                              size_t nmemb, upc_flag_t flags);
upc_off_t upc_all_fread_shared(upc_file_t *fd, shared void *buffer, size_t blocksize,
                               size_t size, size_t nmemb, upc_flag_t flags);
upc_off_t upc_all_fwrite_local(upc_file_t *fd, void *buffer, size_t size,
                               size_t nmemb, upc_flag_t flags);
upc_off_t upc_all_fwrite_shared(upc_file_t *fd, shared void *buffer,
                                size_t blocksize, size_t size, size_t nmemb,
                                upc_flag_t flags);

/* List I/O: the memory regions, concatenated, to or from the file regions,
 * concatenated.  File pointers are neither used nor moved. */
upc_off_t upc_all_fread_list_local(upc_file_t *fd, size_t memvec_entries,
                                   upc_local_memvec_t const *memvec,
                                   size_t filevec_entries,
                                   upc_filevec_t const *filevec, upc_flag_t flags);
upc_off_t upc_all_fread_list_shared(upc_file_t *fd, size_t memvec_entries,
                                    upc_shared_memvec_t const *memvec,
                                    size_t filevec_entries,
                                    upc_filevec_t const *filevec, upc_flag_t flags);
upc_off_t upc_all_fwrite_list_local(upc_file_t *fd, size_t memvec_entries,
                                    upc_local_memvec_t const *memvec,
                                    size_t filevec_entries,
                                    upc_filevec_t const *filevec, upc_flag_t flags);
upc_off_t upc_all_fwrite_list_shared(upc_file_t *fd, size_t memvec_entries,
                                     upc_shared_memvec_t const *memvec,
                                     size_t filevec_entries,
                                     upc_filevec_t const *filevec, upc_flag_t flags);

/* Asynchronous forms: at most one outstanding per file; completed by
 * upc_all_fwait_async (returns what the synchronous form would) or
 * upc_all_ftest_async (sets *flag to 1 and returns that when complete, else
 * sets it to 0). */
void upc_all_fread_local_async(upc_file_t *fd, void *buffer, size_t size,
                               size_t nmemb, upc_flag_t flags);
void upc_all_fread_shared_async(upc_file_t *fd, shared void *buffer,
                                size_t blocksize, size_t size, size_t nmemb,
                                upc_flag_t flags);
void upc_all_fwrite_local_async(upc_file_t *fd, void *buffer, size_t size,
                                size_t nmemb, upc_flag_t flags);
void upc_all_fwrite_shared_async(upc_file_t *fd, shared void *buffer,
                                 size_t blocksize, size_t size, size_t nmemb,
                                 upc_flag_t flags);
void upc_all_fread_list_local_async(upc_file_t *fd, size_t memvec_entries,
                                    upc_local_memvec_t const *memvec,
                                    size_t filevec_entries,
                                    upc_filevec_t const *filevec, upc_flag_t flags);
void upc_all_fread_list_shared_async(upc_file_t *fd, size_t memvec_entries,
                                     upc_shared_memvec_t const *memvec,
                                     size_t filevec_entries,
                                     upc_filevec_t const *filevec, upc_flag_t flags);
void upc_all_fwrite_list_local_async(upc_file_t *fd, size_t memvec_entries,
                                     upc_local_memvec_t const *memvec,
                                     size_t filevec_entries,
                                     upc_filevec_t const *filevec, upc_flag_t flags);
void upc_all_fwrite_list_shared_async(upc_file_t *fd, size_t memvec_entries,
                                      upc_shared_memvec_t const *memvec,
                                      size_t filevec_entries,
                                      upc_filevec_t const *filevec,
                                      upc_flag_t flags);
upc_off_t upc_all_fwait_async(upc_file_t *fd);
upc_off_t upc_all_ftest_async(upc_file_t *fd, int *flag);

#endif
