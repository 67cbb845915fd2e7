#!/bin/sh
# under_gdb.sh OUT GDB-ARGS...: runs gdb on one MPI rank (started by upcrun),
# its output to OUT.RANK.
out=$1; shift
# the rank as hydra (PMI_RANK) or Open MPI (OMPI_COMM_WORLD_RANK) gives it
exec gdb "$@" > "$out.${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-0}}" 2>&1
