/* io.h — upc_io.h (UPC-IO) in the C ABI the lowering produces, on MPI-IO.
 *
 * What this module keeps: the files this thread has open (looked up by the
 * offset of the upc_file_t object upc_all_fopen allocates): the MPI_File,
 * open flags, file-pointer kind and position (the common pointer is kept by
 * every thread identically, since every operation that moves it is
 * collective with single-valued arguments), hints, and at most one
 * asynchronous operation in flight.  Every transfer is one collective MPI-IO
 * call: a file view (hindexed over the file regions this thread moves) and a
 * memory datatype (hindexed over absolute addresses), with bytes of shared
 * buffers this thread cannot address staged through a private buffer.
 */
#ifndef UPCRT_IO_H
#define UPCRT_IO_H

#include <stddef.h>
#include <stdint.h>
#include "upcrt.h"

#include "upc_io_types.h"

typedef struct upc_shared_memvec {
  upcrt_pts_t baseaddr;
  size_t blocksize;
  size_t len;
} upc_shared_memvec_t;

upcrt_pts_t upc_all_fopen(const char *fname, int flags, size_t numhints,
                          struct upc_hint const *hints);
int upc_all_fclose(upcrt_pts_t fd);
int upc_all_fsync(upcrt_pts_t fd);
int upc_all_fset_size(upcrt_pts_t fd, upc_off_t size);
int upc_all_fpreallocate(upcrt_pts_t fd, upc_off_t size);
int upc_all_fcntl(upcrt_pts_t fd, int cmd, void *arg);
upc_off_t upc_all_fseek(upcrt_pts_t fd, upc_off_t offset, int origin);
upc_off_t upc_all_fget_size(upcrt_pts_t fd);

upc_off_t upc_all_fread_local(upcrt_pts_t fd, void *buffer, size_t size, size_t nmemb,
                              upc_flag_t flags);
upc_off_t upc_all_fread_shared(upcrt_pts_t fd, upcrt_pts_t buffer, size_t blocksize,
                               size_t size, size_t nmemb, upc_flag_t flags);
upc_off_t upc_all_fwrite_local(upcrt_pts_t fd, void *buffer, size_t size, size_t nmemb,
                               upc_flag_t flags);
upc_off_t upc_all_fwrite_shared(upcrt_pts_t fd, upcrt_pts_t buffer, size_t blocksize,
                                size_t size, size_t nmemb, upc_flag_t flags);
upc_off_t upc_all_fread_list_local(upcrt_pts_t fd, size_t memvec_entries,
                                   upc_local_memvec_t const *memvec, size_t filevec_entries,
                                   upc_filevec_t const *filevec, upc_flag_t flags);
upc_off_t upc_all_fread_list_shared(upcrt_pts_t fd, size_t memvec_entries,
                                    upc_shared_memvec_t const *memvec,
                                    size_t filevec_entries, upc_filevec_t const *filevec,
                                    upc_flag_t flags);
upc_off_t upc_all_fwrite_list_local(upcrt_pts_t fd, size_t memvec_entries,
                                    upc_local_memvec_t const *memvec,
                                    size_t filevec_entries, upc_filevec_t const *filevec,
                                    upc_flag_t flags);
upc_off_t upc_all_fwrite_list_shared(upcrt_pts_t fd, size_t memvec_entries,
                                     upc_shared_memvec_t const *memvec,
                                     size_t filevec_entries, upc_filevec_t const *filevec,
                                     upc_flag_t flags);

void upc_all_fread_local_async(upcrt_pts_t fd, void *buffer, size_t size, size_t nmemb,
                               upc_flag_t flags);
void upc_all_fread_shared_async(upcrt_pts_t fd, upcrt_pts_t buffer, size_t blocksize,
                                size_t size, size_t nmemb, upc_flag_t flags);
void upc_all_fwrite_local_async(upcrt_pts_t fd, void *buffer, size_t size, size_t nmemb,
                                upc_flag_t flags);
void upc_all_fwrite_shared_async(upcrt_pts_t fd, upcrt_pts_t buffer, size_t blocksize,
                                 size_t size, size_t nmemb, upc_flag_t flags);
void upc_all_fread_list_local_async(upcrt_pts_t fd, size_t memvec_entries,
                                    upc_local_memvec_t const *memvec,
                                    size_t filevec_entries, upc_filevec_t const *filevec,
                                    upc_flag_t flags);
void upc_all_fread_list_shared_async(upcrt_pts_t fd, size_t memvec_entries,
                                     upc_shared_memvec_t const *memvec,
                                     size_t filevec_entries, upc_filevec_t const *filevec,
                                     upc_flag_t flags);
void upc_all_fwrite_list_local_async(upcrt_pts_t fd, size_t memvec_entries,
                                     upc_local_memvec_t const *memvec,
                                     size_t filevec_entries, upc_filevec_t const *filevec,
                                     upc_flag_t flags);
void upc_all_fwrite_list_shared_async(upcrt_pts_t fd, size_t memvec_entries,
                                      upc_shared_memvec_t const *memvec,
                                      size_t filevec_entries, upc_filevec_t const *filevec,
                                      upc_flag_t flags);
upc_off_t upc_all_fwait_async(upcrt_pts_t fd);
upc_off_t upc_all_ftest_async(upcrt_pts_t fd, int *flag);

#endif
