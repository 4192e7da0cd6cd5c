/* The escape-time family's backend contract: what a backend fills to
 * render escape-time images (src/cpu/cpu_escape.c, src/cuda/cuda_escape.c).
 * escape_render.c is its one caller. */
#ifndef FR_ESCAPE_ESCAPE_OPS_H
#define FR_ESCAPE_ESCAPE_OPS_H

#include "core/backend.h"
#include "escape/escape_job.h"

typedef struct fr_escape_ops {
    /* Fill job->counts (and smooth/dist when set) for every sample; add the
     * iteration steps performed to *iterations. The host then colours.
     * May be NULL when render is set. */
    fr_status (*compute)(fr_context *ctx, fr_escape_job *job, uint64_t *iterations);
    /* Optional: the whole render on the device. `lut` is the palette table
     * (escape_shade.h); `image` (may be NULL) receives the final image; the
     * job's host arrays, when not NULL, receive the raw samples; fills
     * iterations, interior and seconds_iterate of *stats. When
     * image->pixels is not NULL on entry, the image goes there (room for
     * the job's width x height pixels) instead of a new buffer. */
    fr_status (*render)(fr_context *ctx, fr_escape_job *job, const float *lut, fr_image *image,
                        fr_escape_stats *stats);
    /* Optional: fr_escape_render_batch's plain views on the device. jobs[0
     * .. n) differ only in center_re, center_im and pixel (every other field
     * equal, no host arrays); images[i] (zeroed on entry) receives view i's
     * image, as `render` would make it; adds iterations, interior and the
     * seconds to *stats. On failure no image is left. NULL: the driver
     * renders view by view. */
    fr_status (*render_batch)(fr_context *ctx, const fr_escape_job *jobs, int n, const float *lut,
                              fr_image *images, fr_escape_stats *stats);
    /* Optional: time the render on the device (fractalis bench); NULL: the
     * generic wall-clock benchmark applies. */
    fr_status (*bench)(fr_context *ctx, fr_escape_job *job, const float *lut, const fr_bench_opts *opts,
                       fr_bench_result *result);
    /* Optional, for an image spread over devices (src/multi): band_begin
     * prepares the job on the device once (`image`: shade there; the job's
     * host arrays, when set, receive the samples); band_run renders image
     * rows [y0, y0 + rows) into `pixels` (the whole image's buffer, or
     * NULL) and the job's arrays, progress as the band's fraction;
     * band_end adds the iterations and interior samples of every band to
     * *stats (may be NULL) and frees. Not for histogram colouring. */
    fr_status (*band_begin)(fr_context *ctx, fr_escape_job *job, const float *lut, int image, void **state);
    fr_status (*band_run)(void *state, int y0, int rows, void *pixels);
    fr_status (*band_end)(void *state, fr_escape_stats *stats);
} fr_escape_ops;

#endif
