#!/bin/sh
# run-diag.sh — runs upcc on invalid (or edge-case) UPC and checks the outcome.
#   run-diag.sh check UPCC FILECHECK FILE.upc
#       Compiles FILE with upcc -c; the flags come from a "// FLAGS:" line, the
#       expected exit status from "// EXIT:" (default 1).  stderr+stdout go
#       through FileCheck against FILE's CHECK lines.
#   run-diag.sh truncate UPCC FILE.upc   every prefix of FILE (in steps) fails cleanly
#   run-diag.sh random UPCC              random bytes fail cleanly
#   run-diag.sh driver UPCC              bad flags, --help, --version
# "Cleanly" means exit status 1: not 0, not a signal, no internal error.
set -u
mode=$1; upcc=$2
tmp=$(mktemp -d /tmp/upcc-diag-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

clean_failure() { # file
  timeout 120 "$upcc" -c -o "$tmp/out.o" "$1" >"$tmp/log" 2>&1
  st=$?
  if [ $st -ne 1 ] || grep -q "internal error" "$tmp/log"; then
    cat "$tmp/log" >&2
    fail "upcc exited with status $st on $1 (expected 1, a clean error)"
  fi
  grep -q "error" "$tmp/log" || fail "no error message for $1"
}

case $mode in
check)
  filecheck=$3; file=$4
  flags=$(sed -n 's|^// FLAGS: *||p' "$file" | head -1)
  want=$(sed -n 's|^// EXIT: *||p' "$file" | head -1)
  [ -n "$want" ] || want=1
  # shellcheck disable=SC2086
  timeout 120 "$upcc" -c -o "$tmp/out.o" $flags "$file" >"$tmp/log" 2>&1
  st=$?
  cat "$tmp/log"
  [ $st -eq "$want" ] || fail "exit status $st, expected $want"
  if grep -q "internal error" "$tmp/log"; then fail "internal error"; fi
  "$filecheck" --allow-empty --input-file="$tmp/log" "$file" || fail "FileCheck"
  ;;
truncate)
  file=$3
  size=$(wc -c <"$file")
  # Cut inside main (the last function) at many points: never a valid program.
  start=$(grep -b -m1 'int main' "$file" | cut -d: -f1)
  n=0
  cut=$((start + 5))
  while [ $cut -lt $((size - 2)) ]; do
    head -c $cut "$file" >"$tmp/t$n.upc"
    clean_failure "$tmp/t$n.upc"
    n=$((n + 1))
    cut=$((cut + 23))
  done
  echo "$n truncated files rejected cleanly"
  ;;
random)
  # Deterministic pseudo-random bytes (awk's generator, fixed seeds), some
  # pure noise, some noise after a valid prefix.
  for seed in 1 2 3 4 5 6; do
    awk -v s=$seed 'BEGIN { srand(s); for (i = 0; i < 3000; i++) printf "%c", int(rand() * 255) + 1 }' >"$tmp/r$seed.upc"
    clean_failure "$tmp/r$seed.upc"
    { printf '#include <upc.h>\nshared int x[THREADS];\nint main(void) {\n'; cat "$tmp/r$seed.upc"; } >"$tmp/p$seed.upc"
    clean_failure "$tmp/p$seed.upc"
    # UPC keywords in random order
    awk -v s=$seed 'BEGIN { srand(s); split("shared [ ] * ; ( ) { } upc_forall upc_barrier strict relaxed int THREADS MYTHREAD , continue upc_localsizeof x = 4", w, " ");
      for (i = 0; i < 400; i++) printf "%s ", w[int(rand() * 23) + 1] }' >"$tmp/k$seed.upc"
    clean_failure "$tmp/k$seed.upc"
  done
  echo "random inputs rejected cleanly"
  ;;
driver)
  "$upcc" --definitely-not-a-flag x.upc >"$tmp/out" 2>"$tmp/err"; st=$?
  [ $st -eq 2 ] || fail "unknown flag: exit $st, expected 2"
  grep -q "unknown option '--definitely-not-a-flag'" "$tmp/err" || fail "unknown flag: no message"
  grep -q "^usage: upcc" "$tmp/err" || fail "unknown flag: no usage on stderr"
  [ -s "$tmp/out" ] && fail "unknown flag: output on stdout"
  "$upcc" -T 0 x.upc 2>"$tmp/err"; [ $? -eq 2 ] || fail "-T 0 accepted"
  grep -q "invalid THREADS count" "$tmp/err" || fail "-T 0: no message"
  "$upcc" -network=gm x.upc 2>"$tmp/err"; [ $? -eq 2 ] || fail "-network=gm accepted"
  grep -q "network 'gm' is not available" "$tmp/err" || fail "-network=gm: no message"
  "$upcc" -shared-heap lots x.upc 2>"$tmp/err"; [ $? -eq 2 ] || fail "bad -shared-heap accepted"
  "$upcc" 2>"$tmp/err"; [ $? -eq 2 ] || fail "no input accepted"
  grep -q "no input files" "$tmp/err" || fail "no input: no message"
  "$upcc" -c "$tmp/missing.upc" 2>"$tmp/err"; [ $? -eq 1 ] || fail "missing file: status"
  grep -q "no such file" "$tmp/err" || fail "missing file: no message"
  "$upcc" --help >"$tmp/out" 2>&1 || fail "--help failed"
  for f in -o -c -E -T -shared-heap -save-temps -network=mpi -Wc, -Wl, -fupc-opts -Rupc; do
    grep -q -- "$f" "$tmp/out" || fail "--help does not mention $f"
  done
  # -E -o - writes standard output, as cc does (not a file named "-")
  printf 'int upcc_e_marker;\n' >"$tmp/e.upc"
  abs_upcc=$(cd "$(dirname "$upcc")" && pwd)/$(basename "$upcc")
  (cd "$tmp" && "$abs_upcc" -E -o - e.upc >"$tmp/out") || fail "-E -o - failed"
  grep -q "upcc_e_marker" "$tmp/out" || fail "-E -o -: nothing on stdout"
  [ -e "$tmp/-" ] && fail "-E -o - wrote a file named -"
  # -isystem DIR (and -isystemDIR) is searched before upcc's own headers
  mkdir -p "$tmp/sys1" "$tmp/sys2"
  printf 'int upcc_sys1_marker;\n' >"$tmp/sys1/upc_collective.h"
  printf 'int upcc_sys2_marker;\n' >"$tmp/sys2/upcc_sys2.h"
  printf '#include <upc_collective.h>\n#include <upcc_sys2.h>\n' >"$tmp/sys.upc"
  "$upcc" -isystem "$tmp/sys1" -isystem"$tmp/sys2" -E -o - "$tmp/sys.upc" >"$tmp/out" 2>&1 ||
    { cat "$tmp/out"; fail "-isystem failed"; }
  grep -q upcc_sys1_marker "$tmp/out" && grep -q upcc_sys2_marker "$tmp/out" ||
    { cat "$tmp/out"; fail "-isystem: the directories' headers were not used"; }
  "$upcc" --version >"$tmp/out" 2>&1 || fail "--version failed"
  grep -q "^upcc [0-9]" "$tmp/out" || fail "--version: no version line"
  grep -q "201311L" "$tmp/out" || fail "--version: no UPC version"
  echo "driver flag checks passed"
  ;;
*)
  fail "unknown mode $mode"
  ;;
esac
exit 0
