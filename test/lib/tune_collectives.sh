#!/bin/sh
# tune_collectives.sh — upcrun -tune-collectives writes, under a fresh HOME,
# a table with a line for every layout, synchronization and collective;
# the runtime then reads it by default (a line broken on purpose is
# reported with the file's path) and through upcrun -coll-table, and the
# collectives give right answers with the tuned choices.
# usage: tune_collectives.sh UPCRUN TEST_LIB_COLL_TABLE
upcrun=$1; test_exe=$2
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; [ -f "$table" ] && cat "$table"; exit 1; }
export HOME="$dir"; unset XDG_CONFIG_HOME UPCRT_COLL_TABLE
table="$dir/.config/upcc/collectives"
"$upcrun" -n 2 -tune-collectives || fail "upcrun -tune-collectives failed"
[ -f "$table" ] || fail "no table at $table"
rows=$(grep -cv '^#' "$table")
[ "$rows" -eq 60 ] || fail "$rows rows, want 60 (5 layouts x 2 syncs x 6 collectives)"
grep -Eq '^node +mysync +broadcast( +(MPI|PULL|PUSH|MULTICORE)){8}$' "$table" ||
  fail "no node/mysync/broadcast row of 8 algorithms"
RTSTEST_FILTER=test_default_collectives "$upcrun" -n 2 "$test_exe" ||
  fail "the collectives with the tuned table (read by default)"
cp "$table" "$dir/tuned"
RTSTEST_FILTER=test_default_collectives "$upcrun" -n 3 -coll-table "$dir/tuned" "$test_exe" ||
  fail "the collectives with upcrun -coll-table"
echo "node mysync permute PULL" >> "$table"
out=$(RTSTEST_FILTER=test_choice_from_file "$upcrun" -n 2 "$test_exe" 2>&1) &&
  fail "a broken default table was not reported"
echo "$out" | grep -qF "$table:63: a line is LAYOUT SYNC COLLECTIVE and 8 algorithms" ||
  fail "the report does not name $table:63: $out"
echo "PASS"
