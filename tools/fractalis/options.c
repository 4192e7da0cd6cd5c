/* The CLI's option layer (options.h): the run options' table and ranges,
 * argv against a command's description, the help written from the same
 * description, and the families' parameter tables seen through the
 * library's functions. */
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* ------------------------------------------------------------ run options */

typedef struct run_opt {
    unsigned bit;
    const char *name;
    char short_name;
    const char *arg; /* NULL: a switch */
    const char *help, *def;
} run_opt;

/* Every run option, with its one range (checked in run_set). */
static const run_opt run_opts[] = {
    {RUN_OUTPUT | RUN_OUTPUTS, "output", 'o', "FILE", NULL, NULL},
    {RUN_JPEG_QUALITY, "jpeg-quality", 0, "N", "JPEG quality, 1..100", "95"},
    {RUN_DEVICE, "device", 0, "D",
     "compute device(s): auto|cpu|cuda[:N], or a list that spreads the render with the same result: cuda:all, "
     "cuda:0,2,3, cuda:0,cpu; under mpirun, cuda:rank is one GPU a rank (its number on the machine)",
     "auto: GPU 0 if usable, else the CPU"},
    {RUN_KERNEL, "kernel", 0, "K",
     "CPU kernel: auto|scalar|avx2 (escape time and orbit density: identical results; flames: scalar is one "
     "walker at a time, the reference, avx2 batches of walkers in vectors)",
     "auto: avx2 where the CPU has AVX2 and FMA"},
    {RUN_THREADS, "threads", 0, "N", "CPU threads, 0..4096; 0 = all (OMP_NUM_THREADS honoured)", "0"},
    {RUN_DEVICE_MEMORY, "device-memory", 0, "MIB",
     "GPU memory a render may use: 0 (automatic) or 16..16777216 MiB; larger renders run in strips (flames) or "
     "bands (orbit density)",
     "0: most of what is free"},
    {RUN_HOST_MEMORY, "host-memory", 0, "MIB",
     "CPU memory a flame render or an orbit-density working histogram may use: 0 (automatic) or 16..16777216 "
     "MiB; larger renders run in strips (flames) or bands (orbit density)",
     "0: 80% of the RAM (orbit density: half)"},
    {RUN_QUIET, "quiet", 'q', NULL, "no progress bar, no statistics", NULL},
};
#define NRUN ((int)(sizeof run_opts / sizeof run_opts[0]))

void cli_run_init(cli_run *r)
{
    memset(r, 0, sizeof *r);
    r->device = "auto";
    r->kernel = "auto";
    r->jpeg_quality = 95;
}

int cli_parse_int(const char *s, int lo, int hi, int *out)
{
    char *end;
    long v = s ? strtol(s, &end, 10) : 0;
    if (!s || !*s || *s == ' ' || *end || v < lo || v > hi) return 0;
    *out = (int)v;
    return 1;
}

static int parse_kernel(const char *s, fr_cpu_kernel *out)
{
    static const char *const names[] = {"auto", "scalar", "avx2"};
    static const fr_cpu_kernel k[] = {FR_CPU_KERNEL_AUTO, FR_CPU_KERNEL_SCALAR, FR_CPU_KERNEL_AVX2};
    for (int i = 0; i < 3; i++)
        if (!strcmp(s, names[i])) return *out = k[i], 1;
    return 0;
}

static int run_set(cli_run *r, unsigned takes, const run_opt *o, const char *v)
{
    fr_cpu_kernel k;
    switch (o->bit) {
    case RUN_OUTPUT | RUN_OUTPUTS:
        if (takes & RUN_OUTPUT) r->nout = 0; /* one output: the last one named */
        if (r->nout == CLI_MAX_OUT) return cli_error("at most %d outputs", CLI_MAX_OUT), EXIT_USAGE;
        r->out[r->nout++] = v;
        return 0;
    case RUN_DEVICE: r->device = v; return 0;
    case RUN_KERNEL:
        if (!parse_kernel(v, &k)) return cli_error("--kernel '%s' is not one of auto, scalar, avx2", v), EXIT_USAGE;
        r->kernel = v;
        return 0;
    case RUN_THREADS:
        if (!cli_parse_int(v, 0, 4096, &r->threads))
            return cli_error("--threads '%s' must be a whole number 0..4096", v), EXIT_USAGE;
        return 0;
    case RUN_DEVICE_MEMORY:
    case RUN_HOST_MEMORY: {
        int *mib = o->bit == RUN_DEVICE_MEMORY ? &r->device_mib : &r->host_mib;
        if (!cli_parse_int(v, 0, 1 << 24, mib) || (*mib > 0 && *mib < 16))
            return cli_error("--%s '%s' must be 0 (automatic) or 16..16777216 MiB", o->name, v), EXIT_USAGE;
        return 0;
    }
    case RUN_JPEG_QUALITY:
        if (!cli_parse_int(v, 1, 100, &r->jpeg_quality))
            return cli_error("--jpeg-quality '%s' must be a whole number 1..100", v), EXIT_USAGE;
        return 0;
    case RUN_QUIET: r->quiet = 1; return 0;
    }
    return 0;
}

int cli_run_apply(fr_context *ctx, cli_run *r)
{
    fr_cpu_kernel k = FR_CPU_KERNEL_AUTO;
    parse_kernel(r->kernel, &k); /* checked when read */
    /* cuda:rank: one GPU a rank, the rank's number on its machine modulo the GPUs */
    char dev[32];
    const char *device = r->device;
    if (!strcmp(device, "cuda:rank")) {
        int n = 0;
        fr_cuda_devices(ctx, &n);
        snprintf(dev, sizeof dev, "cuda:%d", n > 0 ? cli_mpi_local_rank() % n : 0);
        device = dev;
    }
    if (fr_context_set_device(ctx, device) || fr_context_set_threads(ctx, r->threads) ||
        fr_context_set_cpu_kernel(ctx, k) || fr_context_set_device_memory(ctx, (uint64_t)r->device_mib << 20) ||
        fr_context_set_host_memory(ctx, (uint64_t)r->host_mib << 20)) {
        static const cli_command run_only = {.name = "", .takes = ~0u};
        cli_report(&run_only, ctx);
        return EXIT_USAGE;
    }
    cli_mpi_apply(ctx, &r->quiet); /* under mpirun: this rank's share */
    if (fr_context_device_note(ctx)[0] && !r->quiet) fprintf(stderr, "fractalis: %s\n", fr_context_device_note(ctx));
    return 0;
}

/* ----------------------------------------------------------------- lookup */

static const run_opt *find_run(unsigned takes, const char *name)
{
    for (int i = 0; i < NRUN; i++)
        if ((run_opts[i].bit & takes) && !strcmp(run_opts[i].name, name)) return &run_opts[i];
    return NULL;
}

static const run_opt *find_run_short(unsigned takes, char short_name)
{
    for (int i = 0; i < NRUN; i++)
        if ((run_opts[i].bit & takes) && run_opts[i].short_name == short_name) return &run_opts[i];
    return NULL;
}

static int find_own(const cli_command *c, const char *name)
{
    for (int i = 0; c->opts && c->opts[i].name; i++)
        if (!strcmp(c->opts[i].name, name)) return i;
    return -1;
}

/* ---------------------------------------------------------------- parsing */

int cli_parse(const cli_command *c, fr_context *ctx, int argc, char **argv, int first, cli_run *run, void *obj)
{
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) return CLI_HELP;
        if (a[0] != '-' || a[1] == 0) {
            if (!run) continue;
            if (!c->on_word) return cli_error("unexpected argument '%s'", a), EXIT_USAGE;
            int rc = c->on_word(c->user, a);
            if (rc) return rc;
            continue;
        }
        /* -o FILE, -q; --name VALUE, --name=VALUE */
        char name[64];
        const char *eq = NULL;
        const run_opt *ro = NULL;
        if (a[1] != '-') {
            if (a[2] || !(ro = find_run_short(c->takes, a[1])))
                return cli_error("unknown option '%s' (try 'fractalis %s --help')", a, c->name), EXIT_USAGE;
            snprintf(name, sizeof name, "%s", ro->name);
        } else {
            eq = strchr(a + 2, '=');
            size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
            if (len >= sizeof name) len = sizeof name - 1;
            memcpy(name, a + 2, len);
            name[len] = 0;
            ro = find_run(c->takes, name);
        }
        int own = ro ? -1 : find_own(c, name);
        const fr_param_info *pi = ro || own >= 0 || !c->params ? NULL : c->params->find(name);
        if (!ro && own < 0 && !pi)
            return cli_error("unknown option '--%s' (try 'fractalis %s --help')", name, c->name), EXIT_USAGE;
        int takes_value = ro ? ro->arg != NULL : own >= 0 ? c->opts[own].arg != NULL : !(pi->flags & FR_PARAM_SWITCH);
        const char *v = eq ? eq + 1 : NULL;
        if (eq && !takes_value && !pi) return cli_error("--%s takes no value", name), EXIT_USAGE;
        if (!eq && takes_value) {
            if (i + 1 >= argc) return cli_error("--%s needs a value", name), EXIT_USAGE;
            v = argv[++i];
        }
        if (!v && pi) v = "on"; /* a switch given alone */
        int rc = 0;
        if (pi && run && c->params->positional && !strcmp(name, c->params->positional))
            rc = c->on_word(c->user, v); /* the word as a flag */
        else if (ro && run) rc = run_set(run, c->takes, ro, v);
        else if (own >= 0 && run) rc = c->on_opt(c->user, own, v);
        else if (pi && obj && c->params->set(ctx, obj, name, v)) cli_report(c, ctx), rc = EXIT_USAGE;
        if (rc) return rc;
    }
    return 0;
}

/* ------------------------------------------------------------------- help */

/* The placeholder of a parameter's value in the help. */
static const char *value_name(const fr_param_info *in)
{
    switch (in->type) {
    case FR_PT_ENUM: return "NAME";
    case FR_PT_INT:
    case FR_PT_UINT:
    case FR_PT_U64: return "N";
    case FR_PT_DOUBLE: return "X";
    case FR_PT_BOOL: return "on|off";
    case FR_PT_SIZE: return "WxH";
    case FR_PT_COMPLEX: return "RE,IM";
    case FR_PT_COLOR: return "#RRGGBB";
    case FR_PT_PALETTE: return "PALETTE";
    case FR_PT_DURATION: return "TIME";
    case FR_PT_TEXT: break;
    }
    return "SPEC";
}

static void print_row(const char *flag, const char *help, const char *tail)
{
    printf("  %-22s %s\n", flag, help);
    if (tail && *tail) printf("  %-22s [%s]\n", "", tail);
}

void cli_print_options(const cli_command *c, const void *defaults)
{
    char flag[64], tail[512];
    if (c->opts && c->opts[0].name) {
        printf("Options:\n");
        for (int i = 0; c->opts[i].name; i++) {
            snprintf(flag, sizeof flag, "--%s%s%s", c->opts[i].name, c->opts[i].arg ? " " : "",
                     c->opts[i].arg ? c->opts[i].arg : "");
            print_row(flag, c->opts[i].help, NULL);
        }
        printf("\n");
    }
    if (c->params) {
        printf("Parameters%s:\n", c->params == &cli_flame_options ? " (over the genome's own)" : " (also the keys of a .json scene)");
        fr_context *ctx = fr_context_create();
        for (int i = 0; i < c->params->count(); i++) {
            const fr_param_info *in = c->params->info(i);
            char range[200], *def = NULL;
            if (c->params->positional && !strcmp(in->name, c->params->positional)) continue;
            int hidden = 0;
            for (int h = 0; c->hide && c->hide[h]; h++) hidden |= !strcmp(in->name, c->hide[h]);
            if (hidden) continue;
            fr_param_range_text(in, range, sizeof range);
            snprintf(flag, sizeof flag, "--%s%s%s", in->name, in->flags & FR_PARAM_SWITCH ? "" : " ",
                     in->flags & FR_PARAM_SWITCH ? "" : value_name(in));
            if (in->flags & FR_PARAM_ALIAS) {
                snprintf(tail, sizeof tail, "%s", range);
            } else {
                if (ctx && defaults) c->params->get(ctx, defaults, in->name, &def);
                snprintf(tail, sizeof tail, "default: %s%s%s%s; %s%s", def ? def : "", in->note ? " (" : "",
                         in->note ? in->note : "", in->note ? ")" : "", range,
                         in->flags & FR_PARAM_REPEAT ? "; repeatable" : "");
            }
            free(def);
            print_row(flag, in->help, tail);
        }
        fr_context_destroy(ctx);
        printf("\n");
    }
    printf("Run options:\n");
    for (int i = 0; i < NRUN; i++) {
        const run_opt *o = &run_opts[i];
        if (!(o->bit & c->takes)) continue;
        snprintf(flag, sizeof flag, "%s%c%s--%s%s%s", o->short_name ? "-" : "", o->short_name ? o->short_name : ' ',
                 o->short_name ? ", " : "  ", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
        if (o->bit & (RUN_OUTPUT | RUN_OUTPUTS)) {
            printf("  %-22s %s\n", flag, c->output_help ? c->output_help : "output file");
            continue;
        }
        snprintf(tail, sizeof tail, "default: %s", o->def ? o->def : "");
        print_row(flag, o->help, o->def ? tail : NULL);
    }
    printf("  %-22s %s\n", "-h, --help", "this help");
}

/* ---------------------------------------------------------------- errors */

void cli_report(const cli_command *c, fr_context *ctx)
{
    const char *m = fr_last_error(ctx);
    char word[64];
    size_t n = strcspn(m, " :'");
    int flag = 0;
    if (n > 0 && n < sizeof word) {
        memcpy(word, m, n);
        word[n] = 0;
        flag = find_run(c->takes, word) || find_own(c, word) >= 0 || (c->params && c->params->find(word));
    }
    cli_error("%s%s", flag ? "--" : "", m);
}

/* ------------------------------------------------- the families' tables */

/* The library's typed set and get of a family, for any object. */
#define FAMILY(NAME, SET, GET, OBJ)                                                                  \
    static fr_status NAME##_set(fr_context *ctx, void *p, const char *name, const char *v)                      \
    {                                                                                                            \
        return SET(ctx, (OBJ *)p, name, v);                                                                      \
    }                                                                                                            \
    static fr_status NAME##_get(fr_context *ctx, const void *p, const char *name, char **v)                     \
    {                                                                                                            \
        return GET(ctx, (const OBJ *)p, name, v);                                                                \
    }

FAMILY(escape, fr_escape_param_set, fr_escape_param_get, fr_escape_params)
FAMILY(buddha, fr_buddha_param_set, fr_buddha_param_get, fr_buddha_params)
FAMILY(flame, fr_flame_option_set, fr_flame_option_get, fr_flame_options)

const cli_params cli_escape_params = {fr_escape_param_count, fr_escape_param_info, fr_escape_param_find, escape_set,
                                      escape_get, "formula"};
const cli_params cli_buddha_params = {fr_buddha_param_count, fr_buddha_param_info, fr_buddha_param_find, buddha_set,
                                      buddha_get, NULL};
const cli_params cli_flame_options = {fr_flame_option_count, fr_flame_option_info, fr_flame_option_find, flame_set,
                                      flame_get, NULL};
