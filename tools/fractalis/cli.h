/* The fractalis command-line tool: one file per command over the library,
 * sharing the option layer (options.h), scene loading (scene.c), output
 * checks (outputs.c) and the progress bar (progress.c). Exit codes: 0
 * success, 1 the work failed, 2 bad usage. */
#ifndef FR_CLI_H
#define FR_CLI_H

#include "fractalis.h"

enum { EXIT_WORK = 1, EXIT_USAGE = 2 };

/* The commands (main.c dispatches; `render` goes to the family's). */
int cmd_render_escape(int argc, char **argv);
int cmd_render_buddha(int argc, char **argv);
int cmd_render_flame(int argc, char **argv);
int cmd_flame(int argc, char **argv);
int cmd_flame_random(int argc, char **argv); /* flame random | mutate | cross */
int cmd_params(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_locate(int argc, char **argv);
int cmd_bench_deep(int argc, char **argv);
int cmd_bench_scaling(int argc, char **argv);
int cmd_devices(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_bench_orbit(int argc, char **argv);
int cmd_bench_flame(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_animate(int argc, char **argv);
int cmd_expmap(int argc, char **argv);
int cmd_flame_genome(int argc, char **argv); /* flame interpolate | inter | rotate | sequence | clone | strip */
void print_main_help(void);

/* 1 for buddhabrot, nebulabrot, anti-buddhabrot (and *nebula, *anti set). */
int cli_buddha_family(const char *word, int *nebula, int *anti);

/* Print "fractalis: MESSAGE" to stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* SIGINT and SIGTERM set cli_interrupted (the signal's number) and the
 * progress callback then stops the work (the library ends it with
 * FR_ERR_CANCELLED, or, sampling, with what was sampled); a second signal
 * ends the program at once, which leaves no partial file either (outputs
 * are unnamed until complete). */
#include <signal.h>
extern volatile sig_atomic_t cli_interrupted;
void cli_catch_signals(void);
/* The exit status of work stopped by a signal: 128 + its number. */
#define CLI_EXIT_SIGNAL (128 + (int)cli_interrupted)

/* Progress bar with ETA on stderr when it is a terminal, shown once work has
 * run for a second. Use as the library's progress callback: it returns
 * non-zero (stop) once a signal came. */
typedef struct cli_progress {
    double start;
    int shown;
    int enabled;
    const char *label;
    fr_context *ctx;   /* when set: one bar per stage the library names (fr_progress_stage) */
    const char *stage;
} cli_progress;
void cli_progress_init(cli_progress *pg, const char *label, int enabled);
int cli_progress_cb(double done, void *user);
void cli_progress_end(cli_progress *pg);
/* MPI (mpi.c; stubs in a build without it): init under mpirun, the rank's
 * share set on a render's context (and quiet on ranks but 0), and the end
 * of the job: a failed rank aborts every rank. */
void cli_mpi_init(int *argc, char ***argv);
int cli_mpi_finish(int rc);
void cli_mpi_apply(fr_context *ctx, int *quiet);
int cli_mpi_built(void);
/* This rank's number among the ranks of its machine (0 without MPI). */
int cli_mpi_local_rank(void);
/* This rank and the ranks of the job (0 and 1 without MPI). */
int cli_mpi_rank(void);
int cli_mpi_size(void);
/* The job writes as it goes (animate): a failed job's message says the
 * finished output is kept rather than that nothing was written. */
void cli_mpi_keeps_frames(void);
/* Seconds on a monotonic clock. */
double cli_now(void);

/* 1 if the folder of `path` exists and is writable, else prints why. */
int cli_check_writable(const char *path);
/* The format of an output path, checked against `allowed` (a mask of
 * 1 << fr_format) and against this build (JPEG); prints why and returns
 * FR_FMT_UNKNOWN when refused. */
fr_format cli_output_format(const char *path, unsigned allowed);
#define CLI_FMT(f) (1u << (f))

/* The scene JSON of a file: a .json scene, or the "fractalis" chunk of a
 * PNG (attribute of an EXR) fractalis rendered (malloc()ed into *json); 0
 * or EXIT_WORK with the message printed. */
int cli_scene_read(fr_context *ctx, const char *path, char **json);
/* The family of a scene file ("escape", "buddhabrot"), into kind; 0 or
 * EXIT_WORK with the message printed. */
/* 1 when path names a Kalles Fraktaler parameter file (.kfr). */
int cli_is_kfr(const char *path);
int cli_scene_kind(fr_context *ctx, const char *path, char *kind, size_t n);

#endif
