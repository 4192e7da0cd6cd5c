#!/usr/bin/env bash
# Build the libFuzzer harnesses (clang, ASan + UBSan) and run each parser's
# fuzzer for FUZZ_SECONDS (default 20) from the seed corpus in fuzz/corpus.
# A crash, leak or sanitizer report fails the run; the input is kept in
# build-fuzz/ as crash-* / leak-*. Seeded (FUZZ_SEED, default 1) so CI runs repeat.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${FUZZ_SECONDS:-20}
CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DFR_FUZZ=ON -DFR_BUILD_TESTS=OFF -DFR_CUDA=OFF >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target fuzz_scene fuzz_params fuzz_palette fuzz_png fuzz_flame fuzz_npy fuzz_flame_palettes fuzz_kfr fuzz_exr
for f in scene params palette png flame npy flame_palettes kfr exr; do
  work=build-fuzz/corpus-$f
  mkdir -p "$work"
  cp -n fuzz/corpus/$f/* "$work"/ 2>/dev/null || true
  echo "== fuzz_$f for ${secs}s"
  (cd build-fuzz && ./fuzz/fuzz_$f -max_total_time="$secs" -max_len=65536 -malloc_limit_mb=512 -seed="${FUZZ_SEED:-1}" -print_final_stats=1 \
      "corpus-$f" 2>&1 | grep -E "^(stat::number_of_executed_units|stat::peak_rss|==[0-9]+==ERROR|SUMMARY)|Done [0-9]+ runs" || true)
  (cd build-fuzz && ! ls crash-* leak-* timeout-* oom-* 2>/dev/null | grep -q .) ||
    { echo "fuzz_$f found a failing input (build-fuzz/)"; exit 1; }
done
