#!/bin/bash
# heap_startup.sh — what the default shared heap costs at start-up: runs a
# program that returns at once (exits.upc "return 0") at each THREADS,
# alternately with the default heap and with a small explicit one, and
# prints the median wall time of each and the difference.
# usage: heap_startup.sh UPCRUN PROGRAM [REPS [SMALL [THREADS...]]]
# e.g.   test/exit/heap_startup.sh build/tools/upcrun build/test/exit/exits 5 16MB 1 2 4 8 16 32 64
set -u
upcrun=$1 prog=$2 reps=${3:-5} small=${4:-16MB}
shift 4 2>/dev/null || shift $#
threads=${*:-1 2 4 8 16 32 64}
now() { date +%s.%N; }
median() { sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
printf '%-8s %12s %12s %10s\n' THREADS default "$small" difference
for n in $threads; do
  d=() s=()
  for r in $(seq "$reps"); do
    t0=$(now); UPC_SHARED_HEAP_SIZE= "$upcrun" -n "$n" "$prog" return 0 >/dev/null 2>&1 || echo "run failed (default, $n)" >&2
    t1=$(now); UPC_SHARED_HEAP_SIZE=$small "$upcrun" -n "$n" "$prog" return 0 >/dev/null 2>&1 || echo "run failed ($small, $n)" >&2
    t2=$(now)
    d+=("$(echo "$t1 - $t0" | bc)") s+=("$(echo "$t2 - $t1" | bc)")
  done
  md=$(printf '%s\n' "${d[@]}" | median) ms=$(printf '%s\n' "${s[@]}" | median)
  printf '%-8s %11.3fs %11.3fs %+9.3fs\n' "$n" "$md" "$ms" "$(echo "$md - $ms" | bc)"
done
