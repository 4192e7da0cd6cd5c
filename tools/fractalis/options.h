/* The CLI's one option layer. A command is described by a cli_command: the
 * run options it takes (one table, one set of ranges for every command:
 * outputs, device, kernel, threads, memory limits, JPEG quality, quiet),
 * the library's parameter table of its family (every scene parameter is a
 * flag, with its help, default and range from the table), and a few
 * options of its own. cli_parse reads argv against it; cli_print_options
 * writes the help from the same description. */
#ifndef FR_CLI_OPTIONS_H
#define FR_CLI_OPTIONS_H

#include "fractalis.h"

/* The run options (cli_run.takes). */
enum {
    RUN_OUTPUT = 1 << 0,        /* -o, --output FILE, once */
    RUN_OUTPUTS = 1 << 1,       /* -o, --output FILE, repeatable */
    RUN_DEVICE = 1 << 2,        /* --device auto|cpu|cuda[:N] */
    RUN_KERNEL = 1 << 3,        /* --kernel auto|scalar|avx2 */
    RUN_THREADS = 1 << 4,       /* --threads 0..4096 */
    RUN_DEVICE_MEMORY = 1 << 5, /* --device-memory MIB */
    RUN_HOST_MEMORY = 1 << 6,   /* --host-memory MIB */
    RUN_JPEG_QUALITY = 1 << 7,  /* --jpeg-quality 1..100 */
    RUN_QUIET = 1 << 8,         /* -q, --quiet */
    RUN_RENDER = RUN_DEVICE | RUN_KERNEL | RUN_THREADS | RUN_DEVICE_MEMORY | RUN_JPEG_QUALITY | RUN_QUIET
};

#define CLI_MAX_OUT 8

typedef struct cli_run {
    const char *out[CLI_MAX_OUT];
    int nout;
    const char *device, *kernel;
    int threads, device_mib, host_mib, jpeg_quality, quiet;
} cli_run;

/* The run options' defaults. */
void cli_run_init(cli_run *r);
/* Device, threads, CPU kernel and memory limits into the context (the note
 * of an automatic CPU fallback printed unless quiet); 0 or EXIT_USAGE with
 * the message printed. */
int cli_run_apply(fr_context *ctx, cli_run *r);

/* A family's parameter table as the CLI uses it. */
typedef struct cli_params {
    int (*count)(void);
    const fr_param_info *(*info)(int i);
    const fr_param_info *(*find)(const char *name);
    fr_status (*set)(fr_context *ctx, void *obj, const char *name, const char *value);
    fr_status (*get)(fr_context *ctx, const void *obj, const char *name, char **value);
    const char *positional; /* a row given as a word instead of a flag (escape: "formula"), or NULL */
} cli_params;

extern const cli_params cli_escape_params, cli_buddha_params, cli_flame_options;

/* An option of the command's own. */
typedef struct cli_opt {
    const char *name; /* without "--"; NULL ends a table */
    const char *arg;  /* the value's name in the help ("FILE"), or NULL for a switch */
    const char *help;
} cli_opt;

typedef struct cli_command {
    const char *name;         /* "render buddhabrot": in messages and "try ... --help" */
    unsigned takes;           /* RUN_* */
    const char *output_help;  /* the -o line(s) of the help */
    const cli_params *params; /* the family's table, or NULL */
    const cli_opt *opts;      /* the command's own options, or NULL */
    /* Own option i with its value (NULL for a switch), and words (not
     * options): 0, or an exit code with the message printed. */
    int (*on_opt)(void *user, int i, const char *value);
    int (*on_word)(void *user, const char *word);
    void *user;
    const char *const *hide;  /* family parameters left out of the help (the command's own
                                 options stand for them), NULL-terminated; or NULL */
} cli_command;

/* The result of -h / --help (the command prints its help). */
#define CLI_HELP (-1)

/* Read argv[first ..] against the command. With obj NULL (the first pass)
 * run options go into *run, own options and words to the handlers, and a
 * family parameter is only checked to exist; with obj (the second pass,
 * over a loaded scene) only the family's parameters are set, into obj.
 * Returns 0, CLI_HELP, or an exit code with the message printed. */
int cli_parse(const cli_command *c, fr_context *ctx, int argc, char **argv, int first, cli_run *run, void *obj);

/* The help of the command's options: its own, the family's parameters
 * (each with its default, read from `defaults`, and its range), then the
 * run options it takes. */
void cli_print_options(const cli_command *c, const void *defaults);

/* The context's last error as "fractalis: MESSAGE", with "--" before a
 * message that starts with one of the command's option names. */
void cli_report(const cli_command *c, fr_context *ctx);

/* A whole number lo..hi, the whole string: 1 and *out set, else 0. */
int cli_parse_int(const char *s, int lo, int hi, int *out);

#endif
