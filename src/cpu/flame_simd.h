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
 * fr_flame_simd_lanes) or of several consecutive small segments (a time
 * step of a temporal-sample render: a few walkers each), each segment's
 * lanes from a multiple of 4 and its runs its own (a run is one xform of
 * one job). A lane's values do not depend on the other lanes of its batch:
 * the image does not depend on the thread count or on how the walkers are
 * batched.
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

/* Whether walkers of jobs a and b can share a batch: the same fuse and std
 * xforms of the same kinds (the same variations, flags, post or none, ...;
 * their affine maps and weights may differ: the time steps of an
 * interpolated genome), so that a run of lanes takes one xform index. */
int fr_flame_simd_alike(const fr_flame_job *a, const fr_flame_job *b);

/* Walkers k0 .. k0 + n - 1 of a pass, those of the nseg consecutive
 * segments seg[0 ..] (walker k of seg[q] runs jobs[seg[q].job]; their jobs
 * alike; the segments' walkers, each rounded up to a multiple of 4,
 * at most the workspace's lanes), with the streams base + k, into buckets
 * (atomic adds when shared); statistics added into st. */
void fr_flame_simd_walk(fr_flame_simd *s, const fr_flame_job *jobs, const fr_flame_segment *seg, int nseg,
                        uint64_t base, uint64_t k0, int n, fr_flame_bucket_t *buckets, int atomic,
                        fr_flame_walk_stats *st);

#endif
