#!/bin/sh
# upcx_names.sh UPCX_H PAGE.scd: every name <upcx.h> declares (upcx_*,
# UPCX_*) is documented in the upcx(3) page.
set -eu
header=$1; page=$2
missing=
# (struct tags of the opaque handles are not names a program uses)
for name in $(sed 's/struct upcx_[A-Za-z0-9_]*//g' "$header" |
              grep -o '\b\(upcx\|UPCX\)_[A-Za-z0-9_]*' | sort -u); do
  case $name in UPCX_H) continue ;; esac
  # the page escapes underscores that could start emphasis (\_)
  sed 's/\\_/_/g' "$page" | grep -q "\\b$name\\b" || missing="$missing $name"
done
[ -z "$missing" ] || { echo "FAIL: $page does not document:$missing"; exit 1; }
echo "every upcx_/UPCX_ name of $header is in $page"
