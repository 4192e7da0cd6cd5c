/*
 * flame_device.h - one flame render handed whole to a device backend (the
 * CUDA backend's flame_render): the frame, the chaos-game job and the
 * settings of the post-processing, all as the CPU path prepared them
 * (flame_render.c), with the sizes of the arrays they point to so the
 * backend can copy them. A render of several temporal samples has several
 * jobs (flame_temporal.h): pass p runs the groups jobs->group[pass_group[p]
 * .. pass_group[p + 1] - 1], all in flight together.
 */
#ifndef FR_FLAME_FLAME_DEVICE_H
#define FR_FLAME_FLAME_DEVICE_H

#include "flame/flame_chaos.h"
#include "flame/flame_temporal.h"
#include "flame/flame_tone_core.h"

typedef struct fr_flame_device_job {
    const fr_flame_frame *frame; /* host arrays: filter, de.width, de.coef */
    const fr_flame_job *job;     /* host arrays; job->frame == frame; = jobs->job[0] */
    const fr_flame_jobs *jobs;   /* every job of the render (temporal samples: jobs->njobs > 1), their
                                    pools (the arrays the jobs point to) and each pass's groups */
    int nxf;                     /* prepared xforms (std + final) */
    int table_rows;              /* FR_FLAME_GRAIN-slot rows of job->table */
    uint64_t per_pass;           /* samples a pass */
    double k1, k2;               /* log-density constants of a pass */
    fr_flame_tone tone;
    int earlyclip, bpc;
    fr_flame_bucket_t *raw;      /* host; NULL, or the image buckets to add every pass into
                                    (fr_flame_raw_add's layout) */
} fr_flame_device_job;

#endif
