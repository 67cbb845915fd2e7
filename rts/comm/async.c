/* async.c — upcx_async: remote invocation over MPI messages and libffi (see async.h). */
#include "async.h"

#include <dlfcn.h>
#include <ffi.h>
#include <link.h>
#include <mpi.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/backoff.h"
#include "core/doorbell.h"
#include "core/segment.h"
#include "core/stats.h"
#include "transport.h"
#include "upcrt.h"
#include "upcx.h"

enum { UPCRT_ASYNC_REQ = 1, UPCRT_ASYNC_REP = 2 };
/* Arguments and return values start this far into a message, so that a
 * long double or a struct in them is aligned in the malloc'd buffer. */
#define UPCRT_ASYNC_ALIGN 16

struct upcx_future {
  int done;
  MPI_Request send; /* of the request message */
  void *msg;
  size_t rsize; /* bytes of the return value */
  void *result;
};

/* A request: this header, the module's path (none for the executable),
 * the signature, padding to UPCRT_ASYNC_ALIGN, the arguments.  A reply:
 * the future (uint64_t), padding, the return value. */
struct upcrt_async_hdr {
  uint64_t future;    /* the caller's struct upcx_future *, sent back in the reply */
  uint64_t fn_offset; /* from the module's load address */
  uint32_t module_len, sig_len, nfixed, args_len;
};

static MPI_Comm upcrt_async_comm = MPI_COMM_NULL;
static const uint64_t upcrt_async_nothing;
const uint64_t *upcrt_async_inbox = &upcrt_async_nothing;
uint64_t upcrt_async_served;
static uint64_t upcrt_async_sent;    /* requests this thread sent */
static uint64_t upcrt_async_waiting; /* of them, still without a reply */

/* reply sends in flight */
static struct upcrt_async_out {
  MPI_Request req;
  void *buf;
} *upcrt_async_out;
static size_t upcrt_async_nout, upcrt_async_capout;

void upcrt_async_init(void) {
  MPI_Request r;
  MPI_Comm_idup(upcrt_seg_comm, &upcrt_async_comm, &r);
  upcrt_backoff_waitall(1, &r);
  upcrt_async_inbox = (const uint64_t *)(upcrt_seg_mybase + UPCRT_SEG_ASYNC);
}

static size_t upcrt_async_round(size_t n) {
  return (n + UPCRT_ASYNC_ALIGN - 1) / UPCRT_ASYNC_ALIGN * UPCRT_ASYNC_ALIGN;
}

static void *upcrt_async_alloc(size_t n) {
  void *p = NULL;
  if (posix_memalign(&p, UPCRT_ASYNC_ALIGN, n ? n : 1) != 0)
    upcrt_fatal("upcx_async: out of private memory for a %zu-byte message", n);
  return p;
}

/* ---- signatures as libffi types ---- */

static ffi_type *upcrt_async_pts_elems[] = {&ffi_type_uint64, &ffi_type_uint32,
                                            &ffi_type_uint32, NULL};
static ffi_type upcrt_async_pts_type = {0, 0, FFI_TYPE_STRUCT, upcrt_async_pts_elems};

/* Everything one call allocates for its types, freed after the call. */
struct upcrt_async_types {
  void **own;
  size_t n, cap;
};

static void *upcrt_async_keep(struct upcrt_async_types *ts, void *p) {
  if (!p) upcrt_fatal("upcx_async: out of private memory");
  if (ts->n == ts->cap) {
    ts->cap = ts->cap ? 2 * ts->cap : 8;
    ts->own = realloc(ts->own, ts->cap * sizeof *ts->own);
    if (!ts->own) upcrt_fatal("upcx_async: out of private memory");
  }
  ts->own[ts->n++] = p;
  return p;
}

/* Appends t to the NULL-terminated list *v of *n types (capacity *cap). */
static void upcrt_async_push(struct upcrt_async_types *ts, ffi_type ***v, size_t *n,
                             size_t *cap, ffi_type *t) {
  if (*n + 2 > *cap) {
    ffi_type **bigger = realloc(*v, 2 * *cap * sizeof **v);
    if (!bigger) upcrt_fatal("upcx_async: out of private memory");
    for (size_t i = 0; i < ts->n; i++)
      if (ts->own[i] == (void *)*v) ts->own[i] = bigger;
    *v = bigger;
    *cap *= 2;
  }
  (*v)[(*n)++] = t;
  (*v)[*n] = NULL;
}

static void upcrt_async_free_types(struct upcrt_async_types *ts) {
  for (size_t i = 0; i < ts->n; i++) free(ts->own[i]);
  free(ts->own);
}

static UPCRT_NORETURN void upcrt_async_bad_sig(const char *sig) {
  upcrt_fatal("upcx_async: malformed type signature \"%s\" (caller and callee built by "
              "different versions of upcc?)",
              sig);
}

/* The type at *s, which is advanced past it. */
static ffi_type *upcrt_async_type(const char **s, const char *sig,
                                  struct upcrt_async_types *ts) {
  switch (*(*s)++) {
  case 'v': return &ffi_type_void;
  case 'B': return sizeof(_Bool) == 1 ? &ffi_type_uint8 : &ffi_type_uint32;
  case 'c': return &ffi_type_schar;
  case 'C': return &ffi_type_uchar;
  case 'h': return &ffi_type_sshort;
  case 'H': return &ffi_type_ushort;
  case 'i': return &ffi_type_sint;
  case 'I': return &ffi_type_uint;
  case 'l': return &ffi_type_slong;
  case 'L': return &ffi_type_ulong;
  case 'q': return &ffi_type_sint64;
  case 'Q': return &ffi_type_uint64;
  case 'f': return &ffi_type_float;
  case 'd': return &ffi_type_double;
  case 'D': return &ffi_type_longdouble;
  case 'P': return &upcrt_async_pts_type;
  case '{': {
    size_t n = 0, cap = 4;
    ffi_type **el = upcrt_async_keep(ts, malloc(cap * sizeof *el));
    while (**s != '}') {
      if (**s == '\0') upcrt_async_bad_sig(sig);
      upcrt_async_push(ts, &el, &n, &cap, upcrt_async_type(s, sig, ts));
    }
    (*s)++;
    if (n == 0) upcrt_async_bad_sig(sig);
    ffi_type *st = upcrt_async_keep(ts, calloc(1, sizeof *st));
    st->type = FFI_TYPE_STRUCT;
    st->elements = el;
    return st;
  }
  default: upcrt_async_bad_sig(sig);
  }
}

/* ---- the target: finding and calling the function ---- */

static struct upcrt_async_module {
  char *path;
  uintptr_t base;
} *upcrt_async_modules;
static size_t upcrt_async_nmodules;

static uintptr_t upcrt_async_module_base(const char *path, size_t len, int caller) {
  for (size_t i = 0; i < upcrt_async_nmodules; i++)
    if (strlen(upcrt_async_modules[i].path) == len &&
        memcmp(upcrt_async_modules[i].path, path, len) == 0)
      return upcrt_async_modules[i].base;
  char *p = malloc(len + 1);
  struct upcrt_async_module *m =
      realloc(upcrt_async_modules, (upcrt_async_nmodules + 1) * sizeof *m);
  if (!p || !m) upcrt_fatal("upcx_async: out of private memory");
  upcrt_async_modules = m;
  memcpy(p, path, len);
  p[len] = '\0';
  void *h = dlopen(len ? p : NULL, RTLD_LAZY | (len ? RTLD_NOLOAD : 0));
  struct link_map *lm = NULL;
  if (!h || dlinfo(h, RTLD_DI_LINKMAP, &lm) != 0 || !lm)
    upcrt_fatal("upcx_async: thread %d asked this thread to run a function of %s, which "
                "this thread has not loaded",
                caller, p);
  upcrt_async_modules[upcrt_async_nmodules++] = (struct upcrt_async_module){p, lm->l_addr};
  return lm->l_addr;
}

static void upcrt_async_reap(void) {
  size_t k = 0;
  for (size_t i = 0; i < upcrt_async_nout; i++) {
    int done;
    MPI_Test(&upcrt_async_out[i].req, &done, MPI_STATUS_IGNORE);
    if (done) free(upcrt_async_out[i].buf);
    else upcrt_async_out[k++] = upcrt_async_out[i];
  }
  upcrt_async_nout = k;
}

static void upcrt_async_send_reply(int to, void *buf, size_t n) {
  if (upcrt_async_nout == upcrt_async_capout) {
    size_t cap = upcrt_async_capout ? 2 * upcrt_async_capout : 16;
    struct upcrt_async_out *o = realloc(upcrt_async_out, cap * sizeof *o);
    if (!o) upcrt_fatal("upcx_async: out of private memory");
    upcrt_async_out = o;
    upcrt_async_capout = cap;
  }
  struct upcrt_async_out *o = &upcrt_async_out[upcrt_async_nout++];
  o->buf = buf;
  MPI_Isend(buf, (int)n, MPI_BYTE, to, UPCRT_ASYNC_REP, upcrt_async_comm, &o->req);
}

/* Runs one request from thread `from` and sends the reply. */
static void upcrt_async_run(char *msg, int from) {
  struct upcrt_async_hdr h;
  memcpy(&h, msg, sizeof h);
  const char *module = msg + sizeof h;
  char *sig = malloc(h.sig_len + 1);
  if (!sig) upcrt_fatal("upcx_async: out of private memory");
  memcpy(sig, module + h.module_len, h.sig_len);
  sig[h.sig_len] = '\0';
  char *args = msg + upcrt_async_round(sizeof h + h.module_len + h.sig_len);

  struct upcrt_async_types ts = {0};
  const char *s = sig;
  if (!*s) upcrt_async_bad_sig(sig);
  ffi_type *rtype = upcrt_async_type(&s, sig, &ts);
  size_t n = 0, cap = 8;
  ffi_type **atypes = upcrt_async_keep(&ts, malloc(cap * sizeof *atypes));
  atypes[0] = NULL;
  while (*s) upcrt_async_push(&ts, &atypes, &n, &cap, upcrt_async_type(&s, sig, &ts));
  if (h.nfixed > n) upcrt_async_bad_sig(sig);

  ffi_cif cif;
  ffi_status st = h.nfixed < n ? ffi_prep_cif_var(&cif, FFI_DEFAULT_ABI, h.nfixed,
                                                  (unsigned)n, rtype, atypes)
                               : ffi_prep_cif(&cif, FFI_DEFAULT_ABI, (unsigned)n, rtype,
                                              atypes);
  if (st != FFI_OK) upcrt_fatal("upcx_async: libffi cannot call a function of type \"%s\"", sig);
  /* the caller laid the arguments out as a C struct of them */
  void **avalues = upcrt_async_keep(&ts, malloc((n ? n : 1) * sizeof *avalues));
  if (n) {
    size_t *offs = upcrt_async_keep(&ts, malloc(n * sizeof *offs));
    ffi_type layout = {0, 0, FFI_TYPE_STRUCT, atypes};
    if (ffi_get_struct_offsets(FFI_DEFAULT_ABI, &layout, offs) != FFI_OK ||
        layout.size != h.args_len)
      upcrt_fatal("upcx_async: the %u bytes of arguments from thread %d do not match the "
                  "signature \"%s\"",
                  h.args_len, from, sig);
    for (size_t i = 0; i < n; i++) avalues[i] = args + offs[i];
  }

  uintptr_t base = upcrt_async_module_base(module, h.module_len, from);
  void (*fn)(void) = (void (*)(void))(base + (uintptr_t)h.fn_offset);
  size_t rsize = rtype == &ffi_type_void ? 0 : rtype->size;
  size_t rbuf = rsize > sizeof(ffi_arg) ? rsize : sizeof(ffi_arg);
  char *reply = upcrt_async_alloc(UPCRT_ASYNC_ALIGN + rbuf);
  char *rv = reply + UPCRT_ASYNC_ALIGN;
  ffi_call(&cif, fn, rv, avalues);
  /* libffi widens integer results narrower than a register to ffi_arg */
  if (rsize && rsize < sizeof(ffi_arg) && rtype->type != FFI_TYPE_STRUCT &&
      rtype->type != FFI_TYPE_FLOAT) {
    ffi_arg wide;
    memcpy(&wide, rv, sizeof wide);
    uint8_t b = (uint8_t)wide;
    uint16_t w = (uint16_t)wide;
    uint32_t d = (uint32_t)wide;
    memcpy(rv, rsize == 1 ? (void *)&b : rsize == 2 ? (void *)&w : (void *)&d, rsize);
  }
  memcpy(reply, &h.future, sizeof h.future);
  upcrt_async_free_types(&ts);
  free(sig);
  upcrt_async_send_reply(from, reply, UPCRT_ASYNC_ALIGN + rsize);
}

/* The next message with this tag, or NULL; its sender and size. */
static char *upcrt_async_take(int tag, int *from, size_t *size) {
  int flag, n;
  MPI_Message m;
  MPI_Status st;
  MPI_Improbe(MPI_ANY_SOURCE, tag, upcrt_async_comm, &flag, &m, &st);
  if (!flag) return NULL;
  MPI_Get_count(&st, MPI_BYTE, &n);
  char *msg = upcrt_async_alloc((size_t)n);
  MPI_Mrecv(msg, n, MPI_BYTE, &m, MPI_STATUS_IGNORE);
  *from = st.MPI_SOURCE;
  *size = (size_t)n;
  return msg;
}

void upcrt_async_progress(void) {
  upcrt_async_poll();
  if (upcrt_async_nout) upcrt_async_reap();
}

void upcrt_async_serve(void) {
  upcrt_async_reap();
  int from;
  size_t n;
  for (char *msg; (msg = upcrt_async_take(UPCRT_ASYNC_REQ, &from, &n)) != NULL; free(msg)) {
    upcrt_async_served++;
    upcrt_async_run(msg, from);
  }
}

/* ---- the caller ---- */

static void upcrt_async_replies(void) {
  int from;
  size_t n;
  for (char *msg; (msg = upcrt_async_take(UPCRT_ASYNC_REP, &from, &n)) != NULL;) {
    uint64_t id;
    memcpy(&id, msg, sizeof id);
    struct upcx_future *f = (struct upcx_future *)(uintptr_t)id;
    f->rsize = n - UPCRT_ASYNC_ALIGN;
    f->result = msg; /* freed by upcx_wait */
    f->done = 1;
    upcrt_async_waiting--;
  }
}

struct upcx_future *upcrt_async(int thread, void (*fn)(void), const char *sig, int nfixed,
                                const void *args, size_t size) {
  if (thread < 0 || thread >= upcrt_threads)
    upcrt_fatal("upcx_async: thread %d does not exist (THREADS is %d)", thread,
                upcrt_threads);
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_event(UPCRT_STATS_ASYNC, size);
  Dl_info info;
  struct link_map *lm = NULL;
  if (!fn || !dladdr1((void *)fn, &info, (void **)&lm, RTLD_DL_LINKMAP) || !lm)
    upcrt_fatal("upcx_async: %p is not the address of a function of this program",
                (void *)fn);
  struct upcrt_async_hdr h = {0};
  h.fn_offset = (uint64_t)((uintptr_t)fn - lm->l_addr);
  h.module_len = (uint32_t)strlen(lm->l_name);
  h.sig_len = (uint32_t)strlen(sig);
  h.nfixed = (uint32_t)nfixed;
  h.args_len = (uint32_t)size;
  size_t at = upcrt_async_round(sizeof h + h.module_len + h.sig_len);
  struct upcx_future *f = calloc(1, sizeof *f);
  char *msg = upcrt_async_alloc(at + size);
  if (!f) upcrt_fatal("upcx_async: out of private memory");
  h.future = (uint64_t)(uintptr_t)f;
  memcpy(msg, &h, sizeof h);
  memcpy(msg + sizeof h, lm->l_name, h.module_len);
  memcpy(msg + sizeof h + h.module_len, sig, h.sig_len);
  memset(msg + sizeof h + h.module_len + h.sig_len, 0,
         at - (sizeof h + h.module_len + h.sig_len));
  if (size) memcpy(msg + at, args, size);
  f->msg = msg;
  MPI_Isend(msg, (int)(at + size), MPI_BYTE, thread, UPCRT_ASYNC_REQ, upcrt_async_comm,
            &f->send);
  upcrt_async_sent++;
  upcrt_async_waiting++;
  /* tell the target there is work: one load there finds out */
  if (upcrt_cpu_atomics) {
    __atomic_fetch_add((uint64_t *)(upcrt_node_base[thread] + UPCRT_SEG_ASYNC), 1,
                       __ATOMIC_RELEASE);
  } else {
    static const uint64_t one = 1;
    MPI_Accumulate(&one, 1, MPI_UINT64_T, thread, UPCRT_SEG_ASYNC, 1, MPI_UINT64_T, MPI_SUM,
                   upcrt_seg_win);
    upcrt_transport_note_put(thread, UPCRT_SEG_ASYNC, sizeof one);
    upcrt_doorbell_ring(thread);
  }
  return f;
}

/* One round of looking for work and replies. */
static void upcrt_async_step(void) {
  if (upcrt_puts_pending) upcrt_flush_puts(); /* our inbox increments must land */
  if (upcrt_progress_needed) upcrt_progress();
  upcrt_async_serve();
  upcrt_async_replies();
}

int upcx_test(upcx_future_t f) {
  if (!f) upcrt_fatal("upcx_test: the future is NULL");
  if (!f->done) upcrt_async_step();
  return f->done;
}

void upcx_wait(upcx_future_t f, void *result) {
  if (!f) upcrt_fatal("upcx_wait: the future is NULL");
  upcrt_backoff_t bo = {0};
  while (!f->done) {
    upcrt_async_step();
    if (!f->done) upcrt_backoff(&bo);
  }
  if (result && f->rsize) memcpy(result, (char *)f->result + UPCRT_ASYNC_ALIGN, f->rsize);
  MPI_Wait(&f->send, MPI_STATUS_IGNORE);
  free(f->msg);
  free(f->result);
  free(f);
}

void upcx_poll(void) {
  if (upcrt_transport_deferred) upcrt_transport_post_deferred();
  upcrt_async_step();
}

void upcrt_async_finish(void) {
  /* until a round finds nothing in flight and no new request since the
   * previous one (a request run in this loop may itself send one) */
  uint64_t last = UINT64_MAX;
  for (;;) {
    upcrt_async_step();
    uint64_t mine[2] = {upcrt_async_waiting, upcrt_async_sent}, all[2];
    MPI_Request r;
    MPI_Iallreduce(mine, all, 2, MPI_UINT64_T, MPI_SUM, upcrt_async_comm, &r);
    upcrt_backoff_t bo = {0};
    for (int done = 0;;) {
      MPI_Test(&r, &done, MPI_STATUS_IGNORE);
      if (done) break;
      upcrt_async_step();
      upcrt_backoff(&bo);
    }
    if (all[0] == 0 && all[1] == last) break;
    last = all[1];
  }
  while (upcrt_async_nout) {
    upcrt_async_reap();
    if (upcrt_async_nout) sched_yield();
  }
}
