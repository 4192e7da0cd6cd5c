#!/usr/bin/env bash
# tests/package_test.sh SOURCE CLI: the Debian packages on a machine that has
# nothing else. scripts/package.sh builds them; mmdebstrap makes a fresh
# Debian 12 system holding only them, their dependencies, and a C compiler
# with pkg-config; inside it:
# - the C program and the Python script that README.md shows (the blocks
#   after "<!-- package-test: NAME -->") are copied out of the README,
#   built and run, and every PNG they write must be the image of that name
#   the README shows (docs/images/NAME.png, byte for byte);
# - `fractalis render` from the package renders the default image, which
#   must be the one this checkout's build (CLI) renders;
# - the man page and the bash completion are installed.
# The README's C program must also be examples/mandelbrot.c (built against
# an installed tree by tests/install_examples.sh): the two cannot drift.
set -euo pipefail
src=$(realpath "$1") cli=$(realpath "$2")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
for tool in mmdebstrap dpkg-buildpackage; do
  command -v $tool >/dev/null || fail "$tool is missing (scripts/setup.sh installs it)"
done

# The README's programs.
mkdir -p "$tmp/work"
awk -v dir="$tmp/work" '
  /^<!-- package-test: [^ ]+ -->$/ { name = $3; next }
  name != "" && /^```/ { if (inblock) { inblock = 0; name = "" } else inblock = 1; next }
  inblock { print > (dir "/" name) }' "$src/README.md"
[ -s "$tmp/work/mandelbrot.c" ] || fail "README.md has no '<!-- package-test: mandelbrot.c -->' C block"
[ -s "$tmp/work/seahorse.py" ] || fail "README.md has no '<!-- package-test: seahorse.py -->' Python block"
cmp -s "$tmp/work/mandelbrot.c" "$src/examples/mandelbrot.c" ||
  fail "README.md's C program differs from examples/mandelbrot.c"

"$src/scripts/package.sh" "$tmp/dist" >"$tmp/package.log" 2>&1 || { cat "$tmp/package.log"; fail "scripts/package.sh failed"; }
debs=("$tmp"/dist/*.deb)
((${#debs[@]} == 4)) || fail "expected 4 packages, got: ${debs[*]##*/}"
includes=()
for d in "${debs[@]}"; do includes+=(--include "$d"); done

cat >"$tmp/work/run.sh" <<'RUN'
set -eu
cd /root/work
mkdir -p out
cc -std=c11 -Wall -Werror mandelbrot.c $(pkg-config --cflags --libs fractalis) -o mandelbrot
./mandelbrot
python3 seahorse.py
mv *.png out/
fractalis render mandelbrot -q -o out/default.png
fractalis --version >out/version.txt
test -f /usr/share/man/man1/fractalis-render.1.gz
test -f /usr/share/bash-completion/completions/fractalis
dpkg-query -W -f '${Package} ${Version}\n' 'libfractalis*' fractalis python3-fractalis >out/packages.txt
RUN
if ! mmdebstrap --variant=apt --include=gcc,libc6-dev,pkg-config "${includes[@]}" \
       --hook-dir=/usr/share/mmdebstrap/hooks/file-mirror-automount \
       --customize-hook="copy-in $tmp/work /root" \
       --customize-hook='chroot "$1" sh /root/work/run.sh' \
       --customize-hook="copy-out /root/work/out $tmp" \
       bookworm "$tmp/root" >"$tmp/mmdebstrap.log" 2>&1; then
  tail -n 40 "$tmp/mmdebstrap.log"
  fail "the packages did not install, or the README's programs failed, in a fresh Debian 12 (mmdebstrap)"
fi
n=0
for f in "$tmp"/out/*.png; do
  name=${f##*/}
  [ "$name" = default.png ] && continue
  [ -f "$src/docs/images/$name" ] || fail "the README's programs wrote $name, which docs/images does not have"
  cmp -s "$f" "$src/docs/images/$name" || fail "the README's programs wrote another $name than docs/images/$name"
  n=$((n + 1))
done
((n >= 2)) || fail "the README's C program and Python script wrote $n images, expected one each at least"
"$cli" render mandelbrot -q -o "$tmp/default.png"
cmp -s "$tmp/out/default.png" "$tmp/default.png" || fail "the package's CLI renders another default image than this build"
echo "installed: $(tr '\n' ' ' <"$tmp/out/packages.txt")"
echo "package test: 4 packages installed alone in Debian 12; the README's C program and Python script wrote the README's $n images; $(cat "$tmp/out/version.txt") renders"
