/*
 * flame_simd.h - the CPU's batched chaos game (flame_simd.c, AVX2 + FMA with
 * glibc's vector maths, libmvec): a thread steps a batch of consecutive
 * walkers together, grouped by the xform each one drew, every xform's
 * points running through the affine map, the shared quantities and each
 * variation as vector loops. Every walker keeps its own stream and flam3's
 * semantics (fr_flame_walker_step is the oracle); only the last bits of the
 * transcendental functions differ (libmvec is within 4 ulp).
 *
 * A batch is a fixed set of consecutive walkers of one segment
 * (fr_cpu_flame_run_pass cuts each segment into equal batches of at most
 * fr_flame_simd_lanes), and a lane's values do not depend on the other
 * lanes of its batch: the image does not depend on the thread count.
 */
#ifndef FR_CPU_FLAME_SIMD_H
#define FR_CPU_FLAME_SIMD_H

#include "flame/flame_chaos.h"
#include "flame/flame_temporal.h"

/* Walkers a batch for genomes of nstd xforms: enough that each xform's
 * run of lanes fills a few vectors (a run is padded to 4 lanes and costs a
 * few loops' set-up), few enough that a batch's lanes stay in the L2. */
static inline int fr_flame_simd_lanes(int nstd) { return nstd <= 12 ? 256 : nstd <= 32 ? 512 : 1024; }

typedef struct fr_flame_simd fr_flame_simd;

/* (Runs on processors with AVX2 and FMA: fr_cpu_has_avx2_fma.) */
/* One thread's workspace, for batches of up to `lanes` walkers of jobs of
 * up to nxf xforms (std + final). */
fr_flame_simd *fr_flame_simd_new(int lanes, int nxf);
void fr_flame_simd_free(fr_flame_simd *s);

/* Walkers k0 .. k0 + n - 1 of a pass (n <= the workspace's lanes), all of
 * segment seg, with the streams base + k, into buckets (atomic adds when
 * shared); statistics added into st. */
void fr_flame_simd_walk(fr_flame_simd *s, const fr_flame_job *j, const fr_flame_segment *seg, uint64_t base,
                        uint64_t k0, int n, fr_flame_bucket_t *buckets, int atomic, fr_flame_walk_stats *st);

#endif
