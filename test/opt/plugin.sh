#!/bin/sh
# plugin.sh BUILD SOURCE: installs upcc into a temporary prefix, builds
# examples/plugins/mythread_local out of the tree against it (pkg-config
# upcc-plugin, its own Meson project), and checks that the loaded pass runs
# where the pipeline puts it, changes the emitted C, reports with -Rupc and in
# the optimization record, and that the program computes the same at
# THREADS 1-4 (and through RMA) as without the pass.
set -eu
build=$1; src=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/upcc-plugin.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

. "$(dirname "$0")/../install_tree.sh"
install_tree "$build" "$tmp"
pc=$(find "$tmp/root" -name upcc-plugin.pc)
[ -n "$pc" ] || fail "upcc-plugin.pc not installed"
[ -f "$(dirname "$upcc")/../include/upcc/pass.h" ] || fail "<upcc/pass.h> not installed"

PKG_CONFIG_PATH=$(dirname "$pc") meson setup "$tmp/plugin" "$src/examples/plugins/mythread_local" \
  > "$tmp/setup.log" 2>&1 || { cat "$tmp/setup.log"; fail "meson setup of the plugin"; }
ninja -C "$tmp/plugin" > "$tmp/ninja.log" 2>&1 || { cat "$tmp/ninja.log"; fail "building the plugin"; }
so=$tmp/plugin/upcc-mythread-local.so
[ -f "$so" ] || fail "no $so"

# In the pipeline after privatization, before the update pass, on.
"$upcc" -fupc-pass-plugin="$so" --print-passes > "$tmp/passes"
cut -d' ' -f1 "$tmp/passes" | tr '\n' ' ' > "$tmp/order"
[ "$(cat "$tmp/order")" = "upc-forall-opt upc-privatize upc-mythread-local upc-remote-update upc-loop-versioning upc-coalesce " ] ||
  fail "pipeline order: $(cat "$tmp/order")"
grep -q '^upc-mythread-local  *on ' "$tmp/passes" || fail "the plugin's pass is not on: $(cat "$tmp/passes")"

cd "$tmp"
cp "$src/examples/plugins/mythread_local/rows.upc" .
"$upcc" -fupc-pass-plugin="$so" -Rupc -fsave-optimization-record=rows.yaml -save-temps rows.upc -o rows \
  > remarks 2>&1 || { cat remarks; fail "compiling with the plugin"; }
for r in '16:5: remark: grid[MYTHREAD][j] made local' \
         '17:5: remark: grid[MYTHREAD][j] made local' \
         '18:29: remark: cube[MYTHREAD][r][j] made local' \
         '19:5: remark: pairs[MYTHREAD][j] not made local: its block (2 elements) is not a row (6 elements)' \
         '21:3: remark: sums[MYTHREAD] made local' \
         '22:3: remark: twice[MYTHREAD + THREADS] made local' \
         '24:5: remark: sums[MYTHREAD] made local' \
         '24:29: remark: grid[MYTHREAD][j] made local' \
         '25:5: remark: twice[MYTHREAD + THREADS] made local' \
         '8 of 9 MYTHREAD accesses made local'; do
  grep -qF "$r" remarks || { cat remarks; fail "missing remark: $r"; }
done
[ "$(grep -c ' made local (row MYTHREAD' remarks)" = 8 ] || { cat remarks; fail "remarks elsewhere"; }
grep -q '^Pass: *upc-mythread-local' rows.yaml || fail "no record of the pass"
[ "$(grep -A1 '^Pass: *upc-mythread-local' rows.yaml | grep -c 'Name: *Applied')" = 8 ] ||
  { cat rows.yaml; fail "records of the pass"; }
# The emitted C: plain accesses off this thread's part, none without the pass.
local_c=$(grep -o 'upcrt_node_base\[upcrt_mythread\]' rows.trans.c | wc -l)
[ "$local_c" -ge 8 ] || fail "the emitted C has $local_c plain accesses"
cp rows.upc plain.upc
"$upcc" -save-temps plain.upc -o plain
[ "$(grep -o 'upcrt_node_base\[upcrt_mythread\]' plain.trans.c | wc -l)" = 0 ] ||
  fail "plain accesses without the plugin"
"$upcc" -fupc-pass-plugin="$so" -fno-upc-pass=mythread-local -Rupc -c rows.upc -o off.o > off 2>&1
! grep -q ' made local (row' off || fail "-fno-upc-pass=mythread-local did not switch it off"

for n in 1 2 3 4; do
  "$upcrun" -n $n ./rows > out.$n 2>&1 || { cat out.$n; fail "rows at THREADS $n"; }
  [ "$(grep -c ': ok$' out.$n)" = $n ] || { cat out.$n; fail "rows at THREADS $n"; }
done
UPCRT_FORCE_RMA=1 "$upcrun" -n 3 ./rows > out.rma 2>&1 || { cat out.rma; fail "rows through RMA"; }
[ "$(grep -c ': ok$' out.rma)" = 3 ] || { cat out.rma; fail "rows through RMA"; }
echo "PASS: the out-of-tree pass loads, runs in its place, changes the C, reports, and computes right"
