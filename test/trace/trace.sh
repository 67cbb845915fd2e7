#!/bin/sh
# trace.sh BUILD SOURCE build|installed: upcrun -trace on test/trace/traced.upc
# at THREADS 1-4, through MPI RMA at 2 and 4, on simulated nodes of 2 at 4,
# with HUNT strips at 2, and with the default file name; check_trace.py
# validates each file against what the program did.  Also: a file that
# cannot be written is a warning naming it and leaves the exit status alone;
# a full buffer drops events and says so; tools/trace_svg.py draws a file.
# With the upcc and upcrun of the build tree or of the tree installed into a
# temporary prefix.
set -eu
build=$1; src=$2; mode=$3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/upcc-trace.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL ($mode): $*"; exit 1; }
. "$(dirname "$0")/../install_tree.sh"

if [ "$mode" = installed ]; then
  install_tree "$build" "$tmp"
else
  upcc=$build/tools/upcc
  upcrun=$build/tools/upcrun
fi
check="python3 $src/test/trace/check_trace.py"

cd "$tmp"
"$upcc" "$src/test/trace/traced.upc" -o traced > cc.log 2>&1 || { cat cc.log; fail "compiling"; }

# run NAME N [env...]: traces ./traced at THREADS N into NAME.json and checks it
run() {
  name=$1; n=$2; shift 2
  env "$@" "$upcrun" -n "$n" -trace="$name.json" ./traced > "$name.out" 2> "$name.err" ||
    { cat "$name.out" "$name.err"; fail "$name: the program failed"; }
  bars=$(sed -n 's/^barriers: //p' "$name.out")
  [ -n "$bars" ] || { cat "$name.out"; fail "$name: no barrier count"; }
  $check "$name.json" --threads "$n" --barriers "$bars" --program traced $extra ||
    fail "$name: the trace is wrong"
}
extra=
for n in 1 2 3 4; do run "smp$n" "$n"; done
for n in 2 4; do run "rma$n" "$n" UPCRT_FORCE_RMA=1; done
run nodes4 4 UPCRT_NODE_SIZE=2 # simulated nodes: the barriers between nodes
extra=--hunt
run hunt2 2 UPCRT_FORCE_RMA=1 UPCRT_HUNT=1 UPCRT_HUNT_MIN=16K
extra=

# the picture of a timeline (tools/trace_svg.py): well-formed SVG with a lane per thread
python3 "$src/tools/trace_svg.py" hunt2.json -o hunt2.svg > svg.log 2>&1 ||
  { cat svg.log; fail "trace_svg.py"; }
python3 -c '
import sys, xml.etree.ElementTree as ET
text = "".join(t.text or "" for t in ET.parse("hunt2.svg").iter("{http://www.w3.org/2000/svg}text"))
sys.exit(0 if all(n in text for n in ("thread 0", "thread 1", "barrier wait", "HUNT strip")) else 1)
' || fail "hunt2.svg lacks a lane or the legend"

# -trace alone: upcc-trace.json in the working directory
"$upcrun" -n 2 -trace ./traced > default.out 2>&1 || { cat default.out; fail "-trace"; }
$check upcc-trace.json --threads 2 --barriers 11 --program traced || fail "upcc-trace.json"

# a file that cannot be written: a warning that names it, the same exit status
bad=$tmp/no/such/dir/t.json
"$upcrun" -n 2 -trace="$bad" ./traced > nodir.out 2> nodir.err ||
  { cat nodir.err; fail "an unwritable trace file changed the exit status"; }
grep -qF "cannot write $bad" nodir.err || { cat nodir.err; fail "no warning naming $bad"; }

# a full buffer: events dropped, said on stderr and in the file
UPCRT_TRACE_EVENTS=16 "$upcrun" -n 2 -trace=full.json ./traced > full.out 2> full.err ||
  { cat full.err; fail "a full buffer changed the exit status"; }
grep -q 'events dropped' full.err || { cat full.err; fail "no warning about dropped events"; }
python3 -c '
import json, sys
d = json.load(open("full.json"))["otherData"]
n = d["dropped_events"]
sys.exit(0 if n > 0 and sum(d["dropped_per_thread"]) == n else 1)
' || fail "full.json does not count its dropped events"
echo "trace ($mode): ok"
