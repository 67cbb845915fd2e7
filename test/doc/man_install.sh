#!/bin/sh
# man_install.sh BUILD: installs the tree into a temporary prefix and checks
# that the manual pages land in share/man/man1 and man3 and that man renders
# each without a warning, by path (man -l) and by name (MANPATH).
set -eu
build=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/upcc-man.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

. "$(dirname "$0")/../install_tree.sh"
install_tree "$build" "$tmp"
mandir=$(dirname "$(find "$tmp/root" -path '*/man1/upcc.1' -type f)")
mandir=${mandir%/man1}
[ -n "$mandir" ] && [ "${mandir%/share/man}" != "$mandir" ] || fail "upcc.1 is not in share/man/man1"

export MANWIDTH=80 LC_ALL=C.UTF-8 MANPAGER=cat PAGER=cat
for page in man1/upcc.1 man1/upcrun.1 man3/upcx.3; do
  f=$mandir/$page
  [ -f "$f" ] || fail "$page is not installed in $mandir"
  man --warnings -l "$f" > "$tmp/out" 2> "$tmp/err" || { cat "$tmp/err"; fail "man -l $page"; }
  [ ! -s "$tmp/err" ] || { cat "$tmp/err"; fail "man warns about $page"; }
  name=$(basename "$f"); name=${name%.*}
  grep -q "^NAME" "$tmp/out" && grep -q "^ *$name - " "$tmp/out" || { head -20 "$tmp/out"; fail "$page has no NAME line for $name"; }
  # by name, as a user with the prefix on MANPATH reads it
  sect=${page#man}; sect=${sect%%/*}
  MANPATH=$mandir man --warnings "$sect" "$name" > "$tmp/byname" 2> "$tmp/err" ||
    { cat "$tmp/err"; fail "man $sect $name with MANPATH=$mandir"; }
  [ ! -s "$tmp/err" ] || { cat "$tmp/err"; fail "man warns about $sect $name"; }
  cmp -s "$tmp/out" "$tmp/byname" || fail "man $sect $name is not the installed $page"
done
echo "man pages installed in $mandir and rendered without warnings"
