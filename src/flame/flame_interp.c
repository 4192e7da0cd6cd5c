/* flame_interp.c - a genome at a time of a timeline (see flame_interp.h). */
#include "flame/flame_interp.h"

#include "core/context.h"

fr_status fr_flame_interpolate(fr_context *ctx, const fr_flame_file *f, double t, double stagger, fr_flame_genome *out)
{
    (void)t, (void)stagger;
    if (f->n < 1) return fr_fail(ctx, FR_ERR_INVALID, "the file has no genome");
    /* placeholder until the interpolation lands: the first keyframe */
    return fr_flame_genome_copy(ctx, out, &f->g[0]);
}
