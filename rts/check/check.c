/* check.c — checking mode: bounds, null and locality checks of the accesses
 * upcc -fupc-check emits, with messages in the program's terms (see check.h). */
#include "check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/segment.h"
#include "core/svd.h"

/* "write to grid[3]", "upc_memget of 80 bytes from src", ... */
static void upcrt_check_what(char *buf, size_t size, int kind, const char *expr, size_t n) {
  switch (kind) {
  case UPCRT_CHECK_READ: snprintf(buf, size, "read of %s", expr); break;
  case UPCRT_CHECK_WRITE: snprintf(buf, size, "write to %s", expr); break;
  case UPCRT_CHECK_UPDATE: snprintf(buf, size, "update of %s", expr); break;
  case UPCRT_CHECK_MEMGET: snprintf(buf, size, "upc_memget of %zu bytes from %s", n, expr); break;
  case UPCRT_CHECK_MEMPUT: snprintf(buf, size, "upc_memput of %zu bytes to %s", n, expr); break;
  case UPCRT_CHECK_MEMCPY_SRC: snprintf(buf, size, "upc_memcpy of %zu bytes from %s", n, expr); break;
  case UPCRT_CHECK_MEMCPY_DST: snprintf(buf, size, "upc_memcpy of %zu bytes to %s", n, expr); break;
  default: snprintf(buf, size, "upc_memset of %zu bytes at %s", n, expr); break;
  }
}

static const char *upcrt_check_verb(int kind) {
  return kind == UPCRT_CHECK_READ || kind == UPCRT_CHECK_MEMGET || kind == UPCRT_CHECK_MEMCPY_SRC
             ? "read"
         : kind == UPCRT_CHECK_UPDATE ? "update"
                                      : "write";
}

/* "grid is shared [4] double[4*THREADS] (8 elements at THREADS=2), declared
 * at heat.upc:12" */
static void upcrt_check_static_text(char *buf, size_t size, const upcrt_static_t *o) {
  uint64_t n = o->nelems * (o->threads_scaled ? (uint64_t)upcrt_threads : 1);
  int k = snprintf(buf, size, "%s is %s (%" PRIu64 " element%s", o->name, o->type ? o->type : "?",
                   n, n == 1 ? "" : "s");
  if (k < 0 || (size_t)k >= size) return;
  if (o->threads_scaled) k += snprintf(buf + k, size - (size_t)k, " at THREADS=%d", upcrt_threads);
  if ((size_t)k >= size) return;
  k += snprintf(buf + k, size - (size_t)k, ")");
  if (o->decl && (size_t)k < size) snprintf(buf + k, size - (size_t)k, ", declared at %s", o->decl);
}

void upcrt_check_index_fail(const upcrt_static_t *obj, long long lin,
                            const upcrt_check_site_t *site, int kind, int nidx,
                            const long long *idx) {
  (void)lin;
  char name[512], what[640], obj_text[1024];
  int k = snprintf(name, sizeof name, "%s", obj->name);
  for (int i = 0; i < nidx && k > 0 && (size_t)k < sizeof name; i++)
    k += snprintf(name + k, sizeof name - (size_t)k, "[%lld]", idx[i]);
  upcrt_check_what(what, sizeof what, kind, name, 0);
  upcrt_check_static_text(obj_text, sizeof obj_text, obj);
  upcrt_fatal("%s at %s:%d:%d out of bounds: %s", what, site->file, site->line, site->col,
              obj_text);
}

/* Where p..p+n-1 lies in o: 1 if inside; *g is the byte index of p in the
 * whole object (when p is not before o's part on p's thread). */
static int upcrt_check_inside(const upcrt_svd_obj_t *o, upcrt_pts_t p, size_t n, uint64_t *g,
                              int *before) {
  *before = p.offset < o->off;
  if (*before) return 0;
  uint64_t rel = p.offset - o->off, last = rel + (n ? n : 1) - 1;
  if (o->thread >= 0 || o->block == 0) {
    *g = rel;
    return p.thread == (uint32_t)(o->thread >= 0 ? o->thread : 0) && last < o->total;
  }
  uint64_t B = o->block, T = (uint64_t)upcrt_threads;
  *g = (rel / B * T + p.thread) * B + rel % B;
  uint64_t gl = (last / B * T + p.thread) * B + last % B;
  return last < o->per_thread && gl < o->total;
}

/* "grid, which is ...", "a upc_alloc(40) block on thread 1, allocated at
 * t.upc:7", or "..., allocated by thread 0 at t.upc:7" for an object another
 * thread allocated (a collective upc_all_alloc has no one thread to name) */
static void upcrt_check_obj_text(char *buf, size_t size, const upcrt_svd_obj_t *o) {
  if (o->st) {
    char s[1024];
    upcrt_check_static_text(s, sizeof s, o->st);
    /* "grid is X" -> "grid, which is X" */
    size_t nl = strlen(o->st->name);
    snprintf(buf, size, "%s, which%s", o->st->name, s + nl);
    return;
  }
  int k;
  if (o->kind == UPCRT_SVD_ALL || o->kind == UPCRT_SVD_GLOBAL)
    k = snprintf(buf, size, "a %s(%zu, %zu) object", upcrt_svd_kind_text(o->kind), o->a, o->b);
  else
    k = snprintf(buf, size, "a %s(%zu) block on thread %d", upcrt_svd_kind_text(o->kind), o->a,
                 o->thread);
  if (k < 0 || (size_t)k >= size) return;
  if (o->kind != UPCRT_SVD_ALL && o->owner >= 0 && o->owner != upcrt_mythread)
    k += snprintf(buf + k, size - (size_t)k, ", allocated by thread %d%s", o->owner,
                  o->site ? " at" : "");
  else if (o->site)
    k += snprintf(buf + k, size - (size_t)k, ", allocated at");
  if (o->site && k > 0 && (size_t)k < size)
    snprintf(buf + k, size - (size_t)k, " %s:%d", o->site->file, o->site->line);
}

/* Barriers and lock acquisitions in a checked program call this: another
 * thread may have freed heap objects before them, so the objects the sites
 * cached are looked up again after them. */
static uint64_t upcrt_check_epoch;

void upcrt_check_sync(void) { upcrt_check_epoch++; }

/* The object base points into, without the cache: a static object, a heap
 * object this thread knows of and that is still live, or another thread's
 * heap object whose block starts at base (its header says; freed ones too).
 * A base pointing into the middle of another thread's heap object is not
 * placed: its block would have to be found by a scan down the heap from
 * base, too slow for every first access from a site; such accesses go
 * unchecked, as when checking mode knew no other thread's objects.
 * Returns 0 or UPCRT_SVD_FOUND_LIVE / _FREED. */
static int upcrt_check_lookup(upcrt_pts_t base, upcrt_svd_obj_t *o) {
  if (upcrt_svd_find(base, o, 1)) return UPCRT_SVD_FOUND_LIVE;
  return upcrt_svd_find_block(base, o);
}

/* The object base points into, from the site's cache when still valid (a
 * checked loop reads no block header per access). */
static int upcrt_check_find(upcrt_pts_t base, upcrt_check_site_t *site, upcrt_svd_obj_t *o) {
  upcrt_svd_obj_t *c = site->cache;
  uint64_t gen = upcrt_svd_gen + upcrt_check_epoch; /* both only grow */
  if (c && site->gen == gen && base.offset >= c->off && base.offset < c->off + c->per_thread &&
      (c->thread < 0 || c->st || (uint32_t)c->thread == base.thread)) {
    *o = *c;
    return UPCRT_SVD_FOUND_LIVE;
  }
  int found = upcrt_check_lookup(base, o);
  if (found != UPCRT_SVD_FOUND_LIVE) return found;
  if (!c) c = site->cache = malloc(sizeof *c);
  if (c) {
    *c = *o;
    site->gen = gen;
  }
  return found;
}

static upcrt_pts_t upcrt_check_access(upcrt_pts_t base, upcrt_pts_t p, size_t n, int kind,
                                      upcrt_check_site_t *site) {
  char what[640];
  if (upcrt_pts_isnull(base)) {
    upcrt_fatal("%s through a null pointer-to-shared at %s:%d:%d (%s)", upcrt_check_verb(kind),
                site->file, site->line, site->col, site->expr);
  }
  if (base.thread >= (uint32_t)upcrt_threads || p.thread >= (uint32_t)upcrt_threads) {
    upcrt_check_what(what, sizeof what, kind, site->expr, n);
    upcrt_fatal("%s at %s:%d:%d: the pointer-to-shared has thread %u, but THREADS is %d", what,
                site->file, site->line, site->col,
                base.thread >= (uint32_t)upcrt_threads ? base.thread : p.thread, upcrt_threads);
  }
  upcrt_svd_obj_t o;
  uint64_t g;
  int before;
  int found = upcrt_check_find(base, site, &o);
  if (UPCRT_LIKELY(found == UPCRT_SVD_FOUND_LIVE)) {
    if (UPCRT_LIKELY(upcrt_check_inside(&o, p, n, &g, &before))) return p;
    /* the cached heap object may be gone (freed by another thread, its
     * memory now another object's): look again */
    if (!o.st) {
      found = upcrt_check_lookup(base, &o);
      if (found == UPCRT_SVD_FOUND_LIVE && upcrt_check_inside(&o, p, n, &g, &before)) return p;
    }
  }
  if (found == UPCRT_SVD_FOUND_FREED) {
    char obj[1280];
    upcrt_check_what(what, sizeof what, kind, site->expr, n);
    upcrt_check_obj_text(obj, sizeof obj, &o);
    upcrt_fatal("%s at %s:%d:%d: the pointer-to-shared points into %s, which was freed", what,
                site->file, site->line, site->col, obj);
  }
  if (found == UPCRT_SVD_FOUND_LIVE) {
    char obj[1280], at[160] = "";
    upcrt_check_what(what, sizeof what, kind, site->expr, n);
    upcrt_check_obj_text(obj, sizeof obj, &o);
    int bulk = kind >= UPCRT_CHECK_MEMGET;
    int owner = o.thread >= 0 ? o.thread : 0;
    if ((o.thread >= 0 || o.block == 0) && p.thread != (uint32_t)owner)
      snprintf(at, sizeof at, "; the access is on thread %u, the object all on thread %d "
               "(an indefinite block size: index it through a shared [] pointer)", p.thread, owner);
    else if (before)
      snprintf(at, sizeof at, "; the access is before its start on thread %u", p.thread);
    else if (o.st && o.st->elem_size)
      snprintf(at, sizeof at, "; the access %s element %" PRIu64, bulk ? "starts at" : "is to",
               g / o.st->elem_size);
    else
      snprintf(at, sizeof at, "; the access %s byte %" PRIu64 " of it", bulk ? "starts at" : "is at", g);
    upcrt_fatal("%s at %s:%d:%d out of bounds: the pointer-to-shared points into %s%s", what,
                site->file, site->line, site->col, obj, at);
  }
  /* A pointer into the middle of another thread's heap object (see
   * upcrt_check_lookup): only addresses outside every heap are reported. */
  if (base.offset >= upcrt_seg_heap_lo && base.offset < upcrt_seg_size) return p;
  upcrt_check_what(what, sizeof what, kind, site->expr, n);
  upcrt_fatal("%s at %s:%d:%d: the pointer-to-shared (thread %u, offset 0x%" PRIx64
              ") does not point into a shared object",
              what, site->file, site->line, site->col, base.thread, base.offset);
}

upcrt_pts_t upcrt_check_ptr(upcrt_pts_t base, upcrt_pts_t p, size_t n, int kind,
                            upcrt_check_site_t *site) {
  return upcrt_check_access(base, p, n, kind, site);
}

upcrt_pts_t upcrt_check_range(upcrt_pts_t p, size_t n, int kind, upcrt_check_site_t *site) {
  if (n == 0) return p;
  return upcrt_check_access(p, p, n, kind, site);
}

void *upcrt_check_to_private(upcrt_pts_t p, const upcrt_check_site_t *site) {
  if (upcrt_pts_isnull(p)) return upcrt_pts_to_private(p);
  if (p.thread >= (uint32_t)upcrt_threads)
    upcrt_fatal("cast of %s to a private pointer at %s:%d:%d: the pointer-to-shared has thread "
                "%u, but THREADS is %d", site->expr, site->file, site->line, site->col, p.thread,
                upcrt_threads);
  if (upcrt_node_base[p.thread] == NULL)
    upcrt_fatal("cast of %s to a private pointer at %s:%d:%d: it points to data on thread %u, "
                "which is not on this thread's node (UPC 1.3 6.4.3: the result is undefined; "
                "upc_castable tells)",
                site->expr, site->file, site->line, site->col, p.thread);
  return upcrt_pts_to_private(p);
}
