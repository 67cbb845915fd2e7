#!/bin/sh
# check_death.sh — runs a command (an MPI job) that must end a given way:
# checks that it ends within a time limit, with a non-zero status (or the one
# given), that its output contains the expected text, and that MPI printed no
# banner of its own (the launcher's "BAD TERMINATION", MPI_Abort's): the
# runtime ends every job itself, with its own message.
# usage: check_death.sh SECONDS STATUS|nonzero "TEXT" COMMAND...
# CHECK_DEATH_REPEAT=N runs (and checks) the command N times (default 1).
# CHECK_DEATH_LAUNCHER_BANNER=1 allows the banner: a job some process of
# which never started, where the launcher reports the exits itself.
limit=$1; want=$2; text=$3; shift 3
out=$(mktemp); trap 'rm -f "$out"' EXIT
runs=${CHECK_DEATH_REPEAT:-1}
run=1
while [ "$run" -le "$runs" ]; do
  timeout "$limit" "$@" >"$out" 2>&1
  status=$?
  of=""; [ "$runs" -gt 1 ] && of=" (run $run of $runs)"
  if [ "$status" -eq 124 ]; then
    echo "FAIL$of: did not end within $limit s (a hang)"; cat "$out"; exit 1
  fi
  if [ "$want" = nonzero ]; then
    [ "$status" -ne 0 ] || { echo "FAIL$of: exit status 0, want non-zero"; cat "$out"; exit 1; }
  elif [ "$status" -ne "$want" ]; then
    echo "FAIL$of: exit status $status, want $want"; cat "$out"; exit 1
  fi
  if [ -n "$text" ] && ! grep -qF -- "$text" "$out"; then
    echo "FAIL$of: output lacks \"$text\""; cat "$out"; exit 1
  fi
  [ -n "${CHECK_DEATH_LAUNCHER_BANNER:-}" ] ||
  # hydra's and MPICH's; Open MPI's mpirun prints MPI_Abort's (upcrun drops it)
  for banner in "BAD TERMINATION" "application called MPI_Abort" "MPI_ABORT was invoked"; do
    if grep -qF -- "$banner" "$out"; then
      echo "FAIL$of: MPI's banner (\"$banner\") in the output"; cat "$out"; exit 1
    fi
  done
  run=$((run + 1))
done
echo "ok: status $status, found \"$text\"${of:+, $runs runs}"
