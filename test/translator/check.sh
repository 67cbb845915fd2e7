#!/bin/sh
# check.sh — one translator test: translate SRC with upcc (-save-temps keeps
# the emitted C), FileCheck the emitted C against SRC's CHECK lines, then
# compile the emitted C on its own with the backend C compiler.
# Usage: check.sh UPCC FILECHECK CC INCDIR WORKDIR SRC [upcc flags...]
set -e
upcc=$1 filecheck=$2 cc=$3 inc=$4 work=$5 src=$6
shift 6
base=$(basename "$src" .upc)
rm -rf "$work" && mkdir -p "$work"
"$upcc" -save-temps -fupc-opts=none -c "$@" "$src" -o "$work/$base.o"
trans="$work/$base.trans.c"
[ -f "$trans" ] || { echo "check.sh: $trans was not kept" >&2; exit 1; }
"$filecheck" --dump-input=fail --input-file="$trans" "$src"
"$cc" -std=gnu11 -c -I"$inc" "$trans" -o "$work/$base.cc.o"
