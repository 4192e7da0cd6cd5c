#!/usr/bin/env bash
# ctest -L gpu: MPI ranks on the GPUs (`mpirun -np N fractalis render ...
# --device cuda:rank`, one GPU a rank, ranks sharing a GPU where there are
# fewer GPUs than ranks) write the same bytes as one process on one GPU,
# for every family: escape-time PNG, deep-zoom counts, Buddhabrot
# histogram, flames (several passes, supersampling). Flames are checked
# both ways their buckets meet: mapped device to device between the ranks
# of one machine (CUDA IPC; the statistics must say so) and through the
# host (FRACTALIS_MAP_PROCESSES=0, as between machines). Skipped (77) where
# there is no GPU, unless FR_REQUIRE_GPU=1; without MPI it fails.
#   tests/gpu_mpi_identical.sh FRACTALIS MPIEXEC DATA_DIR
set -u
fr=$1 mpiexec=$2 data=$3
if ! "$fr" devices | grep -q '^cuda:0 '; then
    reason=$("$fr" devices | grep '^cuda')
    if [ "${FR_REQUIRE_GPU:-}" = 1 ]; then echo "FAILED (FR_REQUIRE_GPU=1): $reason"; exit 1; fi
    echo "skipped, no GPU here: $reason"
    exit 77
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
gpus=$("$fr" devices | grep -c '^cuda:[0-9]')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# same NAME EXPECT ARGS...: one process on cuda:0 against 2 ranks and
# max(3, GPUs) ranks; EXPECT, when not empty, must be in rank 0's statistics
same() {
    local name=$1 expect=$2
    shift 2
    if ! "$fr" "$@" -q --device cuda:0 -o "$tmp/one-$name" >"$tmp/log" 2>&1; then
        echo "FAIL: $name: one process: $(cat "$tmp/log")"
        fail=1
        return
    fi
    local most=$((gpus > 3 ? gpus : 3))
    for n in 2 $most; do
        if ! timeout 300 "$mpiexec" --oversubscribe -np $n "$fr" "$@" --device cuda:rank -o "$tmp/np$n-$name" \
            >"$tmp/log" 2>&1; then
            echo "FAIL: $name: $n ranks: exit status $?"
            cat "$tmp/log"
            fail=1
        elif ! cmp -s "$tmp/one-$name" "$tmp/np$n-$name"; then
            echo "FAIL: $name: $n ranks: the file differs from one process's"
            fail=1
        elif [ -n "$expect" ] && ! grep -q "$expect" "$tmp/log"; then
            echo "FAIL: $name: $n ranks: the statistics do not say '$expect':"
            cat "$tmp/log"
            fail=1
        else
            echo "ok: $name, $n ranks: identical${expect:+ ($expect)}"
        fi
    done
}

KF14=-1.759817130804847813610825010561798238243999999999999999999800,-0.012593310799749865383746631843264858450340000000000000000000
same escape.png "" render mandelbrot --size 640x360 --center -0.7436,0.1318 --width 0.02 --iter 2000
same deep.npy "" render mandelbrot --size 320x180 --center "$KF14" --width 3e-12 --iter 4036
same buddhabrot.npy "" render buddhabrot --size 512x512 --samples 1e8 --seed 5
for g in motion-passes.flam3 ember-spherical-rotate-y.flam3; do
    same "map-$g.png" "summed device to device" render flame "$data/$g" --size 640x480 --quality 200 --seed 7
    FRACTALIS_MAP_PROCESSES=0 same "host-$g.png" "summed through the host" render flame "$data/$g" --size 640x480 \
        --quality 200 --seed 7
done
same supersample.png "summed device to device" render flame "$data/motion-passes.flam3" --size 400x300 \
    --quality 100 --supersample 3 --seed 3
[ $fail = 0 ] && echo "MPI ranks on the GPUs: every output identical to one process's"
exit $fail
