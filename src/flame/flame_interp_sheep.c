/* flame_interp_sheep.c - flam3-genome's loops and edges and its other
 * deterministic genome edits (flam3 3.1.1: sheep_loop, sheep_edge,
 * apply_motion_parameters, flam3-genome.c's strip and truncate_variations);
 * see flame_interp.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "flame/flame_interp.h"
#include "flame/flame_interp_align.h"
#include "flame/flame_motion.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

void fr_flame_apply_motion(const fr_flame_xform *x, fr_flame_xform *dst, double blend)
{
    fr_flame_xform t;
    fr_flame_xform_at_time(x, blend, &t);
    dst->weight = t.weight, dst->color = t.color, dst->opacity = t.opacity;
    dst->color_speed = t.color_speed, dst->animate = t.animate;
    memcpy(dst->param, t.param, sizeof t.param);
    memcpy(dst->var, t.var, sizeof t.var);
    memcpy(dst->c, t.c, sizeof t.c);
    memcpy(dst->post, t.post, sizeof t.post);
    dst->has_post = t.has_post;
}

static void drop_motion(fr_flame_xform *x)
{
    for (int i = 0; i < x->nmotion; i++) {
        fr_flame_xform_free(x->motion[i].xf);
        free(x->motion[i].xf);
    }
    free(x->motion);
    x->motion = NULL;
    x->nmotion = 0;
}

static void drop_all_motion(fr_flame_genome *g)
{
    for (int i = 0; i < g->nxf; i++)
        drop_motion(&g->xf[i]);
    if (g->final) drop_motion(g->final);
}

/* dst (a copy of src) with src's motion applied at blend, xform by xform. */
static void motion_of(const fr_flame_genome *src, fr_flame_genome *dst, double blend)
{
    for (int i = 0; i < src->nxf; i++)
        if (src->xf[i].nmotion > 0) fr_flame_apply_motion(&src->xf[i], &dst->xf[i], blend);
    if (src->final && src->final->nmotion > 0) fr_flame_apply_motion(src->final, dst->final, blend);
}

fr_status fr_flame_sheep_loop(fr_context *ctx, const fr_flame_genome *g, double blend, fr_flame_genome *out)
{
    fr_interp_cp cp;
    fr_flame_genome_init(out);
    fr_status s = fr_interp_cp_of(ctx, &cp, g);
    if (s) return s;
    motion_of(g, &cp.g, blend);
    drop_all_motion(&cp.g);
    fr_interp_rotate(&cp, blend * 360.0, cp.g.interpolation_type);
    *out = cp.g; /* the genome moves out; the flags go */
    fr_flame_genome_init(&cp.g);
    fr_interp_cp_free(&cp);
    return FR_OK;
}

static double smoother(double t)
{
    return 3 * t * t - 2 * t * t * t;
}

fr_status fr_flame_sheep_edge(fr_context *ctx, const fr_flame_genome g[2], double blend, int seqflag,
                              double stagger, fr_flame_genome *out)
{
    fr_interp_cp pre[2], spun[2];
    memset(pre, 0, sizeof pre);
    memset(spun, 0, sizeof spun);
    fr_flame_genome_init(out);
    fr_status s = FR_OK;
    for (int k = 0; !s && k < 2; k++) {
        s = fr_interp_cp_of(ctx, &pre[k], &g[k]);
        if (!s) motion_of(&g[k], &pre[k].g, blend);
    }
    if (!s && seqflag && blend == 0.0) {
        /* the unpadded genome keeps its own interpolation type */
        s = fr_flame_genome_copy(ctx, out, &pre[0].g);
    } else if (!s) {
        s = fr_interp_align(ctx, spun, pre, 2);
        if (!s) {
            spun[0].g.time = 0.0;
            spun[1].g.time = 1.0;
            fr_interp_refangles(spun, 2);
            fr_interp_rotate(&spun[0], blend * 360.0, spun[0].g.interpolation_type);
            fr_interp_rotate(&spun[1], blend * 360.0, spun[0].g.interpolation_type);
            s = fr_interp_cps(ctx, spun, 2, smoother(blend), stagger, out);
            for (int k = 0; k < 2; k++)
                fr_interp_cp_free(&spun[k]);
        }
    }
    for (int k = 0; k < 2; k++)
        fr_interp_cp_free(&pre[k]);
    if (s)
        fr_flame_genome_free(out);
    else
        drop_all_motion(out);
    return s;
}

/* flam3's rotate_by: p turned about centre by `by` degrees. */
static void rotate_by(double *p, const double *center, double by)
{
    const double th = by * 2 * M_PI / 360.0;
    const double c = cos(th), s = -sin(th);
    p[0] -= center[0];
    p[1] -= center[1];
    const double r0 = c * p[0] - s * p[1], r1 = s * p[0] + c * p[1];
    p[0] = r0 + center[0];
    p[1] = r1 + center[1];
}

void fr_flame_strip(fr_flame_genome *g, int nstrips, int stripnum)
{
    drop_all_motion(g);
    const double old[2] = {g->center[0], g->center[1]};
    g->height /= nstrips;
    g->center[1] = g->center[1] - ((nstrips - 1) * g->height) / (2 * g->scale * pow(2.0, g->zoom));
    g->center[1] += g->height * stripnum / (g->scale * pow(2.0, g->zoom));
    rotate_by(g->center, old, g->rotate);
}

/* flam3_delete_xform of standard xform i: its chaos row and column go. */
static void delete_xform(fr_flame_genome *g, int i)
{
    fr_flame_xform_free(&g->xf[i]);
    memmove(&g->xf[i], &g->xf[i + 1], (size_t)(g->nxf - i - 1) * sizeof *g->xf);
    g->nxf--;
    for (int r = 0; r < g->nxf; r++) {
        double *row = g->xf[r].chaos;
        if (row) memmove(&row[i], &row[i + 1], (size_t)(g->nxf - i) * sizeof *row);
    }
}

void fr_flame_truncate_variations(fr_flame_genome *g, int max_vars)
{
    for (int i = 0; i < g->nxf + (g->final != NULL); i++) {
        const int is_final = i == g->nxf;
        fr_flame_xform *x = is_final ? g->final : &g->xf[i];
        if (x->weight < 0.001 && !is_final) {
            delete_xform(g, i); /* and, as flam3, the next xform is not looked at */
            continue;
        }
        int nvars;
        do {
            nvars = 0;
            int smallest = -1;
            double sv = 0;
            for (int j = 0; j < FR_FLAME_NVAR; j++) {
                const double v = x->var[j];
                if (v != 0.0) {
                    nvars++;
                    if (smallest == -1 || fabs(v) < sv) smallest = j, sv = fabs(v);
                }
            }
            if (nvars > max_vars) x->var[smallest] = 0.0;
        } while (nvars > max_vars);
    }
}
