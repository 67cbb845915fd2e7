#!/bin/sh
# under_gdb.sh OUT GDB-ARGS...: runs gdb on one MPI rank (started by upcrun),
# its output to OUT.RANK.
out=$1; shift
exec gdb "$@" > "$out.${PMI_RANK:-0}" 2>&1
