/* check_site.h — the call site of the allocation or free about to run, in
 * checking mode (upcc -fupc-check): the emitted code names it just before
 * the call (upcrt_check_at, upcrt.h), and the directory (svd.c) and the
 * locks take it to record with a heap object or to put in a message.
 *
 * What this module keeps: the pending site (NULL when there is none, as
 * always without -fupc-check).
 */
#ifndef UPCRT_CHECK_SITE_H
#define UPCRT_CHECK_SITE_H

#include <stddef.h>
#include "upcrt.h"

/* The pending call site, cleared (NULL when there is none). */
const upcrt_check_site_t *upcrt_check_take(void);
/* " at file.upc:L:C" for site, or "" for NULL. */
void upcrt_check_where(const upcrt_check_site_t *site, char *buf, size_t size);

#endif
