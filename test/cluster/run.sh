#!/bin/sh
# run.sh — runs a test command with every upcrun job in it across NODES
# emulated nodes (tools/cluster, through UPCRUN_CLUSTER), or skips it (exit
# status 77, with the reason) where nodes cannot be made: not root, or a
# kernel without network namespaces.
#
# usage: run.sh NODES COMMAND [ARGS...]
set -u
if [ $# -lt 2 ]; then
  echo "usage: run.sh NODES COMMAND [ARGS...]" >&2
  exit 2
fi
nodes=$1
shift
if [ "$(id -u)" != 0 ]; then
  echo "SKIP: emulated nodes need root (network namespaces); run the tests as root to check the job across nodes"
  exit 77
fi
probe=upcc-probe-$$
if ! ip netns add "$probe" 2>/dev/null; then
  echo "SKIP: this kernel refuses network namespaces ('ip netns add' failed)"
  exit 77
fi
ip netns del "$probe"
# the long form of the repeated runs (check_death.sh)
[ -n "${UPCC_CLUSTER_REPEAT:-}" ] && CHECK_DEATH_REPEAT=$UPCC_CLUSTER_REPEAT && export CHECK_DEATH_REPEAT
UPCRUN_CLUSTER=$nodes exec "$@"
