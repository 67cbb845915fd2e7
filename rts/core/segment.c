/* segment.c — creates and serves the per-thread shared segments (see segment.h). */
#include "segment.h"

#include <ctype.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "backoff.h"
#include "doorbell.h"
#include "start.h"

MPI_Win upcrt_seg_win = MPI_WIN_NULL;
MPI_Win upcrt_seg_shm_win = MPI_WIN_NULL;
MPI_Comm upcrt_seg_comm = MPI_COMM_NULL;
MPI_Comm upcrt_seg_node_comm = MPI_COMM_NULL;
size_t upcrt_seg_size;
uint64_t upcrt_seg_heap_lo;
size_t upcrt_seg_heap_size;
int upcrt_seg_force_rma;
int upcrt_seg_many_machines;
int upcrt_cpu_atomics;
int upcrt_seg_oversubscribed;
char *upcrt_seg_mybase;
int upcrt_progress_needed;
char **upcrt_node_base;
/* Every segment this process maps (same-node threads, also under
 * UPCRT_FORCE_RMA), for the guard; upcrt_seg_mapped_thread[i] owns it. */
static char **upcrt_seg_mapped;
static int *upcrt_seg_mapped_thread;
static int upcrt_seg_nmapped, upcrt_seg_guarded;

/* The default shared heap per thread (no -shared-heap, UPC_SHARED_HEAP_SIZE
 * or upcc -shared-heap): half of the node's memory shared by the threads on
 * it, between a floor and a cap.  The segments' pages cost nothing until
 * touched (MPICH maps a sparse /dev/shm file for a node's window and mallocs
 * a lone process's, neither written at start-up), so the size only bounds
 * what a program may touch.  Half: the heaps of a node together leave the
 * other half to private memory, so a program that runs away in upc_alloc
 * gets the heap-exhausted message rather than the kernel's OOM killer.  The
 * cap: past it a leak still ends in seconds, the address space each process
 * maps (every same-node segment) stays small, and where the network
 * registers (pins) the world window at creation, as InfiniBand without
 * on-demand paging does, that pinning stays bounded. */
#define UPCRT_DEFAULT_HEAP_MIN ((size_t)64 << 20)
#define UPCRT_DEFAULT_HEAP_CAP ((size_t)2 << 30)

size_t upcrt_seg_parse_size(const char *s) {
  if (s == NULL) return 0;
  while (isspace((unsigned char)*s)) s++;
  if (!isdigit((unsigned char)*s)) return 0;
  char *end;
  unsigned long long v = strtoull(s, &end, 10);
  while (isspace((unsigned char)*end)) end++;
  unsigned long long mult = 1;
  switch (toupper((unsigned char)*end)) {
  case '\0': break;
  case 'B': mult = 1; end++; break;
  case 'K': mult = 1ull << 10; end++; break;
  case 'M': mult = 1ull << 20; end++; break;
  case 'G': mult = 1ull << 30; end++; break;
  case 'T': mult = 1ull << 40; end++; break;
  default: return 0;
  }
  /* accept K, KB, KiB (all binary, as Berkeley UPC does) */
  if (mult > 1) {
    if (*end == 'i' || *end == 'I') end++;
    if (*end == 'b' || *end == 'B') end++;
  }
  if (*end != '\0') return 0;
  if (v != 0 && mult > ~0ull / v) return 0;
  return (size_t)(v * mult);
}

static void upcrt_seg_protect_guards(int prot);

/* A "Name:   N kB" line of /proc/meminfo in bytes, or 0. */
static size_t upcrt_seg_meminfo(const char *name) {
  FILE *f = fopen("/proc/meminfo", "r");
  if (!f) return 0;
  char line[256];
  size_t len = strlen(name), v = 0;
  while (fgets(line, sizeof line, f))
    if (strncmp(line, name, len) == 0 && line[len] == ':') {
      v = (size_t)strtoull(line + len + 1, NULL, 10) << 10;
      break;
    }
  fclose(f);
  return v;
}

/* A number read from a one-line file (cgroup limits), or 0 ("max", absent). */
static size_t upcrt_seg_read_number(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  unsigned long long v = 0;
  if (fscanf(f, "%llu", &v) != 1) v = 0;
  fclose(f);
  return (size_t)v;
}

static size_t upcrt_seg_min_nonzero(size_t a, size_t b) { return !a ? b : !b ? a : a < b ? a : b; }

/* This process's default heap for `local` threads on its node (see
 * UPCRT_DEFAULT_HEAP_CAP): the memory it may use is the least of the
 * machine's, its cgroup's limit and, under strict overcommit, what is left
 * to commit (a lone process's segment is private memory, and counts there); the
 * node's windows live in /dev/shm, which holds no more than its size. */
static size_t upcrt_seg_default_heap(int local) {
  long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
  size_t mem = pages > 0 && psize > 0 ? (size_t)pages * (size_t)psize : 0;
  mem = upcrt_seg_min_nonzero(mem, upcrt_seg_read_number("/sys/fs/cgroup/memory.max"));
  mem = upcrt_seg_min_nonzero(
      mem, upcrt_seg_read_number("/sys/fs/cgroup/memory/memory.limit_in_bytes"));
  if (upcrt_seg_read_number("/proc/sys/vm/overcommit_memory") == 2) {
    size_t limit = upcrt_seg_meminfo("CommitLimit"), used = upcrt_seg_meminfo("Committed_AS");
    mem = upcrt_seg_min_nonzero(mem, limit > used ? limit - used : 1);
  }
  size_t heap = mem / 2 / (size_t)(local > 0 ? local : 1);
  struct statvfs fs;
  if (local > 1 && statvfs("/dev/shm", &fs) == 0 && fs.f_blocks > 0)
    heap = upcrt_seg_min_nonzero(heap, (size_t)fs.f_blocks * fs.f_frsize / (size_t)local);
  if (heap > UPCRT_DEFAULT_HEAP_CAP) heap = UPCRT_DEFAULT_HEAP_CAP;
  if (heap < UPCRT_DEFAULT_HEAP_MIN) heap = UPCRT_DEFAULT_HEAP_MIN;
  return heap & ~(size_t)0xfffff; /* whole MiB: a readable figure in messages */
}

static size_t upcrt_seg_page(void) {
  long page = sysconf(_SC_PAGESIZE);
  return page > 0 ? (size_t)page : 4096;
}

static char *upcrt_seg_page_up(char *p) {
  uintptr_t pg = upcrt_seg_page();
  return p ? (char *)(((uintptr_t)p + pg - 1) & ~(pg - 1)) : NULL;
}

void upcrt_seg_init(size_t static_bytes, size_t default_heap) {
  MPI_Comm machine;
  MPI_Comm_split_type(upcrt_seg_comm, MPI_COMM_TYPE_SHARED, upcrt_mythread, MPI_INFO_NULL,
                      &machine);
  int machine_size, machine_rank;
  MPI_Comm_size(machine, &machine_size);
  MPI_Comm_rank(machine, &machine_rank);
  upcrt_seg_many_machines = machine_size < upcrt_threads;
  /* The cores this machine's threads may run on: the union of their
   * affinity masks (a batch system's allocation, a container's cpuset, an
   * emulated node's share of the cores), not every core of the host. */
  cpu_set_t cpus;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  if (sched_getaffinity(0, sizeof cpus, &cpus) == 0) {
    MPI_Request r;
    MPI_Iallreduce(MPI_IN_PLACE, &cpus, (int)sizeof cpus, MPI_BYTE, MPI_BOR, machine, &r);
    upcrt_backoff_waitall(1, &r);
    cores = CPU_COUNT(&cpus);
  }
  /* UPCRT_NODE_SIZE=k: the machine's threads form nodes of k (consecutive
   * ranks), which reach each other through MPI as if on other machines */
  const char *node_size = getenv("UPCRT_NODE_SIZE");
  if (node_size && *node_size) {
    char *end;
    long k = strtol(node_size, &end, 10);
    if (*end != '\0' || k < 1)
      upcrt_fatal("UPCRT_NODE_SIZE=\"%s\" is not a number of threads (1 or more)", node_size);
    MPI_Comm_split(machine, (int)(machine_rank / k), machine_rank, &upcrt_seg_node_comm);
    MPI_Comm_free(&machine);
  } else {
    upcrt_seg_node_comm = machine;
  }
  int nsize;
  MPI_Comm_size(upcrt_seg_node_comm, &nsize);
  const char *env = getenv("UPC_SHARED_HEAP_SIZE");
  size_t heap = 0;
  if (env && *env) {
    heap = upcrt_seg_parse_size(env);
    if (heap == 0)
      upcrt_fatal("UPC_SHARED_HEAP_SIZE=\"%s\" is not a size (use e.g. 64MB, 1G, 512K "
                  "or a number of bytes)", env);
  } else if (default_heap) {
    heap = default_heap;
  }
  /* One reduction for two answers: the default heap (offsets are
   * symmetric: every thread gets the smallest node's share) and whether
   * every thread is on this node. */
  unsigned long long least[2] = {heap ? ULLONG_MAX : upcrt_seg_default_heap(machine_size),
                                 nsize == upcrt_threads};
  MPI_Request r;
  MPI_Iallreduce(MPI_IN_PLACE, least, 2, MPI_UNSIGNED_LONG_LONG, MPI_MIN, upcrt_seg_comm, &r);
  upcrt_backoff_waitall(1, &r);
  if (!heap) heap = (size_t)least[0];
  int all_on_node = least[1] != 0;
  const char *force = getenv("UPCRT_FORCE_RMA");
  upcrt_seg_force_rma = force && *force && strcmp(force, "0") != 0;

  upcrt_seg_heap_size = heap;
  static_bytes = (static_bytes + 4095) & ~(size_t)4095;
  upcrt_seg_heap_lo = UPCRT_SEG_CTRL + static_bytes;
  upcrt_seg_size = ((UPCRT_SEG_CTRL + static_bytes + heap) + 4095) & ~(size_t)4095;

  upcrt_start_phase("segments: node, heap size");
  char *base = NULL;
  int rc;
  if (nsize == 1) {
    /* Alone on its node: MPICH would malloc the window, and malloc touches
     * every page under MALLOC_PERTURB_ (2 GiB of default heap: seconds).
     * Mapped here, untouched pages cost nothing; the node window is then
     * an ordinary one over the same memory. */
    void *m = mmap(NULL, upcrt_seg_size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    base = m == MAP_FAILED ? NULL : m;
    rc = base ? MPI_Win_create(base, (MPI_Aint)upcrt_seg_size, 1, MPI_INFO_NULL,
                               upcrt_seg_node_comm, &upcrt_seg_shm_win)
              : MPI_ERR_NO_MEM;
  } else {
    MPI_Info info;
    MPI_Info_create(&info);
    /* each segment on its own pages, near its owner */
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    /* one page more, so that every segment can start on a page (for the
     * guard) */
    rc = MPI_Win_allocate_shared((MPI_Aint)(upcrt_seg_size + upcrt_seg_page()), 1, info,
                                 upcrt_seg_node_comm, &base, &upcrt_seg_shm_win);
    MPI_Info_free(&info);
  }
  if (rc != MPI_SUCCESS || base == NULL)
    upcrt_fatal("cannot allocate a shared segment of %zu bytes (shared heap %zu bytes); "
                "lower it with upcrun -shared-heap SIZE or UPC_SHARED_HEAP_SIZE",
                upcrt_seg_size, heap);
  upcrt_start_phase("segments: shared window");
  base = upcrt_seg_page_up(base);
  upcrt_seg_mybase = base;

  upcrt_node_base = calloc((size_t)upcrt_threads, sizeof *upcrt_node_base);
  if (!upcrt_node_base) upcrt_fatal("out of private memory at start-up");
  upcrt_seg_mapped = calloc((size_t)nsize, sizeof *upcrt_seg_mapped);
  upcrt_seg_mapped_thread = calloc((size_t)nsize, sizeof *upcrt_seg_mapped_thread);
  if (!upcrt_seg_mapped || !upcrt_seg_mapped_thread)
    upcrt_fatal("out of private memory at start-up");
  int aligned = 1; /* every segment starts its window's memory */
  MPI_Group wg, ng;
  MPI_Comm_group(upcrt_seg_comm, &wg);
  MPI_Comm_group(upcrt_seg_node_comm, &ng);
  for (int r = 0; r < nsize; r++) {
    int wr;
    MPI_Group_translate_ranks(ng, 1, &r, wg, &wr);
    MPI_Aint sz;
    int du;
    char *b;
    if (nsize == 1) {
      b = base;
    } else {
      MPI_Win_shared_query(upcrt_seg_shm_win, r, &sz, &du, &b);
      aligned &= b == upcrt_seg_page_up(b);
      b = upcrt_seg_page_up(b); /* the same place in every process's mapping */
    }
    if (wr == upcrt_mythread || !upcrt_seg_force_rma) upcrt_node_base[wr] = b;
    upcrt_seg_mapped[r] = b;
    upcrt_seg_mapped_thread[r] = wr;
  }
  upcrt_seg_nmapped = nsize;
  MPI_Group_free(&wg);
  MPI_Group_free(&ng);
  /* MPI atomics and puts on this MPICH need the target to enter MPI; when
   * every thread shares this node, CPU atomics on the mapped segments avoid
   * that.  The choice is per job so that all atomics on a word agree. */
  upcrt_cpu_atomics = all_on_node && !upcrt_seg_force_rma;
  upcrt_seg_oversubscribed = cores > 0 && machine_size > cores;
  upcrt_progress_needed = !upcrt_cpu_atomics;
  upcrt_node_base[upcrt_mythread] = base;

  upcrt_start_phase("segments: mapping");
  /* With every thread on this node (and none to be reached through MPI as
   * if on another, UPCRT_FORCE_RMA), the node window is the world window:
   * same ranks (the node communicator keeps the world's order), and each
   * displacement counts from the segment's start when every segment starts
   * its memory (page-aligned; every process sees every base, so all
   * decide alike).  A second window over the job costs seconds of start-up
   * with many threads. */
  if (upcrt_cpu_atomics && aligned) {
    upcrt_seg_win = upcrt_seg_shm_win;
  } else {
    /* UCX registers memory in 16-byte units, rounded down: a window whose
     * base or size is not a multiple of 16 takes puts at the wrong address
     * across nodes.  Ours start on pages and are whole pages. */
    if (((uintptr_t)base | upcrt_seg_size) & 15)
      upcrt_fatal("internal error: the RMA window at %p of %zu bytes is not 16-byte aligned",
                  (void *)base, upcrt_seg_size);
    MPI_Win_create(base, (MPI_Aint)upcrt_seg_size, 1, MPI_INFO_NULL, upcrt_seg_comm,
                   &upcrt_seg_win);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, upcrt_seg_win);
  }
  upcrt_start_phase("segments: RMA window");
  MPI_Win_lock_all(MPI_MODE_NOCHECK, upcrt_seg_shm_win);

  /* control area and statics start zeroed; the heap needs no clearing */
  memset(base + UPCRT_SEG_GUARD, 0, UPCRT_SEG_CTRL - UPCRT_SEG_GUARD + static_bytes);
  *(uint64_t *)(base + UPCRT_SEG_SYMTOP) = upcrt_seg_heap_lo;
  *(uint64_t *)(base + UPCRT_SEG_LOCALBOT) = upcrt_seg_size;
  upcrt_seg_sync();
  upcrt_seg_protect_guards(PROT_NONE);
}

/* Makes the guard of every segment mapped here inaccessible (PROT_NONE) or
 * accessible again.  Segments start on page boundaries (seg_init rounds
 * them up); where mprotect fails (pages larger than the guard) a segment
 * stays unguarded and only the RMA path's offset test catches a null
 * access to it. */
static void upcrt_seg_protect_guards(int prot) {
  size_t page = upcrt_seg_page();
  if (UPCRT_SEG_GUARD % page != 0) return;
  for (int i = 0; i < upcrt_seg_nmapped; i++) {
    char *b = upcrt_seg_mapped[i];
    if (!b) continue;
    if (mprotect(b, UPCRT_SEG_GUARD, prot) == 0 && prot == PROT_NONE) upcrt_seg_guarded = 1;
  }
  if (prot != PROT_NONE) upcrt_seg_guarded = 0;
}

int upcrt_seg_guard_owner(const void *addr, uint64_t *offset) {
  const char *a = addr;
  if (!upcrt_seg_guarded) return -1;
  for (int i = 0; i < upcrt_seg_nmapped; i++)
    if (upcrt_seg_mapped[i] && a >= upcrt_seg_mapped[i] &&
        a < upcrt_seg_mapped[i] + UPCRT_SEG_GUARD) {
      *offset = (uint64_t)(a - upcrt_seg_mapped[i]);
      return upcrt_seg_mapped_thread[i];
    }
  return -1;
}

void upcrt_seg_null_access(upcrt_pts_t p, const char *what) {
  char msg[512];
  int n = snprintf(msg, sizeof msg, "upc: thread %d: %s through a null pointer-to-shared",
                   upcrt_mythread, what);
  if (p.thread != 0 || p.offset != 0)
    n += snprintf(msg + n, sizeof msg - (size_t)n,
                  " (thread %u, offset %llu: inside the null guard, so derived from a null "
                  "pointer)",
                  p.thread, (unsigned long long)p.offset);
  snprintf(msg + n, sizeof msg - (size_t)n, "\n");
  /* the message first, in one write; then the source line if it is found */
  ssize_t w = write(2, msg, strlen(msg));
  (void)w;
  upcrt_start_say_where(0);
  upcrt_start_fatal_raw("");
}

void upcrt_seg_finalize(void) {
  if (upcrt_seg_win == MPI_WIN_NULL) return;
  upcrt_seg_protect_guards(PROT_READ | PROT_WRITE);
  if (upcrt_seg_win != upcrt_seg_shm_win) {
    MPI_Win_unlock_all(upcrt_seg_win);
    MPI_Win_free(&upcrt_seg_win);
  }
  MPI_Win_unlock_all(upcrt_seg_shm_win);
  MPI_Win_free(&upcrt_seg_shm_win);
  upcrt_seg_win = MPI_WIN_NULL;
}

void upcrt_seg_sync(void) {
  /* both windows cover the same memory: one sync (a memory barrier in the
   * unified model) serves both */
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  MPI_Win_sync(upcrt_seg_shm_win);
}

static inline uint64_t *upcrt_seg_word(int t, uint64_t off) {
  return (uint64_t *)(upcrt_node_base[t] + off);
}

/* One fetching atomic through MPI, waited for with test-and-yield: the
 * request of MPI_Rget_accumulate completes when the old value is back,
 * i.e. when the operation has happened at the target.  (MPI_Win_flush
 * would busy-poll, starving the target when ranks share cores.) */
static uint64_t upcrt_seg_mpi_fop(int t, uint64_t off, uint64_t v, MPI_Op op) {
  uint64_t old = 0;
  MPI_Request r;
  MPI_Rget_accumulate(&v, 1, MPI_UINT64_T, &old, 1, MPI_UINT64_T, t, (MPI_Aint)off, 1,
                      MPI_UINT64_T, op, upcrt_seg_win, &r);
  int done = 0;
  upcrt_doorbell_waiter_t w = {0};
  upcrt_backoff_t bo = {0};
  for (;;) {
    MPI_Test(&r, &done, MPI_STATUS_IGNORE);
    if (done) return old;
    upcrt_doorbell_ring_later(&w, t);
    upcrt_backoff(&bo);
  }
}

int upcrt_seg_fetch_add_within(int t, uint64_t off, uint64_t v, double seconds, uint64_t *old) {
  if (upcrt_cpu_atomics) {
    *old = __atomic_fetch_add(upcrt_seg_word(t, off), v, __ATOMIC_SEQ_CST);
    return 1;
  }
  MPI_Request r;
  MPI_Rget_accumulate(&v, 1, MPI_UINT64_T, old, 1, MPI_UINT64_T, t, (MPI_Aint)off, 1,
                      MPI_UINT64_T, MPI_SUM, upcrt_seg_win, &r);
  upcrt_doorbell_ring(t);
  double until = MPI_Wtime() + seconds;
  for (;;) {
    int done = 0;
    MPI_Test(&r, &done, MPI_STATUS_IGNORE);
    if (done) return 1;
    if (MPI_Wtime() > until) return 0; /* the request stays pending: the job ends */
    sched_yield();
  }
}

uint64_t upcrt_seg_fetch_add(int t, uint64_t off, uint64_t v) {
  if (upcrt_cpu_atomics) return __atomic_fetch_add(upcrt_seg_word(t, off), v, __ATOMIC_SEQ_CST);
  return upcrt_seg_mpi_fop(t, off, v, MPI_SUM);
}

uint64_t upcrt_seg_cas(int t, uint64_t off, uint64_t compare, uint64_t v) {
  if (upcrt_cpu_atomics) {
    __atomic_compare_exchange_n(upcrt_seg_word(t, off), &compare, v, 0, __ATOMIC_SEQ_CST,
                                __ATOMIC_SEQ_CST);
    return compare;
  }
  uint64_t old;
  MPI_Compare_and_swap(&v, &compare, &old, MPI_UINT64_T, t, (MPI_Aint)off, upcrt_seg_win);
  upcrt_doorbell_ring(t);
  MPI_Win_flush(t, upcrt_seg_win);
  return old;
}

uint64_t upcrt_seg_swap(int t, uint64_t off, uint64_t v) {
  if (upcrt_cpu_atomics) return __atomic_exchange_n(upcrt_seg_word(t, off), v, __ATOMIC_SEQ_CST);
  return upcrt_seg_mpi_fop(t, off, v, MPI_REPLACE);
}

uint64_t upcrt_seg_load(int t, uint64_t off) {
  if (upcrt_cpu_atomics) return __atomic_load_n(upcrt_seg_word(t, off), __ATOMIC_SEQ_CST);
  return upcrt_seg_mpi_fop(t, off, 0, MPI_NO_OP);
}

void upcrt_seg_store(int t, uint64_t off, uint64_t v) { (void)upcrt_seg_swap(t, off, v); }

#define UPCRT_SEG_CHUNK ((size_t)1 << 30)

void upcrt_seg_read(void *dst, int t, uint64_t off, size_t n) {
  if (upcrt_node_base[t]) {
    upcrt_seg_sync();
    memcpy(dst, upcrt_node_base[t] + off, n);
    return;
  }
  for (size_t done = 0; done < n;) {
    size_t c = n - done < UPCRT_SEG_CHUNK ? n - done : UPCRT_SEG_CHUNK;
    MPI_Get((char *)dst + done, (int)c, MPI_BYTE, t, (MPI_Aint)(off + done), (int)c, MPI_BYTE,
            upcrt_seg_win);
    done += c;
  }
  MPI_Win_flush(t, upcrt_seg_win);
}

void upcrt_seg_write(int t, uint64_t off, const void *src, size_t n) {
  if (upcrt_node_base[t]) {
    memcpy(upcrt_node_base[t] + off, src, n);
    upcrt_seg_sync();
    return;
  }
  for (size_t done = 0; done < n;) {
    size_t c = n - done < UPCRT_SEG_CHUNK ? n - done : UPCRT_SEG_CHUNK;
    MPI_Put((const char *)src + done, (int)c, MPI_BYTE, t, (MPI_Aint)(off + done), (int)c,
            MPI_BYTE, upcrt_seg_win);
    done += c;
  }
  MPI_Win_flush(t, upcrt_seg_win);
}
