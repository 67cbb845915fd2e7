#!/bin/sh
# run_filecheck.sh OPTCHECK FILECHECK FILE: each `// RUN-ARGS: ...` line of
# FILE is an optcheck invocation whose remarks are checked with the
# FileCheck prefix named after `--prefix=` on that line (default CHECK).
set -e
optcheck=$1; filecheck=$2; file=$3
grep '^// RUN-ARGS:' "$file" | sed 's,^// RUN-ARGS:,,' | while read -r line; do
  prefix=CHECK
  args=""
  for w in $line; do
    case $w in
      --prefix=*) prefix=${w#--prefix=} ;;
      *) args="$args $w" ;;
    esac
  done
  # shellcheck disable=SC2086
  "$optcheck" $args "$file" > "${TMPDIR:-/tmp}/optcheck.$$" 2>&1 || { cat "${TMPDIR:-/tmp}/optcheck.$$"; exit 1; }
  "$filecheck" --check-prefix="$prefix" "$file" < "${TMPDIR:-/tmp}/optcheck.$$" || {
    rm -f "${TMPDIR:-/tmp}/optcheck.$$"; exit 1; }
  rm -f "${TMPDIR:-/tmp}/optcheck.$$"
done
