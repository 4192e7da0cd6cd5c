/* fractalis flame interpolate|inter|rotate|sequence|clone|strip ...:
 * flam3-genome's deterministic genome tools (its environment variables
 * inter=, rotate=, sequence=, clone=, clone_all=, strip= with frame,
 * nframes, loops, stagger become options) and flam3_interpolate at given
 * times. Output: flam3 XML to -o FILE (written whole, then renamed) or
 * stdout. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"

#define MAX_FILES 64
#define MAX_TIMES 4096

typedef struct genome_cmd {
    const char *sub;
    const char *files[MAX_FILES];
    int nfiles;
    const char *palettes, *templ;
    int strict, frame, nframes, loops, index, all;
    int frame_set, nframes_set;
    double stagger;
    double times[MAX_TIMES];
    int ntimes;
    int begin, end, begin_set, end_set;
    cli_run run;
} genome_cmd;

enum {
    G_FRAME,
    G_NFRAMES,
    G_LOOPS,
    G_STAGGER,
    G_INDEX,
    G_ALL,
    G_TIME,
    G_BEGIN,
    G_END,
    G_TEMPLATE,
    G_PALETTES,
    G_STRICT
};

static const cli_opt genome_opts[] = {
    [G_FRAME] = {"frame", "N", "inter, rotate: the middle frame; strip: the strip (0-based)  [default: 0]"},
    [G_NFRAMES] =
        {"nframes", "N",
         "inter, rotate: frames of a loop or an edge; sequence: frames of each loop and edge; strip: the "
         "number of strips  [default: 100 (strip: 1)]"},
    [G_LOOPS] = {"loops", "0|1", "sequence: each genome's loop before its edge  [default: 1]"},
    [G_STAGGER] =
        {"stagger", "S",
         "inter, sequence, interpolate: delay each xform's share of a transition, 0 .. 1  [default: 0]"},
    [G_INDEX] = {"index", "N", "clone: the genome to clone (0-based)  [default: 0]"},
    [G_ALL] = {"all", NULL, "clone: every genome, unchanged (flam3-genome's clone_all)"},
    [G_TIME] = {"time", "T", "interpolate: a time (repeatable)"},
    [G_BEGIN] = {"begin", "N",
                 "interpolate: every whole time from N ...  [default: the first genome's time]"},
    [G_END] = {"end", "N", "interpolate: ... to N  [default: the last genome's time]"},
    [G_TEMPLATE] =
        {"template", "FILE",
         "inter, rotate, sequence, clone, strip: lay the render settings of FILE's first genome over each "
         "result (size, quality, passes, filter, ...; flam3-genome's template=)"},
    [G_PALETTES] = {"palettes", "FILE", "flam3's palette file for palette=\"N\""},
    [G_STRICT] = {"strict", NULL, "unknown attributes or elements are errors"},
    {NULL, NULL, NULL},
};

static int parse_num(const char *v, const char *opt, double *out)
{
    char *end;
    *out = strtod(v, &end);
    if (end == v || *end || !isfinite(*out))
        return cli_error("--%s must be a number, not '%s'", opt, v), EXIT_USAGE;
    return 0;
}

static int genome_opt(void *user, int i, const char *v)
{
    genome_cmd *o = user;
    switch (i) {
    case G_FRAME:
        if (!cli_parse_int(v, -(1 << 30), 1 << 30, &o->frame))
            return cli_error("--frame must be a whole number"), EXIT_USAGE;
        o->frame_set = 1;
        return 0;
    case G_NFRAMES:
        if (!cli_parse_int(v, 1, 1 << 30, &o->nframes))
            return cli_error("--nframes must be a whole number >= 1"), EXIT_USAGE;
        o->nframes_set = 1;
        return 0;
    case G_LOOPS:
        if (!cli_parse_int(v, 0, 1 << 30, &o->loops)) return cli_error("--loops must be 0 or 1"), EXIT_USAGE;
        return 0;
    case G_STAGGER:
        if (parse_num(v, "stagger", &o->stagger)) return EXIT_USAGE;
        if (o->stagger < 0 || o->stagger > 1)
            return cli_error("--stagger must be in 0 .. 1, not %s", v), EXIT_USAGE;
        return 0;
    case G_INDEX:
        if (!cli_parse_int(v, 0, 1 << 30, &o->index))
            return cli_error("--index must be a whole number >= 0"), EXIT_USAGE;
        return 0;
    case G_ALL: o->all = 1; return 0;
    case G_TIME:
        if (o->ntimes == MAX_TIMES) return cli_error("at most %d --time", MAX_TIMES), EXIT_USAGE;
        return parse_num(v, "time", &o->times[o->ntimes++]);
    case G_BEGIN:
        if (!cli_parse_int(v, -(1 << 30), 1 << 30, &o->begin))
            return cli_error("--begin must be a whole number"), EXIT_USAGE;
        o->begin_set = 1;
        return 0;
    case G_END:
        if (!cli_parse_int(v, -(1 << 30), 1 << 30, &o->end))
            return cli_error("--end must be a whole number"), EXIT_USAGE;
        o->end_set = 1;
        return 0;
    case G_TEMPLATE: o->templ = v; return 0;
    case G_PALETTES: o->palettes = v; return 0;
    case G_STRICT: o->strict = 1; return 0;
    }
    return 0;
}

static int genome_word(void *user, const char *w)
{
    genome_cmd *o = user;
    if (o->nfiles == MAX_FILES) return cli_error("at most %d genome files", MAX_FILES), EXIT_USAGE;
    if (o->nfiles == 1 && strcmp(o->sub, "sequence"))
        return cli_error("flame %s takes one genome file ('%s' is one more)", o->sub, w), EXIT_USAGE;
    o->files[o->nfiles++] = w;
    return 0;
}

static void genome_help(const cli_command *c)
{
    printf("Usage: fractalis flame interpolate FILE (--time T ... | [--begin N] [--end N]) [--stagger S] [-o "
           "OUT]\n"
           "       fractalis flame inter FILE --frame N --nframes N [--stagger S] [-o OUT]\n"
           "       fractalis flame rotate FILE --frame N --nframes N [-o OUT]\n"
           "       fractalis flame sequence FILE... [--nframes N] [--loops 0|1] [--stagger S] [-o OUT]\n"
           "       fractalis flame clone FILE [--index N | --all] [-o OUT]\n"
           "       fractalis flame strip FILE --nframes N --frame K [-o OUT]\n\n"
           "flam3-genome's genome tools, the same numbers (flam3 3.1.1):\n"
           "  interpolate  the genome at each time of the file's keyframes (flam3_interpolate,\n"
           "               what flam3-animate renders)\n"
           "  inter        the two genomes of FILE blended at frames N-1, N, N+1 of nframes, both\n"
           "               turned as the blend goes (an Electric Sheep edge)\n"
           "  rotate       the genome of FILE turned by 360 * frame / nframes degrees at frames\n"
           "               N-1, N, N+1 (an Electric Sheep loop; <motion> applied)\n"
           "  sequence     every genome's loop and the edge to the next, nframes each, timed 0, 1, ...\n"
           "               (the files' genomes in order)\n"
           "  clone        a genome with light xforms dropped and at most 5 variations an xform\n"
           "  strip        strip K of N horizontal strips of every genome (height / N)\n"
           "Writes flam3 XML to -o OUT, or to stdout.\n\n");
    cli_print_options(c, NULL);
}

static int read_one(fr_context *ctx, const genome_cmd *o, const char *path, fr_flames **f)
{
    if (fr_flames_read(ctx, path, o->palettes, o->strict, f))
        return cli_error("%s", fr_last_error(ctx)), EXIT_WORK;
    if (!o->run.quiet)
        for (int k = 0; fr_flames_warning(*f, k); k++)
            fprintf(stderr, "fractalis: warning: %s\n", fr_flames_warning(*f, k));
    return 0;
}

/* interpolate: one genome a time, into one set; 0 or an exit code with
 * the message printed. */
static int interpolate(fr_context *ctx, const genome_cmd *o, const fr_flames *f, fr_flames **out)
{
    int n = o->ntimes;
    const double *t = o->times;
    double *whole = NULL;
    if (n == 0) {
        /* flam3-genome animate=: every whole time from the first keyframe's
         * (truncated) to the last's */
        const double t0 = fr_flames_time(f, 0), tn = fr_flames_time(f, fr_flames_count(f) - 1);
        if (!(fabs(t0) < 1e9 && fabs(tn) < 1e9))
            return cli_error("the keyframes' times (%g .. %g) are beyond +-1e9: give --begin and --end", t0, tn),
                   EXIT_USAGE;
        const int b = o->begin_set ? o->begin : (int)t0;
        int e = o->end_set ? o->end : (int)tn;
        if (e < b) e = b;
        if ((double)e - b + 1 > 200000)
            return cli_error("--begin %d .. --end %d is too many genomes", b, e), EXIT_USAGE;
        n = e - b + 1;
        if (!(whole = malloc((size_t)n * sizeof *whole))) return cli_error("out of memory"), EXIT_WORK;
        for (int i = 0; i < n; i++)
            whole[i] = b + i;
        t = whole;
    }
    fr_flames **parts = calloc((size_t)n, sizeof *parts);
    fr_status s = parts ? FR_OK : FR_ERR_NOMEM;
    for (int i = 0; !s && i < n; i++)
        s = fr_flames_interpolate(ctx, f, t[i], o->stagger, &parts[i]);
    if (!s) s = fr_flames_concat(ctx, (const fr_flames *const *)parts, n, out);
    const int nomem = !parts;
    for (int i = 0; parts && i < n; i++)
        fr_flames_destroy(parts[i]);
    free(parts);
    free(whole);
    if (s) return cli_error("%s", nomem ? "out of memory" : fr_last_error(ctx)), EXIT_WORK;
    return 0;
}

static int write_out(fr_context *ctx, const genome_cmd *o, const fr_flames *g)
{
    if (o->run.nout > 0) {
        if (fr_flames_write(ctx, g, -1, o->run.out[0])) return cli_error("%s", fr_last_error(ctx)), EXIT_WORK;
        return 0;
    }
    char *xml = NULL;
    if (fr_flames_xml(ctx, g, -1, &xml)) return cli_error("%s", fr_last_error(ctx)), EXIT_WORK;
    const int bad = fputs(xml, stdout) < 0 || fflush(stdout) != 0;
    free(xml);
    return bad ? (cli_error("writing stdout failed"), EXIT_WORK) : 0;
}

int cmd_flame_genome(int argc, char **argv)
{
    genome_cmd o = {.sub = argv[1], .nframes = 100, .loops = 1};
    cli_run_init(&o.run);
    const cli_command c = {"flame",
                           RUN_OUTPUT | RUN_QUIET,
                           "the genomes as flam3 XML  [default: stdout]",
                           NULL,
                           genome_opts,
                           genome_opt,
                           genome_word,
                           &o};
    int rc = cli_parse(&c, NULL, argc, argv, 2, &o.run, NULL);
    if (rc == CLI_HELP) return genome_help(&c), 0;
    if (rc) return rc;
    const char *sub = o.sub;
    if (o.nfiles == 0)
        return cli_error("flame %s needs a genome file (try 'fractalis flame --help')", sub), EXIT_USAGE;
    if (!strcmp(sub, "strip") && !o.nframes_set) o.nframes = 1;
    if (!strcmp(sub, "strip") && (o.frame < 0 || o.frame >= o.nframes))
        return cli_error("--frame must be a strip of the --nframes %d: 0 .. %d", o.nframes, o.nframes - 1),
               EXIT_USAGE;
    if ((!strcmp(sub, "inter") || !strcmp(sub, "rotate")) && !o.frame_set)
        return cli_error("flame %s needs --frame", sub), EXIT_USAGE;
    if (strcmp(sub, "interpolate") && (o.ntimes || o.begin_set || o.end_set))
        return cli_error("--time, --begin and --end are for flame interpolate"), EXIT_USAGE;
    if (!strcmp(sub, "interpolate") && o.ntimes && (o.begin_set || o.end_set))
        return cli_error("give --time or --begin/--end, not both"), EXIT_USAGE;
    if (o.run.nout > 0 && !cli_check_writable(o.run.out[0])) return EXIT_USAGE;
    fr_context *ctx = fr_context_create();
    fr_flames *in[MAX_FILES] = {0}, *f = NULL, *g = NULL;
    fr_flame_template *templ = NULL;
    if (o.templ && !strcmp(sub, "interpolate"))
        rc = EXIT_USAGE, cli_error("--template is for inter, rotate, sequence, clone and strip");
    if (!rc && o.templ && fr_flame_template_read(ctx, o.templ, o.palettes, &templ))
        rc = EXIT_WORK, cli_error("%s", fr_last_error(ctx));
    for (int i = 0; !rc && i < o.nfiles; i++)
        rc = read_one(ctx, &o, o.files[i], &in[i]);
    if (!rc && o.nfiles > 1 && fr_flames_concat(ctx, (const fr_flames *const *)in, o.nfiles, &f))
        rc = EXIT_WORK, cli_error("%s", fr_last_error(ctx));
    const fr_flames *src = o.nfiles > 1 ? f : in[0];
    fr_status s = FR_OK;
    if (!rc) {
        if (!strcmp(sub, "interpolate"))
            rc = interpolate(ctx, &o, src, &g);
        else if (!strcmp(sub, "inter"))
            s = fr_flames_inter(ctx, src, o.frame, o.nframes, o.stagger, templ, &g);
        else if (!strcmp(sub, "rotate"))
            s = fr_flames_rotate(ctx, src, o.frame, o.nframes, templ, &g);
        else if (!strcmp(sub, "sequence"))
            s = fr_flames_sequence(ctx, src, o.nframes, o.loops, o.stagger, templ, &g);
        else if (!strcmp(sub, "clone"))
            s = fr_flames_clone(ctx, src, o.all ? -1 : o.index, templ, &g);
        else
            s = fr_flames_strip(ctx, src, o.nframes, o.frame, templ, &g);
        if (s) rc = EXIT_WORK, cli_report(&c, ctx);
    }
    if (!rc) rc = write_out(ctx, &o, g);
    for (int i = 0; i < o.nfiles; i++)
        fr_flames_destroy(in[i]);
    fr_flames_destroy(f);
    fr_flames_destroy(g);
    fr_flame_template_destroy(templ);
    fr_context_destroy(ctx);
    return rc;
}
