/* upc_io_types.h — the plain-C part of <upc_io.h> (flags, seek origins, fcntl
 * commands, hint and local-vector types), shared by UPC programs and the
 * runtime's rts/lib/io.h. */
#ifndef UPC_IO_TYPES_H
#define UPC_IO_TYPES_H

#include <stddef.h>
#include <stdint.h>

typedef int64_t upc_off_t;

/* upc_all_fopen flags: one access mode, one file-pointer kind, options. */
#define UPC_RDONLY (1 << 0)
#define UPC_WRONLY (1 << 1)
#define UPC_RDWR (1 << 2)
#define UPC_INDIVIDUAL_FP (1 << 3)
#define UPC_COMMON_FP (1 << 4)
#define UPC_APPEND (1 << 5)
#define UPC_CREATE (1 << 6)
#define UPC_EXCL (1 << 7)
#define UPC_STRONG_CA (1 << 8)
#define UPC_TRUNC (1 << 9)
#define UPC_DELETE_ON_CLOSE (1 << 10)

/* upc_all_fseek origins. */
#define UPC_SEEK_SET 0
#define UPC_SEEK_CUR 1
#define UPC_SEEK_END 2

/* upc_all_fcntl commands. */
#define UPC_GET_CA_SEMANTICS 1
#define UPC_SET_WEAK_CA_SEMANTICS 2
#define UPC_SET_STRONG_CA_SEMANTICS 3
#define UPC_GET_FP 4
#define UPC_SET_COMMON_FP 5
#define UPC_SET_INDIVIDUAL_FP 6
#define UPC_GET_FL 7
#define UPC_GET_FN 8
#define UPC_GET_HINTS 9
#define UPC_SET_HINT 10
#define UPC_ASYNC_OUTSTANDING 11

/* Hints are passed to MPI-IO as MPI_Info key/value pairs. */
struct upc_hint {
  const char *key;
  const char *value;
};

typedef struct upc_local_memvec {
  void *baseaddr;
  size_t len;
} upc_local_memvec_t;

typedef struct upc_filevec {
  upc_off_t offset;
  size_t len;
} upc_filevec_t;

#endif
