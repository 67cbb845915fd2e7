#!/bin/sh
# remarks.sh — checks that the optimizer fires where an end-to-end program
# says it must: compiles the program with -Rupc and compares the remarks with
# the markers in its sources (the .upc files and the headers next to them).
#
# usage: remarks.sh KINDS UPCC [FLAGS...] -- SOURCE...
#
# KINDS is a comma-separated list of the passes whose markers apply to this
# flag set (forall, privatize, update, versioning, coalesce), or "none": then no pass may report
# anything.  Markers, in a comment on the line a remark points to:
#   FA / NOFA      upc_forall affinity test removed / kept (or nested)
#   PRIV / NOPRIV  every shared access on the line privatized / one kept
#   RU / NORU      every update on the line converted / one not converted
#   LV / NOLV      the loop starting on the line versioned / not versioned
#   RV / NORV      every access on the line privatization left is a
#                  versioned row of its upc_forall / one is not
#   CO / NOCO      every read on the line coalesced / one not
set -u
if [ $# -lt 4 ]; then
  echo "usage: remarks.sh KINDS UPCC [FLAGS...] -- SOURCE..." >&2
  exit 2
fi
kinds=$1 upcc=$2
shift 2
flags=
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  flags="$flags $1"
  shift
done
[ $# -gt 0 ] && shift
tmp=$(mktemp -d "${TMPDIR:-/tmp}/e2eremarks.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

# shellcheck disable=SC2086  # flags are words
if ! "$upcc" $flags -Rupc -o "$tmp/a.out" "$@" >"$tmp/remarks" 2>&1; then
  echo "remarks.sh: upcc failed:"
  cat "$tmp/remarks"
  exit 1
fi

# The files markers may be in: the sources and the headers beside them
# they include.
: >"$tmp/files"
for s in "$@"; do
  echo "$s" >>"$tmp/files"
  for h in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$s"); do
    [ -f "$(dirname "$s")/$h" ] && echo "$(dirname "$s")/$h" >>"$tmp/files"
  done
done
sort -u "$tmp/files" -o "$tmp/files"

awk -v kinds="$kinds" -v remarks="$tmp/remarks" '
function base(p) { sub(/.*\//, "", p); return p }
BEGIN {
  n = split(kinds, k, ",")
  for (i = 1; i <= n; i++) on[k[i]] = 1
  # remarks: "<file>:<line>:<col>: remark: <text> [-Rupc]"
  while ((getline r < remarks) > 0) {
    if (r !~ /: remark: /) continue
    split(r, f, ":")
    if (f[2] !~ /^[0-9]+$/) { summary = summary r "\n"; continue }
    key = base(f[1]) ":" f[2]
    text = r
    sub(/^[^ ]*: remark: /, "", text)
    if (text ~ / converted to a remote update \(UPC/) ru[key]++
    if (text ~ /not converted to a remote update:/) noru[key]++
    if (text ~ / privatized \(/) priv[key]++
    if (text ~ /not privatized:/) nopriv[key]++
    if (text ~ / versioned: plain C when its row/) rv[key]++
    if (text !~ /^loop / && text ~ / not versioned:/) norv[key]++
    if (text ~ /^loop versioned:/) lv[key]++
    if (text ~ /^loop not versioned:/) nolv[key]++
    if (text !~ /^loop / && text ~ / coalesced: / && text !~ / not coalesced: /) co[key]++
    if (text !~ /^loop / && text ~ / not coalesced: /) noco[key]++
    if (text ~ /affinity test removed/) fa[key]++
    if (text ~ /affinity test kept|nested in the controlling/) nofa[key]++
    any[key]++
    all[key] = all[key] "    " text "\n"
  }
}
function fail(msg) { print "remarks.sh: " FILENAME ":" FNR ": " msg; if (all[key] != "") printf "%s", all[key]; bad++ }
{
  key = base(FILENAME) ":" FNR
  # markers: the words of comments made only of capitals, e.g. /* FA PRIV */
  delete m
  c = $0
  while (match(c, /\/\* *[A-Z][A-Z ]* *\*\//)) {
    nw = split(substr(c, RSTART + 2, RLENGTH - 4), w, " ")
    for (x = 1; x <= nw; x++) m[w[x]] = 1
    c = substr(c, RSTART + RLENGTH)
  }
  if (on["none"]) {
    if (any[key]) fail("a remark with -fupc-opts=none")
    next
  }
  if (on["forall"]) {
    if (m["FA"]) { checked++; if (!fa[key] || nofa[key]) fail("FA: the affinity test must be removed") }
    if (m["NOFA"]) { checked++; if (!nofa[key] || fa[key]) fail("NOFA: the affinity test must be kept") }
  }
  if (on["privatize"]) {
    if (m["PRIV"]) { checked++; if (!priv[key] || nopriv[key]) fail("PRIV: every access must be privatized") }
    if (m["NOPRIV"]) { checked++; if (!nopriv[key]) fail("NOPRIV: an access must stay shared") }
  }
  if (on["versioning"]) {
    if (m["LV"]) { checked++; if (!lv[key]) fail("LV: the loop must be versioned") }
    if (m["NOLV"]) { checked++; if (!nolv[key]) fail("NOLV: the loop must not be versioned") }
    if (m["RV"]) { checked++; if (!rv[key] || norv[key]) fail("RV: every access left must be a versioned row") }
    if (m["NORV"]) { checked++; if (!norv[key]) fail("NORV: an access must not be a versioned row") }
  }
  if (on["coalesce"]) {
    if (m["CO"]) { checked++; if (!co[key] || noco[key]) fail("CO: every read must be coalesced") }
    if (m["NOCO"]) { checked++; if (!noco[key]) fail("NOCO: a read must not be coalesced") }
  }
  if (on["update"]) {
    if (m["RU"]) { checked++; if (!ru[key] || noru[key]) fail("RU: every update must be converted") }
    if (m["NORU"]) { checked++; if (!noru[key] || ru[key]) fail("NORU: the update must not be converted") }
  }
}
END {
  if (on["none"] && summary !~ /0 of 0 upc_forall affinity tests removed, 0 of 0 accesses privatized, 0 of 0 updates converted/) {
    print "remarks.sh: the summary with -fupc-opts=none is not all zero:"; printf "%s", summary; bad++
  }
  printf "remarks.sh: %d marked lines checked, %d wrong\n", checked, bad
  printf "%s", summary
  exit bad > 0
}' $(cat "$tmp/files")
