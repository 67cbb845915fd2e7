/* svd.c — the shared variable directory: static objects, the symmetric (ALL)
 * heap, each thread's upc_alloc partition, upc_free validation (see svd.h). */
#include "svd.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_site.h"
#include "segment.h"
#include "start.h"
#include "ticket.h"

#define HDR 64
#define UPCRT_SVD_MAGIC 0x5550435356444844ull /* "UPCSVDHD" */
/* free runs at the top of the symmetric heap this large go back to the
 * shared boundary (smaller ones stay in the table for reuse) */
#define UPCRT_SVD_RETRACT ((uint64_t)1 << 20)
#define SYMTAB_MAX ((UPCRT_SEG_CTRL - UPCRT_SEG_SYMTAB - 16) / 16)

typedef struct {
  uint64_t magic; /* UPCRT_SVD_MAGIC ^ data offset */
  uint64_t size;  /* data bytes (per thread for symmetric blocks) */
  uint64_t next;  /* link on the owner's remote-free stack */
  uint64_t state; /* UPCRT_SVD_FREE or the live kind */
  uint64_t a, b;  /* the allocation call's arguments, for messages */
  uint32_t owner; /* thread that allocated it */
  uint32_t kind;  /* the live kind, kept after the block is freed (messages) */
  uint64_t site;  /* upcc -fupc-check: the allocation call (upcrt_svd_site_code) */
} upcrt_svd_hdr_t;

typedef struct {
  uint64_t off, len;
} upcrt_svd_ext_t;

typedef struct {
  uint64_t n, pad;
  upcrt_svd_ext_t e[SYMTAB_MAX];
} upcrt_svd_symtab_t;

/* ---- static objects ---- */

static upcrt_static_t *upcrt_svd_statics, **upcrt_svd_statics_tail = &upcrt_svd_statics;
static size_t upcrt_svd_static_total;

void upcrt_register_static(upcrt_static_t *obj) {
  if (upcrt_start_running)
    upcrt_fatal("static shared object '%s' registered after start-up (a shared library "
                "loaded at run time cannot define shared objects)",
                obj->name ? obj->name : "?");
  obj->next = NULL;
  *upcrt_svd_statics_tail = obj;
  upcrt_svd_statics_tail = &obj->next;
}

static size_t upcrt_svd_nelems(const upcrt_static_t *o) {
  return o->nelems * (o->threads_scaled ? (size_t)upcrt_threads : 1);
}

/* Bytes one thread reserves for a static object (the same on every thread). */
static size_t upcrt_svd_per_thread(const upcrt_static_t *o) {
  size_t n = upcrt_svd_nelems(o), e = o->elem_size ? o->elem_size : 1;
  size_t bytes;
  if (o->block == 0) {
    bytes = n * e;
  } else {
    size_t nblocks = (n + o->block - 1) / o->block;
    size_t rows = (nblocks + (size_t)upcrt_threads - 1) / (size_t)upcrt_threads;
    bytes = rows * o->block * e;
  }
  return bytes ? bytes : e;
}

size_t upcrt_svd_static_bytes(void) {
  uint64_t off = UPCRT_SEG_CTRL;
  for (upcrt_static_t *o = upcrt_svd_statics; o; o = o->next) {
    o->offset = off;
    off += (upcrt_svd_per_thread(o) + 63) & ~(size_t)63;
  }
  upcrt_svd_static_total = off - UPCRT_SEG_CTRL;
  return upcrt_svd_static_total;
}

/* Each thread copies the initial elements with affinity to itself. */
static void upcrt_svd_init_static(const upcrt_static_t *o) {
  if (!o->init || !o->init_nelems) return;
  size_t e = o->elem_size, n = o->init_nelems, total = upcrt_svd_nelems(o);
  if (n > total) n = total;
  const char *src = o->init;
  char *dst = upcrt_seg_mybase + o->offset;
  if (o->block == 0) {
    if (upcrt_mythread == 0) memcpy(dst, src, n * e);
    return;
  }
  size_t B = o->block, T = (size_t)upcrt_threads;
  for (size_t first = (size_t)upcrt_mythread * B; first < n; first += B * T) {
    size_t run = n - first < B ? n - first : B;
    size_t row = first / (B * T);
    memcpy(dst + row * B * e, src + first * e, run * e);
  }
}

/* ---- allocation sites in block headers (checking mode) ---- */

/* Every thread runs the same executable, into which the runtime and the
 * program's check sites are linked: a site's distance from the start of the
 * image is the same in every process, whatever address the image was loaded
 * at.  A site outside the executable (a shared library's) is not recorded. */
extern const char __ehdr_start[] __attribute__((weak, visibility("hidden")));
extern const char _end[] __attribute__((weak, visibility("hidden")));

static uint64_t upcrt_svd_site_code(const upcrt_check_site_t *site) {
  uintptr_t s = (uintptr_t)site, lo = (uintptr_t)__ehdr_start, hi = (uintptr_t)_end;
  if (!site || !lo || !hi || s < lo || s >= hi) return 0;
  return (uint64_t)(s - lo) + 1;
}

static const upcrt_check_site_t *upcrt_svd_site_decode(uint64_t code) {
  uintptr_t lo = (uintptr_t)__ehdr_start, hi = (uintptr_t)_end;
  if (!code || !lo || !hi || code - 1 >= (uint64_t)(hi - lo) ||
      (code - 1) % _Alignof(upcrt_check_site_t) != 0)
    return NULL;
  return (const upcrt_check_site_t *)(lo + (uintptr_t)(code - 1));
}

/* ---- heap objects this thread knows of (for messages) ---- */

typedef struct {
  uint64_t off, len;
  int kind, thread; /* thread -1: symmetric */
  int owner;        /* thread that allocated it */
  size_t a, b;
  const upcrt_check_site_t *site; /* upcc -fupc-check: the allocation call */
} upcrt_svd_known_t;
static upcrt_svd_known_t *upcrt_svd_known;
static size_t upcrt_svd_nknown, upcrt_svd_capknown;
uint64_t upcrt_svd_gen = 1;

void upcrt_svd_know(uint64_t off, uint64_t len, int kind, int thread, int owner,
                    size_t a, size_t b, const upcrt_check_site_t *site) {
  upcrt_svd_gen++;
  if (upcrt_svd_nknown == upcrt_svd_capknown) {
    size_t cap = upcrt_svd_capknown ? 2 * upcrt_svd_capknown : 64;
    upcrt_svd_known_t *k = realloc(upcrt_svd_known, cap * sizeof *k);
    if (!k) return; /* only messages lose detail */
    upcrt_svd_known = k;
    upcrt_svd_capknown = cap;
  }
  upcrt_svd_known[upcrt_svd_nknown++] =
      (upcrt_svd_known_t){off, len, kind, thread, owner, a, b, site};
}

/* Newest first: an object freed by another thread leaves a stale entry
 * here, and a later object may reuse its offset. */
static void upcrt_svd_forget(uint64_t off, int thread) {
  upcrt_svd_gen++;
  for (size_t i = upcrt_svd_nknown; i-- > 0;)
    if (upcrt_svd_known[i].off == off &&
        (upcrt_svd_known[i].thread == thread || upcrt_svd_known[i].thread == -1)) {
      upcrt_svd_known[i] = upcrt_svd_known[--upcrt_svd_nknown];
      return;
    }
}

static const char *upcrt_svd_kind_name(int kind) {
  switch (kind) {
  case UPCRT_SVD_ALL: return "upc_all_alloc";
  case UPCRT_SVD_GLOBAL: return "upc_global_alloc";
  case UPCRT_SVD_LOCAL: return "upc_alloc";
  case UPCRT_SVD_LOCK: return "upc_lock_t";
  case UPCRT_SVD_SYNC: return "upcx_sync_neighbors counters";
  case UPCRT_SVD_SEM: return "bupc_sem_t";
  default: return "block";
  }
}

/* Whether a known object's header still says it is live (the entry may be
 * stale when another thread freed the object). */
static int upcrt_svd_still_live(const upcrt_svd_known_t *k) {
  uint64_t h[4];
  int t = k->thread >= 0 ? k->thread : 0;
  upcrt_seg_read(h, t, k->off - HDR, sizeof h);
  return h[0] == (UPCRT_SVD_MAGIC ^ k->off) && h[1] == k->len && h[3] == (uint64_t)k->kind;
}

int upcrt_svd_find(upcrt_pts_t p, upcrt_svd_obj_t *o, int verify) {
  for (const upcrt_static_t *s = upcrt_svd_statics; s; s = s->next) {
    size_t bytes = upcrt_svd_per_thread(s);
    if (p.offset < s->offset || p.offset >= s->offset + bytes) continue;
    size_t e = s->elem_size ? s->elem_size : 1;
    *o = (upcrt_svd_obj_t){s->offset, bytes, upcrt_svd_nelems(s) * e, s->block * e,
                           s->block ? -1 : 0, s, 0, 0, 0, NULL, -1};
    return 1;
  }
  for (size_t i = upcrt_svd_nknown; i-- > 0;) {
    const upcrt_svd_known_t *k = &upcrt_svd_known[i];
    if (p.offset < k->off || p.offset >= k->off + k->len) continue;
    if (k->thread >= 0 && (uint32_t)k->thread != p.thread) continue;
    if (verify && !upcrt_svd_still_live(k)) continue;
    if (k->kind == UPCRT_SVD_ALL || k->kind == UPCRT_SVD_GLOBAL)
      *o = (upcrt_svd_obj_t){k->off, k->len, (uint64_t)k->a * k->b, k->b, -1, NULL,
                             k->kind, k->a, k->b, k->site, k->owner};
    else
      *o = (upcrt_svd_obj_t){k->off, k->len, k->a, 0, k->thread, NULL, k->kind, k->a, k->b,
                             k->site, k->owner};
    return 1;
  }
  return 0;
}

static int upcrt_svd_is_sym(uint64_t kind) {
  return kind == UPCRT_SVD_ALL || kind == UPCRT_SVD_GLOBAL;
}

/* The object a block header describes (data at off; thread: where a
 * upc_alloc block lives). */
static void upcrt_svd_hdr_obj(const upcrt_svd_hdr_t *h, uint64_t off, uint32_t thread,
                              upcrt_svd_obj_t *o) {
  const upcrt_check_site_t *site = upcrt_svd_site_decode(h->site);
  if (upcrt_svd_is_sym(h->kind))
    *o = (upcrt_svd_obj_t){off, h->size, h->a * h->b, h->b, -1, NULL, (int)h->kind,
                           (size_t)h->a, (size_t)h->b, site, (int)h->owner};
  else
    *o = (upcrt_svd_obj_t){off, h->size, h->a, 0, (int)thread, NULL, (int)h->kind,
                           (size_t)h->a, (size_t)h->b, site, (int)h->owner};
}

/* Whether a live block covers the header slot at hoff on thread t (its data
 * starting below hoff).  A freed block's header stays until its memory is
 * reused, and a block allocated since may hold it in its data: the first
 * live header below tells.  The symmetric heap lies below SYMTOP (headers on
 * thread 0), thread t's upc_alloc blocks above its LOCALBOT; in between
 * nothing is live.  Only a header saying "freed" leads here (an error, or a
 * rare stale header), so the scan may be long: down to the first live header
 * or the bottom of the part of the heap hoff is in, 64 headers per read. */
static int upcrt_svd_covered(uint32_t t, uint64_t hoff) {
  uint64_t symtop = upcrt_seg_load(0, UPCRT_SEG_SYMTOP);
  uint64_t lbot = upcrt_seg_load((int)t, UPCRT_SEG_LOCALBOT);
  int sym = hoff < symtop, at = sym ? 0 : (int)t;
  uint64_t lo = sym ? upcrt_seg_heap_lo : lbot;
  if (!sym && hoff < lbot) return 0;
  upcrt_svd_hdr_t buf[64];
  for (uint64_t hi = hoff; hi > lo;) {
    uint64_t n = (hi - lo) / HDR < 64 ? (hi - lo) / HDR : 64;
    if (n == 0) break;
    uint64_t first = hi - n * HDR;
    upcrt_seg_read(buf, at, first, n * HDR);
    for (uint64_t i = n; i-- > 0;) {
      const upcrt_svd_hdr_t *h = &buf[i];
      uint64_t data = first + i * HDR + HDR;
      if (h->magic != (UPCRT_SVD_MAGIC ^ data) || h->state == UPCRT_SVD_FREE ||
          upcrt_svd_is_sym(h->state) != sym)
        continue;
      return data + h->size > hoff;
    }
    hi = first;
  }
  return 0;
}

int upcrt_svd_find_block(upcrt_pts_t p, upcrt_svd_obj_t *o) {
  if (p.thread >= (uint32_t)upcrt_threads || p.offset % 64 != 0 ||
      p.offset < upcrt_seg_heap_lo + HDR || p.offset >= upcrt_seg_size)
    return 0;
  uint64_t hoff = p.offset - HDR;
  upcrt_svd_hdr_t h, freed;
  int have_freed = 0;
  /* p's own thread holds the header of a upc_alloc block (and thread 0 of
   * every block, symmetric ones included) */
  upcrt_seg_read(&h, (int)p.thread, hoff, sizeof h);
  if (h.magic == (UPCRT_SVD_MAGIC ^ p.offset)) {
    if (h.state != UPCRT_SVD_FREE && (p.thread == 0 || !upcrt_svd_is_sym(h.state))) {
      upcrt_svd_hdr_obj(&h, p.offset, p.thread, o);
      return UPCRT_SVD_FOUND_LIVE;
    }
    if (h.state == UPCRT_SVD_FREE) {
      freed = h;
      have_freed = 1;
    }
  }
  if (p.thread != 0) {
    upcrt_seg_read(&h, 0, hoff, sizeof h);
    if (h.magic == (UPCRT_SVD_MAGIC ^ p.offset) && upcrt_svd_is_sym(h.kind)) {
      if (h.state != UPCRT_SVD_FREE) {
        upcrt_svd_hdr_obj(&h, p.offset, p.thread, o);
        return UPCRT_SVD_FOUND_LIVE;
      }
      if (!have_freed) {
        freed = h;
        have_freed = 1;
      }
    }
  }
  if (!have_freed || upcrt_svd_covered(p.thread, hoff)) return 0;
  upcrt_svd_hdr_obj(&freed, p.offset, p.thread, o);
  return UPCRT_SVD_FOUND_FREED;
}

const char *upcrt_svd_kind_text(int kind) { return upcrt_svd_kind_name(kind); }

void upcrt_describe_pts(upcrt_pts_t p, char *buf, size_t size) {
  if (upcrt_pts_isnull(p)) {
    snprintf(buf, size, "NULL");
    return;
  }
  for (const upcrt_static_t *o = upcrt_svd_statics; o; o = o->next) {
    size_t bytes = upcrt_svd_per_thread(o);
    if (p.offset < o->offset || p.offset >= o->offset + bytes) continue;
    size_t e = o->elem_size ? o->elem_size : 1, rel = p.offset - o->offset;
    size_t idx, byte = rel % e;
    if (o->block == 0) {
      idx = rel / e;
      if (p.thread != 0) break;
    } else {
      size_t row = rel / (o->block * e), in = rel / e % o->block;
      idx = (row * (size_t)upcrt_threads + p.thread) * o->block + in;
    }
    if (upcrt_svd_nelems(o) <= 1 && byte == 0)
      snprintf(buf, size, "%s", o->name);
    else if (byte == 0)
      snprintf(buf, size, "%s[%zu]", o->name, idx);
    else
      snprintf(buf, size, "%s[%zu] (byte %zu)", o->name, idx, byte);
    return;
  }
  for (size_t i = upcrt_svd_nknown; i-- > 0;) {
    const upcrt_svd_known_t *k = &upcrt_svd_known[i];
    if (p.offset < k->off || p.offset >= k->off + k->len) continue;
    if (k->thread >= 0 && (uint32_t)k->thread != p.thread) continue;
    if (!upcrt_svd_still_live(k)) continue;
    size_t rel = p.offset - k->off;
    if (k->kind == UPCRT_SVD_ALL || k->kind == UPCRT_SVD_GLOBAL) {
      /* blocks of b bytes dealt round-robin: byte index in the whole object */
      size_t nb = k->b ? k->b : 1;
      size_t gbyte = ((rel / nb) * (size_t)upcrt_threads + p.thread) * nb + rel % nb;
      snprintf(buf, size, "%s(%zu, %zu) object, byte %zu", upcrt_svd_kind_name(k->kind), k->a,
               k->b, gbyte);
    } else {
      snprintf(buf, size, "%s(%zu) block on thread %u, byte %zu", upcrt_svd_kind_name(k->kind),
               k->a, p.thread, rel);
    }
    return;
  }
  /* the start of a heap block this thread does not know: its header says */
  if (p.thread < (uint32_t)upcrt_threads && p.offset % 64 == 0 &&
      p.offset >= upcrt_seg_heap_lo + HDR && p.offset < upcrt_seg_size) {
    upcrt_svd_hdr_t h;
    upcrt_seg_read(&h, (int)p.thread, p.offset - HDR, sizeof h);
    if (h.magic == (UPCRT_SVD_MAGIC ^ p.offset)) {
      if (h.state == UPCRT_SVD_LOCK || h.state == UPCRT_SVD_SEM)
        snprintf(buf, size, "%s on thread %u (allocated by thread %" PRIu32 ")",
                 upcrt_svd_kind_name((int)h.state), p.thread, h.owner);
      else if (h.state == UPCRT_SVD_ALL || h.state == UPCRT_SVD_GLOBAL)
        snprintf(buf, size, "%s(%" PRIu64 ", %" PRIu64 ") object", upcrt_svd_kind_name((int)h.state),
                 h.a, h.b);
      else
        snprintf(buf, size, "upc_alloc(%" PRIu64 ") block on thread %u", h.a, p.thread);
      return;
    }
  }
  snprintf(buf, size, "shared address (thread %u, offset 0x%" PRIx64 ", phase %u)", p.thread,
           p.offset, p.phase);
}

/* ---- free-extent lists (sorted by offset, coalesced) ---- */

/* Inserts [off, off+len) into e[0..*n) of capacity cap; returns 0 when the
 * table is full (the extent is then lost, which only wastes space). */
static int upcrt_svd_ext_insert(upcrt_svd_ext_t *e, uint64_t *n, size_t cap, uint64_t off,
                                uint64_t len) {
  size_t i = 0;
  while (i < *n && e[i].off < off) i++;
  int left = i > 0 && e[i - 1].off + e[i - 1].len == off;
  int right = i < *n && off + len == e[i].off;
  if (left && right) {
    e[i - 1].len += len + e[i].len;
    memmove(&e[i], &e[i + 1], (*n - i - 1) * sizeof *e);
    (*n)--;
  } else if (left) {
    e[i - 1].len += len;
  } else if (right) {
    e[i].off = off;
    e[i].len += len;
  } else {
    if (*n >= cap) return 0;
    memmove(&e[i + 1], &e[i], (*n - i) * sizeof *e);
    e[i] = (upcrt_svd_ext_t){off, len};
    (*n)++;
  }
  return 1;
}

/* First fit: takes need bytes from the lowest extent that has them. */
static uint64_t upcrt_svd_ext_take(upcrt_svd_ext_t *e, uint64_t *n, uint64_t need) {
  for (size_t i = 0; i < *n; i++) {
    if (e[i].len < need) continue;
    uint64_t off = e[i].off;
    e[i].off += need;
    e[i].len -= need;
    if (e[i].len == 0) {
      memmove(&e[i], &e[i + 1], (*n - i - 1) * sizeof *e);
      (*n)--;
    }
    return off;
  }
  return 0;
}

static uint64_t upcrt_svd_ext_sum(const upcrt_svd_ext_t *e, uint64_t n) {
  uint64_t s = 0;
  for (uint64_t i = 0; i < n; i++) s += e[i].len;
  return s;
}

/* ---- exhaustion ---- */

static UPCRT_NORETURN void upcrt_svd_exhausted(int kind, size_t a, size_t b, size_t need,
                                               uint64_t avail) {
  char call[128];
  if (kind == UPCRT_SVD_ALL || kind == UPCRT_SVD_GLOBAL)
    snprintf(call, sizeof call, "%s(%zu, %zu)", upcrt_svd_kind_name(kind), a, b);
  else if (kind == UPCRT_SVD_LOCK || kind == UPCRT_SVD_SYNC)
    snprintf(call, sizeof call, "%s allocation", upcrt_svd_kind_name(kind));
  else if (kind == UPCRT_SVD_SEM)
    snprintf(call, sizeof call, "bupc_sem_alloc");
  else
    snprintf(call, sizeof call, "upc_alloc(%zu)", a);
  upcrt_fatal("%s: shared heap exhausted: needs %zu bytes %s, only %" PRIu64
              " bytes free in a shared heap of %zu bytes per thread; raise it with "
              "upcrun -shared-heap SIZE or UPC_SHARED_HEAP_SIZE=SIZE",
              call, need, (kind == UPCRT_SVD_ALL || kind == UPCRT_SVD_GLOBAL) ? "on every thread"
                                                                        : "on this thread",
              avail, upcrt_seg_heap_size);
}

/* ---- this thread's partition (upc_alloc) ---- */

static upcrt_svd_ext_t *upcrt_svd_lfree;
static uint64_t upcrt_svd_lnfree;
static size_t upcrt_svd_lcap;
static uint64_t upcrt_svd_lbottom;
/* The bottom other threads see (UPCRT_SEG_LOCALBOT): at or below lbottom.
 * Growing down to it needs no handshake; space above it goes back to the
 * symmetric heap only in large steps, so that small alloc/free cycles at the
 * boundary cost no atomics. */
static uint64_t upcrt_svd_lpublished;

static void upcrt_svd_local_release(uint64_t off, uint64_t len) {
  if (off == upcrt_svd_lbottom) {
    /* give the space back to the shared boundary, with any free run above */
    upcrt_svd_lbottom += len;
    while (upcrt_svd_lnfree && upcrt_svd_lfree[0].off == upcrt_svd_lbottom) {
      upcrt_svd_lbottom += upcrt_svd_lfree[0].len;
      memmove(&upcrt_svd_lfree[0], &upcrt_svd_lfree[1],
              (upcrt_svd_lnfree - 1) * sizeof *upcrt_svd_lfree);
      upcrt_svd_lnfree--;
    }
    if (upcrt_svd_lbottom - upcrt_svd_lpublished >= UPCRT_SVD_RETRACT) {
      upcrt_svd_lpublished = upcrt_svd_lbottom;
      upcrt_seg_store(upcrt_mythread, UPCRT_SEG_LOCALBOT, upcrt_svd_lpublished);
    }
    return;
  }
  if (upcrt_svd_lnfree == upcrt_svd_lcap) {
    size_t cap = upcrt_svd_lcap ? 2 * upcrt_svd_lcap : 256;
    upcrt_svd_ext_t *e = realloc(upcrt_svd_lfree, cap * sizeof *e);
    if (!e) upcrt_fatal("out of private memory for the shared-heap free list");
    upcrt_svd_lfree = e;
    upcrt_svd_lcap = cap;
  }
  upcrt_svd_ext_insert(upcrt_svd_lfree, &upcrt_svd_lnfree, upcrt_svd_lcap, off, len);
}

/* Takes back the blocks other threads freed (pushed on our stack). */
static void upcrt_svd_drain(void) {
  /* a plain look first: a push in flight is simply taken next time */
  volatile uint64_t *head = (volatile uint64_t *)(upcrt_seg_mybase + UPCRT_SEG_FREESTACK);
  if (*head == 0) return;
  uint64_t off = upcrt_seg_swap(upcrt_mythread, UPCRT_SEG_FREESTACK, 0);
  upcrt_seg_sync();
  while (off) {
    upcrt_svd_hdr_t *h = (upcrt_svd_hdr_t *)(upcrt_seg_mybase + off);
    uint64_t next = h->next;
    upcrt_svd_local_release(off, h->size + HDR);
    off = next;
  }
}

uint64_t upcrt_svd_local_alloc(size_t n, int kind) {
  const upcrt_check_site_t *site = upcrt_check_take();
  uint64_t need = ((uint64_t)(n ? n : 1) + 63) / 64 * 64 + HDR;
  if (need < n) upcrt_svd_exhausted(kind, n, 0, n, 0);
  upcrt_svd_drain();
  uint64_t off = upcrt_svd_ext_take(upcrt_svd_lfree, &upcrt_svd_lnfree, need);
  if (!off && need <= upcrt_svd_lbottom &&
      upcrt_svd_lbottom - need >= upcrt_svd_lpublished) {
    /* still above the published bottom: ours already */
    upcrt_svd_lbottom -= need;
    off = upcrt_svd_lbottom;
  }
  if (!off) {
    uint64_t nb = upcrt_svd_lbottom - need;
    uint64_t top = upcrt_seg_load(0, UPCRT_SEG_SYMTOP);
    if (need > upcrt_svd_lbottom || nb < top)
      upcrt_svd_exhausted(kind, n, 0, n,
                          upcrt_svd_ext_sum(upcrt_svd_lfree, upcrt_svd_lnfree) +
                              (upcrt_svd_lbottom > top ? upcrt_svd_lbottom - top : 0));
    /* publish the new bottom, then check the symmetric top did not pass it
     * meanwhile (the symmetric allocator does the mirror image) */
    upcrt_seg_store(upcrt_mythread, UPCRT_SEG_LOCALBOT, nb);
    top = upcrt_seg_load(0, UPCRT_SEG_SYMTOP);
    if (nb < top) {
      upcrt_seg_store(upcrt_mythread, UPCRT_SEG_LOCALBOT, upcrt_svd_lpublished);
      upcrt_svd_exhausted(kind, n, 0, n,
                          upcrt_svd_ext_sum(upcrt_svd_lfree, upcrt_svd_lnfree) +
                              (upcrt_svd_lbottom > top ? upcrt_svd_lbottom - top : 0));
    }
    upcrt_svd_lbottom = upcrt_svd_lpublished = nb;
    off = nb;
  }
  upcrt_svd_hdr_t *h = (upcrt_svd_hdr_t *)(upcrt_seg_mybase + off);
  *h = (upcrt_svd_hdr_t){UPCRT_SVD_MAGIC ^ (off + HDR), need - HDR, 0, (uint64_t)kind, n, 0,
                         (uint32_t)upcrt_mythread, (uint32_t)kind, upcrt_svd_site_code(site)};
  upcrt_seg_sync();
  upcrt_svd_know(off + HDR, need - HDR, kind, upcrt_mythread, upcrt_mythread, n, 0, site);
  return off + HDR;
}

/* ---- the symmetric heap (ALL partition), metadata on thread 0 ---- */

static upcrt_svd_symtab_t *upcrt_svd_symtab; /* private copy while locked */

static void upcrt_svd_symtab_read(void) {
  upcrt_seg_read(&upcrt_svd_symtab->n, 0, UPCRT_SEG_SYMTAB, 16);
  if (upcrt_svd_symtab->n)
    upcrt_seg_read(upcrt_svd_symtab->e, 0, UPCRT_SEG_SYMTAB + 16,
                   upcrt_svd_symtab->n * sizeof(upcrt_svd_ext_t));
}

static void upcrt_svd_symtab_write(void) {
  upcrt_seg_write(0, UPCRT_SEG_SYMTAB, upcrt_svd_symtab,
                  16 + upcrt_svd_symtab->n * sizeof(upcrt_svd_ext_t));
}

uint64_t upcrt_svd_sym_alloc(size_t per_thread, int kind, size_t a, size_t b) {
  const upcrt_check_site_t *site = upcrt_check_take();
  uint64_t need = ((uint64_t)(per_thread ? per_thread : 1) + 63) / 64 * 64 + HDR;
  if (need < per_thread) upcrt_svd_exhausted(kind, a, b, per_thread, 0);
  upcrt_ticket_acquire(0, UPCRT_SEG_SYMLOCK);
  upcrt_svd_symtab_read();
  uint64_t off = upcrt_svd_ext_take(upcrt_svd_symtab->e, &upcrt_svd_symtab->n, need);
  if (off) {
    upcrt_svd_symtab_write();
  } else {
    uint64_t top = upcrt_seg_load(0, UPCRT_SEG_SYMTOP), base = top, grow = need;
    uint64_t *n = &upcrt_svd_symtab->n;
    upcrt_svd_ext_t *last = *n ? &upcrt_svd_symtab->e[*n - 1] : NULL;
    if (last && last->off + last->len == top) {
      /* a free run at the top: grow only by what it lacks */
      base = last->off;
      grow = need - last->len;
    }
    uint64_t nt = top + grow;
    int ok = nt >= top && nt <= upcrt_seg_size;
    uint64_t lowest = upcrt_seg_size;
    if (ok) {
      upcrt_seg_store(0, UPCRT_SEG_SYMTOP, nt);
      for (int t = 0; t < upcrt_threads; t++) {
        uint64_t bot = upcrt_seg_load(t, UPCRT_SEG_LOCALBOT);
        if (bot < lowest) lowest = bot;
      }
      if (lowest < nt) {
        upcrt_seg_store(0, UPCRT_SEG_SYMTOP, top);
        ok = 0;
      }
    }
    if (!ok) {
      uint64_t avail = upcrt_svd_ext_sum(upcrt_svd_symtab->e, upcrt_svd_symtab->n) +
                       (lowest > top ? lowest - top : 0);
      upcrt_ticket_release(0, UPCRT_SEG_SYMLOCK);
      upcrt_svd_exhausted(kind, a, b, per_thread, avail);
    }
    if (base != top) {
      (*n)--;
      upcrt_svd_symtab_write();
    }
    off = base;
  }
  upcrt_svd_hdr_t h = {UPCRT_SVD_MAGIC ^ (off + HDR), need - HDR, 0, (uint64_t)kind, a, b,
                       (uint32_t)upcrt_mythread, (uint32_t)kind, upcrt_svd_site_code(site)};
  upcrt_seg_write(0, off, &h, sizeof h);
  upcrt_ticket_release(0, UPCRT_SEG_SYMLOCK);
  upcrt_svd_know(off + HDR, need - HDR, kind, -1, upcrt_mythread, a, b, site);
  return off + HDR;
}

static void upcrt_svd_sym_release(uint64_t off, uint64_t len) {
  upcrt_ticket_acquire(0, UPCRT_SEG_SYMLOCK);
  upcrt_svd_symtab_read();
  uint64_t top = upcrt_seg_load(0, UPCRT_SEG_SYMTOP);
  if (!upcrt_svd_ext_insert(upcrt_svd_symtab->e, &upcrt_svd_symtab->n, SYMTAB_MAX, off, len)) {
    /* table full: the extent is lost, unless it is the top run */
    if (off + len == top) {
      top = off;
      upcrt_seg_store(0, UPCRT_SEG_SYMTOP, top);
    }
  }
  /* Give a free run at the top back to the upc_alloc partitions only when it
   * is large: growing the top again costs a look at every thread's bottom,
   * and small alloc/free cycles should reuse the extent instead. */
  uint64_t n = upcrt_svd_symtab->n;
  if (n && upcrt_svd_symtab->e[n - 1].off + upcrt_svd_symtab->e[n - 1].len == top &&
      upcrt_svd_symtab->e[n - 1].len >= UPCRT_SVD_RETRACT) {
    top = upcrt_svd_symtab->e[n - 1].off;
    upcrt_svd_symtab->n = n - 1;
    upcrt_seg_store(0, UPCRT_SEG_SYMTOP, top);
  }
  upcrt_svd_symtab_write();
  upcrt_ticket_release(0, UPCRT_SEG_SYMLOCK);
}

/* ---- free ---- */

unsigned upcrt_svd_kind_bit(int kind) {
  switch (kind) {
  case UPCRT_SVD_ALL: return UPCRT_SVD_M_ALL;
  case UPCRT_SVD_GLOBAL: return UPCRT_SVD_M_GLOBAL;
  case UPCRT_SVD_LOCAL: return UPCRT_SVD_M_LOCAL;
  case UPCRT_SVD_LOCK: return UPCRT_SVD_M_LOCK;
  case UPCRT_SVD_SEM: return UPCRT_SVD_M_SEM;
  default: return 0;
  }
}

static int upcrt_svd_read_hdr(upcrt_pts_t p, upcrt_svd_hdr_t *h) {
  if (p.phase != 0 || p.thread >= (uint32_t)upcrt_threads || p.offset % 64 != 0 ||
      p.offset < upcrt_seg_heap_lo + HDR || p.offset >= upcrt_seg_size)
    return 0;
  upcrt_seg_read(h, (int)p.thread, p.offset - HDR, sizeof *h);
  return h->magic == (UPCRT_SVD_MAGIC ^ p.offset);
}

int upcrt_svd_kind(upcrt_pts_t p) {
  upcrt_svd_hdr_t h;
  if (!upcrt_svd_read_hdr(p, &h)) return UPCRT_SVD_FREE;
  return (int)h.state;
}

void upcrt_svd_free(upcrt_pts_t p, const char *what, unsigned kinds) {
  char at[512]; /* upcc -fupc-check: " at file.upc:L:C" of the call */
  upcrt_check_where(upcrt_check_take(), at, sizeof at);
  if (upcrt_pts_isnull(p)) return;
  upcrt_svd_hdr_t h;
  char desc[256];
  int ok = upcrt_svd_read_hdr(p, &h);
  int sym = ok && (h.state == UPCRT_SVD_ALL || h.state == UPCRT_SVD_GLOBAL);
  if (ok && sym && p.thread != 0) ok = 0;
  if (!ok) {
    upcrt_describe_pts(p, desc, sizeof desc);
    upcrt_fatal("%s%s: %s is not a live shared allocation (not a pointer returned by an "
                "allocation function)", what, at, desc);
  }
  if (h.state == UPCRT_SVD_FREE) {
    upcrt_describe_pts(p, desc, sizeof desc);
    upcrt_fatal("%s%s: %s was already freed", what, at, desc);
  }
  if (!(kinds & upcrt_svd_kind_bit((int)h.state))) {
    upcrt_describe_pts(p, desc, sizeof desc);
    upcrt_fatal("%s%s: %s is a %s object, which %s cannot free", what, at, desc,
                upcrt_svd_kind_name((int)h.state), what);
  }
  uint64_t hoff = p.offset - HDR;
  /* claim the block; a concurrent free of the same block loses here */
  uint64_t old = upcrt_seg_cas((int)p.thread, hoff + offsetof(upcrt_svd_hdr_t, state), h.state,
                               UPCRT_SVD_FREE);
  if (old != h.state) {
    upcrt_describe_pts(p, desc, sizeof desc);
    upcrt_fatal("%s%s: %s was already freed", what, at, desc);
  }
  upcrt_svd_forget(p.offset, (int)p.thread);
  if (sym) {
    upcrt_svd_sym_release(hoff, h.size + HDR);
  } else if ((int)p.thread == upcrt_mythread) {
    upcrt_svd_local_release(hoff, h.size + HDR);
  } else {
    /* push on the owner's remote-free stack; it takes it back later */
    int t = (int)p.thread;
    for (;;) {
      uint64_t head = upcrt_seg_load(t, UPCRT_SEG_FREESTACK);
      upcrt_seg_write(t, hoff + offsetof(upcrt_svd_hdr_t, next), &head, sizeof head);
      if (upcrt_seg_cas(t, UPCRT_SEG_FREESTACK, head, hoff) == head) break;
    }
  }
}

/* ---- start-up ---- */

void upcrt_svd_init(void) {
  upcrt_svd_symtab = calloc(1, sizeof *upcrt_svd_symtab);
  if (!upcrt_svd_symtab) upcrt_fatal("out of private memory at start-up");
  upcrt_svd_lbottom = upcrt_svd_lpublished = upcrt_seg_size;
  for (upcrt_static_t *o = upcrt_svd_statics; o; o = o->next) upcrt_svd_init_static(o);
  upcrt_seg_sync();
}

void upcrt_svd_finalize(void) {
  free(upcrt_svd_symtab);
  upcrt_svd_symtab = NULL;
  free(upcrt_svd_lfree);
  upcrt_svd_lfree = NULL;
  upcrt_svd_lnfree = upcrt_svd_lcap = 0;
  free(upcrt_svd_known);
  upcrt_svd_known = NULL;
  upcrt_svd_nknown = upcrt_svd_capknown = 0;
}

/* ---- the UPC allocation library ---- */

size_t upcrt_svd_mul(size_t a, size_t b, const char *what, size_t x, size_t y) {
  if (b && a > SIZE_MAX / b)
    upcrt_fatal("%s(%zu, %zu): size overflows", what, x, y);
  return a * b;
}

/* A request for zero bytes gives the null pointer-to-shared and allocates
 * nothing (UPC 1.3 7.2.2.1-3). */
upcrt_pts_t upc_global_alloc(size_t nblocks, size_t nbytes) {
  if (nblocks == 0 || nbytes == 0) return UPCRT_NULL_PTS;
  size_t rows = (nblocks + (size_t)upcrt_threads - 1) / (size_t)upcrt_threads;
  size_t per = upcrt_svd_mul(rows, nbytes, "upc_global_alloc", nblocks, nbytes);
  uint64_t off = upcrt_svd_sym_alloc(per, UPCRT_SVD_GLOBAL, nblocks, nbytes);
  return (upcrt_pts_t){off, 0, 0};
}

upcrt_pts_t upc_alloc(size_t nbytes) {
  if (nbytes == 0) return UPCRT_NULL_PTS;
  uint64_t off = upcrt_svd_local_alloc(nbytes, UPCRT_SVD_LOCAL);
  return (upcrt_pts_t){off, (uint32_t)upcrt_mythread, 0};
}

/* UPC 1.1's upc_local_alloc (deprecated in 1.2, gone in 1.3): upc_alloc of
 * nblocks * nbytes, as Berkeley UPC and GCC UPC still provide it. */
upcrt_pts_t upc_local_alloc(size_t nblocks, size_t nbytes) {
  return upc_alloc(upcrt_svd_mul(nblocks, nbytes, "upc_local_alloc", nblocks, nbytes));
}

void upc_free(upcrt_pts_t ptr) {
  /* any heap object but a lock (UPC 1.3 7.2.2.4) */
  upcrt_svd_free(ptr, "upc_free", UPCRT_SVD_M_ALL | UPCRT_SVD_M_GLOBAL | UPCRT_SVD_M_LOCAL);
}

void upc_all_free(upcrt_pts_t ptr) {
  /* collective: thread 0 frees it once; the others only forget it */
  if (upcrt_mythread == 0)
    upcrt_svd_free(ptr, "upc_all_free",
                   UPCRT_SVD_M_ALL | UPCRT_SVD_M_GLOBAL | UPCRT_SVD_M_LOCAL);
  else
    upcrt_svd_forget(ptr.offset, (int)ptr.thread);
}
