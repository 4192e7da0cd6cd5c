/* flame_random.c - fr_flames_random / _mutate / _cross: flam3-genome's
 * loop (flam3-genome.c of flam3 3.1.1) around flam3_random, flam3_mutate
 * and flam3_cross: pick the parents, make a genome, reframe it on its
 * attractor, cut its variations to 5 an xform, improve its colours, and
 * try again while its test render is degenerate. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/strbuf.h"
#include "flame/flame_api.h"
#include "flame/flame_random.h"
#include "flame/flame_xml.h"

/* flam3-genome's thresholds of a test render (avg, black, white). */
#define FR_RANDOM_MIN_AVG 20.0
#define FR_RANDOM_MIN_BLACK 0.01
#define FR_RANDOM_MAX_WHITE 0.05
#define FR_RANDOM_MAX_COUNT 100000

/* ------------------------------------------------------------ the stream */

double fr_rand01(fr_flame_rand *R) { return fr_flame_rng_01(&R->r); }
double fr_rand11(fr_flame_rand *R) { return 2.0 * fr_flame_rng_01(&R->r) - 1.0; }
int fr_rand_bit(fr_flame_rand *R) { return fr_flame_rng_bit(&R->r); }

/* Lemire's multiply-shift: an integer in 0 .. n - 1 from 32 bits (the
 * bias, under n / 2^32, does not matter here; portable and exact). */
int fr_rand_below(fr_flame_rand *R, int n)
{
    return n <= 1 ? 0 : (int)(((uint64_t)fr_flame_rng_u32(&R->r) * (uint64_t)n) >> 32);
}

void fr_rand_action(fr_flame_rand *R, const char *fmt, ...)
{
    const size_t len = strlen(R->action);
    if (len + 1 >= sizeof R->action) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(R->action + len, sizeof R->action - len, fmt, ap);
    va_end(ap);
}

/* --------------------------------------------------------------- options */

void fr_flame_random_options_default(fr_flame_random_options *o)
{
    memset(o, 0, sizeof *o);
    o->speed = 0.1;
    o->tries = 10;
    o->index[0] = o->index[1] = -1;
}

/* The variation list: flam3-genome's default, "all", or names / indices. */
static fr_status parse_variations(fr_context *ctx, const char *spec, int **out, int *n)
{
    int *v = malloc(FR_FLAME_NVAR * sizeof *v);
    if (!v) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    *n = 0;
    if (!spec || !*spec || !strcmp(spec, "all")) {
        static const char *const novars[] = {"noise", "blur",  "gaussian_blur", "radial_blur", "ngon",  "square",
                                             "rays",  "cross", "pre_blur",      "separation",  "split", "splits"};
        const int all = spec && !strcmp(spec, "all");
        for (int i = 0; i < FR_FLAME_NVAR_FLAM3; i++) {
            int skip = 0;
            for (size_t k = 0; !all && k < sizeof novars / sizeof *novars; k++)
                skip |= !strcmp(fr_flame_vars[i].name, novars[k]);
            if (!skip) v[(*n)++] = i;
        }
        *out = v;
        return FR_OK;
    }
    const char *p = spec;
    while (*p) {
        while (*p == ',' || isspace((unsigned char)*p)) p++;
        if (!*p) break;
        const char *e = p;
        while (*e && *e != ',' && !isspace((unsigned char)*e)) e++;
        char name[64];
        const size_t len = (size_t)(e - p) < sizeof name - 1 ? (size_t)(e - p) : sizeof name - 1;
        memcpy(name, p, len);
        name[len] = 0;
        int idx = fr_flame_var_find(name);
        if (idx < 0 && isdigit((unsigned char)name[0])) {
            char *end;
            long k = strtol(name, &end, 10);
            if (!*end && k >= 0 && k < FR_FLAME_NVAR_FLAM3) idx = (int)k;
        }
        if (idx < 0) {
            free(v);
            return fr_fail(ctx, FR_ERR_INVALID,
                           "variations: '%s' is not a variation ('fractalis flame variations' lists them)", name);
        }
        int dup = 0;
        for (int k = 0; k < *n; k++) dup |= v[k] == idx;
        if (!dup) v[(*n)++] = idx;
        p = e;
    }
    if (*n == 0) {
        free(v);
        return fr_fail(ctx, FR_ERR_INVALID, "variations: the list names no variation");
    }
    *out = v;
    return FR_OK;
}

static fr_status parse_method(fr_context *ctx, const char *m, const char *const *names, int count, const char *what,
                              int *out)
{
    *out = 0;
    if (!m || !*m) return FR_OK;
    for (int i = 0; i < count; i++)
        if (!strcmp(m, names[i])) return *out = i, FR_OK;
    char list[256] = "";
    for (int i = 1; i < count; i++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i > 1 ? ", " : "", names[i]);
    return fr_fail(ctx, FR_ERR_INVALID, "method: '%s' is not a %s method (%s, or random)", m, what, list);
}

/* ------------------------------------------------------------ the loop */

enum { MODE_RANDOM, MODE_MUTATE, MODE_CROSS };

/* flam3-genome's truncate_variations: an xform of weight under 0.001 is
 * deleted (flam3 then skips the next one: so here), the others keep their
 * 5 largest variations. */
static void truncate_variations(fr_flame_rand *R, fr_flame_genome *g, int max_vars)
{
    for (int i = 0; i < fr_flame_nxforms(g); i++) {
        fr_flame_xform *x = fr_flame_xform_at(g, i);
        if (i < g->nxf && x->weight < 0.001 && g->nxf > 1) {
            fr_rand_action(R, " trunc_density %d", i);
            fr_flame_delete_xform(g, i);
            continue;
        }
        for (;;) {
            int nvars = 0, smallest = -1;
            double sv = 0;
            for (int j = 0; j < FR_FLAME_NVAR; j++)
                if (x->var[j] != 0.0) {
                    nvars++;
                    if (smallest == -1 || fabs(x->var[j]) < sv) smallest = j, sv = fabs(x->var[j]);
                }
            if (nvars <= max_vars) break;
            fr_rand_action(R, " trunc %d %d", i, smallest);
            x->var[smallest] = 0.0;
        }
    }
}

static double golden_bit(fr_flame_rand *R) { return fr_rand_bit(R) ? 0.38196 : 0.61804; }

/* Half the time (always for a random genome) the camera moves to the
 * attractor: its box's centre, or a golden-section point of it, and a
 * scale that fits its width. */
static void reframe(fr_flame_rand *R, fr_flame_genome *g)
{
    double bmin[2], bmax[2];
    if (!fr_flame_bounding_box(R, g, 0.01, 100000, bmin, bmax)) return;
    if (fr_rand01(R) < 0.3) {
        g->center[0] = (bmin[0] + bmax[0]) / 2.0;
        g->center[1] = (bmin[1] + bmax[1]) / 2.0;
        fr_rand_action(R, " recentered");
    } else {
        double mix0, mix1;
        if (fr_rand_bit(R)) {
            mix0 = golden_bit(R) + fr_rand11(R) / 5;
            mix1 = golden_bit(R);
            fr_rand_action(R, " reframed0");
        } else if (fr_rand_bit(R)) {
            mix0 = golden_bit(R);
            mix1 = golden_bit(R) + fr_rand11(R) / 5;
            fr_rand_action(R, " reframed1");
        } else {
            mix0 = golden_bit(R) + fr_rand11(R) / 5;
            mix1 = golden_bit(R) + fr_rand11(R) / 5;
            fr_rand_action(R, " reframed2");
        }
        g->center[0] = mix0 * bmin[0] + (1 - mix0) * bmax[0];
        g->center[1] = mix1 * bmin[1] + (1 - mix1) * bmax[1];
    }
    g->rot_center[0] = g->center[0];
    g->rot_center[1] = g->center[1];
    const double scale = g->width / (bmax[0] - bmin[0]);
    if (isfinite(scale) && scale > 0) g->scale = scale;
}

/* The <edit> element: what was done, the seed, the parents' edits inside. */
static fr_status set_edit(fr_flame_rand *R, fr_flame_genome *g, const fr_flame_genome *p0, const fr_flame_genome *p1)
{
    fr_strbuf b = {0};
    fr_strbuf_printf(&b, "<edit generator=\"fractalis\" seed=\"%llu\" action=\"", (unsigned long long)R->seed);
    for (const char *c = R->action; *c; c++) {
        if (*c == '<') fr_strbuf_puts(&b, "&lt;");
        else if (*c == '&') fr_strbuf_puts(&b, "&amp;");
        else if (*c == '"') fr_strbuf_puts(&b, "&quot;");
        else fr_strbuf_add(&b, c, 1);
    }
    const fr_flame_genome *par[2] = {p0, p1};
    int inner = 0;
    for (int k = 0; k < 2; k++)
        if (par[k] && par[k]->children) {
            fr_strbuf_printf(&b, "%s\n      %s", inner ? "" : "\">", par[k]->children);
            inner = 1;
        }
    fr_strbuf_puts(&b, inner ? "\n   </edit>" : "\"/>");
    if (!b.p || b.nomem) {
        free(b.p);
        return fr_fail(R->ctx, FR_ERR_NOMEM, "out of memory");
    }
    free(g->children);
    g->children = b.p;
    return FR_OK;
}

typedef struct job {
    int mode, method;
    const fr_flame_file *p[2];
    fr_flame_random_options o;
} job;

/* Genome `rep` of the job into *out; *warn set when no try passed. */
static fr_status make_one(fr_flame_rand *R, const job *J, int rep, fr_flame_genome *out, char *warn, size_t nwarn)
{
    fr_flame_genome_init(out);
    int pass = 0, tries = 0;
    double avg = 0, black = 0, white = 0;
    fr_status s = FR_OK;
    do {
        fr_flame_genome cand;
        const fr_flame_genome *p0 = NULL, *p1 = NULL;
        int did_color = 0, random_mode = 0;
        R->action[0] = 0;
        char name[64] = "";
        if (J->mode == MODE_MUTATE) {
            const fr_flame_file *f = J->p[0];
            p0 = &f->g[J->o.index[0] >= 0 ? J->o.index[0] : fr_rand_below(R, f->n)];
            if ((s = fr_flame_genome_copy(R->ctx, &cand, p0))) break;
            s = fr_flame_mutate(R, &cand, J->method, &did_color);
            if (p0->name && *p0->name) snprintf(name, sizeof name, "mutation %d of %s", rep, p0->name);
        } else if (J->mode == MODE_CROSS) {
            p0 = &J->p[0]->g[J->o.index[0] >= 0 ? J->o.index[0] : fr_rand_below(R, J->p[0]->n)];
            p1 = &J->p[1]->g[J->o.index[1] >= 0 ? J->o.index[1] : fr_rand_below(R, J->p[1]->n)];
            if ((s = fr_flame_cross(R, p0, p1, J->method, &cand))) break;
            if ((p0->name && *p0->name) || (p1->name && *p1->name))
                snprintf(name, sizeof name, "%d of %s x %s", rep, p0->name ? p0->name : "",
                         p1->name ? p1->name : "");
        } else {
            fr_rand_action(R, "random");
            random_mode = 1;
            if ((s = fr_flame_random_genome(R, 0, &cand))) break;
        }
        if (!s && (fr_rand_bit(R) || random_mode)) reframe(R, &cand);
        if (!s) truncate_variations(R, &cand, 5);
        if (!s && !did_color && fr_rand_bit(R)) {
            s = fr_flame_improve_colors(R, &cand, 100, 0, 10);
            fr_rand_action(R, " improved colors");
        }
        if (!s && *name) {
            free(cand.name);
            cand.name = strdup(name);
            if (!cand.name) s = fr_fail(R->ctx, FR_ERR_NOMEM, "out of memory");
        }
        if (!s) s = set_edit(R, &cand, p0, p1);
        cand.time = rep;
        if (!s && J->o.tries > 0) {
            s = fr_flame_test_render(R, &cand, &avg, &black, &white);
            pass = avg >= FR_RANDOM_MIN_AVG && black >= FR_RANDOM_MIN_BLACK && white <= FR_RANDOM_MAX_WHITE;
        }
        if (s) {
            fr_flame_genome_free(&cand);
            break;
        }
        fr_flame_genome_free(out);
        *out = cand;
        tries++;
    } while (!pass && tries < J->o.tries);
    if (s) {
        fr_flame_genome_free(out);
        return s;
    }
    if (J->o.tries > 0 && !pass)
        snprintf(warn, nwarn,
                 "genome %d: none of %d tries passed the test render (the last: mean %.1f, black %.3f, white %.3f); "
                 "kept the last",
                 rep, tries, avg, black, white);
    return FR_OK;
}

static fr_status run(fr_context *ctx, job *J, int count, fr_flames **out)
{
    if (!out) return fr_fail(ctx, FR_ERR_INVALID, "out: NULL");
    *out = NULL;
    const fr_flame_random_options *o = &J->o;
    if (count < 1 || count > FR_RANDOM_MAX_COUNT)
        return fr_fail(ctx, FR_ERR_INVALID, "count: %d is outside 1 .. %d", count, FR_RANDOM_MAX_COUNT);
    if (o->tries < 0 || o->tries > 1000)
        return fr_fail(ctx, FR_ERR_INVALID, "tries: %d is outside 0 .. 1000", o->tries);
    if (!isfinite(o->speed)) return fr_fail(ctx, FR_ERR_INVALID, "speed: must be a finite number");
    if (o->symmetry < -FR_FLAME_MAX_XFORMS / 2 || o->symmetry > FR_FLAME_MAX_XFORMS / 2)
        return fr_fail(ctx, FR_ERR_INVALID, "symmetry: %d is outside -%d .. %d", o->symmetry,
                       FR_FLAME_MAX_XFORMS / 2, FR_FLAME_MAX_XFORMS / 2);
    const int nparents = J->mode == MODE_CROSS ? 2 : J->mode == MODE_MUTATE ? 1 : 0;
    for (int k = 0; k < nparents; k++) {
        if (!J->p[k] || J->p[k]->n < 1) return fr_fail(ctx, FR_ERR_INVALID, "parent %d: no genome", k + 1);
        if (o->index[k] >= J->p[k]->n)
            return fr_fail(ctx, FR_ERR_INVALID, "index: genome %d is out of range (the file has %d)", o->index[k],
                           J->p[k]->n);
        for (int i = 0; i < J->p[k]->n; i++)
            if (J->p[k]->g[i].nxf < 1)
                return fr_fail(ctx, FR_ERR_INVALID, "parent %d: genome %d has no xform to change", k + 1, i);
    }
    fr_status s = FR_OK;
    if (J->mode == MODE_MUTATE)
        s = parse_method(ctx, o->method, fr_flame_mutation_names, FR_MUT_COUNT, "mutation", &J->method);
    else if (J->mode == MODE_CROSS)
        s = parse_method(ctx, o->method, fr_flame_cross_names, FR_CROSS_COUNT, "cross", &J->method);
    else if (o->method && *o->method)
        s = fr_fail(ctx, FR_ERR_INVALID, "method: a random genome takes none (mutate and cross do)");
    if (s) return s;
    int *ivars = NULL, nivars = 0;
    if ((s = parse_variations(ctx, o->variations, &ivars, &nivars))) return s;
    fr_flame_palette_lib lib;
    if ((s = fr_flame_palette_lib_load(ctx, o->palette_file, &lib))) {
        free(ivars);
        return s;
    }
    fr_flames *f = calloc(1, sizeof *f);
    if (f) f->file.g = calloc((size_t)count, sizeof *f->file.g);
    if (!f || !f->file.g) {
        free(f);
        free(ivars);
        fr_flame_palette_lib_free(&lib);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    }
    for (int rep = 0; rep < count && !s; rep++) {
        fr_flame_rand R;
        memset(&R, 0, sizeof R);
        R.ctx = ctx;
        R.seed = o->seed;
        fr_flame_rng_init(&R.r, o->seed, (uint64_t)rep);
        R.ivars = ivars;
        R.nivars = nivars;
        R.sym = o->symmetry;
        R.speed = o->speed;
        R.lib = &lib;
        char warn[300] = "";
        s = make_one(&R, J, rep, &f->file.g[rep], warn, sizeof warn);
        if (!s) f->file.n = rep + 1;
        if (!s && *warn) {
            char **w = realloc(f->file.warnings, (size_t)(f->file.nwarnings + 1) * sizeof *w);
            if (w) {
                f->file.warnings = w;
                if ((w[f->file.nwarnings] = strdup(warn))) f->file.nwarnings++;
            }
        }
        if (!s && ctx && ctx->progress && ctx->progress((rep + 1.0) / count, ctx->progress_user))
            s = fr_fail(ctx, FR_ERR_CANCELLED, "cancelled");
    }
    free(ivars);
    fr_flame_palette_lib_free(&lib);
    if (s) {
        fr_flames_destroy(f);
        return s;
    }
    *out = f;
    return FR_OK;
}

static fr_status check_opts(fr_context *ctx, const fr_flame_random_options *o, job *J)
{
    if (!o) return fr_fail(ctx, FR_ERR_INVALID, "options: NULL");
    J->o = *o;
    return FR_OK;
}

fr_status fr_flames_random(fr_context *ctx, const fr_flame_random_options *o, int count, fr_flames **out)
{
    job J = {.mode = MODE_RANDOM};
    fr_status s = check_opts(ctx, o, &J);
    return s ? s : run(ctx, &J, count, out);
}

fr_status fr_flames_mutate(fr_context *ctx, const fr_flames *parent, const fr_flame_random_options *o, int count,
                           fr_flames **out)
{
    job J = {.mode = MODE_MUTATE};
    if (!parent) return fr_fail(ctx, FR_ERR_INVALID, "parent: NULL");
    J.p[0] = &parent->file;
    fr_status s = check_opts(ctx, o, &J);
    return s ? s : run(ctx, &J, count, out);
}

fr_status fr_flames_cross(fr_context *ctx, const fr_flames *a, const fr_flames *b, const fr_flame_random_options *o,
                          int count, fr_flames **out)
{
    job J = {.mode = MODE_CROSS};
    if (!a || !b) return fr_fail(ctx, FR_ERR_INVALID, "%s: NULL", a ? "b" : "a");
    J.p[0] = &a->file;
    J.p[1] = &b->file;
    fr_status s = check_opts(ctx, o, &J);
    return s ? s : run(ctx, &J, count, out);
}
