#!/usr/bin/env bash
# tests/install_examples.sh BUILD SOURCE: what `cmake --install` puts in a
# fresh prefix works for someone who only has that prefix:
# - the shared library exports exactly the functions fractalis.h declares,
#   under its soname;
# - the examples (examples/*.c) build against it through pkg-config
#   (shared, and static with pkg-config --static) and through CMake's
#   find_package(fractalis), and run; the Mandelbrot example's PNG is the
#   one the installed CLI renders from the scene it embeds, byte for byte;
# - the installed CLI runs without LD_LIBRARY_PATH; the man pages and the
#   bash completion are there, and completion offers a command's options.
set -euo pipefail
# (no `cmd | grep -q` below: grep -q leaves at the first match, and under
# pipefail the writer's SIGPIPE then fails the pipeline, now and then)
build=$(realpath "$1") src=$(realpath "$2")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
lib=$(find "$prefix" -name 'libfractalis.so.*.*.*' | head -n1)
[ -n "$lib" ] || fail "no libfractalis.so.X.Y.Z installed"
libdir=$(dirname "$lib")
soname=$(objdump -p "$lib" | awk '$1 == "SONAME" {print $2}')
[ "$soname" = libfractalis.so.1 ] || fail "soname is '$soname', not libfractalis.so.1"
for f in "$libdir/libfractalis.so" "$libdir/libfractalis.a" "$libdir/pkgconfig/fractalis.pc" \
         "$libdir/cmake/fractalis/fractalisConfig.cmake" "$prefix/include/fractalis.h" "$prefix/bin/fractalis" \
         "$prefix/share/man/man1/fractalis.1" "$prefix/share/man/man1/fractalis-render-flame.1" \
         "$prefix/share/bash-completion/completions/fractalis"; do
  [ -e "$f" ] || fail "not installed: ${f#$prefix/}"
done

# The exported symbols: the header's functions, no more, no fewer.
nm -D --defined-only "$lib" | awk '$2 == "T" {sub(/@.*/, "", $3); print $3}' | sort >"$tmp/exported"
sort "$build/src/fractalis.symbols" >"$tmp/declared"
diff -u "$tmp/declared" "$tmp/exported" >"$tmp/sym.diff" || { cat "$tmp/sym.diff"; fail "exported symbols differ from fractalis.h's functions (- declared only, + exported only)"; }
grep -q '^fr_escape_render$' "$tmp/exported" || fail "fr_escape_render not exported"
nm -D --defined-only "$lib" | grep ' fr_escape_run_cpu\| fr_backend_' >/dev/null && fail "internal functions exported"

# The examples through pkg-config (a prefix the loader does not search:
# LD_LIBRARY_PATH, as for any library installed there; the installed CLI
# finds it by its RPATH and runs without).
export PKG_CONFIG_PATH=$libdir/pkgconfig
mkdir -p "$tmp/run" && cd "$tmp/run"
for e in mandelbrot buddhabrot flame; do
  cc -std=c11 -Wall -Werror "$src/examples/$e.c" $(pkg-config --cflags --libs fractalis) -o "$tmp/$e-pc" ||
    fail "examples/$e.c does not build with pkg-config"
done
export LD_LIBRARY_PATH=$libdir
"$tmp/mandelbrot-pc" >/dev/null || fail "the Mandelbrot example failed"
[ -s library-seahorse.png ] || fail "the Mandelbrot example wrote no library-seahorse.png"
ldd "$tmp/mandelbrot-pc" | grep "libfractalis.so.1 => $libdir" >/dev/null || fail "the example does not load the installed library"
env -u LD_LIBRARY_PATH "$prefix/bin/fractalis" render --from library-seahorse.png -q -o cli.png || fail "the installed CLI failed"
cmp -s library-seahorse.png cli.png || fail "the library example's PNG differs from the CLI's render of the same scene"
"$tmp/buddhabrot-pc" >buddha.txt || fail "the Buddhabrot example failed"
grep -q "2000000 samples" buddha.txt || fail "Buddhabrot example: $(cat buddha.txt)"
"$tmp/flame-pc" "$src/tests/data/motion-triangle.flam3" >/dev/null || fail "the flame example failed"
[ -s flame.png ] || fail "the flame example wrote no flame.png"

# Static: libfractalis.a with what pkg-config --static says it needs.
others=$(pkg-config --static --libs fractalis | sed -E 's/(^| )-lfractalis( |$)/ /')
cc -std=c11 "$src/examples/mandelbrot.c" $(pkg-config --cflags fractalis) "$libdir/libfractalis.a" $others \
  -o "$tmp/mandelbrot-static" || fail "examples/mandelbrot.c does not link statically with pkg-config --static"
ldd "$tmp/mandelbrot-static" | grep libfractalis >/dev/null && fail "the static example still loads libfractalis.so"
mv library-seahorse.png shared.png
"$tmp/mandelbrot-static" >/dev/null || fail "the static Mandelbrot example failed"
cmp -s library-seahorse.png shared.png || fail "static and shared builds render different PNGs"

# The examples through CMake's find_package(fractalis).
cmake -S "$src/examples" -B "$tmp/ex" -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/ex.log" 2>&1 ||
  { cat "$tmp/ex.log"; fail "find_package(fractalis) failed"; }
cmake --build "$tmp/ex" >"$tmp/exb.log" 2>&1 || { cat "$tmp/exb.log"; fail "the examples do not build with CMake"; }
mv library-seahorse.png pc.png
"$tmp/ex/mandelbrot" >/dev/null && cmp -s library-seahorse.png pc.png || fail "the CMake-built example differs"

# Man pages and completion.
grep -q -- '\\-\\-center' "$prefix/share/man/man1/fractalis-render.1" ||
  fail "fractalis-render(1) does not list --center"
out=$(PATH="$prefix/bin:$PATH" bash -c 'source "$1"; COMP_WORDS=(fractalis render mandelbrot --col); COMP_CWORD=3;
  _fractalis; echo "${COMPREPLY[*]}"' _ "$prefix/share/bash-completion/completions/fractalis")
[ "$out" = "--color" ] || fail "completion of 'render mandelbrot --col' gave '$out'"

# The Python module from the prefix (component python), with neither
# FRACTALIS_LIBRARY nor LD_LIBRARY_PATH: it loads the installed library by
# the path recorded at install time. The README's Python script, which
# must be examples/python/seahorse.py, writes the README's image byte for
# byte, and the installed CLI renders the same from the scene it embeds.
pydir=$prefix/lib/python3/dist-packages
for f in __init__.py _cdef.py _location.py escape.py; do
  [ -f "$pydir/fractalis/$f" ] || fail "not installed: lib/python3/dist-packages/fractalis/$f"
done
awk '/^<!-- package-test: seahorse.py -->$/ { on = 1; next }
     on && /^```/ { if (inblock) exit; inblock = 1; next }
     inblock' "$src/README.md" >"$tmp/seahorse.py"
cmp -s "$tmp/seahorse.py" "$src/examples/python/seahorse.py" ||
  fail "README.md's Python script differs from examples/python/seahorse.py"
mkdir -p "$tmp/py" && cd "$tmp/py"
py=(env -u FRACTALIS_LIBRARY -u LD_LIBRARY_PATH PYTHONPATH="$pydir" PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3)
loaded=$("${py[@]}" -c 'import fractalis; print(fractalis.library_path)') || fail "the installed Python module does not import"
[ "$(realpath "$loaded")" = "$(realpath "$lib")" ] || fail "the installed Python module loads $loaded, not $lib"
"${py[@]}" "$tmp/seahorse.py" >seahorse.txt || fail "the README's Python script failed with the installed module"
grep -q "(720, 1280) uint32" seahorse.txt || fail "the README's Python script printed: $(cat seahorse.txt)"
cmp -s python-seahorse.png "$src/docs/images/python-seahorse.png" ||
  fail "the README's Python script wrote another python-seahorse.png than docs/images/python-seahorse.png"
env -u LD_LIBRARY_PATH "$prefix/bin/fractalis" render --from python-seahorse.png -q -o cli.png &&
  cmp -s python-seahorse.png cli.png || fail "the Python script's PNG differs from the CLI's render of its scene"

echo "install: prefix, soname, $(wc -l <"$tmp/exported") exported functions, examples (pkg-config shared and static, CMake), CLI, man, completion, Python module: ok"
