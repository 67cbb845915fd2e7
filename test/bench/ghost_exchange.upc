/* ghost_exchange.upc — the ghost-zone exchange of HPGMG-FV, after UPC++'s
 * "naturally grained communication": every thread owns 2x2x2
 * boxes of N^3 cells with a one-cell ghost layer, in a global 3-D grid of
 * boxes with periodic boundaries, and fills each box's 26 ghost regions (6
 * faces, 12 edges, 8 corners) from the neighbouring boxes, three ways:
 *   bulk     the MPI way and the baseline: pack per neighbour thread, one
 *            MPI_Isend/MPI_Irecv each, unpack (boxes on this thread: copies);
 *   natural  each box copies each region straight from the neighbour box:
 *            loads through upc_cast where the neighbour's memory is mapped
 *            here, a VIS strided get (bupc_memget_strided_async) otherwise,
 *            after upcx_sync_neighbors with the threads owning neighbours;
 *   barrier  natural with upc_barrier instead of the neighbour sync.
 * The natural versions get, so they synchronize before copying: the sync
 * says the neighbours' interiors are written, and (with two fields used in
 * turn, as HPGMG's smoothers do) that the neighbours have finished reading
 * the field this thread writes next.
 * Each version is first checked: three rounds of "write the interiors from
 * the global coordinates and a generation, zero the ghosts, exchange, check
 * every ghost cell against the formula"; then timed; then checked again.
 * Rows are padded to whole cache lines and each box's first interior cell
 * starts a line (HPGMG-FV has alignment options of this kind), so that no
 * line holds both ghost and interior cells.  (Without that, a thread reading a
 * neighbour's boundary interior shares each of those lines with the
 * neighbour writing its own ghosts: on one node the natural version ran at
 * half the speed of bulk, from the lines moving between the two cores.)
 * Prints the seed's table (time per exchange, ratio to bulk = bulk time /
 * version time, > 1 is faster), "RESULT ghost_<version>_s <seconds>" (the
 * best of the rounds, the slowest thread's time) and PASS, or FAIL and a
 * non-zero exit on a wrong ghost value.
 *   ghost_exchange [N [exchanges [rounds]]]   (default 32 400 3) */
#include <upc.h>
#include <upc_castable.h>
#include <bupc_extensions.h>
#include <upcx.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BPT 8 /* boxes per thread: 2x2x2 */
#define NDIR 26

static int N, S1, S2, BOX;   /* cells per edge, strides, doubles per box */
static int FIRST;            /* padding before cell (0,0,0): (1,1,1) starts a line */
static int px, py, pz;       /* threads per dimension */
static int GX, GY, GZ;       /* boxes per dimension */

shared [] double *shared base[THREADS]; /* thread t's boxes: 2 fields x BPT */
shared double elapsed[THREADS];
shared int bad[THREADS];

static shared [] double **boxes; /* base[], copied here: no remote read per region */
static double **local;            /* per thread: its boxes mapped here, or NULL */
static double *mine;              /* my boxes */

typedef struct { int off, ex, ey, ez; } region_t; /* in doubles, extents in cells */

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int dirs[NDIR][3];

static int owner(int bx, int by, int bz) {
  return bx / 2 + px * (by / 2 + py * (bz / 2));
}
static int slot(int bx, int by, int bz) { return bx % 2 + 2 * (by % 2 + 2 * (bz % 2)); }
static int wrap(int v, int n) { return (v % n + n) % n; }

/* The value of global cell (x, y, z) in generation g: an exact integer. */
static double val(int x, int y, int z, int g) {
  return (((double)g * 1024 + z) * 1024 + y) * 1024 + x;
}

/* Offset (in doubles) of box `s` of field f within a thread's storage. */
static long box_off(int f, int s) { return (long)(f * BPT + s) * BOX; }

/* The cells of a box that a neighbour in direction d (each of x, y, z in
 * -1..1) concerns: my ghost cells (ghost = 1) or, in the neighbour, the
 * interior cells they come from (ghost = 0). */
static region_t region(const int *d, int ghost) {
  int at[3], ext[3];
  for (int a = 0; a < 3; a++) {
    ext[a] = d[a] == 0 ? N : 1;
    if (ghost) at[a] = d[a] < 0 ? 0 : d[a] > 0 ? N + 1 : 1;
    else at[a] = d[a] < 0 ? N : 1; /* the neighbour's far side faces me */
  }
  return (region_t){FIRST + at[2] * S2 + at[1] * S1 + at[0], ext[0], ext[1], ext[2]};
}

/* Copies a region between two boxes, or between a box and a packed buffer
 * (stride 0 on that side: the buffer is contiguous). */
static double *copy_region(double *d, int dbox, const double *s, int sbox, const region_t *r) {
  for (int k = 0; k < r->ez; k++)
    for (int j = 0; j < r->ey; j++) {
      double *dd = dbox ? d + (long)k * S2 + (long)j * S1 : d;
      const double *ss = sbox ? s + (long)k * S2 + (long)j * S1 : s;
      for (int i = 0; i < r->ex; i++) dd[i] = ss[i];
      if (!dbox) d += r->ex;
      if (!sbox) s += r->ex;
    }
  return dbox ? (double *)s : d;
}

/* ---- The transfers: every (box, direction) of the global grid, in one
 * order all threads agree on, so packed messages need no headers. ---- */
typedef struct {
  int src_t, dst_t;  /* owners */
  long src, dst;     /* offsets of the source cells and the ghost cells (field 0) */
  region_t r;        /* shape (offsets in r unused) */
} xfer_t;

static xfer_t *xf;  /* the transfers into my boxes, then out of my boxes */
static int nin, nout;
static int *nbr, nnbr; /* threads owning neighbours of my boxes */
static long *sendlen, *recvlen; /* per thread, doubles */
static double **sendbuf, **recvbuf;

static void plan(void) {
  int nb = GX * GY * GZ;
  xf = malloc(sizeof(xfer_t) * (size_t)nb * NDIR * 2);
  sendlen = calloc(THREADS, sizeof(long));
  recvlen = calloc(THREADS, sizeof(long));
  int *isnbr = calloc(THREADS, sizeof(int));
  nbr = malloc(sizeof(int) * THREADS);
  for (int pass = 0; pass < 2; pass++) /* ins first, then outs */
    for (int g = 0; g < nb; g++)
      for (int d = 0; d < NDIR; d++) {
        int bx = g % GX, by = g / GX % GY, bz = g / GX / GY;
        int sx = wrap(bx + dirs[d][0], GX), sy = wrap(by + dirs[d][1], GY),
            sz = wrap(bz + dirs[d][2], GZ);
        region_t gr = region(dirs[d], 1), sr = region(dirs[d], 0);
        xfer_t x = {owner(sx, sy, sz), owner(bx, by, bz),
                    box_off(0, slot(sx, sy, sz)) + sr.off, box_off(0, slot(bx, by, bz)) + gr.off,
                    gr};
        long cells = (long)gr.ex * gr.ey * gr.ez;
        if (pass == 0 && x.dst_t == MYTHREAD) {
          xf[nin++] = x;
          if (x.src_t != MYTHREAD) recvlen[x.src_t] += cells;
          if (!isnbr[x.src_t] && x.src_t != MYTHREAD) nbr[nnbr++] = x.src_t, isnbr[x.src_t] = 1;
        } else if (pass == 1 && x.src_t == MYTHREAD && x.dst_t != MYTHREAD) {
          xf[nin + nout++] = x;
          sendlen[x.dst_t] += cells;
        }
      }
  sendbuf = calloc(THREADS, sizeof(double *));
  recvbuf = calloc(THREADS, sizeof(double *));
  for (int t = 0; t < THREADS; t++) {
    if (sendlen[t]) sendbuf[t] = malloc(sizeof(double) * sendlen[t]);
    if (recvlen[t]) recvbuf[t] = malloc(sizeof(double) * recvlen[t]);
  }
  free(isnbr);
}

/* ---- The three versions; f is the field (0 or 1). ---- */

static void bulk(int f) {
  long fo = box_off(f, 0);
  MPI_Request rq[2 * THREADS];
  int nrq = 0;
  for (int t = 0; t < THREADS; t++)
    if (recvlen[t])
      MPI_Irecv(recvbuf[t], (int)recvlen[t], MPI_DOUBLE, t, f, MPI_COMM_WORLD, &rq[nrq++]);
  double *at[THREADS];
  for (int t = 0; t < THREADS; t++) at[t] = sendbuf[t];
  for (int i = nin; i < nin + nout; i++) /* pack, in the receivers' order */
    at[xf[i].dst_t] = copy_region(at[xf[i].dst_t], 0, mine + fo + xf[i].src, 1, &xf[i].r);
  for (int t = 0; t < THREADS; t++)
    if (sendlen[t])
      MPI_Isend(sendbuf[t], (int)sendlen[t], MPI_DOUBLE, t, f, MPI_COMM_WORLD, &rq[nrq++]);
  for (int i = 0; i < nin; i++) /* boxes of this thread meanwhile */
    if (xf[i].src_t == MYTHREAD)
      copy_region(mine + fo + xf[i].dst, 1, mine + fo + xf[i].src, 1, &xf[i].r);
  MPI_Waitall(nrq, rq, MPI_STATUSES_IGNORE);
  const double *from[THREADS];
  for (int t = 0; t < THREADS; t++) from[t] = recvbuf[t];
  for (int i = 0; i < nin; i++) /* unpack */
    if (xf[i].src_t != MYTHREAD)
      from[xf[i].src_t] = copy_region(mine + fo + xf[i].dst, 1, from[xf[i].src_t], 0, &xf[i].r);
}

static bupc_handle_t *handles;

static void natural(int f, int with_barrier) {
  long fo = box_off(f, 0);
  if (with_barrier) upc_barrier;
  else upcx_sync_neighbors(nbr, (size_t)nnbr);
  size_t strides[2] = {sizeof(double) * S1, sizeof(double) * S2};
  int nh = 0;
  for (int i = 0; i < nin; i++) {
    const xfer_t *x = &xf[i];
    if (local[x->src_t]) {
      copy_region(mine + fo + x->dst, 1, local[x->src_t] + fo + x->src, 1, &x->r);
    } else {
      size_t count[3] = {sizeof(double) * x->r.ex, x->r.ey, x->r.ez};
      handles[nh++] = bupc_memget_strided_async(mine + fo + x->dst, strides,
                                                boxes[x->src_t] + fo + x->src, strides, count, 2);
    }
  }
  for (int i = 0; i < nh; i++) bupc_waitsync(handles[i]);
}

static void exchange(int v, int f) {
  if (v == 0) bulk(f);
  else natural(f, v == 2);
}

/* ---- Checking ---- */

static int failed;

/* Writes generation g into the interiors of field f and zeroes the ghosts. */
static void fill(int f, int g) {
  for (int s = 0; s < BPT; s++) {
    double *b = mine + box_off(f, s);
    int bx = (MYTHREAD % px) * 2 + s % 2, by = (MYTHREAD / px % py) * 2 + s / 2 % 2,
        bz = (MYTHREAD / px / py) * 2 + s / 4;
    memset(b, 0, sizeof(double) * BOX);
    for (int k = 1; k <= N; k++)
      for (int j = 1; j <= N; j++)
        for (int i = 1; i <= N; i++)
          b[FIRST + k * S2 + j * S1 + i] = val(bx * N + i - 1, by * N + j - 1, bz * N + k - 1, g);
  }
}

/* Checks every cell of field f (ghosts and interior) against generation g. */
static void check(int f, int g, const char *version) {
  for (int s = 0; s < BPT && !failed; s++) {
    const double *b = mine + box_off(f, s);
    int bx = (MYTHREAD % px) * 2 + s % 2, by = (MYTHREAD / px % py) * 2 + s / 2 % 2,
        bz = (MYTHREAD / px / py) * 2 + s / 4;
    for (int k = 0; k <= N + 1; k++)
      for (int j = 0; j <= N + 1; j++)
        for (int i = 0; i <= N + 1; i++) {
          double want = val(wrap(bx * N + i - 1, GX * N), wrap(by * N + j - 1, GY * N),
                            wrap(bz * N + k - 1, GZ * N), g);
          double got = b[FIRST + k * S2 + j * S1 + i];
          if (got != want && !failed) {
            printf("FAIL thread %d: %s, field %d, generation %d: box (%d,%d,%d) cell "
                   "(%d,%d,%d) is %.0f, expected %.0f\n", MYTHREAD, version, f, g, bx, by,
                   bz, i, j, k, got, want);
            failed = 1;
          }
        }
  }
}

/* True on every thread if some thread failed. */
static int anyone_failed(void) {
  bad[MYTHREAD] = failed;
  upc_barrier;
  int any = 0;
  for (int t = 0; t < THREADS; t++) any |= bad[t];
  upc_barrier;
  return any;
}

static double slowest(double t) {
  elapsed[MYTHREAD] = t;
  upc_barrier;
  double m = 0;
  for (int i = 0; i < THREADS; i++)
    if (elapsed[i] > m) m = elapsed[i];
  upc_barrier;
  return m;
}

int main(int argc, char **argv) {
  N = argc > 1 ? atoi(argv[1]) : 32;
  int reps = argc > 2 ? atoi(argv[2]) : 400;
  int rounds = argc > 3 ? atoi(argv[3]) : 3;
  if (argc > 4 || N < 1 || N > 256 || reps < 1 || rounds < 1) {
    if (MYTHREAD == 0)
      fprintf(stderr, "usage: ghost_exchange [N 1..256 [exchanges [rounds]]]\n");
    return 2;
  }
  /* 8 doubles to a 64-byte line; upc_alloc'd blocks start on a line */
  S1 = (N + 2 + 7) / 8 * 8, S2 = S1 * (N + 2);
  FIRST = (8 - (S2 + S1 + 1) % 8) % 8;
  BOX = (FIRST + S2 * (N + 2) + 7) / 8 * 8;
  /* threads per dimension: as cubic as THREADS allows */
  px = THREADS, py = pz = 1;
  for (int x = THREADS; x >= 1; x--)
    for (int y = x; y >= 1; y--)
      if (THREADS % (x * y) == 0 && THREADS / (x * y) <= y &&
          x + y + THREADS / (x * y) < px + py + pz)
        px = x, py = y, pz = THREADS / (x * y);
  GX = 2 * px, GY = 2 * py, GZ = 2 * pz;
  int nd = 0;
  for (int z = -1; z <= 1; z++)
    for (int y = -1; y <= 1; y++)
      for (int x = -1; x <= 1; x++)
        if (x || y || z) dirs[nd][0] = x, dirs[nd][1] = y, dirs[nd][2] = z, nd++;

  base[MYTHREAD] = (shared [] double *)upc_alloc(sizeof(double) * 2 * BPT * BOX);
  if (base[MYTHREAD] == NULL) {
    printf("FAIL thread %d: upc_alloc of %zu bytes\n", MYTHREAD, sizeof(double) * 2 * BPT * BOX);
    return 1;
  }
  upc_barrier;
  local = calloc(THREADS, sizeof(double *));
  boxes = calloc(THREADS, sizeof *boxes);
  for (int t = 0; t < THREADS; t++) boxes[t] = base[t], local[t] = upc_cast(boxes[t]);
  mine = local[MYTHREAD];
  plan();
  handles = malloc(sizeof(bupc_handle_t) * (nin + 1));

  static const char *names[3] = {"bulk", "natural", "barrier"};
  static const char *labels[3] = {"bulk (MPI pack, Isend/Irecv, unpack)",
                                  "natural + upcx_sync_neighbors",
                                  "natural + upc_barrier"};
  double best[3] = {0, 0, 0};
  for (int r = 0; r < rounds; r++)
    for (int v = 0; v < 3; v++) {
      /* checked: each generation in the other field, so a thread that got
       * a neighbour's cells too early or too late reads the wrong generation */
      for (int g = 1; g <= 3; g++) {
        fill(g % 2, g);
        exchange(v, g % 2);
        check(g % 2, g, names[v]);
      }
      if (anyone_failed()) return 1;
      fill(0, 4);
      fill(1, 5);
      upc_barrier;
      exchange(v, 0); /* warm-up */
      exchange(v, 1);
      upc_barrier;
      double t0 = now();
      for (int i = 0; i < reps; i++) exchange(v, i % 2);
      double t = slowest(now() - t0) / reps;
      if (r == 0 || t < best[v]) best[v] = t;
      check(0, 4, names[v]);
      check(1, 5, names[v]);
      if (anyone_failed()) return 1;
    }

  if (MYTHREAD == 0) {
    printf("ghost exchange: %d threads, %d boxes of %d^3 cells per thread (grid %dx%dx%d, "
           "periodic), 26 regions per box, %d neighbour threads, best of %d x %d exchanges\n",
           THREADS, BPT, N, GX, GY, GZ, nnbr, rounds, reps);
    printf("%-40s %16s %14s\n", "version", "time/exchange", "ratio to bulk");
    for (int v = 0; v < 3; v++)
      printf("%-40s %13.3f us %13.3fx\n", labels[v], best[v] * 1e6, best[0] / best[v]);
    for (int v = 0; v < 3; v++) printf("RESULT ghost_%s_s %.9f\n", names[v], best[v]);
    printf("PASS\n");
  }
  return 0;
}
