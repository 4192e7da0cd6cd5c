#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

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
}

int cli_progress_cb(double done, void *user)
{
    cli_progress *pg = user;
    if (!pg->enabled) return 0;
    double el = cli_now() - pg->start;
    if (el < 1.0 && !pg->shown) return 0; /* quick work shows no bar */
    pg->shown = 1;
    const int width = 30;
    int fill = (int)(done * width + 0.5);
    char bar[64];
    for (int i = 0; i < width; i++) bar[i] = i < fill ? '#' : '.';
    bar[width] = 0;
    double eta = done > 0 ? el * (1 - done) / done : 0;
    fprintf(stderr, "\r%s [%s] %3.0f%%  %5.1fs  ETA %5.1fs ", pg->label, bar, done * 100, el, eta);
    fflush(stderr);
    return 0;
}

void cli_progress_end(cli_progress *pg)
{
    if (pg->shown) fprintf(stderr, "\r%*s\r", 78, "");
}
