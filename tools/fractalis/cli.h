/* The fractalis command-line tool: one file per subcommand over the
 * library. Exit codes: 0 success, 1 the work failed, 2 bad usage. */
#ifndef FR_CLI_H
#define FR_CLI_H

#include "fractalis.h"

enum { EXIT_WORK = 1, EXIT_USAGE = 2 };

int cmd_render(int argc, char **argv);
int cmd_buddha(int argc, char **argv);
/* 1 for buddhabrot, nebulabrot, anti-buddhabrot. */
int cli_is_buddha_family(const char *word);
void print_buddha_help(void);
int cmd_params(int argc, char **argv);
/* render flame FILE ...; flame info|convert ... (cmd_flame.c) */
int cmd_flame_render(int argc, char **argv);
int cmd_flame(int argc, char **argv);
int cmd_compare(int argc, char **argv);
void print_flame_help(void);
int cmd_devices(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_bench_orbit(int argc, char **argv);
int cmd_bench_flame(int argc, char **argv);
void print_main_help(void);
void print_render_help(void);

/* Print "fractalis: MESSAGE" to stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Progress bar with ETA on stderr when it is a terminal, shown once work has
 * run for a second. Use as the library's progress callback. */
typedef struct cli_progress {
    double start;
    int shown;
    int enabled;
    const char *label;
} cli_progress;
void cli_progress_init(cli_progress *pg, const char *label, int enabled);
int cli_progress_cb(double done, void *user);
void cli_progress_end(cli_progress *pg);
/* A whole number lo..hi, the whole string: 1 and *out set, else 0. */
int cli_parse_int(const char *s, int lo, int hi, int *out);
/* A CPU kernel name (auto, scalar, avx2): 1 and *out set, else 0. */
int cli_parse_kernel(const char *s, fr_cpu_kernel *out);
/* 1 if the folder of `path` exists and is writable, else prints why. */
int cli_check_writable(const char *path);
/* Seconds on a monotonic clock. */
double cli_now(void);

/* Load parameters from a scene: a .json file or a PNG with embedded
 * parameters. */
int cli_load_scene(fr_context *ctx, const char *path, fr_escape_params *p);

#endif
