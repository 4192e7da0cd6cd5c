#!/usr/bin/env bash
# Many processes through MPI (ctest label mpi): `mpirun --oversubscribe -np
# N fractalis render ...` with 1, 2, 3 and 4 ranks on the CPU backend writes
# byte-identical files to one plain process for every family (escape PNG
# and counts, deep zoom samples, Buddhabrot and Nebulabrot histograms, a
# flame PNG at a fixed seed); a Buddhabrot resumed with another number of
# ranks equals one run of all its samples; a rank killed mid-run ends the
# job with a non-zero status and no file; a render the ranks cannot share
# fails with a message and no file.
#   tests/mpi_identical.sh FRACTALIS MPIEXEC DATA_DIR
set -u
fr=$1 mpiexec=$2 data=$3
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMP_NUM_THREADS=1 # four ranks share two cores
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
mpi() { timeout 300 "$mpiexec" --oversubscribe "$@"; }

same() {
    local name=$1
    shift
    if ! "$fr" "$@" -q --device cpu -o "$tmp/one-$name" >"$tmp/log" 2>&1; then
        echo "FAIL: $name: one process: $(cat "$tmp/log")"
        fail=1
        return
    fi
    for n in 1 2 3 4; do
        if ! mpi -np $n "$fr" "$@" -q --device cpu -o "$tmp/np$n-$name" >"$tmp/log" 2>&1; then
            echo "FAIL: $name: $n ranks: exit status $?"
            cat "$tmp/log"
            fail=1
        elif cmp -s "$tmp/one-$name" "$tmp/np$n-$name"; then
            echo "ok: $name, $n ranks: identical"
        else
            echo "FAIL: $name: $n ranks: the file differs from one process's"
            fail=1
        fi
    done
}

KF14=-1.759817130804847813610825010561798238243999999999999999999800,-0.012593310799749865383746631843264858450340000000000000000000
same escape.png render mandelbrot --size 240x160 --aa 2 --center -0.7436,0.1318 --width 0.02 --iter 700
same escape.npy render mandelbrot --size 240x160 --color count --center -0.7436,0.1318 --width 0.02 --iter 700
same histogram.png render mandelbrot --size 200x120 --color histogram
same deep.npy render mandelbrot --size 160x90 --center "$KF14" --width 3e-12 --iter 4036
same deep.png render burningship --size 120x80 --center -1.7,0 --width 1e-20 --iter 3000 --color distance --perturbation on
same buddhabrot.npy render buddhabrot --size 160x160 --samples 1e6 --seed 5
same nebulabrot.npy render nebulabrot --size 120x120 --samples 4e5 --seed 9
same flame.png render flame "$data/motion-passes.flam3" --size 160x120 --quality 20 --seed 7

# resumed with another number of ranks: the same histogram as one run
"$fr" render buddhabrot --size 100x100 --samples 8e5 --seed 3 -q -o "$tmp/all.npy"
mpi -np 2 "$fr" render buddhabrot --size 100x100 --samples 4e5 --seed 3 -q -o "$tmp/part.npy" >"$tmp/log" 2>&1 &&
    mpi -np 3 "$fr" render --resume "$tmp/part.npy" --samples 4e5 -q >"$tmp/log" 2>&1
if cmp -s "$tmp/all.npy" "$tmp/part.npy"; then
    echo "ok: resume with 2 then 3 ranks equals one run"
else
    echo "FAIL: a Buddhabrot resumed with 2 then 3 ranks differs from one run"
    cat "$tmp/log"
    fail=1
fi

# a rank killed mid-run: the job ends, non-zero, and no file
mkdir "$tmp/kill"
mpi -np 2 "$fr" render buddhabrot --size 300x300 --samples 1e12 -q -o "$tmp/kill/k.npy" >"$tmp/log" 2>&1 &
job=$!
ranks=""
for _ in $(seq 100); do
    sleep 0.1
    ranks=$(for p in $(pgrep -f -- "$tmp/kill/k.npy"); do
        [ "$(cat /proc/$p/comm 2>/dev/null)" = fractalis ] && echo $p
    done)
    [ "$(echo "$ranks" | wc -w)" = 2 ] && break
done
sleep 1
kill -9 $(echo "$ranks" | head -1) 2>/dev/null
wait $job
rc=$?
if [ $rc = 0 ] || [ -n "$(ls -A "$tmp/kill")" ]; then
    echo "FAIL: a killed rank: exit status $rc, files: $(ls -A "$tmp/kill")"
    cat "$tmp/log"
    fail=1
else
    echo "ok: a killed rank ends the job (exit status $rc), no file"
fi

# a render the ranks cannot share: a clear message, no file
mpi -np 2 "$fr" render buddhabrot --size 100x100 -q -o "$tmp/none.npy" >"$tmp/log" 2>&1
rc=$?
if [ $rc = 0 ] || [ -e "$tmp/none.npy" ] || ! grep -q "needs a sample count" "$tmp/log"; then
    echo "FAIL: an unshareable render: exit status $rc"
    cat "$tmp/log"
    fail=1
else
    echo "ok: an unshareable render fails with a message and no file"
fi
exit $fail
