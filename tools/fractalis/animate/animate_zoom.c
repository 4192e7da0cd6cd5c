/* fractalis animate mandelbrot: escape-time zoom videos. */
#include "animate.h"

int animate_zoom(int argc, char **argv)
{
    (void)argc, (void)argv;
    cli_error("animate: zoom videos are not built yet");
    return EXIT_WORK;
}
