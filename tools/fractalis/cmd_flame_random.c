/* fractalis flame random | mutate FILE | cross A B: flam3-genome's random
 * genome tools (fr_flames_random, fr_flames_mutate, fr_flames_cross),
 * seeded and repeatable; genomes to -o FILE (atomic) or stdout. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "options.h"

typedef struct random_cmd {
    const char *sub;
    const char *file[2];
    int nfile, count, have_seed, strict;
    const char *palettes;
    fr_flame_random_options o;
    cli_run run;
} random_cmd;

enum { OPT_COUNT, OPT_SEED, OPT_VARIATIONS, OPT_SYMMETRY, OPT_METHOD, OPT_SPEED, OPT_TRIES, OPT_INDEX, OPT_INDEX_B,
       OPT_PALETTES, OPT_STRICT };

static const cli_opt opts[] = {
    [OPT_COUNT] = {"count", "N", "genomes to make, 1..100000 (times 0 .. N-1)  [default: 1]"},
    [OPT_SEED] = {"seed", "N", "random seed: the same seed gives the same genomes  [default: from the clock, printed]"},
    [OPT_VARIATIONS] = {"variations", "LIST",
                        "comma-separated variation names (or flam3 indices) random xforms use; 'all': flam3's 99  "
                        "[default: flam3-genome's: all but noise, blur, gaussian_blur, radial_blur, ngon, square, rays, "
                        "cross, pre_blur, separation, split, splits]"},
    [OPT_SYMMETRY] = {"symmetry", "N",
                      "0: a random one a quarter of the time, 1: none, N>=2: N-fold rotation, -1: a mirror, "
                      "-N: both  [default: 0]"},
    [OPT_METHOD] = {"method", "M",
                    "mutate: all_vars, one_xform, add_symmetry, post_xforms, color_palette, delete_xform, all_coefs; "
                    "cross: union, interpolate, alternate  [default: one at random, with flam3's odds]"},
    [OPT_SPEED] = {"speed", "X", "all_coefs: the share of a random genome's coefficients added  [default: 0.1]"},
    [OPT_TRIES] = {"tries", "N",
                   "test renders per genome: tried again while the 128x128 test image is too dark, has no black or "
                   "too much white; 0: no test  [default: 10]"},
    [OPT_INDEX] = {"index", "N", "mutate: the genome of FILE; cross: the genome of A  [default: one at random]"},
    [OPT_INDEX_B] = {"index-b", "N", "cross: the genome of B  [default: one at random]"},
    [OPT_PALETTES] = {"palettes", "FILE", "flam3's palette file, palettes drawn from it (and palette=\"N\" read)"},
    [OPT_STRICT] = {"strict", NULL, "unknown attributes or elements of a parent file are errors"},
    {NULL, NULL, NULL},
};

static int on_opt(void *user, int i, const char *v)
{
    random_cmd *c = user;
    char *end;
    switch (i) {
    case OPT_COUNT:
        if (!cli_parse_int(v, 1, 100000, &c->count)) return cli_error("--count must be 1..100000"), EXIT_USAGE;
        return 0;
    case OPT_SEED:
        errno = 0;
        c->o.seed = strtoull(v, &end, 10);
        if (!*v || *end || errno || *v == '-') return cli_error("--seed must be a whole number >= 0"), EXIT_USAGE;
        c->have_seed = 1;
        return 0;
    case OPT_VARIATIONS: c->o.variations = v; return 0;
    case OPT_SYMMETRY:
        if (!cli_parse_int(v, -2048, 2048, &c->o.symmetry)) return cli_error("--symmetry must be -2048..2048"), EXIT_USAGE;
        return 0;
    case OPT_METHOD: c->o.method = v; return 0;
    case OPT_SPEED:
        c->o.speed = strtod(v, &end);
        if (!*v || *end || !isfinite(c->o.speed)) return cli_error("--speed must be a number"), EXIT_USAGE;
        return 0;
    case OPT_TRIES:
        if (!cli_parse_int(v, 0, 1000, &c->o.tries)) return cli_error("--tries must be 0..1000"), EXIT_USAGE;
        return 0;
    case OPT_INDEX:
    case OPT_INDEX_B:
        if (!cli_parse_int(v, 0, 1 << 30, &c->o.index[i == OPT_INDEX_B]))
            return cli_error("--%s must be a whole number >= 0", opts[i].name), EXIT_USAGE;
        return 0;
    case OPT_PALETTES: c->palettes = v; return 0;
    case OPT_STRICT: c->strict = 1; return 0;
    }
    return 0;
}

static int on_word(void *user, const char *w)
{
    random_cmd *c = user;
    const int want = !strcmp(c->sub, "cross") ? 2 : !strcmp(c->sub, "mutate") ? 1 : 0;
    if (c->nfile >= want) return cli_error("flame %s: unexpected argument '%s'", c->sub, w), EXIT_USAGE;
    c->file[c->nfile++] = w;
    return 0;
}

static void help(const cli_command *cmd)
{
    printf("Usage: fractalis flame random [options]\n"
           "       fractalis flame mutate FILE [options]\n"
           "       fractalis flame cross A B [options]\n\n"
           "Random genomes as flam3-genome makes them (flam3 3.1.1): random draws 2..6 xforms\n"
           "(a final one 15%% of the time), variations from the list, a palette of flam3's\n"
           "palette file, perhaps symmetry; mutate changes a genome of FILE by one method;\n"
           "cross mixes a genome of A with one of B. Each genome is framed on its attractor,\n"
           "its variations cut to 5 an xform, and made again while its test render is\n"
           "degenerate. Seeded: the same seed and options give the same genomes anywhere.\n"
           "Genomes go to -o FILE (written whole or not at all) or to stdout.\n\n");
    cli_print_options(cmd, NULL);
}

/* All the genomes as one text (a <flames> wrapper for more than one). */
static int print_all(fr_context *ctx, const fr_flames *f)
{
    const int n = fr_flames_count(f);
    if (n > 1) fputs("<flames>\n", stdout);
    for (int i = 0; i < n; i++) {
        char *x = NULL;
        if (fr_flames_xml(ctx, f, i, &x)) return cli_error("%s", fr_last_error(ctx)), EXIT_WORK;
        fputs(x, stdout);
        free(x);
    }
    if (n > 1) fputs("</flames>\n", stdout);
    return fflush(stdout) ? (cli_error("writing to stdout: %s", strerror(errno)), EXIT_WORK) : 0;
}

int cmd_flame_random(int argc, char **argv)
{
    random_cmd c;
    memset(&c, 0, sizeof c);
    c.sub = argc > 1 ? argv[1] : "random";
    c.count = 1;
    fr_flame_random_options_default(&c.o);
    cli_run_init(&c.run);
    char name[32];
    snprintf(name, sizeof name, "flame %s", c.sub);
    /* --method's values as the completion reads them ("[default: X; a|b]") */
    cli_opt table[sizeof opts / sizeof *opts];
    memcpy(table, opts, sizeof opts);
    if (!strcmp(c.sub, "mutate"))
        table[OPT_METHOD].help = "the mutation; random: one with flam3's odds  [default: random; random|all_vars|"
                                 "one_xform|add_symmetry|post_xforms|color_palette|delete_xform|all_coefs]";
    else if (!strcmp(c.sub, "cross"))
        table[OPT_METHOD].help = "the crossing; random: one with flam3's odds  [default: random; "
                                 "random|union|interpolate|alternate]";
    const cli_command cmd = {name, RUN_OUTPUT | RUN_QUIET, "FILE: the genomes as flam3 XML  [default: stdout]",
                             NULL, table, on_opt, on_word, &c};
    int rc = cli_parse(&cmd, NULL, argc, argv, 2, &c.run, NULL);
    if (rc == CLI_HELP) return help(&cmd), 0;
    if (rc) return rc;
    const int want = !strcmp(c.sub, "cross") ? 2 : !strcmp(c.sub, "mutate") ? 1 : 0;
    if (c.nfile < want)
        return cli_error("flame %s needs %s", c.sub, want == 2 ? "two genome files, A and B" : "a genome file"),
               EXIT_USAGE;
    if (c.o.index[1] >= 0 && want != 2) return cli_error("--index-b is for flame cross"), EXIT_USAGE;
    if (c.o.index[0] >= 0 && want == 0) return cli_error("--index is for flame mutate and cross"), EXIT_USAGE;
    const char *out = c.run.nout ? c.run.out[0] : NULL;
    if (out && !strcmp(out, "-")) out = NULL;
    if (out && !cli_check_writable(out)) return EXIT_USAGE;
    if (!c.have_seed) {
        c.o.seed = (uint64_t)time(NULL) * 1000003u ^ (uint64_t)getpid();
        if (!c.run.quiet)
            fprintf(stderr, "fractalis: seed %" PRIu64 " (--seed %" PRIu64 " makes these genomes again)\n", c.o.seed,
                    c.o.seed);
    }
    c.o.palette_file = c.palettes;
    fr_context *ctx = fr_context_create();
    if (!ctx) return cli_error("out of memory"), EXIT_WORK;
    fr_flames *parent[2] = {NULL, NULL}, *f = NULL;
    rc = cli_run_apply(ctx, &c.run);
    for (int k = 0; !rc && k < want; k++) {
        if (fr_flames_read(ctx, c.file[k], c.palettes, c.strict, &parent[k])) {
            cli_error("%s", fr_last_error(ctx));
            rc = EXIT_WORK;
        } else if (!c.run.quiet)
            for (int w = 0; fr_flames_warning(parent[k], w); w++)
                fprintf(stderr, "fractalis: warning: %s\n", fr_flames_warning(parent[k], w));
    }
    if (!rc) {
        fr_status s = want == 2   ? fr_flames_cross(ctx, parent[0], parent[1], &c.o, c.count, &f)
                      : want == 1 ? fr_flames_mutate(ctx, parent[0], &c.o, c.count, &f)
                                  : fr_flames_random(ctx, &c.o, c.count, &f);
        if (s == FR_ERR_INVALID)
            rc = EXIT_USAGE, cli_report(&cmd, ctx);
        else if (s)
            rc = EXIT_WORK, cli_error("%s", fr_last_error(ctx));
    }
    if (!rc && !c.run.quiet)
        for (int w = 0; fr_flames_warning(f, w); w++) fprintf(stderr, "fractalis: warning: %s\n", fr_flames_warning(f, w));
    if (!rc) {
        if (out) {
            if (fr_flames_write(ctx, f, -1, out)) rc = EXIT_WORK, cli_error("%s", fr_last_error(ctx));
        } else
            rc = print_all(ctx, f);
    }
    fr_flames_destroy(f);
    fr_flames_destroy(parent[0]);
    fr_flames_destroy(parent[1]);
    fr_context_destroy(ctx);
    return rc;
}
