/* fractalis render flame FILE ...  and  fractalis flame convert|info|variations ...:
 * fractal flames from flam3 genome files. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"

typedef struct flame_cmd {
    const char *file, *raw, *name, *palettes;
    int index, all, strict; /* index -1: not given */
    cli_run run;
    fr_flame_options fo;
} flame_cmd;

enum { OPT_INDEX, OPT_NAME, OPT_ALL, OPT_STRICT, OPT_PALETTES, OPT_RAW };

static const cli_opt opts[] = {
    [OPT_INDEX] = {"index", "N", "the genome to render (0-based)  [default: 0]"},
    [OPT_NAME] = {"name", "NAME", "the genome called NAME"},
    [OPT_ALL] = {"all", NULL, "every genome of the file; -o is a pattern with %d (index) or {name}, e.g. -o 'sheep-%03d.png'"},
    [OPT_STRICT] = {"strict", NULL, "unknown attributes or elements are errors"},
    [OPT_PALETTES] = {"palettes", "FILE", "flam3's palette file for palette=\"N\""},
    [OPT_RAW] = {"raw", "F.npy|F.exr",
                 "also write the accumulation buffer, before density estimation and tone mapping, at H*ss x W*ss "
                 "buckets (ss: supersample): .npy uint32, shape (H*ss, W*ss, 5), R G B A count a bucket; .exr float "
                 "channels R G B A hits, each sum / 255, the genome embedded"},
    {NULL, NULL, NULL},
};

static int on_opt(void *user, int i, const char *v)
{
    flame_cmd *o = user;
    switch (i) {
    case OPT_INDEX:
        if (!cli_parse_int(v, 0, 1 << 30, &o->index)) return cli_error("--index must be a whole number >= 0"), EXIT_USAGE;
        return 0;
    case OPT_NAME: o->name = v; return 0;
    case OPT_ALL: o->all = 1; return 0;
    case OPT_STRICT: o->strict = 1; return 0;
    case OPT_PALETTES: o->palettes = v; return 0;
    case OPT_RAW: o->raw = v; return 0;
    }
    return 0;
}

static int on_word(void *user, const char *w)
{
    flame_cmd *o = user;
    if (o->file) return cli_error("unexpected argument '%s'", w), EXIT_USAGE;
    o->file = w;
    return 0;
}

static const char output_help[] =
    ".png (RGBA, genome embedded), .ppm or .jpg/.jpeg (JPEG: no alpha, so not with\n"
    "                         --transparent), or .npy or .exr: the raw buffer alone (see --raw)  [default: NAME.png]";

static void help(const cli_command *c)
{
    fr_flame_options fo;
    fr_flame_options_default(&fo);
    printf("Usage: fractalis render flame FILE [options]\n"
           "       fractalis flame info FILE\n"
           "       fractalis flame convert FILE OUT.flam3 [--index N | --name NAME]\n\n"
           "Renders fractal flames from flam3 genome files (.flam3, .flame: flam3, Apophysis,\n"
           "Fr0st, Fractorium, Electric Sheep) as flam3-render does.\n\n");
    cli_print_options(c, &fo);
}

/* The output name of genome i: the pattern with %d / {name} filled, or NAME.png. */
/* A genome's name as one file name in the folder -o names: what the file
 * says cannot choose the folder. Letters, digits, '-', '_', '.', '+' and
 * UTF-8 stay; '/', '\\', control characters, spaces and the rest become
 * '_'; a leading '.' too (no "..", no hidden file); at most 200 bytes;
 * none or nothing left: "flame". */
static void file_name_of(const char *name, char *out, size_t n)
{
    size_t k = 0;
    for (const unsigned char *c = (const unsigned char *)(name ? name : ""); *c && k + 1 < n && k < 200; c++) {
        int keep = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c >= 0x80 ||
                   *c == '-' || *c == '_' || *c == '+' || (*c == '.' && k > 0);
        out[k++] = keep ? (char)*c : '_';
    }
    out[k] = 0;
    if (!k) snprintf(out, n, "flame");
}

static char *output_name(const char *pattern, int i, const char *name)
{
    char buf[4096], safe[256];
    file_name_of(name, safe, sizeof safe);
    if (!pattern) {
        snprintf(buf, sizeof buf, "%s.png", safe);
        return strdup(buf);
    }
    const char *brace = strstr(pattern, "{name}");
    if (brace)
        snprintf(buf, sizeof buf, "%.*s%s%s", (int)(brace - pattern), pattern, safe, brace + 6);
    else if (strchr(pattern, '%')) {
        /* one integer conversion: %d, %03d, ... (checked by the caller) */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
        snprintf(buf, sizeof buf, pattern, i);
#pragma GCC diagnostic pop
    } else
        snprintf(buf, sizeof buf, "%s", pattern);
    return strdup(buf);
}

/* A pattern may hold one %d-style conversion and nothing else with %. */
static int pattern_ok(const char *p)
{
    const char *c = strchr(p, '%');
    if (!c) return 1;
    c++;
    while (*c >= '0' && *c <= '9') c++;
    return *c == 'd' && !strchr(c, '%');
}

static fr_image rgb_of(const fr_image *img)
{
    fr_image o = *img;
    o.channels = 3;
    size_t n = (size_t)img->width * img->height, bs = img->depth == 16 ? 2 : 1;
    unsigned char *p = malloc(n * 3 * bs);
    o.pixels = p;
    if (!p) return o;
    for (size_t i = 0; i < n; i++) memcpy(p + i * 3 * bs, (unsigned char *)img->pixels + i * 4 * bs, 3 * bs);
    return o;
}

/* The names of genome i's outputs: the image (NULL when -o names a .npy:
 * the raw buffer alone) and the raw buffer (NULL: none). */
static int output_names(const flame_cmd *o, int i, const char *name, char **image, char **raw)
{
    *image = *raw = NULL;
    char *out = output_name(o->run.out[0], i, name);
    if (!out) return cli_error("out of memory"), EXIT_WORK;
    if (fr_format_from_path(out) == FR_FMT_NPY || fr_format_from_path(out) == FR_FMT_EXR) {
        if (o->raw) {
            cli_error("'%s' is already the raw buffer: --raw goes with an image output", out);
            free(out);
            return EXIT_USAGE;
        }
        *raw = out;
        return 0;
    }
    *image = out;
    if (!o->raw) return 0;
    if (!(*raw = output_name(o->raw, i, name))) return cli_error("out of memory"), EXIT_WORK;
    if (fr_format_from_path(*raw) != FR_FMT_NPY && fr_format_from_path(*raw) != FR_FMT_EXR)
        return cli_error("--raw '%s': the raw buffer is written as .npy or .exr", *raw), EXIT_USAGE;
    return 0;
}

/* Checks the image output's format before rendering. */
static int check_image(const char *out, const flame_cmd *o)
{
    fr_format fmt = cli_output_format(out, CLI_FMT(FR_FMT_PNG) | CLI_FMT(FR_FMT_PPM) | CLI_FMT(FR_FMT_JPEG));
    if (fmt == FR_FMT_UNKNOWN) return EXIT_USAGE;
    /* JPEG has no alpha: a transparent flame would lose what was asked for. */
    if (fmt == FR_FMT_JPEG && o->fo.transparency)
        return cli_error("'%s': JPEG has no alpha channel; --transparent needs .png", out), EXIT_USAGE;
    return 0;
}

static fr_status write_image(fr_context *ctx, const fr_flames *f, int i, const fr_image *img, const char *out,
                             const flame_cmd *o)
{
    fr_format fmt = fr_format_from_path(out);
    fr_status s;
    if (fmt == FR_FMT_PNG) {
        char *xml = NULL;
        s = fr_flames_xml(ctx, f, i, &xml);
        if (!s) s = fr_image_write_png_keyed(ctx, img, out, "flam3_genome", xml);
        free(xml);
    } else if (fmt == FR_FMT_JPEG) {
        s = fr_image_write_jpeg(ctx, img, out, o->run.jpeg_quality);
    } else {
        fr_image rgb = rgb_of(img);
        s = rgb.pixels ? fr_image_write_ppm(ctx, &rgb, out) : FR_ERR_NOMEM;
        free(rgb.pixels);
    }
    return s;
}

/* The raw buffer as .npy, or as .exr with the genome embedded. */
static fr_status write_raw(fr_context *ctx, const fr_flames *f, int i, const fr_flame_raw *raw, const char *out)
{
    if (fr_format_from_path(out) != FR_FMT_EXR) return fr_flame_raw_write_npy(ctx, raw, out);
    char *xml = NULL;
    fr_status s = fr_flames_xml(ctx, f, i, &xml);
    if (!s) s = fr_flame_raw_write_exr(ctx, raw, out, xml);
    free(xml);
    return s;
}

static int render_one(fr_context *ctx, const fr_flames *f, int i, flame_cmd *o)
{
    char *out = NULL, *raw_out = NULL;
    int rc = output_names(o, i, fr_flames_name(f, i), &out, &raw_out);
    if (!rc && out) rc = check_image(out, o);
    if (!rc && ((out && !cli_check_writable(out)) || (raw_out && !cli_check_writable(raw_out)))) rc = EXIT_WORK;
    if (rc) {
        free(out), free(raw_out);
        return rc;
    }
    cli_progress pg;
    cli_progress_init(&pg, "flame", !o->run.quiet);
    fr_context_set_progress(ctx, cli_progress_cb, &pg);
    fr_image img;
    fr_flame_raw raw;
    fr_flame_stats st;
    fr_status s = fr_flame_render_raw(ctx, f, i, &o->fo, out ? &img : NULL, raw_out ? &raw : NULL, &st);
    cli_progress_end(&pg);
    fr_context_set_progress(ctx, NULL, NULL);
    double t0 = cli_now();
    const char *failed = out ? out : raw_out;
    if (!s && out) s = write_image(ctx, f, i, &img, out, o);
    if (!s && raw_out) failed = raw_out, s = write_raw(ctx, f, i, &raw, raw_out);
    double enc = cli_now() - t0;
    if (out) fr_image_free(&img);
    if (raw_out) fr_flame_raw_free(&raw);
    if (s) {
        cli_error("%s: %s", failed, fr_last_error(ctx));
        free(out), free(raw_out);
        return s == FR_ERR_CANCELLED && cli_interrupted ? CLI_EXIT_SIGNAL : EXIT_WORK;
    }
    if (!o->run.quiet) {
        double total = st.seconds_iterate + st.seconds_density + st.seconds_filter + enc;
        char strips[48] = "";
        if (st.strips > 1) snprintf(strips, sizeof strips, " in %d strips", st.strips);
        fprintf(stderr,
                "%s: %.4g samples, %.4g iterations (%.3g/s), %.3g%% bad values\n"
                "  %s%s: setup %.2f s, chaos game %.2f s, density %.2f s, filter + tone %.2f s, encode %.2f s (total %.2f s)\n",
                out ? out : raw_out, st.samples, (double)st.iterations,
                st.seconds_iterate > 0 ? st.iterations / st.seconds_iterate : 0,
                st.iterations ? 100.0 * st.bad_values / st.iterations : 0.0, fr_context_device(ctx), strips,
                st.seconds_setup, st.seconds_iterate, st.seconds_density, st.seconds_filter, enc,
                total + st.seconds_setup);
        if (*fr_context_device_shares(ctx)) fprintf(stderr, "  work per device: %s\n", fr_context_device_shares(ctx));
        if (*fr_context_flame_kernel(ctx)) fprintf(stderr, "  chaos game kernel: %s\n", fr_context_flame_kernel(ctx));
    }
    free(out), free(raw_out);
    return 0;
}

static int read_flames(fr_context *ctx, const flame_cmd *o, fr_flames **f)
{
    if (!o->file) return cli_error("a genome file is needed (try 'fractalis render flame --help')"), EXIT_USAGE;
    if (fr_flames_read(ctx, o->file, o->palettes, o->strict, f)) {
        cli_error("%s", fr_last_error(ctx));
        return EXIT_WORK;
    }
    if (!o->run.quiet)
        for (int k = 0; fr_flames_warning(*f, k); k++) fprintf(stderr, "fractalis: warning: %s\n", fr_flames_warning(*f, k));
    return 0;
}

/* The genome named by --index or --name (none given: genome 0). */
static int pick(const fr_flames *f, const flame_cmd *o, int *index)
{
    *index = o->index < 0 ? 0 : o->index;
    if (o->name && (*index = fr_flames_find(f, o->name)) < 0)
        return cli_error("%s has no genome called '%s'", o->file, o->name), EXIT_USAGE;
    if (*index >= fr_flames_count(f))
        return cli_error("%s has %d genome(s); --index %d is out of range", o->file, fr_flames_count(f), *index),
               EXIT_USAGE;
    return 0;
}

int cmd_render_flame(int argc, char **argv)
{
    flame_cmd o = {.index = -1};
    cli_run_init(&o.run);
    cli_catch_signals();
    fr_flame_options_default(&o.fo);
    const cli_command c = {"render flame", RUN_OUTPUT | RUN_RENDER | RUN_HOST_MEMORY, output_help, &cli_flame_options,
                           opts, on_opt, on_word, &o};
    fr_context *ctx = fr_context_create();
    if (!ctx) return cli_error("out of memory"), EXIT_WORK;
    fr_flames *f = NULL;
    const char *out = NULL;
    int rc = cli_parse(&c, ctx, argc, argv, 2, &o.run, &o.fo);
    if (rc == CLI_HELP) {
        help(&c);
        rc = 0;
        goto done;
    }
    if (rc) goto done;
    out = o.run.nout ? o.run.out[0] : NULL;
    if (o.all && out && !strstr(out, "{name}") && !pattern_ok(out))
        rc = EXIT_USAGE, cli_error("-o with --all needs one %%d (or {name}) in the name");
    else if (out && !o.all && strchr(out, '%'))
        rc = EXIT_USAGE, cli_error("a %% in -o needs --all");
    else if (o.all && o.raw && !strstr(o.raw, "{name}") && !pattern_ok(o.raw))
        rc = EXIT_USAGE, cli_error("--raw with --all needs one %%d (or {name}) in the name");
    else if (o.raw && !o.all && strchr(o.raw, '%'))
        rc = EXIT_USAGE, cli_error("a %% in --raw needs --all");
    else if (fr_flame_options_check(ctx, &o.fo))
        rc = EXIT_USAGE, cli_report(&c, ctx);
    if (!rc) rc = cli_run_apply(ctx, &o.run);
    if (!rc) rc = read_flames(ctx, &o, &f);
    int index = 0;
    if (!rc && !o.all) rc = pick(f, &o, &index);
    if (!rc) {
        if (o.all && out && !strstr(out, "{name}") && !strchr(out, '%') && fr_flames_count(f) > 1)
            rc = EXIT_USAGE, cli_error("-o with --all needs one %%d (or {name}) in the name");
        if (o.all && o.raw && !strstr(o.raw, "{name}") && !strchr(o.raw, '%') && fr_flames_count(f) > 1)
            rc = EXIT_USAGE, cli_error("--raw with --all needs one %%d (or {name}) in the name");
        for (int i = o.all ? 0 : index; !rc && i < (o.all ? fr_flames_count(f) : index + 1); i++)
            rc = render_one(ctx, f, i, &o);
    }
done:
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
    return rc;
}

/* flame variations: the registry, one variation a line: name, origin, and
 * its parameters with their defaults. */
static int list_variations(void)
{
    for (int i = 0; i < fr_flame_variation_count(); i++) {
        printf("%s\t%s", fr_flame_variation_name(i), fr_flame_variation_origin(i));
        for (int k = 0; k < fr_flame_variation_nparams(i); k++) {
            double def;
            const char *p = fr_flame_variation_param(i, k, &def);
            printf("%s%s=%.17g", k ? " " : "\t", p, def);
        }
        printf("\n");
    }
    return 0;
}

/* flame info FILE, flame convert FILE OUT */
typedef struct flame_tool {
    flame_cmd o;
    const char *sub, *dest;
} flame_tool;

static int tool_word(void *user, const char *w)
{
    flame_tool *t = user;
    if (!t->o.file) t->o.file = w;
    else if (!t->dest && !strcmp(t->sub, "convert")) t->dest = w;
    else return cli_error("unexpected argument '%s'", w), EXIT_USAGE;
    return 0;
}

static int tool_opt(void *user, int i, const char *v) { return on_opt(&((flame_tool *)user)->o, i, v); }

int cmd_flame(int argc, char **argv)
{
    static const cli_opt tool_opts[] = {
        [OPT_INDEX] = {"index", "N", "convert: the genome to write (0-based)  [default: every genome]"},
        [OPT_NAME] = {"name", "NAME", "convert: the genome called NAME"},
        [OPT_ALL] = {"all", NULL, "convert: every genome (the default)"},
        [OPT_STRICT] = {"strict", NULL, "unknown attributes or elements are errors"},
        [OPT_PALETTES] = {"palettes", "FILE", "flam3's palette file for palette=\"N\""},
        {NULL, NULL, NULL},
    };
    flame_tool t = {.o = {.index = -1}};
    cli_run_init(&t.o.run);
    const cli_command c = {"flame", RUN_QUIET, NULL, NULL, tool_opts, tool_opt, tool_word, &t};
    int rc = argc < 2 ? CLI_HELP : 0;
    if (!rc && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) rc = CLI_HELP;
    t.sub = argc < 2 ? "" : argv[1];
    static const char *const genome_subs[] = {"interpolate", "inter", "rotate", "sequence", "clone", "strip"};
    for (int k = 0; !rc && k < 6; k++)
        if (!strcmp(t.sub, genome_subs[k])) return cmd_flame_genome(argc, argv);
    if (!rc && !strcmp(t.sub, "variations")) {
        if (argc > 2 && (!strcmp(argv[2], "-h") || !strcmp(argv[2], "--help"))) {
            printf("Usage: fractalis flame variations\n\n"
                   "Every variation genomes may use, one a line: NAME <tab> ORIGIN (the program that\n"
                   "introduced it: flam3, Apophysis, Ember, JWildfire) <tab> its parameters as\n"
                   "name=default. Each is also read as Ember's pre_NAME and post_NAME (parameters\n"
                   "pre_PARAM, post_PARAM). 'fractalis flame info --strict FILE' fails on any\n"
                   "attribute not in this list.\n");
            return 0;
        }
        if (argc > 2) return cli_error("flame variations takes no arguments"), EXIT_USAGE;
        return list_variations();
    }
    if (!rc && (!strcmp(t.sub, "random") || !strcmp(t.sub, "mutate") || !strcmp(t.sub, "cross")))
        return cmd_flame_random(argc, argv);
    if (!rc && strcmp(t.sub, "info") && strcmp(t.sub, "convert"))
        return cli_error("flame: unknown subcommand '%s' (info, convert, variations)", t.sub), EXIT_USAGE;
    if (!rc) rc = cli_parse(&c, NULL, argc, argv, 2, &t.o.run, NULL);
    if (rc == CLI_HELP) {
        printf("Usage: fractalis flame info FILE            the genomes of FILE: index, name, size\n"
               "       fractalis flame convert FILE OUT.flam3 [options]\n"
               "                                            write genomes as flam3 XML that flam3 reads\n"
               "       fractalis flame variations           the variations genomes may use, their origin\n"
               "                                            and parameters\n"
               "       fractalis flame random | mutate FILE | cross A B\n"
               "                                            random genomes as flam3-genome makes them\n\n");
        cli_print_options(&c, NULL);
        return argc < 2 ? EXIT_USAGE : 0;
    }
    if (rc) return rc;
    if (!strcmp(t.sub, "convert") && !t.dest) return cli_error("flame convert needs FILE and OUT"), EXIT_USAGE;
    fr_context *ctx = fr_context_create();
    fr_flames *f = NULL;
    rc = read_flames(ctx, &t.o, &f);
    if (!rc && !strcmp(t.sub, "info")) {
        for (int i = 0; i < fr_flames_count(f); i++) {
            int w, h;
            fr_flames_size(f, i, &w, &h);
            printf("%d\t%s\t%dx%d\n", i, fr_flames_name(f, i), w, h);
        }
    } else if (!rc) {
        int index = -1; /* every genome, unless one is named */
        if (!t.o.all && (t.o.name || t.o.index >= 0)) rc = pick(f, &t.o, &index);
        if (!rc && fr_flames_write(ctx, f, index, t.dest)) rc = EXIT_WORK, cli_error("%s", fr_last_error(ctx));
    }
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
    return rc;
}
