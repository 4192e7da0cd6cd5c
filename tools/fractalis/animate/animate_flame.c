/* fractalis animate flame: the frames of a genome timeline. */
#include "animate.h"

int animate_flame(int argc, char **argv)
{
    (void)argc, (void)argv;
    cli_error("animate flame: not built yet");
    return EXIT_WORK;
}
