#!/bin/sh
# run.sh — runs test commands on a Slurm cluster of emulated nodes made for
# the run (tools/slurm-cluster: munge, slurmctld and a slurmd per node),
# one after another beside the controller, where srun, salloc and sbatch
# reach it; or skips (exit status 77, with the reason) where the cluster
# cannot be made: not root, no network namespaces, Slurm not installed.
#
# usage: run.sh [-N NODES] [-t SECONDS] COMMAND [ARGS...] [--and COMMAND [ARGS...]]...
#
# Each COMMAND runs under timeout -s KILL SECONDS (default 150: a hung
# salloc ignores SIGTERM), its output framed by its command line and
# result; the test fails if any does, and every daemon, node and file of
# the cluster is removed afterwards, also on a failure or a signal.
set -u
nodes=2 limit=150
here=$(cd "$(dirname "$0")" && pwd)
if [ "${1:-}" = --inside ]; then
  # on the cluster: the first command, then the rest in a new run.sh
  # (--inside LIMIT RUN FAILED COMMANDS...)
  limit=$2 count=$3 failed=$4
  shift 4
  if [ $# -eq 0 ]; then
    echo "== $((count - failed)) of $count commands passed"
    [ "$failed" -eq 0 ]
    exit
  fi
  n=0 # the first command's words, up to --and
  for a; do
    [ "$a" = --and ] && break
    n=$((n + 1))
  done
  count=$((count + 1))
  line= i=0
  for a; do
    [ "$i" -ge "$n" ] && break
    line="$line $a"
    i=$((i + 1))
  done
  echo "== [$count]$line"
  start=$(date +%s)
  (
    # keep the first n words only
    i=0
    for a; do
      shift
      [ "$i" -lt "$n" ] && set -- "$@" "$a"
      i=$((i + 1))
    done
    exec timeout -s KILL "$limit" "$@" </dev/null
  )
  rc=$?
  if [ "$rc" -eq 0 ]; then
    echo "-- [$count] ok ($(($(date +%s) - start)) s)"
  else
    echo "-- [$count] FAIL: exit status $rc$([ "$rc" -eq 137 ] && echo " (killed after $limit s?)")"
    failed=$((failed + 1))
  fi
  shift "$n"
  [ "${1:-}" = --and ] && shift
  exec "$0" --inside "$limit" "$count" "$failed" "$@"
fi

while [ $# -gt 0 ]; do
  case $1 in
  -N) nodes=$2; shift 2 ;;
  -t) limit=$2; shift 2 ;;
  *) break ;;
  esac
done
if [ $# -lt 1 ]; then
  echo "usage: run.sh [-N NODES] [-t SECONDS] COMMAND [ARGS...] [--and COMMAND [ARGS...]]..." >&2
  exit 2
fi
if [ "$(id -u)" != 0 ]; then
  echo "SKIP: a Slurm cluster on emulated nodes needs root (network namespaces, daemons); run the tests as root to check jobs under Slurm"
  exit 77
fi
for c in slurmctld slurmd srun salloc sbatch munged; do
  if ! command -v "$c" >/dev/null 2>&1; then
    echo "SKIP: $c is missing: Slurm is not installed (tools/setup installs slurmctld, slurmd, slurm-client and munge)"
    exit 77
  fi
done
probe=upcc-probe-$$
if ! ip netns add "$probe" 2>/dev/null; then
  echo "SKIP: this kernel refuses network namespaces ('ip netns add' failed)"
  exit 77
fi
ip netns del "$probe"
exec "$here/../../tools/slurm-cluster" run "$nodes" "$here/run.sh" --inside "$limit" 0 0 "$@"
