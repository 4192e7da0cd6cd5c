/* fractalis animate: the families' dispatcher (flame, mandelbrot and the
 * other escape-time formulas) and --codecs. */
#include <stdio.h>
#include <string.h>

#include "animate.h"

int cmd_animate(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "flame")) return animate_flame(argc - 1, argv + 1);
    if (argc >= 2 && argv[1][0] != '-') return animate_zoom(argc - 1, argv + 1);
    cli_error("animate: say flame FILE or a formula (try 'fractalis animate --help')");
    return EXIT_USAGE;
}
