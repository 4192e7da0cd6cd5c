/* Print what tests/video_read.c reads from a video, for the CLI tests:
 * "frames=N width=W height=H codec=C pix_fmt=P fps=F"; exit 1 if it cannot
 * be read. Not a test itself. */
#include <stdio.h>

#include "video_read.h"

int main(int argc, char **argv)
{
    video_info v;
    char err[256];
    if (argc != 2) return 2;
    if (video_read(argv[1], &v, 8, NULL, NULL, err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    printf("frames=%d width=%d height=%d codec=%s pix_fmt=%s fps=%g\n", v.frames, v.width, v.height, v.codec,
           v.pix_fmt, v.fps);
    return 0;
}
