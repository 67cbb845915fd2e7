#!/bin/sh
# installed_teams.sh BUILD SOURCE: installs upcc into a temporary prefix and
# builds and runs teams.upc with the installed upcc and upcrun (the installed
# <upcx.h> and runtime), at THREADS 2 and 3, on one node and through MPI.
set -eu
build=$1; src=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/upcc-teams.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

. "$(dirname "$0")/../install_tree.sh"
install_tree "$build" "$tmp"
"$upcc" -v -I "$src/test/upc" -o "$tmp/teams" "$src/test/upc/teams.upc" > "$tmp/cc.log" 2>&1 ||
  { cat "$tmp/cc.log"; fail "compiling teams.upc with the installed upcc"; }
grep -q "$tmp/root" "$tmp/cc.log" || { cat "$tmp/cc.log"; fail "the installed upcc did not use its own headers"; }
for rma in 0 1; do
  for n in 2 3; do
    UPCRT_FORCE_RMA=$rma "$upcrun" -n $n "$tmp/teams" > "$tmp/out" 2>&1 ||
      { cat "$tmp/out"; fail "teams at THREADS $n (UPCRT_FORCE_RMA=$rma)"; }
    grep -q '^PASS' "$tmp/out" || { cat "$tmp/out"; fail "teams at THREADS $n (UPCRT_FORCE_RMA=$rma)"; }
  done
done
echo "PASS: teams from the installed tree"
