/* check_site.c — the pending call site of checking mode (see check_site.h). */
#include "check_site.h"

#include <stdio.h>

static const upcrt_check_site_t *upcrt_check_pending;

void upcrt_check_at(const upcrt_check_site_t *site) { upcrt_check_pending = site; }

const upcrt_check_site_t *upcrt_check_take(void) {
  const upcrt_check_site_t *s = upcrt_check_pending;
  upcrt_check_pending = NULL;
  return s;
}

void upcrt_check_where(const upcrt_check_site_t *site, char *buf, size_t size) {
  if (site)
    snprintf(buf, size, " at %s:%d:%d", site->file, site->line, site->col);
  else if (size)
    buf[0] = '\0';
}
