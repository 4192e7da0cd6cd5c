/* flame_template.c - flam3-genome's template= (flam3_apply_template): the
 * render settings of a template genome laid over other genomes. flam3
 * reads the template with its defaults off, so only what the template's
 * first <flame> sets (and is valid: a positive quality, ...) is applied,
 * except interpolation, palette_interpolation and hsv_rgb_palette_blend,
 * which clear_cp sets even then (linear, hsv_circular, 0) and so are
 * always applied. flam3's quirks kept: filter_shape="gaussian" (0) is never
 * applied; a new width rescales `scale` by template height / genome height. */
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "core/context.h"
#include "flame/flame_api.h"
#include "flame/flame_palette.h"
#include "flame/flame_template.h"
#include "flame/flame_xml.h"

/* The attributes a template may set, in flam3_apply_template's order. */
#define TEMPLATE_ATTRS(X)                                                                                    \
    X(SIZE, "size")                                                                                          \
    X(BACKGROUND, "background")                                                                              \
    X(ZOOM, "zoom")                                                                                          \
    X(SUPERSAMPLE, "supersample")                                                                            \
    X(OVERSAMPLE, "oversample")                                                                              \
    X(FILTER, "filter")                                                                                      \
    X(QUALITY, "quality")                                                                                    \
    X(PASSES, "passes")                                                                                      \
    X(TSAMPLES, "temporal_samples")                                                                          \
    X(EST_RADIUS, "estimator_radius")                                                                        \
    X(EST_MIN, "estimator_minimum")                                                                          \
    X(EST_CURVE, "estimator_curve")                                                                          \
    X(GAMMA_THRESHOLD, "gamma_threshold")                                                                    \
    X(FILTER_SHAPE, "filter_shape")                                                                          \
    X(INTERPOLATION, "interpolation")                                                                        \
    X(ITYPE, "interpolation_type")                                                                           \
    X(ISPACE, "interpolation_space")                                                                         \
    X(TFILTER_TYPE, "temporal_filter_type")                                                                  \
    X(TFILTER_WIDTH, "temporal_filter_width")                                                                \
    X(TFILTER_EXP, "temporal_filter_exp")                                                                    \
    X(HIGHLIGHT, "highlight_power")                                                                          \
    X(PALETTE_MODE, "palette_mode")                                                                          \
    X(PALETTE_INTERP, "palette_interpolation")                                                               \
    X(HSV_BLEND, "hsv_rgb_palette_blend")

#define ENUM_ROW(e, name) T_##e,
#define NAME_ROW(e, name) name,
enum { TEMPLATE_ATTRS(ENUM_ROW) T_COUNT };
static const char *const template_names[T_COUNT] = {TEMPLATE_ATTRS(NAME_ROW)};

struct fr_flame_template {
    fr_flames *f;      /* the template read as a genome file */
    char has[T_COUNT]; /* the attributes its first <flame> sets */
};

static xmlNodePtr first_flame(xmlNodePtr n)
{
    for (; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE) continue;
        if (!xmlStrcmp(n->name, (const xmlChar *)"flame")) return n;
        xmlNodePtr c = first_flame(n->children);
        if (c) return c;
    }
    return NULL;
}

fr_status fr_flame_template_read(fr_context *ctx, const char *path, const char *palette_file,
                                 fr_flame_template **out)
{
    if (!out) return fr_fail(ctx, FR_ERR_INVALID, "out: NULL");
    *out = NULL;
    if (!path) return fr_fail(ctx, FR_ERR_INVALID, "path: NULL");
    fr_flame_template *t = calloc(1, sizeof *t);
    if (!t) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    fr_status s = fr_flames_read(ctx, path, palette_file, 0, &t->f);
    char *text = NULL;
    xmlDocPtr doc = NULL;
    if (!s) s = fr_read_text_file(ctx, path, &text);
    if (!s) s = fr_flame_xml_parse(ctx, text, strlen(text), path, &doc);
    if (!s) {
        xmlNodePtr fl = first_flame(xmlDocGetRootElement(doc));
        for (xmlAttrPtr a = fl ? fl->properties : NULL; a; a = a->next)
            for (int k = 0; k < T_COUNT; k++)
                if (!xmlStrcmp(a->name, (const xmlChar *)template_names[k])) t->has[k] = 1;
    }
    if (doc) xmlFreeDoc(doc);
    free(text);
    if (s) {
        fr_flame_template_destroy(t);
        return s;
    }
    *out = t;
    return FR_OK;
}

void fr_flame_template_destroy(fr_flame_template *t)
{
    if (!t) return;
    fr_flames_destroy(t->f);
    free(t);
}

void fr_flame_template_apply(const fr_flame_template *t, fr_flame_genome *g)
{
    if (!t) return;
    const fr_flame_genome *p = &t->f->file.g[0];
    const char *h = t->has;
    if (h[T_BACKGROUND] && p->background[0] >= 0) g->background[0] = p->background[0];
    if (h[T_BACKGROUND] && p->background[1] >= 0) g->background[1] = p->background[1];
    if (h[T_BACKGROUND] && p->background[1] >= 0) g->background[2] = p->background[2]; /* flam3: [1] tested */
    if (h[T_ZOOM]) g->zoom = p->zoom;
    if ((h[T_SUPERSAMPLE] || h[T_OVERSAMPLE]) && p->supersample > 0) g->supersample = p->supersample;
    if (h[T_FILTER] && p->filter >= 0) g->filter = p->filter;
    if (h[T_QUALITY] && p->quality > 0) g->quality = p->quality;
    if (h[T_PASSES] && p->passes > 0) g->passes = p->passes;
    if (h[T_TSAMPLES] && p->temporal_samples > 0) g->temporal_samples = p->temporal_samples;
    if (h[T_SIZE] && p->width > 0) {
        g->scale = g->scale * p->height / g->height;
        g->width = p->width;
    }
    if (h[T_SIZE] && p->height > 0) g->height = p->height;
    if (h[T_EST_RADIUS] && p->estimator_radius >= 0) g->estimator_radius = p->estimator_radius;
    if (h[T_EST_MIN] && p->estimator_minimum >= 0) g->estimator_minimum = p->estimator_minimum;
    if (h[T_EST_CURVE] && p->estimator_curve >= 0) g->estimator_curve = p->estimator_curve;
    if (h[T_GAMMA_THRESHOLD] && p->gamma_threshold >= 0) g->gamma_threshold = p->gamma_threshold;
    if (h[T_FILTER_SHAPE] && p->filter_shape > 0) g->filter_shape = p->filter_shape;
    g->interpolation = h[T_INTERPOLATION] ? p->interpolation : FR_INTERP_LINEAR;
    if (h[T_ITYPE] || h[T_ISPACE]) g->interpolation_type = p->interpolation_type;
    if (h[T_TFILTER_TYPE]) g->temporal_filter_type = p->temporal_filter_type;
    if (h[T_TFILTER_WIDTH] && p->temporal_filter_width > 0)
        g->temporal_filter_width = p->temporal_filter_width;
    if (h[T_TFILTER_EXP] && p->temporal_filter_exp > -900) g->temporal_filter_exp = p->temporal_filter_exp;
    if (h[T_HIGHLIGHT] && p->highlight_power >= 0) g->highlight_power = p->highlight_power;
    if (h[T_PALETTE_MODE]) g->palette_mode = p->palette_mode;
    g->palette_interpolation = h[T_PALETTE_INTERP] ? p->palette_interpolation : FR_PALINTERP_HSV_CIRCULAR;
    if (!h[T_HSV_BLEND])
        g->hsv_rgb_palette_blend = 0.0;
    else if (p->hsv_rgb_palette_blend >= 0)
        g->hsv_rgb_palette_blend = p->hsv_rgb_palette_blend;
}
