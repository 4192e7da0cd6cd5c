#!/usr/bin/env bash
# How much of real flame genomes fractalis reads: every genome file of the
# given folders (default: the shared corpus's flames-wild and flames) is read
# with `fractalis flame info`, and the attributes it ignores (its warnings)
# are counted, each by the number of genome files that carry it:
#   - unknown variations: an ignored <xform>/<finalxform> attribute that is
#     not a parameter of another one (crackle, pre_bwraps, linear3D, ...);
#   - unknown parameters: one that is (crackle_cellsize, waves2_scalez: a
#     parameter fractalis does not read of a variation it may know);
#   - other xform attributes (name, var_color: Ember's xform metadata) and
#     <flame> attributes (cam_*, curves, plugins ...).
# A file fractalis refuses (`flame info` fails) is counted as unreadable,
# with its error, and is not among the genomes read with nothing ignored.
# The summary gives the share of genomes that use only known variations,
# only known variations and parameters, and that read with nothing ignored.
# Files named *.md or *.txt (a folder's notes) are not genomes.
#
# Usage: scripts/flame-corpus-coverage.sh [DIR ...]
#   FRACTALIS=path/to/fractalis (default build/tools/fractalis/fractalis)
#   TOP=N: rows of each table (default 40)
#   KNOWN="name ...": the known variations' names, for a fractalis without
#     'flame variations' (an older build: the before of a comparison)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${FRACTALIS:-build/tools/fractalis/fractalis}
top=${TOP:-40}
[ -x "$bin" ] || { echo "flame-corpus-coverage: no fractalis at $bin (build first, or set FRACTALIS)" >&2; exit 2; }
[ $# -gt 0 ] || set -- ../shared/corpus/flames-wild ../shared/corpus/flames
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.err"' EXIT
n=0
for d in "$@"; do
  for f in "$d"/*; do
    [ -f "$f" ] || continue
    case "$f" in *.md | *.txt) continue ;; esac
    n=$((n + 1))
    # one line a warning: FILE <TAB> ELEMENT <TAB> ATTRIBUTE
    rc=0
    "$bin" flame info "$f" >/dev/null 2>"$tmp.err" || rc=$?
    sed -n "s/^fractalis: warning: line [0-9]*: <\([a-z]*\)> attribute '\([^']*\)' ignored\$/\1\t\2/p" "$tmp.err" |
      sed "s|^|$f\t|" >>"$tmp" || true
    # unreadable: FILE <TAB> ! <TAB> the error, its file name and line taken out
    [ "$rc" = 0 ] || printf '%s\t!\t%s\n' "$f" "$(grep -v ': warning: ' "$tmp.err" | head -1 |
      sed 's/^fractalis: //; s/^[^ ]*:[0-9]*: //')" >>"$tmp"
    printf '%s\t-\t-\n' "$f" >>"$tmp"
  done
done
# the variations fractalis knows (a parameter of one of them is a parameter)
# (KNOWN="name ...": the list to use with a fractalis from before 'flame variations')
known=${KNOWN:-$("$bin" flame variations 2>/dev/null | cut -f1 | tr '\n' ' ')}
awk -F'\t' -v n="$n" -v top="$top" -v known="$known" '
  $2 == "-" { files[$1] = 1; next }
  $2 == "!" { if (!($1 in unread)) { unread[$1] = 1; err[$3]++ }; bad[$1] = 1; next }
  $2 == "flame" { key = "flame\t" $3 } 
  $2 != "flame" { xattr[$1, $3] = 1; xnames[$1] = xnames[$1] " " $3; next }
  { if (!((key, $1) in seen)) { seen[key, $1] = 1; count[key]++ }; bad[$1] = 1 }
  BEGIN { nk = split(known, ka, " "); for (i = 1; i <= nk; i++) kv[ka[i]] = 1 }
  END {
    # classify each file'"'"'s xform attributes: a parameter is NAME_... of another ignored one
    for (f in files) {
      m = split(xnames[f], a, " ")
      for (i = 1; i <= m; i++) {
        x = a[i]; if (x == "" || ((f, x) in done)) continue; done[f, x] = 1
        if (x == "name" || x == "var_color") kind = "other"
        else {
          kind = "variation"
          for (j = 1; j <= m; j++) { y = a[j]; if (y != x && index(x, y "_") == 1) { kind = "param"; break } }
          if (kind == "variation") {
            # a parameter of a variation fractalis knows (waves2_scalez, pre_log_base) is a parameter too
            b = x; sub(/^(pre|post)_/, "", b)
            for (v in kv) if (index(b, v "_") == 1) { kind = "param"; break }
          }
        }
        c[kind, x]++; bad[f] = 1
        if (kind == "variation") uvar[f] = 1
        if (kind == "param") upar[f] = 1
      }
    }
    for (k in c) { split(k, p, SUBSEP); line[p[1]] = line[p[1]] sprintf("%6d  %s\n", c[k], p[2]) }
    for (k in count) { split(k, p, "\t"); line["flame"] = line["flame"] sprintf("%6d  %s\n", count[k], p[2]) }
    title["variation"] = "unknown variations (genomes using each)"
    title["param"] = "unknown parameters (genomes using each)"
    title["other"] = "other ignored <xform> attributes"
    title["flame"] = "ignored <flame> attributes"
    for (k in err) line["unread"] = line["unread"] sprintf("%6d  %s\n", err[k], k)
    title["unread"] = "unreadable files (fractalis refuses them; by error)"
    split("unread variation param other flame", order, " ")
    for (o = 1; o <= 5; o++) {
      k = order[o]; if (!(k in line)) continue
      printf "== %s\n", title[k]
      cmd = "sort -k1,1nr -k2 | head -" top
      printf "%s", line[k] | cmd; close(cmd)
    }
    nv = 0; np = 0; nb = 0; nu = 0
    for (f in files) {
      if (f in unread) { nu++; continue }
      if (!(f in uvar)) nv++; if (!(f in uvar) && !(f in upar)) np++; if (!(f in bad)) nb++
    }
    printf "== summary: %d genomes\n", n
    printf "  unreadable (refused):                   %4d  (%.1f %%)\n", nu, 100 * nu / n
    printf "  only known variations:                  %4d  (%.1f %%)\n", nv, 100 * nv / n
    printf "  only known variations and parameters:   %4d  (%.1f %%)\n", np, 100 * np / n
    printf "  nothing ignored:                        %4d  (%.1f %%)\n", nb, 100 * nb / n
  }' "$tmp"
