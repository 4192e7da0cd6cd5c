#!/usr/bin/env bash
# Many processes through MPI (ctest label mpi): `mpirun --oversubscribe -np
# N fractalis render ...` with 1, 2, 3 and 4 ranks on the CPU backend writes
# byte-identical files to one plain process for every family (escape PNG
# and counts, deep zoom samples, Buddhabrot and Nebulabrot histograms, a
# flame PNG at a fixed seed); a Buddhabrot resumed with another number of
# ranks equals one run of all its samples; a rank killed mid-run ends the
# job with a non-zero status and no file; a render the ranks cannot share
# fails with a message and no file. Animations (whole frames handed out to
# the ranks, rank 0 writing): a flame timeline and an escape-time zoom with
# 1, 2 and 3 ranks give the same PNG frames as one process, and the same
# decoded video; --resume with another number of ranks renders only what
# is missing; a rank killed mid-animation leaves only complete frames, the
# same as one process's, and --resume finishes them. Rank 0 bound to fewer
# than its share of the CPUs says so.
#   tests/mpi_identical.sh FRACTALIS MPIEXEC DATA_DIR [VIDEO_PROBE]
# (VIDEO_PROBE: tests/video_probe where the build has video)
set -u
fr=$1 mpiexec=$2 data=$3 probe=${4:-}
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
same metropolis.npy render buddhabrot --size 64x64 --center -0.12,0.78 --width 0.04 --rotate 0 --iter 300 \
  --sampling metropolis --chain-length 512 --burn-in 64 --samples 40960 --seed 4
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

# ---- animations: whole frames a rank ----------------------------------------
flame_anim=(animate flame "$data/timeline-sheep2.flam3" --frames 0:6 --size 64x48 --quality 5 --device cpu -q)
zoom_anim=(animate mandelbrot --size 64x48 --zoom-to 1e-3 --frames 6 --device cpu -q)
[ -f "$data/timeline-sheep2.flam3" ] || { echo "FAIL: $data/timeline-sheep2.flam3 is missing"; exit 1; }
if [ -z "$probe" ] && ! "$fr" animate --codecs | grep -q "no video support"; then
    echo "FAIL: this build has video but the test was given no video_probe"
    fail=1
fi

# the decoded frames of a video (video_probe's digest)
decoded() { "$probe" "$1" 2>&1 | tr ' ' '\n' | grep -E '^(frames|width|height|digest)='; }

anim_same() {
    local name=$1
    shift
    mkdir "$tmp/a1-$name"
    if ! "$fr" "$@" -o "$tmp/a1-$name/f-%02d.png" >"$tmp/log" 2>&1; then
        echo "FAIL: animation $name: one process: $(cat "$tmp/log")"
        fail=1
        return
    fi
    for n in 1 2 3; do
        mkdir "$tmp/a$n-np-$name"
        if ! mpi -np $n "$fr" "$@" -o "$tmp/a$n-np-$name/f-%02d.png" >"$tmp/log" 2>&1; then
            echo "FAIL: animation $name: $n ranks: exit status $?"
            cat "$tmp/log"
            fail=1
        elif diff -r "$tmp/a1-$name" "$tmp/a$n-np-$name" >/dev/null; then
            echo "ok: animation $name, $n ranks: the same frames"
        else
            echo "FAIL: animation $name: $n ranks: the frames differ from one process's: $(ls "$tmp/a$n-np-$name")"
            fail=1
        fi
    done
    [ -n "$probe" ] || return
    "$fr" "$@" -o "$tmp/a1-$name.mkv" >"$tmp/log" 2>&1 &&
        mpi -np 3 "$fr" "$@" -o "$tmp/a3-$name.mkv" >>"$tmp/log" 2>&1
    local one three
    one=$(decoded "$tmp/a1-$name.mkv") three=$(decoded "$tmp/a3-$name.mkv")
    if [ -n "$one" ] && [ "$one" = "$three" ] && echo "$one" | grep -qx frames=$(ls "$tmp/a1-$name" | wc -l); then
        echo "ok: animation $name, 3 ranks: the same video frames"
    else
        echo "FAIL: animation $name: the video of 3 ranks differs from one process's: [$one] [$three]"
        cat "$tmp/log"
        fail=1
    fi
}
anim_same flame "${flame_anim[@]}"
anim_same zoom "${zoom_anim[@]}"

# --resume with another number of ranks: frames missing or broken rendered
# again, the others kept as they are
d=$tmp/a2-np-flame
rm "$d/f-02.png" "$d/f-05.png"
head -c 200 "$tmp/a1-flame/f-03.png" >"$d/f-03.png"
kept=$(stat -c '%n %y' "$d/f-00.png" "$d/f-04.png" "$d/f-06.png")
if mpi -np 3 "$fr" "${flame_anim[@]}" --resume -o "$d/f-%02d.png" >"$tmp/log" 2>&1 &&
    diff -r "$tmp/a1-flame" "$d" >/dev/null &&
    [ "$kept" = "$(stat -c '%n %y' "$d/f-00.png" "$d/f-04.png" "$d/f-06.png")" ]; then
    echo "ok: animation resumed with 3 ranks after 2: the missing frames rendered, the same frames"
else
    echo "FAIL: animation resumed with 3 ranks after 2: exit status $?, frames kept: [$kept]"
    cat "$tmp/log"
    fail=1
fi
if [ -n "$probe" ]; then
    v=$tmp/r-zoom.mkv
    mpi -np 2 "$fr" "${zoom_anim[@]}" --keep-frames -o "$v" >"$tmp/log" 2>&1
    rm -f "$v" "$v.frames/frame-00001.png" "$v.frames/frame-00004.png"
    if mpi -np 3 "$fr" "${zoom_anim[@]}" --resume -o "$v" >>"$tmp/log" 2>&1 &&
        [ "$(decoded "$tmp/a1-zoom.mkv")" = "$(decoded "$v")" ] && [ ! -e "$v.frames" ]; then
        echo "ok: a video resumed with 3 ranks after 2: the same video frames"
    else
        echo "FAIL: a video resumed with 3 ranks after 2 differs from one process's"
        cat "$tmp/log"
        fail=1
    fi
fi

# a rank killed mid-animation: the job ends, non-zero; the frames written
# are complete (the same as one process's: rank 0 keeps those that came
# back early too) and --resume with another number of ranks finishes them
heavy=(animate flame "$data/timeline-sheep2.flam3" --frames 0:11 --size 96x72 --quality 50 --device cpu -q)
mkdir "$tmp/ak1" "$tmp/akill"
"$fr" "${heavy[@]}" -o "$tmp/ak1/f-%02d.png" >"$tmp/log" 2>&1 || { echo "FAIL: one process: $(cat "$tmp/log")"; fail=1; }
mpi -np 3 "$fr" "${heavy[@]}" -o "$tmp/akill/f-%02d.png" >"$tmp/log" 2>&1 &
job=$!
for _ in $(seq 200); do
    sleep 0.05
    [ -n "$(ls -A "$tmp/akill")" ] && break
done
worker=$(for p in $(pgrep -f -- "$tmp/akill/f-"); do
    [ "$(cat /proc/$p/comm 2>/dev/null)" = fractalis ] &&
        ! tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx OMPI_COMM_WORLD_RANK=0 && echo $p
done | head -1)
[ -n "$worker" ] && kill -9 "$worker"
wait $job
rc=$?
written=$(ls -A "$tmp/akill")
bad=""
for f in $written; do
    cmp -s "$tmp/akill/$f" "$tmp/ak1/$f" || bad="$bad $f"
done
if [ -z "$worker" ] || [ $rc = 0 ] || [ -z "$written" ] || [ -n "$bad" ]; then
    echo "FAIL: a killed rank mid-animation: rank ${worker:-none} killed, exit status $rc, files: $written; not as one process's:$bad"
    cat "$tmp/log"
    fail=1
elif mpi -np 2 "$fr" "${heavy[@]}" --resume -o "$tmp/akill/f-%02d.png" >"$tmp/log" 2>&1 &&
    diff -r "$tmp/ak1" "$tmp/akill" >/dev/null; then
    echo "ok: a killed rank ends the animation (exit status $rc), $(echo $written | wc -w) complete frames kept, --resume with 2 ranks finishes them"
else
    echo "FAIL: resuming the killed animation with 2 ranks: exit status $?"
    cat "$tmp/log"
    fail=1
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

# rank 0 bound by mpirun to fewer than its share of the CPUs is told so,
# with the way out (mpirun -np 2 binds each rank to one core)
if [ "$(getconf _NPROCESSORS_ONLN)" -gt 1 ]; then
    timeout 120 "$mpiexec" --bind-to core -np 1 "$fr" render mandelbrot --size 32x32 -o "$tmp/bound.png" >"$tmp/log" 2>&1
    if grep -q "bound rank 0 to 1 of .*--bind-to none" "$tmp/log" && [ -s "$tmp/bound.png" ]; then
        echo "ok: a rank bound to one core is told so"
    else
        echo "FAIL: a rank bound to one core: no note"
        cat "$tmp/log"
        fail=1
    fi
fi
exit $fail
