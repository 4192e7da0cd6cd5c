#!/usr/bin/env bash
# MPI ranks against one process, on the same GPUs (issue: "MPI over ranks
# within 10 % of the same GPUs in one process"): each scale-out scene
# rendered as a whole command by one process on every GPU (--device
# cuda:all) and by `mpirun -np N` with one rank a GPU (--device cuda:rank:
# each rank takes the GPU of its node rank), wall clock of each (process start,
# device start, render and the file rank 0 writes: the same work either
# way), the fastest of REPEAT runs, and whether the two files are
# byte-identical, and the ranks' time less what `mpirun -np N true` takes
# (the launcher's own start, the same for any program). The ranks run
# unbound (--bind-to none): mpirun's default binding (one core a rank for
# up to 2 ranks) leaves rank 0's PNG deflate one core. Scenes: the 4096x4096 Buddhabrot at max 1,000 (float32,
# 2e10 samples, histogram as .npy), the 7680x4320 quality 2000 flame
# (.png), the KF 1e1086 view at 3840x2160 (counts as .npy).
#   bench/mpi-vs-process.sh FRACTALIS GENOME KFR_DIR [NGPUS] [REPEAT]
set -u
fr=$1 genome=$2 kfr=$3 n=${4:-$(nvidia-smi -L | wc -l)} repeat=${5:-2}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
list=cuda:all
[ "$n" -lt "$(nvidia-smi -L | wc -l)" ] && list=cuda:$(seq -s, 0 $((n - 1)))
scenes=(
    "orbit|out.npy|render buddhabrot --size 4096x4096 --center -0.5,0 --width 3 --rotate 0 --iter 1000 --precision f32 --samples 2e10 --seed 1"
    "flame|out.png|render flame $genome --size 7680x4320 --quality 2000"
    "deep|out.npy|render --from $kfr/1e1086.kfr --size 3840x2160"
)
# the fastest of $repeat runs of a command, in seconds
best() {
    local b=""
    for _ in $(seq "$repeat"); do
        local t0 t1
        t0=$(date +%s.%N)
        "$@" >"$tmp/log" 2>&1 || { echo "FAIL: $*" >&2; cat "$tmp/log" >&2; echo 0; return; }
        t1=$(date +%s.%N)
        b=$(echo "$t0 $t1 ${b:-}" | awk '{ d = $2 - $1; if ($3 == "" || d < $3) print d; else print $3 }')
    done
    echo "$b"
}
# what mpirun itself costs: N ranks of a program that does nothing
start=$(best mpirun -np "$n" true)
printf "# mpirun -np %d true: %.3f s (in every ranks' time below)\n" "$n" "$start"
printf "%-6s %12s %14s %8s %18s  %s\n" scene "1 process s" "$n ranks s" "ranks/1" "less mpirun, /1" output
rc=0
for s in "${scenes[@]}"; do
    IFS='|' read -r name file args <<<"$s"
    ext=${file##*.}
    # shellcheck disable=SC2086
    one=$(best "$fr" $args --device "$list" -q -o "$tmp/one.$ext")
    # shellcheck disable=SC2086
    many=$(best mpirun --bind-to none -np "$n" "$fr" $args --device cuda:rank -q -o "$tmp/mpi.$ext")
    same=DIFFERENT
    cmp -s "$tmp/one.$ext" "$tmp/mpi.$ext" && same=identical
    [ $same = identical ] || rc=1
    printf "%-6s %12.3f %14.3f %7.2fx %17.2fx  %s\n" "$name" "$one" "$many" "$(echo "$many $one" | awk '{ print $1 / $2 }')" \
        "$(echo "$many $start $one" | awk '{ print ($1 - $2) / $3 }')" $same
done
exit $rc
