/* fractalis render flame FILE ...  and  fractalis flame convert|info ...:
 * fractal flames from flam3 genome files. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct flame_opts {
    const char *file, *output, *raw, *name, *palettes, *device, *kernel;
    int index, all, strict, quiet, threads, transparent, earlyclip, jpeg_quality, device_mib, host_mib;
    fr_flame_options fo;
} flame_opts;

void print_flame_help(void)
{
    printf("Usage: fractalis render flame FILE [options]\n"
           "       fractalis flame info FILE\n"
           "       fractalis flame convert FILE OUT.flam3 [--index N | --name NAME]\n\n"
           "Renders fractal flames from flam3 genome files (.flam3, .flame: flam3, Apophysis,\n"
           "Fr0st, Fractorium, Electric Sheep) as flam3-render does.\n\n"
           "Options:\n"
           "  --index N        the genome to render (0-based)          [default: 0]\n"
           "  --name NAME      the genome called NAME\n"
           "  --all            every genome of the file; -o is a pattern with %%d (index)\n"
           "                   or {name}, e.g. -o 'sheep-%%03d.png'\n"
           "  --size WxH       output size; the camera follows (framing kept); W or H\n"
           "                   may be 0: the genome's aspect          [default: genome]\n"
           "  --quality Q      samples per output pixel                [default: genome]\n"
           "  --supersample N  buckets per pixel side                  [default: genome]\n"
           "  --seed S         random seed (same seed, same image)     [default: 0]\n"
           "  --depth 8|16     bits per channel of the PNG             [default: 8]\n"
           "  --transparent    alpha from density, no background\n"
           "  --earlyclip      tone-map before the spatial filter (flam3's earlyclip)\n"
           "  --motion-blur    temporal samples and motion blur: the genome's temporal_samples\n"
           "                   time steps over temporal_filter_width around its time, with the\n"
           "                   xforms' <motion> elements applied (default: as flam3-render,\n"
           "                   one time step and no motion)\n"
           "  --threads N      CPU threads                             [default: all]\n"
           "  --device D       auto, cpu, cuda or cuda:N               [default: auto]\n"
           "  --kernel K       CPU chaos game: auto, scalar (one walker at a time, the\n"
           "                   reference) or avx2 (batches of walkers in vectors)\n"
           "                   [default: auto: avx2 where the CPU has AVX2 and FMA]\n"
           "  --strips N       render in N horizontal strips (flam3's nstrips); each strip\n"
           "                   runs the whole chaos game, the image is the same\n"
           "                   [default: automatic, the fewest that fit the memory]\n"
           "  --device-memory MIB  GPU memory a render may use         [default: 90%% of free]\n"
           "  --host-memory MIB    CPU memory a render may use         [default: 80%% of RAM]\n"
           "  --strict         unknown attributes or elements are errors\n"
           "  --palettes FILE  flam3's palette file for palette=\"N\"\n"
           "  -o, --output F   .png (RGBA, genome embedded), .ppm or .jpg/.jpeg\n"
           "                   (JPEG: no alpha, so not with --transparent), or .npy: the\n"
           "                   raw buffer alone (see --raw)            [default: NAME.png]\n"
           "  --raw F.npy      also write the accumulation buffer: uint32, shape\n"
           "                   (H*ss, W*ss, 5), R G B A count a bucket, before density\n"
           "                   estimation and tone mapping (ss: supersample)\n"
           "  --jpeg-quality N JPEG quality 1..100                     [default: 95]\n"
           "  -q, --quiet      no progress bar or statistics\n");
}

static int takes_value(const char *a)
{
    static const char *const v[] = {"--index", "--name",    "--size",     "--quality", "--supersample", "--seed",
                                    "--depth", "--threads", "--palettes", "-o",        "--output",      "--jpeg-quality",
                                    "--device", "--strips", "--raw", "--device-memory", "--host-memory", "--kernel", NULL};
    for (int i = 0; v[i]; i++)
        if (!strcmp(a, v[i])) return 1;
    return 0;
}

static int parse(int argc, char **argv, int first, flame_opts *o)
{
    for (int i = first; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) return print_flame_help(), -1;
        if (!strcmp(a, "--all")) o->all = 1;
        else if (!strcmp(a, "--strict")) o->strict = 1;
        else if (!strcmp(a, "--transparent")) o->fo.transparency = 1;
        else if (!strcmp(a, "--earlyclip")) o->fo.earlyclip = 1;
        else if (!strcmp(a, "--motion-blur")) o->fo.motion_blur = 1;
        else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) o->quiet = 1;
        else if (a[0] == '-' && !v) return cli_error("%s needs a value", a), EXIT_USAGE;
        else if (!strcmp(a, "--index")) {
            if (!cli_parse_int(v, 0, 1 << 30, &o->index)) return cli_error("--index must be a whole number >= 0"), EXIT_USAGE;
            i++;
        } else if (!strcmp(a, "--name")) o->name = v, i++;
        else if (!strcmp(a, "--size")) {
            char tail;
            if (sscanf(v, "%dx%d%c", &o->fo.width, &o->fo.height, &tail) != 2 || o->fo.width < 0 || o->fo.height < 0 ||
                o->fo.width + o->fo.height == 0 || o->fo.width > 65536 || o->fo.height > 65536)
                return cli_error("--size must be WxH with 0..65536 each (0: the genome's aspect), got '%s'", v),
                       EXIT_USAGE;
            i++;
        } else if (!strcmp(a, "--quality")) {
            char *end;
            errno = 0;
            o->fo.quality = strtod(v, &end);
            if (*end || errno || !(o->fo.quality > 0) || o->fo.quality > 1e9)
                return cli_error("--quality must be a number > 0, got '%s'", v), EXIT_USAGE;
            i++;
        } else if (!strcmp(a, "--supersample")) {
            if (!cli_parse_int(v, 1, 16, &o->fo.supersample)) return cli_error("--supersample must be 1..16"), EXIT_USAGE;
            i++;
        } else if (!strcmp(a, "--seed")) {
            char *end;
            errno = 0;
            o->fo.seed = strtoull(v, &end, 10);
            if (*end || errno || v[0] == '-') return cli_error("--seed must be a whole number >= 0"), EXIT_USAGE;
            i++;
        } else if (!strcmp(a, "--depth")) {
            if (!cli_parse_int(v, 8, 16, &o->fo.depth) || (o->fo.depth != 8 && o->fo.depth != 16))
                return cli_error("--depth must be 8 or 16"), EXIT_USAGE;
            i++;
        } else if (!strcmp(a, "--device")) {
            o->device = v, i++;
        } else if (!strcmp(a, "--kernel")) {
            o->kernel = v, i++;
        } else if (!strcmp(a, "--strips")) {
            if (!cli_parse_int(v, 1, 65536, &o->fo.strips)) return cli_error("--strips must be 1..65536"), EXIT_USAGE;
            i++;
        } else if (!strcmp(a, "--device-memory") || !strcmp(a, "--host-memory")) {
            int *mib = a[2] == 'd' ? &o->device_mib : &o->host_mib;
            if (!cli_parse_int(v, 0, 1 << 24, mib) || (*mib > 0 && *mib < 16))
                return cli_error("%s '%s' must be 0 (automatic) or 16..16777216 MiB", a, v), EXIT_USAGE;
            i++;
        } else if (!strcmp(a, "--raw")) {
            o->raw = v, i++;
        } else if (!strcmp(a, "--threads")) {
            if (!cli_parse_int(v, 1, 4096, &o->threads)) return cli_error("--threads must be 1..4096"), EXIT_USAGE;
            i++;
        } else if (!strcmp(a, "--jpeg-quality")) {
            if (!cli_parse_int(v, 1, 100, &o->jpeg_quality)) return cli_error("--jpeg-quality must be 1..100"), EXIT_USAGE;
            i++;
        } else if (!strcmp(a, "--palettes")) o->palettes = v, i++;
        else if (!strcmp(a, "-o") || !strcmp(a, "--output")) o->output = v, i++;
        else if (a[0] != '-' && !o->file) o->file = a;
        else return cli_error("render flame: unknown option '%s' (try 'fractalis render flame --help')", a), EXIT_USAGE;
    }
    return 0;
}

/* The output name of genome i: the pattern with %d / {name} filled, or NAME.png. */
static char *output_name(const char *pattern, int i, const char *name)
{
    char buf[4096];
    if (!pattern) {
        snprintf(buf, sizeof buf, "%s.png", name && *name ? name : "flame");
        return strdup(buf);
    }
    const char *brace = strstr(pattern, "{name}");
    if (brace)
        snprintf(buf, sizeof buf, "%.*s%s%s", (int)(brace - pattern), pattern, name && *name ? name : "flame",
                 brace + 6);
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
static int output_names(const flame_opts *o, int i, const char *name, char **image, char **raw)
{
    *image = *raw = NULL;
    char *out = output_name(o->output, i, name);
    if (!out) return cli_error("out of memory"), EXIT_WORK;
    if (fr_format_from_path(out) == FR_FMT_NPY) {
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
    if (fr_format_from_path(*raw) != FR_FMT_NPY) return cli_error("--raw '%s': the raw buffer is written as .npy", *raw), EXIT_USAGE;
    return 0;
}

/* Checks the image output's format before rendering. */
static int check_image(const char *out, const flame_opts *o)
{
    fr_format fmt = fr_format_from_path(out);
    if (fmt != FR_FMT_PNG && fmt != FR_FMT_PPM && fmt != FR_FMT_JPEG)
        return cli_error("'%s': flames are written as .png, .ppm or .jpg (or .npy: the raw buffer)", out), EXIT_USAGE;
    if (fmt == FR_FMT_JPEG && !fr_have_jpeg())
        return cli_error("'%s': this build has no JPEG support (rebuild with libjpeg-dev installed)", out), EXIT_USAGE;
    /* JPEG has no alpha: a transparent flame would lose what was asked for. */
    if (fmt == FR_FMT_JPEG && o->fo.transparency)
        return cli_error("'%s': JPEG has no alpha channel; --transparent needs .png", out), EXIT_USAGE;
    return 0;
}

static fr_status write_image(fr_context *ctx, const fr_flames *f, int i, const fr_image *img, const char *out,
                             const flame_opts *o)
{
    fr_format fmt = fr_format_from_path(out);
    fr_status s;
    if (fmt == FR_FMT_PNG) {
        char *xml = NULL;
        s = fr_flames_xml(ctx, f, i, &xml);
        if (!s) s = fr_image_write_png_keyed(ctx, img, out, "flam3_genome", xml);
        free(xml);
    } else if (fmt == FR_FMT_JPEG) {
        s = fr_image_write_jpeg(ctx, img, out, o->jpeg_quality ? o->jpeg_quality : 95);
    } else {
        fr_image rgb = rgb_of(img);
        s = rgb.pixels ? fr_image_write_ppm(ctx, &rgb, out) : FR_ERR_NOMEM;
        free(rgb.pixels);
    }
    return s;
}

static int render_one(fr_context *ctx, const fr_flames *f, int i, flame_opts *o)
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
    cli_progress_init(&pg, "flame", !o->quiet);
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
    if (!s && raw_out) failed = raw_out, s = fr_flame_raw_write_npy(ctx, &raw, raw_out);
    double enc = cli_now() - t0;
    if (out) fr_image_free(&img);
    if (raw_out) fr_flame_raw_free(&raw);
    if (s) {
        cli_error("%s: %s", failed, fr_last_error(ctx));
        free(out), free(raw_out);
        return s == FR_ERR_CANCELLED ? 130 : EXIT_WORK;
    }
    if (!o->quiet) {
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
    }
    free(out), free(raw_out);
    return 0;
}

static int read_flames(fr_context *ctx, const flame_opts *o, fr_flames **f)
{
    if (!o->file) return cli_error("a genome file is needed (try 'fractalis render flame --help')"), EXIT_USAGE;
    if (fr_flames_read(ctx, o->file, o->palettes, o->strict, f)) {
        cli_error("%s", fr_last_error(ctx));
        return EXIT_WORK;
    }
    if (!o->quiet)
        for (int k = 0; fr_flames_warning(*f, k); k++) fprintf(stderr, "fractalis: warning: %s\n", fr_flames_warning(*f, k));
    return 0;
}

static int pick(const fr_flames *f, const flame_opts *o, int *index)
{
    *index = o->index;
    if (o->name && (*index = fr_flames_find(f, o->name)) < 0)
        return cli_error("%s has no genome called '%s'", o->file, o->name), EXIT_USAGE;
    if (*index >= fr_flames_count(f))
        return cli_error("%s has %d genome(s); --index %d is out of range", o->file, fr_flames_count(f), *index),
               EXIT_USAGE;
    return 0;
}

int cmd_flame_render(int argc, char **argv)
{
    flame_opts o = {0};
    int rc = parse(argc, argv, 2, &o);
    if (rc) return rc < 0 ? 0 : rc;
    if (o.all && o.output && !strstr(o.output, "{name}") && !pattern_ok(o.output))
        return cli_error("-o with --all needs one %%d (or {name}) in the name"), EXIT_USAGE;
    if (o.output && !o.all && strchr(o.output, '%')) return cli_error("a %% in -o needs --all"), EXIT_USAGE;
    if (o.all && o.raw && !strstr(o.raw, "{name}") && !pattern_ok(o.raw))
        return cli_error("--raw with --all needs one %%d (or {name}) in the name"), EXIT_USAGE;
    if (o.raw && !o.all && strchr(o.raw, '%')) return cli_error("a %% in --raw needs --all"), EXIT_USAGE;
    fr_context *ctx = fr_context_create();
    if (!ctx) return cli_error("out of memory"), EXIT_WORK;
    fr_flames *f = NULL;
    fr_cpu_kernel kernel = FR_CPU_KERNEL_AUTO;
    if (o.kernel && !cli_parse_kernel(o.kernel, &kernel))
        rc = EXIT_USAGE, cli_error("--kernel '%s' is not one of auto, scalar, avx2", o.kernel);
    else if (fr_context_set_threads(ctx, o.threads) || fr_context_set_device(ctx, o.device ? o.device : "auto") ||
        fr_context_set_cpu_kernel(ctx, kernel) ||
        fr_context_set_device_memory(ctx, (uint64_t)o.device_mib << 20) ||
        fr_context_set_host_memory(ctx, (uint64_t)o.host_mib << 20))
        rc = EXIT_USAGE, cli_error("%s", fr_last_error(ctx));
    if (!rc && fr_context_device_note(ctx)[0] && !o.quiet) fprintf(stderr, "fractalis: %s\n", fr_context_device_note(ctx));
    if (!rc) rc = read_flames(ctx, &o, &f);
    int index = 0;
    if (!rc && !o.all) rc = pick(f, &o, &index);
    if (!rc) {
        if (o.all && o.output && !strstr(o.output, "{name}") && !strchr(o.output, '%') && fr_flames_count(f) > 1)
            rc = EXIT_USAGE, cli_error("-o with --all needs one %%d (or {name}) in the name");
        if (o.all && o.raw && !strstr(o.raw, "{name}") && !strchr(o.raw, '%') && fr_flames_count(f) > 1)
            rc = EXIT_USAGE, cli_error("--raw with --all needs one %%d (or {name}) in the name");
        for (int i = o.all ? 0 : index; !rc && i < (o.all ? fr_flames_count(f) : index + 1); i++)
            rc = render_one(ctx, f, i, &o);
    }
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
    return rc;
}

int cmd_flame(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) return print_flame_help(), argc < 2 ? EXIT_USAGE : 0;
    const char *sub = argv[1];
    if (strcmp(sub, "info") && strcmp(sub, "convert"))
        return cli_error("flame: unknown subcommand '%s' (info, convert)", sub), EXIT_USAGE;
    flame_opts o = {0};
    const char *dest = NULL;
    int rc = 0, words = 0;
    /* convert FILE OUT: the second word (not an option's value) is OUT */
    for (int i = 2; i < argc; i++) {
        if (takes_value(argv[i])) {
            i++;
            continue;
        }
        if (argv[i][0] == '-' || ++words != 2 || strcmp(sub, "convert")) continue;
        dest = argv[i];
        memmove(argv + i, argv + i + 1, (size_t)(argc - i - 1) * sizeof *argv);
        argc--;
        break;
    }
    if ((rc = parse(argc, argv, 2, &o))) return rc < 0 ? 0 : rc;
    if (!strcmp(sub, "convert") && !dest) return cli_error("flame convert needs FILE and OUT"), EXIT_USAGE;
    fr_context *ctx = fr_context_create();
    fr_flames *f = NULL;
    rc = read_flames(ctx, &o, &f);
    if (!rc && !strcmp(sub, "info")) {
        for (int i = 0; i < fr_flames_count(f); i++) {
            int w, h;
            fr_flames_size(f, i, &w, &h);
            printf("%d\t%s\t%dx%d\n", i, fr_flames_name(f, i), w, h);
        }
    } else if (!rc) {
        int index = -1;
        if (o.name || o.index) rc = pick(f, &o, &index);
        if (!rc && fr_flames_write(ctx, f, index, dest)) rc = EXIT_WORK, cli_error("%s", fr_last_error(ctx));
    }
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
    return rc;
}
