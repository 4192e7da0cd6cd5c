#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

volatile sig_atomic_t cli_interrupted;

static void on_signal(int sig)
{
    cli_interrupted = sig;
    signal(sig, SIG_DFL); /* a second one ends the program at once */
}

void cli_catch_signals(void)
{
    cli_interrupted = 0;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
}

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void cli_progress_init(cli_progress *pg, const char *label, int enabled)
{
    pg->start = cli_now();
    pg->shown = 0;
    pg->enabled = enabled && isatty(STDERR_FILENO);
    pg->label = label;
    pg->ctx = NULL;
    pg->stage = NULL;
}

int cli_progress_cb(double done, void *user)
{
    cli_progress *pg = user;
    if (cli_interrupted) return 1; /* Ctrl-C or SIGTERM: stop the work */
    if (!pg->enabled) return 0;
    const char *stage = pg->ctx ? fr_progress_stage(pg->ctx) : NULL;
    if (stage != pg->stage) { /* a new stage: keep the finished bar, start a new one */
        if (pg->shown) fprintf(stderr, "\n");
        pg->stage = stage;
        pg->shown = 0;
        pg->start = cli_now();
    }
    double el = cli_now() - pg->start;
    if (el < 1.0 && !pg->shown) return 0; /* quick work shows no bar */
    pg->shown = 1;
    const int width = 30;
    int fill = (int)(done * width + 0.5);
    char bar[64];
    for (int i = 0; i < width; i++) bar[i] = i < fill ? '#' : '.';
    bar[width] = 0;
    double eta = done > 0 ? el * (1 - done) / done : 0;
    fprintf(stderr, stage ? "\r%-15s [%s] %3.0f%%  %5.1fs  ETA %5.1fs " : "\r%s [%s] %3.0f%%  %5.1fs  ETA %5.1fs ",
            stage ? stage : pg->label, bar, done * 100, el, eta);
    fflush(stderr);
    return 0;
}

void cli_progress_end(cli_progress *pg)
{
    if (pg->shown) fprintf(stderr, "\r%*s\r", 78, "");
}
