#!/bin/sh
# man_env.sh PAGE.scd SOURCE...: every environment variable of upcc's that
# the sources (files, or directories searched for .c, .h, .cpp) read has an
# entry in the page's ENVIRONMENT: the names given to getenv("UPC...") and
# the runtime's "UPCRT_..." strings, which reach getenv through helpers.
# man_env.sh --names SOURCE... prints those names (test/doc/doc_inline.py
# checks the variables the docs name against them).
set -eu
names() {
  grep -rohE --include='*.c' --include='*.h' --include='*.cpp' \
       'getenv\("UPC[A-Z0-9_]*"|"UPCRT_[A-Z0-9_]*' "$@" | grep -oE 'UPC[A-Z0-9_]*' | sort -u
}
if [ "$1" = --names ]; then shift; names "$@"; exit; fi
page=$1; shift
env_section=$(awk '/^# ENVIRONMENT/ { on = 1; next } /^# / { on = 0 } on' "$page")
[ -n "$env_section" ] || { echo "FAIL: $page has no ENVIRONMENT section"; exit 1; }
names=$(names "$@")
[ -n "$names" ] || { echo "FAIL: no variables found in $*"; exit 1; }
missing=
for name in $names; do
  # an entry: an unindented line naming it in bold (*NAME*=VALUE, ...)
  printf '%s\n' "$env_section" | grep -qE "^\*(.*\*)?$name\*" || missing="$missing $name"
done
[ -z "$missing" ] || { echo "FAIL: the ENVIRONMENT of $page has no entry for:$missing"; exit 1; }
echo "ENVIRONMENT of $page has an entry for each of:" $names
