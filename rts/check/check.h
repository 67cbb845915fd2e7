/* check.h — checking mode (upcc -fupc-check): the checks the emitted code
 * calls around shared accesses, casts and bulk copies, and their messages.
 *
 * What this offers: the checked entry points declared in upcrt.h
 * (upcrt_check_index_fail, upcrt_check_ptr, upcrt_check_range,
 * upcrt_check_to_private, upcrt_check_sync);
 * nothing else in the runtime calls into it.  It stands on the directory's
 * object lookups (svd.h) and on the access layer; the call site of the
 * allocation or free about to run (upcrt_check_at) is kept in core
 * (check_site.h), where the directory records it.  Nothing here runs unless
 * the program was compiled with -fupc-check.
 */
#ifndef UPCRT_CHECK_H
#define UPCRT_CHECK_H

#include "upcrt.h"

#endif
