/* fractalis animate: the families' dispatcher (flame, mandelbrot and the
 * other escape-time formulas), --codecs and --help. */
#include <stdio.h>
#include <string.h>

#include "animate.h"

static void animate_help(void)
{
    printf("Usage: fractalis animate FAMILY ... -o OUTPUT [output options]\n"
           "Frames over time, written as a numbered PNG sequence or encoded into one video.\n"
           "\n"
           "Families:\n"
           "  flame FILE           the frames of a flam3 genome timeline (flam3-animate's sequence;\n"
           "                       'fractalis animate flame --help')\n"
           "  mandelbrot, julia, burning-ship, tricorn, multibrot ...\n"
           "                       an escape-time zoom from one scene to another\n"
           "                       ('fractalis animate mandelbrot --help')\n"
           "  --codecs             the video encoders of this build\n"
           "\n");
    animate_output_help();
}

static int animate_codecs(void)
{
    if (!fr_have_video()) {
        printf("this build has no video support (FFmpeg's libraries were not found when it was built):\n"
               "frames are written as PNG sequences only\n");
        return 0;
    }
    const char *what;
    for (int i = 0; fr_video_codec(i, &what); i++)
        printf("  %-12s %s\n", fr_video_codec(i, NULL), what ? what : "");
    return 0;
}

int cmd_animate(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) return animate_help(), 0;
    if (argc >= 2 && !strcmp(argv[1], "--codecs")) return animate_codecs();
    if (argc >= 2 && !strcmp(argv[1], "flame")) return animate_flame(argc - 1, argv + 1);
    if (argc >= 2 && argv[1][0] != '-') return animate_zoom(argc - 1, argv + 1);
    cli_error("animate: say flame FILE or a formula (try 'fractalis animate --help')");
    return EXIT_USAGE;
}
