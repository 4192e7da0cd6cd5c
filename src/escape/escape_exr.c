/* An escape-time render's samples as OpenEXR in Kalles Fraktaler 2+'s
 * channels (the layout is documented at fr_escape_write_exr in
 * fractalis.h). KF writes N = its count + IterationsBias and NF = 1 - trans,
 * trans the fraction of log_d(log|z| / log R) (fraktal_sft/exr.cpp,
 * OutputIterationData), so that N - bias + NF is the continuous count; KF's
 * count is one less than fractalis' n (its reference orbit starts at z_1),
 * which makes that sum fractalis' smooth value nu = n - log_d(...). Here N
 * and NF are cut from nu itself, so the sum is nu exactly and NF stays in
 * (0, 1] wherever the first escape lands. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "escape/escape_job.h"
#include "io/exr_io.h"

#define KF_BIAS FR_KF_BIAS

void fr_escape_kf_count(uint32_t n, float smooth, uint32_t *N, float *NF)
{
    double nu = smooth, k = ceil(nu) - 1;
    if (!isfinite(nu)) k = (double)n - 1, nu = k; /* (no kernel gives one: kept whole) */
    if (k + KF_BIAS < 1) k = 1 - KF_BIAS;
    *N = (uint32_t)(k + KF_BIAS);
    *NF = (float)(nu - k);
}

fr_status fr_escape_write_exr(fr_context *ctx, const fr_escape_params *p, const fr_escape_raw *raw,
                              const fr_escape_extra *extra, const char *path)
{
    fr_status s;
    if (!ctx) return FR_ERR_INVALID;
    const char *o = path ? path : "";
    if (!p || !raw)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': no %s", o, p ? "raw samples" : "parameters");
    if ((s = fr_escape_params_validate(ctx, p))) return s;
    fr_escape_job job;
    fr_escape_job_init(&job, p);
    if (!raw->counts || raw->width != job.sw || raw->height != job.sh)
        return fr_fail(ctx, FR_ERR_INVALID,
                       "cannot write '%s': raw samples %dx%d are not the scene's grid %dx%d", o, raw->width,
                       raw->height, job.sw, job.sh);
    if (!extra || !extra->smooth)
        return fr_fail(ctx, FR_ERR_INVALID,
                       "cannot write '%s': extra has no smooth values (render with FR_RAW_SMOOTH)", o);
    if (p->color == FR_COLOR_DISTANCE && !raw->values)
        return fr_fail(ctx, FR_ERR_INVALID,
                       "cannot write '%s': raw has no distances for the distance colouring", o);
    job.counts = raw->counts;
    job.smooth = extra->smooth;
    job.dist = p->color == FR_COLOR_DISTANCE ? raw->values : NULL;

    const size_t n = (size_t)job.sw * job.sh;
    float *rgb = malloc(n * 3 * sizeof *rgb), *nf = malloc(n * sizeof *nf);
    uint32_t *N = malloc(n * sizeof *N);
    char *json = NULL;
    if (!rgb || !nf || !N) s = fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", o);
    if (!s) s = fr_escape_shade_samples(ctx, &job, rgb);
    if (!s) s = fr_escape_params_to_json(ctx, p, &json);
    if (!s) {
#pragma omp parallel for schedule(static) num_threads(fr_threads(ctx))
        for (size_t i = 0; i < n; i++) {
            if (raw->counts[i] >= p->max_iter)
                N[i] = 0xFFFFFFFFu, nf[i] = 0.0f;
            else
                fr_escape_kf_count(raw->counts[i], extra->smooth[i], &N[i], &nf[i]);
        }
        fr_exr_channel ch[7] = {
            {"R", FR_EXR_HALF, rgb, 12},
            {"G", FR_EXR_HALF, rgb + 1, 12},
            {"B", FR_EXR_HALF, rgb + 2, 12},
            {"N", FR_EXR_UINT, N, 4},
            {"NF", FR_EXR_FLOAT, nf, 4},
            {"DEX", FR_EXR_FLOAT, extra->de, 8},
            {"DEY", FR_EXR_FLOAT, extra->de ? extra->de + 1 : NULL, 8},
        };
        const fr_exr_attr attr[] = {
            {"fractalis", json, 0},
            {"Iterations", NULL, (int)p->max_iter},
            {"IterationsBias", NULL, KF_BIAS},
        };
        s = fr_exr_write(ctx, path, job.sw, job.sh, ch, extra->de ? 7 : 5, attr, 3);
    }
    free(json);
    free(rgb), free(nf), free(N);
    return s;
}
