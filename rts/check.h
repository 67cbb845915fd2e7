/* check.h — checking mode (upcc -fupc-check): the checks the emitted code
 * calls around shared accesses, casts and bulk copies, and their messages.
 *
 * What this module keeps: the site of the allocation or upc_free call about
 * to run (upcrt_check_at), which the shared variable directory records with
 * a heap object or puts in its message.  The object lookups themselves are
 * the directory's (svd.h); nothing here runs unless the program was compiled
 * with -fupc-check.
 */
#ifndef UPCRT_CHECK_H
#define UPCRT_CHECK_H

#include <stddef.h>
#include "upcrt.h"

/* The pending call site, cleared (NULL when there is none). */
const upcrt_check_site_t *upcrt_check_take(void);
/* " at file.upc:L:C" for site, or "" for NULL. */
void upcrt_check_where(const upcrt_check_site_t *site, char *buf, size_t size);

#endif
