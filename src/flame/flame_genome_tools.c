/* flame_genome_tools.c - the public face of flame interpolation and of
 * flam3-genome's deterministic tools (fr_flames_interpolate, _loop, _edge,
 * _rotate, _inter, _sequence, _clone, _strip, _concat; see fractalis.h).
 * The maths is in flame_interp*.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "flame/flame_api.h"
#include "flame/flame_interp.h"
#include "flame/flame_template.h"

/* A new set of n fresh genomes. */
static fr_status set_new(fr_context *ctx, int n, fr_flames **out)
{
    *out = NULL;
    fr_flames *f = calloc(1, sizeof *f);
    if (!f || !(f->file.g = calloc((size_t)(n > 0 ? n : 1), sizeof *f->file.g))) {
        free(f);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    }
    for (int i = 0; i < n; i++)
        fr_flame_genome_init(&f->file.g[i]);
    f->file.n = n;
    *out = f;
    return FR_OK;
}

static fr_status fail_set(fr_flames **out, fr_status s)
{
    fr_flames_destroy(*out);
    *out = NULL;
    return s;
}

/* The genomes of f as flam3's reader leaves them (rotates adjusted), in
 * a new set. */
static fr_status read_copy(fr_context *ctx, const fr_flames *f, fr_flames **out)
{
    fr_status s = set_new(ctx, f->file.n, out);
    for (int i = 0; !s && i < f->file.n; i++)
        s = fr_flame_genome_copy(ctx, &(*out)->file.g[i], &f->file.g[i]);
    if (s) return *out ? fail_set(out, s) : s;
    fr_flame_adjust_rotates((*out)->file.g, (*out)->file.n);
    return FR_OK;
}

static fr_status check_in(fr_context *ctx, const fr_flames *f, fr_flames **out)
{
    if (!out) return fr_fail(ctx, FR_ERR_INVALID, "out: NULL");
    *out = NULL;
    if (!f) return fr_fail(ctx, FR_ERR_INVALID, "f: NULL");
    return FR_OK;
}

static fr_status check_blend(fr_context *ctx, double blend, double stagger)
{
    if (!isfinite(blend)) return fr_fail(ctx, FR_ERR_INVALID, "blend: %g is not a finite number", blend);
    if (!(stagger >= 0 && stagger <= 1))
        return fr_fail(ctx, FR_ERR_INVALID, "stagger: %g is not in 0 .. 1", stagger);
    return FR_OK;
}

/* flam3-genome's spin / spin_inter finish: time, name "%f", and (spin)
 * linear, hsv_circular interpolation. The palette is always written inline. */
static fr_status finish(fr_context *ctx, fr_flame_genome *g, double time, int loop)
{
    g->time = time;
    if (loop) {
        g->interpolation = FR_INTERP_LINEAR;
        g->palette_interpolation = FR_PALINTERP_HSV_CIRCULAR;
        g->hsv_rgb_palette_blend = 0.0;
    }
    g->palette_index = -1;
    char name[64];
    snprintf(name, sizeof name, "%f", time);
    free(g->name);
    if (!(g->name = strdup(name))) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    return FR_OK;
}

/* flam3-genome's create_new_editdoc, less the date: the result's
 * <edit action="..."> holds the parents' own <edit>s. (flam3-render also
 * needs it: after a genome with an <edit>, one without makes it free the
 * edit twice.) */
static fr_status add_edit(fr_context *ctx, fr_flame_genome *g, const char *action, const fr_flame_genome *p0,
                          const fr_flame_genome *p1)
{
    const char *c0 = p0 && p0->children ? p0->children : "", *c1 = p1 && p1->children ? p1->children : "";
    const size_t n = strlen(action) + strlen(c0) + strlen(c1) + 64;
    char *e = malloc(n);
    if (!e) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    snprintf(e, n, "<edit action=\"%s\">%s%s%s%s</edit>", action, *c0 ? "\n   " : "", c0, *c1 ? "\n   " : "",
             c1);
    free(g->children);
    g->children = e;
    return FR_OK;
}

static fr_status loop_into(fr_context *ctx, const fr_flame_genome *g, double blend, double time,
                           const fr_flame_template *templ, fr_flame_genome *o)
{
    fr_status s = fr_flame_sheep_loop(ctx, g, blend, o);
    if (!s) fr_flame_template_apply(templ, o); /* spin: before its own settings */
    char action[64];
    snprintf(action, sizeof action, "rotate %g", blend * 360.0);
    if (!s) s = add_edit(ctx, o, action, g, NULL);
    return s ? s : finish(ctx, o, time, 1);
}

static fr_status edge_into(fr_context *ctx, const fr_flame_genome *g, double blend, int seqflag,
                           double stagger, double time, const fr_flame_template *templ, fr_flame_genome *o)
{
    fr_status s = fr_flame_sheep_edge(ctx, g, blend, seqflag, stagger, o);
    if (!s) fr_flame_template_apply(templ, o);
    char action[64];
    snprintf(action, sizeof action, "interpolate %g", blend * 360.0);
    if (!s) s = add_edit(ctx, o, action, &g[0], &g[1]);
    return s ? s : finish(ctx, o, time, 0);
}

fr_status fr_flames_interpolate(fr_context *ctx, const fr_flames *f, double time, double stagger,
                                fr_flames **out)
{
    fr_status s = check_in(ctx, f, out);
    if (!s) s = set_new(ctx, 1, out);
    if (!s) s = fr_flame_interpolate(ctx, &f->file, time, stagger, &(*out)->file.g[0]);
    return s && *out ? fail_set(out, s) : s;
}

fr_status fr_flames_loop(fr_context *ctx, const fr_flames *f, int index, double blend, double time,
                         const fr_flame_template *templ, fr_flames **out)
{
    fr_status s = check_in(ctx, f, out);
    if (!s && (index < 0 || index >= f->file.n))
        s = fr_fail(ctx, FR_ERR_INVALID, "index: %d is not a genome of the file (it has %d)", index,
                    f->file.n);
    if (!s) s = check_blend(ctx, blend, 0);
    fr_flames *in = NULL;
    if (!s) s = read_copy(ctx, f, &in);
    if (!s) s = set_new(ctx, 1, out);
    if (!s) s = loop_into(ctx, &in->file.g[index], blend, time, templ, &(*out)->file.g[0]);
    fr_flames_destroy(in);
    return s && *out ? fail_set(out, s) : s;
}

fr_status fr_flames_edge(fr_context *ctx, const fr_flames *f, int index, double blend, int seqflag,
                         double stagger, double time, const fr_flame_template *templ, fr_flames **out)
{
    fr_status s = check_in(ctx, f, out);
    if (!s && (index < 0 || index + 1 >= f->file.n))
        s = fr_fail(ctx, FR_ERR_INVALID, "index: %d has no next genome (the file has %d)", index, f->file.n);
    if (!s) s = check_blend(ctx, blend, stagger);
    fr_flames *in = NULL;
    if (!s) s = read_copy(ctx, f, &in);
    if (!s) s = set_new(ctx, 1, out);
    if (!s) s = edge_into(ctx, &in->file.g[index], blend, seqflag, stagger, time, templ, &(*out)->file.g[0]);
    fr_flames_destroy(in);
    return s && *out ? fail_set(out, s) : s;
}

/* rotate= and inter=: frames frame - 1, frame, frame + 1. */
static fr_status pick3(fr_context *ctx, const fr_flames *f, int frame, int nframes, double stagger, int inter,
                       const fr_flame_template *templ, fr_flames **out)
{
    fr_status s = check_in(ctx, f, out);
    if (!s && nframes <= 0) s = fr_fail(ctx, FR_ERR_INVALID, "nframes: must be positive, not %d", nframes);
    if (!s && !inter && f->file.n != 1)
        s = fr_fail(ctx, FR_ERR_INVALID, "rotation needs a file of one genome, not %d", f->file.n);
    if (!s && inter && f->file.n != 2)
        s = fr_fail(ctx, FR_ERR_INVALID, "interpolation needs a file of two genomes, not %d", f->file.n);
    if (!s) s = check_blend(ctx, 0, stagger);
    fr_flames *in = NULL;
    if (!s) s = read_copy(ctx, f, &in);
    if (!s) s = set_new(ctx, 3, out);
    const double blend = frame / (double)nframes, spread = 1.0 / nframes;
    for (int k = 0; !s && k < 3; k++) {
        fr_flame_genome *o = &(*out)->file.g[k];
        const double b = blend + (k - 1) * spread; /* flam3: blend - spread, blend, blend + spread */
        s = inter ? edge_into(ctx, in->file.g, b, 0, stagger, frame + k - 1, templ, o)
                  : loop_into(ctx, in->file.g, b, frame + k - 1, templ, o);
    }
    fr_flames_destroy(in);
    return s && *out ? fail_set(out, s) : s;
}

fr_status fr_flames_rotate(fr_context *ctx, const fr_flames *f, int frame, int nframes,
                           const fr_flame_template *templ, fr_flames **out)
{
    return pick3(ctx, f, frame, nframes, 0, 0, templ, out);
}

fr_status fr_flames_inter(fr_context *ctx, const fr_flames *f, int frame, int nframes, double stagger,
                          const fr_flame_template *templ, fr_flames **out)
{
    return pick3(ctx, f, frame, nframes, stagger, 1, templ, out);
}

fr_status fr_flames_sequence(fr_context *ctx, const fr_flames *f, int nframes, int loops, double stagger,
                             const fr_flame_template *templ, fr_flames **out)
{
    fr_status s = check_in(ctx, f, out);
    if (!s && nframes <= 0) s = fr_fail(ctx, FR_ERR_INVALID, "nframes: must be positive, not %d", nframes);
    if (!s) s = check_blend(ctx, 0, stagger);
    if (s) return s;
    const int n = f->file.n;
    const double total = (double)(loops ? n : 0) * nframes + (double)(n - 1) * nframes + 1;
    if (total > 200000) /* about 10 KB a genome */
        return fr_fail(ctx, FR_ERR_INVALID, "nframes: %d makes %.0f genomes (at most 200000)", nframes,
                       total);
    fr_flames *in = NULL;
    s = read_copy(ctx, f, &in);
    if (!s) s = set_new(ctx, (int)total, out);
    int fc = 0;
    for (int i = 0; !s && i < n; i++) {
        if (loops)
            for (int fr = 0; !s && fr < nframes; fr++, fc++)
                s = loop_into(ctx, &in->file.g[i], fr / (double)nframes, fc, templ, &(*out)->file.g[fc]);
        if (i < n - 1)
            for (int fr = 0; !s && fr < nframes; fr++, fc++)
                s = edge_into(ctx, &in->file.g[i], fr / (double)nframes, fr == 0 || fr == nframes - 1,
                              stagger, fc, templ, &(*out)->file.g[fc]);
    }
    if (!s) s = loop_into(ctx, &in->file.g[n - 1], 0.0, fc, templ, &(*out)->file.g[fc]);
    fr_flames_destroy(in);
    return s && *out ? fail_set(out, s) : s;
}

fr_status fr_flames_clone(fr_context *ctx, const fr_flames *f, int index, const fr_flame_template *templ,
                          fr_flames **out)
{
    fr_status s = check_in(ctx, f, out);
    if (!s && (index < -1 || index >= f->file.n))
        s = fr_fail(ctx, FR_ERR_INVALID, "index: %d is not a genome of the file (it has %d)", index,
                    f->file.n);
    fr_flames *in = NULL;
    if (!s) s = read_copy(ctx, f, &in);
    if (!s && index < 0) {
        for (int i = 0; i < in->file.n; i++)
            fr_flame_template_apply(templ, &in->file.g[i]);
        *out = in;
        return FR_OK;
    }
    if (!s) s = set_new(ctx, 1, out);
    if (!s) {
        fr_flame_genome *g = &(*out)->file.g[0];
        /* flam3-genome picks random() % n; here the caller picks */
        *g = in->file.g[index];
        fr_flame_genome_init(&in->file.g[index]);
        fr_flame_truncate_variations(g, 5);
        fr_flame_template_apply(templ, g);
        g->time = 0.0;
        s = add_edit(ctx, g, "clone", g, NULL);
    }
    fr_flames_destroy(in);
    return s && *out ? fail_set(out, s) : s;
}

fr_status fr_flames_strip(fr_context *ctx, const fr_flames *f, int nstrips, int strip,
                          const fr_flame_template *templ, fr_flames **out)
{
    fr_status s = check_in(ctx, f, out);
    if (!s && nstrips <= 0) s = fr_fail(ctx, FR_ERR_INVALID, "nstrips: must be positive, not %d", nstrips);
    if (!s && (strip < 0 || strip >= nstrips))
        s = fr_fail(ctx, FR_ERR_INVALID, "strip: %d is not in 0 .. %d", strip, nstrips - 1);
    for (int i = 0; !s && i < f->file.n; i++)
        if (f->file.g[i].height / nstrips < 1)
            s = fr_fail(ctx, FR_ERR_INVALID, "nstrips: %d strips of genome %d's %d rows leave none", nstrips,
                        i, f->file.g[i].height);
    if (!s) s = read_copy(ctx, f, out);
    for (int i = 0; !s && i < (*out)->file.n; i++) {
        fr_flame_strip(&(*out)->file.g[i], nstrips, strip);
        fr_flame_template_apply(templ, &(*out)->file.g[i]);
    }
    return s;
}

double fr_flames_time(const fr_flames *f, int i)
{
    return f && i >= 0 && i < f->file.n ? f->file.g[i].time : 0.0;
}

fr_status fr_flames_concat(fr_context *ctx, const fr_flames *const *sets, int n, fr_flames **out)
{
    if (!out) return fr_fail(ctx, FR_ERR_INVALID, "out: NULL");
    *out = NULL;
    if (!sets || n < 1) return fr_fail(ctx, FR_ERR_INVALID, "sets: none given");
    int total = 0;
    for (int i = 0; i < n; i++) {
        if (!sets[i]) return fr_fail(ctx, FR_ERR_INVALID, "sets[%d]: NULL", i);
        total += sets[i]->file.n;
    }
    fr_status s = set_new(ctx, total, out);
    int k = 0;
    for (int i = 0; !s && i < n; i++)
        for (int j = 0; !s && j < sets[i]->file.n; j++, k++)
            s = fr_flame_genome_copy(ctx, &(*out)->file.g[k], &sets[i]->file.g[j]);
    return s && *out ? fail_set(out, s) : s;
}
