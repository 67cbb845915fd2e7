#!/bin/sh
# run.sh — runs one end-to-end UPC test program and judges the run.
#
# usage: run.sh [-e EXPECTED] [-u EXPECTED] [-p REGEX] [-s STATUS] [-t SECONDS]
#               UPCRUN N PROGRAM [ARGS...]
#
# Runs `UPCRUN -n N PROGRAM ARGS...` under `timeout` (default 120 s) and
# passes when the exit status is STATUS (default 0), the output (stdout and
# stderr) has a line matching REGEX (default ^PASS; -p '' drops the check),
# with -e stdout equals the file EXPECTED exactly, and with -u stdout has the
# lines of EXPECTED in any order (for output printed by every thread).
# Prints the program's output either way.
set -u

expected= unordered= pattern='^PASS' status=0 limit=120
while [ $# -gt 0 ]; do
  case $1 in
    -e) expected=$2; shift 2 ;;
    -u) unordered=$2; shift 2 ;;
    -p) pattern=$2; shift 2 ;;
    -s) status=$2; shift 2 ;;
    -t) limit=$2; shift 2 ;;
    *) break ;;
  esac
done
if [ $# -lt 3 ]; then
  echo "usage: run.sh [-e EXPECTED] [-u EXPECTED] [-p REGEX] [-s STATUS] [-t SECONDS] UPCRUN N PROGRAM [ARGS...]" >&2
  exit 2
fi
upcrun=$1 n=$2 prog=$3
shift 3
# Absolute paths: the launcher may start the program in another directory.
case $prog in /*) ;; *) prog=$PWD/$prog ;; esac
case $upcrun in */*) case $upcrun in /*) ;; *) upcrun=$PWD/$upcrun ;; esac ;; esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/upctest.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

timeout "$limit" "$upcrun" -n "$n" "$prog" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?

echo "== $upcrun -n $n $prog $* (exit status $rc)"
echo "-- stdout"
cat "$tmp/out"
echo "-- stderr"
cat "$tmp/err"
echo "--"

ok=1
if [ "$rc" -eq 124 ]; then
  echo "run.sh: timed out after $limit s"
  ok=0
elif [ "$rc" -ne "$status" ]; then
  echo "run.sh: exit status $rc, expected $status"
  ok=0
fi
if [ -n "$pattern" ] && ! grep -Eq "$pattern" "$tmp/out" "$tmp/err"; then
  echo "run.sh: no line matching '$pattern' in the output"
  ok=0
fi
if [ -n "$expected" ]; then
  if ! cmp -s "$expected" "$tmp/out"; then
    echo "run.sh: stdout differs from $expected:"
    diff "$expected" "$tmp/out"
    ok=0
  fi
fi
if [ -n "$unordered" ]; then
  LC_ALL=C sort "$unordered" >"$tmp/want.sorted"
  LC_ALL=C sort "$tmp/out" >"$tmp/out.sorted"
  if ! cmp -s "$tmp/want.sorted" "$tmp/out.sorted"; then
    echo "run.sh: stdout lines differ from $unordered (sorted):"
    diff "$tmp/want.sorted" "$tmp/out.sorted"
    ok=0
  fi
fi
if [ "$ok" -eq 1 ]; then
  echo "run.sh: ok"
  exit 0
fi
exit 1
