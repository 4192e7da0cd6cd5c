#!/usr/bin/env bash
# scripts/man-page.sh CLI PAGE OUT: the man page of one command, made by
# help2man from what `fractalis COMMAND --help` prints (the CLI's option
# tables), so that the pages and --help never disagree. PAGE is
# "fractalis" (the command list) or a command with its words joined by
# '-' ("render-flame": fractalis render flame --help).
set -euo pipefail
cli=$1 page=$2 out=$3
if [ "$page" = fractalis ]; then
  words=() name="fractalis" what="fast, exact fractal renderer"
else
  IFS=- read -r -a words <<<"$page"
  name="fractalis-$page"
  # the one-line summary: the command's line in the top-level help
  what=$("$cli" --help | awk -v cmd="${words[*]}" '
    { line = $0; sub(/^ +/, "", line) }
    index(line, cmd " ") == 1 || line == cmd {
      rest = substr(line, length(cmd) + 1); sub(/^[A-Z.|\[\] -]*[A-Z]+[A-Z.\]]* +/, "", rest); sub(/^ +/, "", rest); print rest; exit }')
  [ -n "$what" ] || what="fractalis ${words[*]}"
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# help2man runs PROGRAM --help and PROGRAM --version; the wrapper's name is
# the page's name.
cat >"$dir/$name" <<WRAP
#!/bin/sh
case "\$1" in
  --version) exec "$cli" --version ;;
  *) exec "$cli" ${words[*]} --help ;;
esac
WRAP
chmod +x "$dir/$name"
mkdir -p "$(dirname "$out")"
version=$("$cli" --version | awk '{print $2}')
help2man --no-info --section 1 --source "fractalis $version" --version-string "$version" --name "$what" \
  --output "$out.tmp" "$dir/$name"
mv "$out.tmp" "$out"
