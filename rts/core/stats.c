/* stats.c — per-thread communication counters, gathered and reported at exit (see stats.h). */
#include "stats.h"

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"
#include "segment.h"
#include "start.h"
#include "upcrt.h"

int upcrt_stats_on;
static const char *upcrt_stats_file;
/* per target thread: reads, read bytes, writes, write bytes */
static uint64_t *upcrt_stats_rw;
static uint64_t upcrt_stats_ev[UPCRT_STATS_NEVENTS][2]; /* count, bytes */
static uint64_t upcrt_stats_nbar, upcrt_stats_nlock;
static double upcrt_stats_tbar, upcrt_stats_tlock;

static const char *const upcrt_stats_evname[UPCRT_STATS_NEVENTS] = {
    "updates", "bulk", "bulk_local", "collectives", "atomics", "nb", "vis", "lock_attempts", "async"};

void upcrt_stats_init(void) {
  const char *v = getenv("UPCRT_STATS");
  if (!v || !*v || strcmp(v, "0") == 0) return;
  upcrt_stats_file = strcmp(v, "1") == 0 ? "upcc-stats.json" : v;
  upcrt_stats_rw = calloc(4 * (size_t)upcrt_threads, sizeof *upcrt_stats_rw);
  if (!upcrt_stats_rw) upcrt_fatal("UPCRT_STATS: out of private memory for the counters");
  upcrt_modules_stats_reset(); /* count from main on, like everything else */
  upcrt_stats_on = 1;
}

void upcrt_stats_read(int t, size_t n) {
  upcrt_stats_rw[4 * t] += 1;
  upcrt_stats_rw[4 * t + 1] += n;
}

void upcrt_stats_write(int t, size_t n) {
  upcrt_stats_rw[4 * t + 2] += 1;
  upcrt_stats_rw[4 * t + 3] += n;
}

void upcrt_stats_event(enum upcrt_stats_event e, size_t bytes) {
  upcrt_stats_ev[e][0] += 1;
  upcrt_stats_ev[e][1] += bytes;
}

void upcrt_stats_bulk(unsigned a, unsigned b, size_t n) {
  upcrt_stats_event(UPCRT_STATS_BULK, n);
  if (upcrt_node_base[a] && upcrt_node_base[b]) upcrt_stats_event(UPCRT_STATS_BULK_LOCAL, n);
}

void upcrt_stats_barrier(double s) {
  upcrt_stats_nbar++;
  upcrt_stats_tbar += s;
}

void upcrt_stats_lock(double s) {
  upcrt_stats_nlock++;
  upcrt_stats_tlock += s;
}

/* One thread's record as doubles (exact below 2^53): the fixed fields, then
 * 4 per target thread. */
enum { F_NBAR, F_TBAR, F_NLOCK, F_TLOCK, F_HITS, F_MISSES, F_EV, F_FIXED = F_EV + 2 * UPCRT_STATS_NEVENTS };

static void upcrt_stats_json(FILE *f, const double *all, int T, size_t rec) {
  fprintf(f, "{\n  \"schema\": \"upcc-stats-1\",\n  \"threads\": %d,\n  \"per_thread\": [\n", T);
  static const char *const rwname[4] = {"reads_to", "read_bytes_to", "writes_to",
                                        "write_bytes_to"};
  for (int i = 0; i < T; i++) {
    const double *r = all + (size_t)i * rec, *m = r + F_FIXED;
    double sum[4] = {0, 0, 0, 0};
    for (int t = 0; t < T; t++)
      for (int k = 0; k < 4; k++) sum[k] += m[4 * t + k];
    fprintf(f,
            "    {\"thread\": %d, \"remote_reads\": %.0f, \"remote_read_bytes\": %.0f, "
            "\"remote_writes\": %.0f, \"remote_write_bytes\": %.0f,\n     \"barriers\": %.0f, "
            "\"barrier_wait_s\": %.9f, \"locks\": %.0f, \"lock_wait_s\": %.9f, "
            "\"cache_hits\": %.0f, \"cache_misses\": %.0f",
            i, sum[0], sum[1], sum[2], sum[3], r[F_NBAR], r[F_TBAR], r[F_NLOCK], r[F_TLOCK],
            r[F_HITS], r[F_MISSES]);
    for (int e = 0; e < UPCRT_STATS_NEVENTS; e++)
      fprintf(f, ", \"%s\": %.0f, \"%s_bytes\": %.0f", upcrt_stats_evname[e], r[F_EV + 2 * e],
              upcrt_stats_evname[e], r[F_EV + 2 * e + 1]);
    for (int k = 0; k < 4; k++) {
      fprintf(f, ",\n     \"%s\": [", rwname[k]);
      for (int t = 0; t < T; t++) fprintf(f, "%s%.0f", t ? ", " : "", m[4 * t + k]);
      fprintf(f, "]");
    }
    fprintf(f, "}%s\n", i + 1 < T ? "," : "");
  }
  fprintf(f, "  ]\n}\n");
}

/* The picture: a heat map of bytes moved from each thread (rows) to or from
 * each target (columns), and bars of the seconds each thread waited. */
static void upcrt_stats_svg(FILE *f, const double *all, int T, size_t rec) {
  int cell = T <= 16 ? 32 : T <= 64 ? 8 : 2, mx = 80, my = 60;
  int map = cell * T, barw = 300, W = mx + map + 60 + barw + 40;
  int rowh = T <= 32 ? 16 : 4, H = my + (map > T * rowh ? map : T * rowh) + 60;
  double maxb = 0, maxw = 0;
  for (int i = 0; i < T; i++) {
    const double *r = all + (size_t)i * rec, *m = r + F_FIXED;
    for (int t = 0; t < T; t++)
      if (m[4 * t + 1] + m[4 * t + 3] > maxb) maxb = m[4 * t + 1] + m[4 * t + 3];
    if (r[F_TBAR] + r[F_TLOCK] > maxw) maxw = r[F_TBAR] + r[F_TLOCK];
  }
  fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
             "font-family=\"sans-serif\" font-size=\"11\">\n"
             "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
          W, H);
  fprintf(f, "<text x=\"%d\" y=\"20\" font-size=\"13\">bytes moved by thread (row) to/from "
             "thread (column), max %.0f</text>\n",
          mx, maxb);
  for (int i = 0; i < T; i++) {
    const double *m = all + (size_t)i * rec + F_FIXED;
    for (int t = 0; t < T; t++) {
      double b = m[4 * t + 1] + m[4 * t + 3];
      int shade = maxb > 0 ? (int)(255 - 255 * b / maxb) : 255;
      fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"rgb(255,%d,%d)\" "
                 "stroke=\"#ccc\"><title>thread %d - thread %d: %.0f bytes</title></rect>\n",
              mx + t * cell, my + i * cell, cell, cell, shade, shade, i, t, b);
    }
  }
  fprintf(f, "<text x=\"%d\" y=\"%d\">target thread</text>\n", mx, my - 6);
  fprintf(f, "<text x=\"10\" y=\"%d\">thread</text>\n", my + 12);
  int bx = mx + map + 60;
  fprintf(f, "<text x=\"%d\" y=\"40\" font-size=\"13\">wait seconds: barrier (blue), lock "
             "(orange), max %.6f</text>\n",
          bx, maxw);
  for (int i = 0; i < T; i++) {
    const double *r = all + (size_t)i * rec;
    double wb = maxw > 0 ? barw * r[F_TBAR] / maxw : 0, wl = maxw > 0 ? barw * r[F_TLOCK] / maxw : 0;
    int y = my + i * rowh;
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>\n", bx - 4, y + rowh - 4, i);
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%.2f\" height=\"%d\" fill=\"steelblue\"/>\n", bx,
            y, wb, rowh - 2);
    fprintf(f, "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" fill=\"darkorange\"/>\n",
            bx + wb, y, wl, rowh - 2);
  }
  fprintf(f, "</svg>\n");
}

void upcrt_stats_finish(void) {
  if (!upcrt_stats_on) return;
  upcrt_stats_on = 0;
  int T = upcrt_threads;
  size_t rec = F_FIXED + 4 * (size_t)T;
  double *mine = calloc(rec, sizeof *mine), *all = NULL;
  if (upcrt_mythread == 0) all = calloc(rec * (size_t)T, sizeof *all);
  if (!mine || (upcrt_mythread == 0 && !all))
    upcrt_fatal("UPCRT_STATS: out of private memory for the report");
  upcrt_stats_extra_t extra = {0, 0};
  upcrt_modules_stats_add(&extra);
  mine[F_NBAR] = (double)upcrt_stats_nbar;
  mine[F_TBAR] = upcrt_stats_tbar;
  mine[F_NLOCK] = (double)upcrt_stats_nlock;
  mine[F_TLOCK] = upcrt_stats_tlock;
  mine[F_HITS] = (double)extra.cache_hits;
  mine[F_MISSES] = (double)extra.cache_misses;
  for (int e = 0; e < UPCRT_STATS_NEVENTS; e++) {
    mine[F_EV + 2 * e] = (double)upcrt_stats_ev[e][0];
    mine[F_EV + 2 * e + 1] = (double)upcrt_stats_ev[e][1];
  }
  for (size_t k = 0; k < 4 * (size_t)T; k++) mine[F_FIXED + k] = (double)upcrt_stats_rw[k];
  MPI_Gather(mine, (int)rec, MPI_DOUBLE, all, (int)rec, MPI_DOUBLE, 0, upcrt_seg_comm);
  free(mine);
  if (upcrt_mythread != 0) return;

  fprintf(stderr, "upc stats: thread  remote-rd  rd-bytes  remote-wr  wr-bytes  updates  bulk  "
                  "barriers  barrier-wait-s  locks  lock-wait-s  cache-hit/miss\n");
  for (int i = 0; i < T; i++) {
    const double *r = all + (size_t)i * rec, *m = r + F_FIXED;
    double s[4] = {0, 0, 0, 0};
    for (int t = 0; t < T; t++)
      for (int k = 0; k < 4; k++) s[k] += m[4 * t + k];
    fprintf(stderr, "upc stats: %6d %10.0f %9.0f %10.0f %9.0f %8.0f %5.0f %9.0f %15.6f %6.0f "
                    "%12.6f %.0f/%.0f\n",
            i, s[0], s[1], s[2], s[3], r[F_EV + 2 * UPCRT_STATS_UPDATE],
            r[F_EV + 2 * UPCRT_STATS_BULK], r[F_NBAR], r[F_TBAR], r[F_NLOCK], r[F_TLOCK],
            r[F_HITS], r[F_MISSES]);
  }
  FILE *f = fopen(upcrt_stats_file, "w");
  if (!f) {
    fprintf(stderr, "upc: thread 0: UPCRT_STATS: cannot write %s\n", upcrt_stats_file);
  } else {
    upcrt_stats_json(f, all, T, rec);
    fclose(f);
  }
  /* the picture: FILE with .json replaced by (or followed by) .svg */
  size_t n = strlen(upcrt_stats_file);
  char *svg = malloc(n + 5);
  if (svg) {
    memcpy(svg, upcrt_stats_file, n + 1);
    if (n > 5 && strcmp(svg + n - 5, ".json") == 0) svg[n - 5] = '\0';
    strcat(svg, ".svg");
    f = fopen(svg, "w");
    if (f) {
      upcrt_stats_svg(f, all, T, rec);
      fclose(f);
    } else {
      fprintf(stderr, "upc: thread 0: UPCRT_STATS: cannot write %s\n", svg);
    }
    if (f) fprintf(stderr, "upc stats: wrote %s and %s\n", upcrt_stats_file, svg);
    free(svg);
  }
  free(all);
}
