/* coll_table.c — the collectives' algorithm table (see coll_table.h). */
#include "coll_table.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collective.h"
#include "core/segment.h"
#include "sync/barrier.h"

const char *const upcrt_coll_kind_names[UPCRT_COLL_KINDS] = {
    "broadcast", "scatter", "gather", "gather_all", "exchange", "permute"};
const char *const upcrt_coll_layout_names[UPCRT_COLL_LAYOUTS] = {
    "node", "node-crowded", "nodes", "nodes-crowded", "hier"};
const char *const upcrt_coll_sync_names[UPCRT_COLL_SYNCS] = {"mysync", "allsync"};
const char *const upcrt_coll_alg_names[UPCRT_COLL_ALGS] = {"MPI", "PULL", "PUSH",
                                                           "MULTICORE"};
const upc_flag_t upcrt_coll_alg_flags[UPCRT_COLL_ALGS] = {0, UPC_PULL, UPC_PUSH,
                                                          UPC_MULTICORE};

/* Measured on a 2-core machine at 2 threads, node and nodes by the tuner's
 * rule (coll_bench.c, tune) over four (node) and six (nodes, i.e.
 * UPCRT_FORCE_RMA=1) coll_bench runs of each synchronization: the
 * algorithm whose worst run is the best, as which algorithm wins changes
 * with the machine's state (under UPCRT_FORCE_RMA, PULL was 2.7x faster or
 * slower than MPI at 256K-2M for tens of seconds at a time).  The crowded
 * layouts and hier (UPCRT_NODE_SIZE=2) at 4 threads, one tuning run each. */
static const char builtin[] =
    "node          mysync  broadcast  PUSH PUSH PUSH PULL MULTICORE MULTICORE MULTICORE PULL\n"
    "node          mysync  scatter    PULL PULL PULL PULL PULL MULTICORE PULL PULL\n"
    "node          mysync  gather     PULL PULL PUSH PUSH PUSH PUSH PUSH PUSH\n"
    "node          mysync  gather_all PULL PULL PULL PULL PULL PUSH PULL PULL\n"
    "node          mysync  exchange   PULL PUSH PULL PULL PULL PULL PULL PULL\n"
    "node          mysync  permute    PULL PULL PUSH PULL PULL PULL MULTICORE MULTICORE\n"
    "node          allsync broadcast  PULL PULL PULL PULL PULL PULL PULL PULL\n"
    "node          allsync scatter    PULL PULL PULL PULL PULL PULL PULL PULL\n"
    "node          allsync gather     PULL MULTICORE PULL PUSH PUSH PUSH PUSH PUSH\n"
    "node          allsync gather_all PULL PUSH PULL PULL PUSH PUSH PULL PULL\n"
    "node          allsync exchange   PULL PULL PULL PULL PULL PULL MULTICORE PULL\n"
    "node          allsync permute    MULTICORE PULL PULL PULL PUSH PULL MULTICORE MULTICORE\n"
    "node-crowded  mysync  broadcast  MPI MPI PULL PULL MULTICORE PULL MULTICORE MULTICORE\n"
    "node-crowded  mysync  scatter    MPI MPI MPI PULL PULL MULTICORE PULL PULL\n"
    "node-crowded  mysync  gather     PUSH PUSH PUSH PUSH PUSH PUSH PUSH PUSH\n"
    "node-crowded  mysync  gather_all PULL PULL PULL PULL PUSH PUSH PULL PULL\n"
    "node-crowded  mysync  exchange   PUSH PUSH PUSH MULTICORE PULL PULL PULL PULL\n"
    "node-crowded  mysync  permute    MPI MPI PULL MULTICORE PULL PULL PUSH PULL\n"
    "node-crowded  allsync broadcast  PUSH PULL PULL PUSH PULL PULL MULTICORE PULL\n"
    "node-crowded  allsync scatter    PULL PULL PUSH PULL PULL PULL PULL PULL\n"
    "node-crowded  allsync gather     MULTICORE PULL PULL PULL PUSH PUSH PUSH PUSH\n"
    "node-crowded  allsync gather_all PUSH PUSH PUSH PULL PUSH PUSH PULL PULL\n"
    "node-crowded  allsync exchange   PULL PUSH PUSH PUSH PULL PULL PULL PUSH\n"
    "node-crowded  allsync permute    PULL PULL MULTICORE PULL PUSH MULTICORE PUSH PULL\n"
    "nodes         mysync  broadcast  MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "nodes         mysync  scatter    MPI MPI MPI MPI MPI MPI MPI PULL\n"
    "nodes         mysync  gather     MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "nodes         mysync  gather_all MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "nodes         mysync  exchange   MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "nodes         mysync  permute    MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "nodes         allsync broadcast  PUSH PULL PULL PULL PULL MPI MPI MPI\n"
    "nodes         allsync scatter    PUSH PULL PULL PULL MULTICORE MPI MPI PULL\n"
    "nodes         allsync gather     PULL PUSH MULTICORE PULL MPI MPI MPI PULL\n"
    "nodes         allsync gather_all PUSH PULL PUSH MULTICORE PULL MPI MPI MPI\n"
    "nodes         allsync exchange   PUSH PUSH PUSH PULL PULL MPI MPI MPI\n"
    "nodes         allsync permute    MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "nodes-crowded mysync  broadcast  MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "nodes-crowded mysync  scatter    MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "nodes-crowded mysync  gather     MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "nodes-crowded mysync  gather_all MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "nodes-crowded mysync  exchange   MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "nodes-crowded mysync  permute    MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "nodes-crowded allsync broadcast  MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "nodes-crowded allsync scatter    MPI MPI MPI MPI MPI MPI MPI PULL\n"
    "nodes-crowded allsync gather     MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "nodes-crowded allsync gather_all MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "nodes-crowded allsync exchange   MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "nodes-crowded allsync permute    MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "hier          mysync  broadcast  MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "hier          mysync  scatter    MPI MPI MPI MPI MPI PULL PULL PULL\n"
    "hier          mysync  gather     MPI MPI MPI MPI PUSH PUSH PUSH PUSH\n"
    "hier          mysync  gather_all MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "hier          mysync  exchange   MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "hier          mysync  permute    MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "hier          allsync broadcast  MPI MPI MPI MPI PULL MULTICORE MULTICORE MPI\n"
    "hier          allsync scatter    PULL MULTICORE PULL PULL PULL PULL PULL PULL\n"
    "hier          allsync gather     PUSH PUSH PUSH PUSH PUSH PUSH PUSH PUSH\n"
    "hier          allsync gather_all MPI MPI MPI MPI MPI MULTICORE MPI MPI\n"
    "hier          allsync exchange   MPI MPI MPI MPI MPI MPI MPI MPI\n"
    "hier          allsync permute    PUSH PUSH PUSH PUSH MPI MPI MPI MPI\n";

static unsigned char table[UPCRT_COLL_LAYOUTS][UPCRT_COLL_SYNCS][UPCRT_COLL_KINDS]
                          [UPCRT_COLL_SIZES];
static int layout = -1;

static int name_index(const char *const *names, int n, const char *s) {
  for (int i = 0; i < n; i++)
    if (strcmp(names[i], s) == 0) return i;
  return -1;
}

/* Parses text into table; a bad line is fatal, naming where. */
static void parse(const char *text, const char *where) {
  char *copy = strdup(text), *next;
  if (!copy) upcrt_fatal("collectives: out of memory reading %s", where);
  int lineno = 0;
  for (char *line = copy; line; line = next) {
    lineno++;
    next = strchr(line, '\n');
    if (next) *next++ = '\0';
    char *hash = strchr(line, '#');
    if (hash) *hash = '\0';
    char *f[3 + UPCRT_COLL_SIZES + 1], *s2 = NULL;
    int n = 0;
    for (char *w = strtok_r(line, " \t\r", &s2); w && n < 3 + UPCRT_COLL_SIZES + 1;
         w = strtok_r(NULL, " \t\r", &s2))
      f[n++] = w;
    if (n == 0) continue;
    if (n != 3 + UPCRT_COLL_SIZES)
      upcrt_fatal("%s:%d: a line is LAYOUT SYNC COLLECTIVE and %d algorithms, one per "
                  "size class (found %d words)", where, lineno, UPCRT_COLL_SIZES, n);
    int l = name_index(upcrt_coll_layout_names, UPCRT_COLL_LAYOUTS, f[0]);
    int s = name_index(upcrt_coll_sync_names, UPCRT_COLL_SYNCS, f[1]);
    int k = name_index(upcrt_coll_kind_names, UPCRT_COLL_KINDS, f[2]);
    if (l < 0)
      upcrt_fatal("%s:%d: unknown layout \"%s\" (node, node-crowded, nodes, "
                  "nodes-crowded or hier)", where, lineno, f[0]);
    if (s < 0)
      upcrt_fatal("%s:%d: unknown synchronization \"%s\" (mysync or allsync)", where,
                  lineno, f[1]);
    if (k < 0)
      upcrt_fatal("%s:%d: unknown collective \"%s\" (broadcast, scatter, gather, "
                  "gather_all, exchange or permute)", where, lineno, f[2]);
    for (int c = 0; c < UPCRT_COLL_SIZES; c++) {
      int a = name_index(upcrt_coll_alg_names, UPCRT_COLL_ALGS, f[3 + c]);
      if (a < 0)
        upcrt_fatal("%s:%d: unknown algorithm \"%s\" (MPI, PULL, PUSH or MULTICORE)",
                    where, lineno, f[3 + c]);
      table[l][s][k][c] = (unsigned char)a;
    }
  }
  free(copy);
}

char *upcrt_coll_table_default_path(void) {
  const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
  char *path = NULL;
  if (xdg && *xdg) {
    if (asprintf(&path, "%s/upcc/collectives", xdg) < 0) path = NULL;
  } else if (home && *home) {
    if (asprintf(&path, "%s/.config/upcc/collectives", home) < 0) path = NULL;
  }
  return path;
}

/* Thread 0's table: built-in, then the file over it. */
static void load(void) {
  parse(builtin, "the built-in collectives table");
  const char *env = getenv("UPCRT_COLL_TABLE");
  char *path = env ? (*env ? strdup(env) : NULL) : upcrt_coll_table_default_path();
  if (!path) return;
  FILE *f = fopen(path, "r");
  if (!f) {
    /* A file the user named must exist; the default one may not. */
    if (env) upcrt_fatal("UPCRT_COLL_TABLE=%s: %s", path, strerror(errno));
    free(path);
    return;
  }
  char *text = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&text, &len);
  char buf[4096];
  size_t got;
  while (m && (got = fread(buf, 1, sizeof buf, f)) > 0) fwrite(buf, 1, got, m);
  fclose(f);
  if (!m || fclose(m) != 0) upcrt_fatal("collectives: out of memory reading %s", path);
  parse(text, path);
  free(text);
  free(path);
}

static int this_layout(void) {
  int T = upcrt_threads, nodes = 0, biggest = 0;
  int *size = calloc((size_t)T, sizeof *size); /* threads per node, by leader */
  if (!size) upcrt_fatal("collectives: out of memory");
  for (int t = 0; t < T; t++) {
    int n = ++size[upcrt_node_leader(t)];
    nodes += n == 1;
    if (n > biggest) biggest = n;
  }
  free(size);
  int crowded = upcrt_seg_oversubscribed;
  if (nodes == 1) return crowded ? UPCRT_COLL_NODE_CROWDED : UPCRT_COLL_NODE;
  if (biggest == 1) return crowded ? UPCRT_COLL_NODES_CROWDED : UPCRT_COLL_NODES;
  return UPCRT_COLL_HIER;
}

void upcrt_coll_table_init(void) {
  if (layout >= 0) return;
  int v[1] = {0};
  if (upcrt_mythread == 0) {
    load();
    v[0] = this_layout();
  }
  /* one choice for the whole job, whatever each machine's files say */
  MPI_Request r[2];
  MPI_Ibcast(table, (int)sizeof table, MPI_BYTE, 0, upcrt_coll_comm, &r[0]);
  MPI_Ibcast(v, 1, MPI_INT, 0, upcrt_coll_comm, &r[1]);
  upcrt_coll_wait(&r[0]);
  upcrt_coll_wait(&r[1]);
  layout = v[0];
}

int upcrt_coll_layout(void) { return layout; }

int upcrt_coll_size_class(size_t nbytes) {
  int c = 0;
  for (size_t top = 8; c < UPCRT_COLL_SIZES - 1 && nbytes > top; top *= 8) c++;
  return c;
}

upc_flag_t upcrt_coll_choose(int kind, size_t nbytes, upc_flag_t flags) {
  if (flags & (UPC_PULL | UPC_PUSH | UPC_MULTICORE)) return flags;
  int s = (flags & UPC_IN_ALLSYNC) ? 1 : 0;
  return flags | upcrt_coll_alg_flags[table[layout][s][kind][upcrt_coll_size_class(nbytes)]];
}

void upcrt_coll_table_set(int l, int s, int k, int c, int alg) {
  table[l][s][k][c] = (unsigned char)alg;
}

int upcrt_coll_table_save(const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  fprintf(f, "# upcc collectives table (upcrun -tune-collectives; see coll_table.h)\n"
             "# layout sync collective, then the algorithm for nbytes <= 8, 64, 512, "
             "4K, 32K, 256K, 2M, larger\n");
  for (int l = 0; l < UPCRT_COLL_LAYOUTS; l++)
    for (int s = 0; s < UPCRT_COLL_SYNCS; s++)
      for (int k = 0; k < UPCRT_COLL_KINDS; k++) {
        fprintf(f, "%-13s %-7s %-10s", upcrt_coll_layout_names[l], upcrt_coll_sync_names[s],
                upcrt_coll_kind_names[k]);
        for (int c = 0; c < UPCRT_COLL_SIZES; c++)
          fprintf(f, " %s", upcrt_coll_alg_names[table[l][s][k][c]]);
        fprintf(f, "\n");
      }
  return fclose(f) == 0 ? 0 : -1;
}
