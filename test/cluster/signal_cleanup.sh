#!/bin/sh
# signal_cleanup.sh — a job of tools/cluster that is sent SIGTERM and, half a
# second later, SIGKILL (what meson test does on a timeout) leaves none of
# the network namespaces it made.  Needs root (run through run.sh).
#
# usage: signal_cleanup.sh TOOLS_CLUSTER
set -u
cluster=$1
before=$(mktemp)
trap 'rm -f "$before"' EXIT
"$cluster" status | sort >"$before"
made() { "$cluster" status | sort | comm -13 "$before" -; }
# waits up to 10 s for CONDITION (a shell command) to hold
within_10s() {
  i=0
  until eval "$1"; do
    i=$((i + 1))
    [ "$i" -lt 100 ] || return 1
    sleep 0.1
  done
}
setsid "$cluster" mpiexec 2 -n 2 sleep 60 </dev/null >/dev/null 2>&1 &
job=$!
if ! within_10s '[ -n "$(made)" ]'; then
  echo "FAIL: the job made no namespaces in 10 s"
  kill -KILL -"$job" 2>/dev/null
  exit 1
fi
n=$(made | wc -l)
sleep 1 # the launcher has started the processes on the nodes
kill -TERM -"$job"
sleep "${CLEANUP_KILL_AFTER:-0.5}"
kill -KILL -"$job" 2>/dev/null
if ! within_10s '[ -z "$(made)" ]'; then
  echo "FAIL: 10 s after SIGTERM and SIGKILL these namespaces are left:"
  made
  exit 1
fi
echo "ok: the job's $n namespaces were removed after SIGTERM and SIGKILL"
