#!/bin/sh
# run_remarks.sh UPCC FILECHECK FILE: compiles FILE with upcc -Rupc and
# checks the remarks against FILE's CHECK lines.
set -e
upcc=$1; filecheck=$2; file=$3
out=${TMPDIR:-/tmp}/remarks.$$
"$upcc" -Rupc -c "$file" -o "$out.o" > "$out" 2>&1 || { cat "$out"; rm -f "$out" "$out.o"; exit 1; }
status=0
"$filecheck" "$file" < "$out" || status=1
rm -f "$out" "$out.o"
exit $status
