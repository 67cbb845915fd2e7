#!/bin/sh
# gdb.sh BUILD SOURCE build|installed: gdb on a UPC program at THREADS 2, with
# the upcc and upcrun of the build tree or of the tree installed into a
# temporary prefix.  Each thread runs under gdb -batch to a breakpoint where
# thread 0 holds a lock and the shared arrays have known values; checks that
# the program's .debug_gdb_scripts loaded this tree's printers and what they
# print for pointers-to-shared, shared arrays, the lock and the upc commands;
# once more through MPI RMA, where the other thread's memory is not mapped.
# Then upcrun -freeze=1: thread 1 says how to attach and waits (past the
# barrier's 2 s grace periods) until gdb -p PID -ex 'upc thaw' releases it.
set -eu
build=$1; src=$2; mode=$3
# Every thread's memory mapped on this node, whatever test setup runs this
# (one run below reaches the other thread through MPI on purpose).
unset UPCRT_FORCE_RMA UPCRT_NODE_SIZE
tmp=$(mktemp -d "${TMPDIR:-/tmp}/upcc-gdb.XXXXXX")
runpid=
cleanup() { [ -z "$runpid" ] || kill "$runpid" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
fail() { echo "FAIL ($mode): $*"; exit 1; }
show() { echo "--- $1"; cat "$1"; }
. "$(dirname "$0")/../install_tree.sh"

if [ "$mode" = installed ]; then
  install_tree "$build" "$tmp"
  script=$(find "$tmp/root" -path '*/upcc/gdb/upcc_printers.py' -type f)
  [ -n "$script" ] || fail "upcc_printers.py not installed"
else
  upcc=$build/tools/upcc
  upcrun=$build/tools/upcrun
  script=$src/tools/gdb/upcc_printers.py
fi
script=$(realpath "$script")
scriptdir=$(dirname "$script")

cd "$tmp"
cp "$src/test/gdb/debugee.upc" .
"$upcc" -g -O0 debugee.upc -o debugee > cc.log 2>&1 || { cat cc.log; fail "compiling"; }
readelf -p .debug_gdb_scripts debugee > sections 2>&1 || true
grep -qF "$script" sections || { cat sections; fail "the program does not name $script"; }

line=$(grep -n 'BREAK HERE' debugee.upc | cut -d: -f1)
cat > cmds <<EOF2
set pagination off
set width 0
break debugee.upc:$line
run
info auto-load python-scripts
upc threads
print p
print q
print null
print pair
print lock
print __upcc_shared_A
upc print A
upc print B
upc print scalar
upc print A[5]
upc print p
upc print q
print pp
upc print SP
upc print *pp
continue
EOF2
gdbargs="-batch -nx -iex 'set debuginfod enabled off' -iex 'add-auto-load-safe-path $scriptdir'"
timeout 180 "$upcrun" -n 2 "$src/test/gdb/under_gdb.sh" "$tmp/out" -batch -nx \
  -iex 'set debuginfod enabled off' -iex "add-auto-load-safe-path $scriptdir" \
  -x cmds --args ./debugee > run.log 2>&1 || { show run.log; show out.0; show out.1; fail "upcrun"; }

# expect FILE WHAT PATTERN (an extended regular expression over one line)
expect() {
  grep -qE -- "$3" "$1" || { show "$1"; fail "$1: $2: no line matching: $3"; }
}
addr='addr 0x[0-9a-f]+'
for t in 0 1; do
  o=out.$t
  expect $o "the printers loaded" "^Yes +$script *\$"
  expect $o "upc threads" "^MYTHREAD $t, THREADS 2, node [^ ]+ \\(pid [0-9]+\\); threads mapped on this node: 0-1\$"
  expect $o "print p" "^\\\$1 = \\(shared int \\*\\) thread 1, phase 0, $addr -> 105\$"
  expect $o "print q" "^\\\$2 = \\(shared \\[3\\] int \\*\\) thread 1, phase 1, $addr -> 204\$"
  expect $o "print null" "^\\\$3 = \\(shared int \\*\\) NULL\$"
  expect $o "print pair" "^\\\$4 = \\{p = \\(shared int \\*\\) thread 1, phase 0, $addr -> 105, n = 7\\}\$"
  expect $o "print __upcc_shared_A" "^\\\$6 = shared int A\\[8\\] \\(THREADS 2\\) = \\{\\[0\\] = 100, \\[1\\] = 101, \\[2\\] = 102, \\[3\\] = 103, \\[4\\] = 104, \\[5\\] = 105, \\[6\\] = 106, \\[7\\] = 107\\}\$"
  expect $o "upc print A" "^shared int A\\[8\\] \\(THREADS 2\\) = \\{\\[0\\] = 100, \\[1\\] = 101, \\[2\\] = 102, \\[3\\] = 103, \\[4\\] = 104, \\[5\\] = 105, \\[6\\] = 106, \\[7\\] = 107\\}\$"
  expect $o "upc print B" "^shared \\[3\\] int B\\[6\\] \\(THREADS 2\\) = \\{\\[0\\] = 200, \\[1\\] = 201, \\[2\\] = 202, \\[3\\] = 203, \\[4\\] = 204, \\[5\\] = 205\\}\$"
  expect $o "upc print scalar" "^shared double scalar = 2.5\$"
  expect $o "upc print A[5]" "^A\\[5\\] = 105\$"
  expect $o "upc print p" "^\\*\\(p\\) = 105\$"
  expect $o "upc print q" "^\\*\\(q\\) = 204\$"
  expect $o "print pp" "^\\\$7 = \\(shared int \\*shared \\*\\) thread 1, phase 0, $addr -> \\(shared int \\*\\) thread 1, phase 0, $addr\$"
  expect $o "upc print SP" "^shared int \\*shared SP\\[2\\] \\(THREADS 2\\) = \\{\\[0\\] = \\(shared int \\*\\) thread 0, phase 0, $addr -> 100, \\[1\\] = \\(shared int \\*\\) thread 1, phase 0, $addr -> 101\\}\$"
  expect $o "upc print *pp" "^\\*\\(\\*pp\\) = 101\$"
done
expect out.0 "print lock" "^\\\$5 = \\(upc_lock_t \\*\\) thread [01], $addr -> held by thread 0 \\(this thread\\)\$"
expect out.1 "print lock" "^\\\$5 = \\(upc_lock_t \\*\\) thread [01], $addr -> held by thread 0\$"
expect out.0 "the program's end" "^PASS\$"

# Through MPI (as across nodes): the other thread's memory is not mapped here.
cat > cmds.rma <<EOF2
set pagination off
set width 0
break debugee.upc:$line
run
print p
upc print A
upc print A[5]
continue
EOF2
UPCRT_FORCE_RMA=1 timeout 180 "$upcrun" -n 2 "$src/test/gdb/under_gdb.sh" "$tmp/rma" -batch -nx \
  -iex 'set debuginfod enabled off' -iex "add-auto-load-safe-path $scriptdir" \
  -x cmds.rma --args ./debugee > rma.log 2>&1 || { show rma.log; show rma.0; fail "upcrun (RMA)"; }
expect rma.0 "print p, not mapped" "^\\\$1 = \\(shared int \\*\\) thread 1, phase 0, offset 0x[0-9a-f]+ <not mapped on this node>\$"
expect rma.0 "upc print A, not mapped" "^shared int A\\[8\\] \\(THREADS 2\\) = \\{\\[0\\] = 100, \\[1\\] = <not mapped on this node>, \\[2\\] = 102, \\[3\\] = <not mapped on this node>, "
expect rma.0 "upc print A[5], not mapped" "^A\\[5\\] = <not mapped on this node>\$"

# upcrun -freeze=1: thread 1 waits at start-up until the debugger thaws it.
"$upcrun" -n 2 -freeze=1 ./debugee > frozen.out 2> frozen.err &
runpid=$!
i=0
until grep -q 'frozen' frozen.err; do
  i=$((i + 1))
  [ $i -le 300 ] || { show frozen.err; fail "no thread says it is frozen"; }
  sleep 0.1
done
expect frozen.err "the freeze message" "^upc: thread 1 frozen: host [^ ]+ pid [0-9]+; attach with: gdb -p [0-9]+ -ex 'upc thaw'\$"
! grep -q 'thread 0 frozen' frozen.err || fail "-freeze=1 froze thread 0"
sleep 3 # longer than the barrier's grace periods: the others must still wait
kill -0 "$runpid" 2>/dev/null || { show frozen.err; fail "the program did not wait for the frozen thread"; }
[ ! -s frozen.out ] || { show frozen.out; fail "main ran before the thaw"; }
pid=$(sed -n 's/^upc: thread 1 frozen: .* pid \([0-9]*\);.*/\1/p' frozen.err)
timeout 60 gdb -batch -nx -iex 'set debuginfod enabled off' -iex "add-auto-load-safe-path $scriptdir" \
  -p "$pid" -ex 'upc thaw' > thaw.out 2>&1 || { show thaw.out; fail "gdb -p $pid"; }
expect thaw.out "upc thaw" "^upc: thread 1 thawed\$"
i=0
while kill -0 "$runpid" 2>/dev/null; do
  i=$((i + 1))
  [ $i -le 600 ] || { show frozen.err; fail "the program did not end after the thaw"; }
  sleep 0.1
done
rc=0; wait "$runpid" || rc=$?
runpid=
[ $rc = 0 ] || { show frozen.err; fail "the thawed program ended with status $rc"; }
expect frozen.out "the thawed program's end" "^PASS\$"
echo "PASS ($mode)"
