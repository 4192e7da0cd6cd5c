/* The frame loop of fractalis animate (see animate.h). */
#include "animate.h"

void animate_output_default(animate_output *o)
{
    *o = (animate_output){.fps = 30, .depth = 8, .crf = -1};
}

int animate_output_option(animate_output *o, int argc, char **argv, int *i)
{
    (void)o, (void)argc, (void)argv, (void)i;
    return 0;
}

void animate_output_help(void) {}

int animate_run(fr_context *ctx, const animate_output *o, int nframes, const int *number, animate_frame_fn fn,
                void *user)
{
    (void)ctx, (void)o, (void)nframes, (void)number, (void)fn, (void)user;
    cli_error("animate: the frame loop is not built yet");
    return EXIT_WORK;
}
