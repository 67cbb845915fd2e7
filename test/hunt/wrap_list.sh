#!/bin/sh
# wrap_list.sh UPCC LIBUPCRT FORTIFIED_LIB — HUNT's wrappers are linked in:
# the --wrap=NAME flags upcc links every program with are exactly the
# __wrap_NAME functions of libupcrt.a (rts/comm/hunt_syscalls.c; a name on one
# side only is a call left unwrapped or a link error), the fortified calls
# of test/hunt's library (glibc's __NAME_chk) are among them, and the MPI
# calls with buffers have their PMPI wrappers (rts/comm/hunt_pmpi.c).
set -u
if [ $# -ne 3 ]; then
  echo "usage: wrap_list.sh UPCC LIBUPCRT FORTIFIED_LIB" >&2
  exit 2
fi
upcc=$1 lib=$2 fortified=$3
case $upcc in /*) ;; *) upcc=$PWD/$upcc ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/upc_wrap.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0

printf 'int main(void) { return 0; }\n' >"$tmp/t.upc"
if ! (cd "$tmp" && "$upcc" -v -o t t.upc) >"$tmp/log" 2>&1; then
  echo "FAIL: upcc could not build a program"
  cat "$tmp/log"
  exit 1
fi
grep -o -- '--wrap=[A-Za-z0-9_]*' "$tmp/log" | sed 's/^--wrap=//' | sort -u >"$tmp/flags"
nm "$lib" | sed -n 's/^[0-9a-f]* T __wrap_//p' | sort -u >"$tmp/defs"
n=$(wc -l <"$tmp/flags")
if [ "$n" -lt 30 ]; then
  echo "FAIL: upcc links with $n --wrap flags, expected the ~40 of rts/comm/hunt_syscalls.c"
  fail=1
fi
if ! diff "$tmp/flags" "$tmp/defs" >"$tmp/diff"; then
  echo "FAIL: upcc's --wrap flags (<) and libupcrt.a's __wrap_ functions (>) differ:"
  cat "$tmp/diff"
  fail=1
fi
for f in read write pread pwrite readv writev send sendto sendmsg recv recvfrom recvmsg \
         fread fwrite setvbuf; do
  grep -qx "$f" "$tmp/flags" || { echo "FAIL: $f is not wrapped"; fail=1; }
done

# the fortified library calls the _chk forms, and each is wrapped
nm "$fortified" | sed -n 's/^ *U \(__[a-z0-9_]*_chk\)$/\1/p' | sort -u >"$tmp/chk"
# (pread: __pread64_chk when the build sets _FILE_OFFSET_BITS=64)
for f in __read_chk '__pread\(64\)\{0,1\}_chk' __recv_chk __recvfrom_chk __fread_chk; do
  grep -qx "$f" "$tmp/chk" || { echo "FAIL: $fortified does not call $f (not fortified?)"; fail=1; }
done
while read -r f; do
  grep -qx "$f" "$tmp/flags" || { echo "FAIL: $f (called by $fortified) is not wrapped"; fail=1; }
done <"$tmp/chk"

# PMPI wrappers of the MPI calls with buffers
nm "$lib" | sed -n 's/^[0-9a-f]* T \(MPI_[A-Za-z_]*\)$/\1/p' | sort -u >"$tmp/mpi"
for f in MPI_Send MPI_Recv MPI_Isend MPI_Irecv MPI_Sendrecv MPI_Bcast MPI_Reduce MPI_Allreduce \
         MPI_Alltoallv MPI_Put MPI_Get MPI_File_write_at MPI_Pack MPI_Start; do
  grep -qx "$f" "$tmp/mpi" || { echo "FAIL: libupcrt.a has no PMPI wrapper $f"; fail=1; }
done

[ $fail -eq 0 ] && echo "PASS: $n calls wrapped, $(wc -l <"$tmp/mpi") MPI entry points defined"
exit $fail
