#!/bin/sh
# check_death.sh — runs a command (an MPI job) that must fail: checks that it
# ends within a time limit, with a non-zero status (or the one given), and
# that its output contains the expected text.
# usage: check_death.sh SECONDS STATUS|nonzero "TEXT" COMMAND...
limit=$1; want=$2; text=$3; shift 3
out=$(mktemp); trap 'rm -f "$out"' EXIT
timeout "$limit" "$@" >"$out" 2>&1
status=$?
if [ "$status" -eq 124 ]; then
  echo "FAIL: did not end within $limit s (a hang)"; cat "$out"; exit 1
fi
if [ "$want" = nonzero ]; then
  [ "$status" -ne 0 ] || { echo "FAIL: exit status 0, want non-zero"; cat "$out"; exit 1; }
elif [ "$status" -ne "$want" ]; then
  echo "FAIL: exit status $status, want $want"; cat "$out"; exit 1
fi
if ! grep -qF -- "$text" "$out"; then
  echo "FAIL: output lacks \"$text\""; cat "$out"; exit 1
fi
echo "ok: status $status, found \"$text\""
