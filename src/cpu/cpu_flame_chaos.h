/* The CPU backend's chaos game (src/cpu/cpu_flame_chaos.c): walkers over OpenMP
 * threads, each thread adding into its own 32-bit saturating buckets with plain adds
 * when memory allows (summed when read), else into shared buckets with
 * atomic adds. */
#ifndef FR_CPU_CPU_FLAME_CHAOS_H
#define FR_CPU_CPU_FLAME_CHAOS_H

#include "flame/flame_chaos.h"
#include "flame/flame_temporal.h"

typedef struct fr_cpu_flame fr_cpu_flame;

/* Buckets for nbuckets buckets (copies per thread when the memory allows).
 * spare: bytes wanted after the last pass in the copies' memory
 * (fr_cpu_flame_spare), 0 for none. */
fr_status fr_cpu_flame_begin(fr_context *ctx, size_t nbuckets, size_t spare, fr_cpu_flame **out);
/* Zero the buckets (a new pass). */
void fr_cpu_flame_clear(fr_cpu_flame *c);
/* Progress of a pass, done in [0, 1], reported by the calling thread
 * between work units; nonzero cancels. */
typedef int (*fr_cpu_flame_progress)(double done, void *user);
/* The walkers 0 .. walkers - 1 of a pass (temporal samples: several jobs),
 * those of them in [first, first + count) (a part of the pass: with
 * batches, the batches whose first walker is there, so that parts cut
 * anywhere run every batch once and the same batches as the whole pass):
 * walker k runs jobs[seg.job] of its segment (fr_flame_segment_find;
 * walkers of FR_FLAME_SUB_BATCH samples) with the stream base + k, the
 * walkers of every job sharing the threads: one at a time (the scalar
 * kernel) or in batches (flame_simd.h), whose layout depends on the
 * segments and the genome only. progress (may be NULL) is called now and
 * then; when it cancels, the units not started are skipped and 1 is
 * returned, else 0. */
int fr_cpu_flame_run_pass(fr_cpu_flame *c, const fr_flame_job *jobs, const fr_flame_segment *seg, int nseg,
                          uint64_t base, uint64_t walkers, uint64_t first, uint64_t count,
                          fr_cpu_flame_progress progress, void *user, fr_flame_walk_stats *st);
/* The pass's buckets (the threads' copies summed). */
const fr_flame_bucket_t *fr_cpu_flame_buckets(fr_cpu_flame *c);
/* After the last pass's buckets are read (fr_cpu_flame_buckets, which sums
 * the copies into the first): `bytes` of zeroed memory in place of the other
 * copies (asked for at fr_cpu_flame_begin), valid until fr_cpu_flame_end;
 * NULL when there is no such room (one copy). The other copies' pages are
 * mapped already, which makes this far cheaper than fresh memory (a page
 * fault costs ~2 s a GB on some virtual machines). The next
 * fr_cpu_flame_clear would overwrite it. */
void *fr_cpu_flame_spare(fr_cpu_flame *c, size_t bytes);
/* Bytes of bucket memory. */
double fr_cpu_flame_bytes(const fr_cpu_flame *c);
void fr_cpu_flame_end(fr_cpu_flame *c);

#endif
