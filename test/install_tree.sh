# install_tree.sh — sourced by the tests that run an installed tree.
# install_tree BUILD DIR: `meson install --destdir DIR/root` of BUILD, then
# $upcc and $upcrun are the installed driver and launcher; a failure prints
# the install log and calls the test's own fail().
install_tree() {
  meson install -C "$1" --no-rebuild --destdir "$2/root" > "$2/install.log" 2>&1 ||
    { cat "$2/install.log"; fail "meson install"; }
  upcc=$(find "$2/root" -path '*/bin/upcc' -type f)
  upcrun=$(find "$2/root" -path '*/bin/upcrun' -type f)
  [ -x "$upcc" ] && [ -x "$upcrun" ] || fail "upcc or upcrun not installed"
}
