/* Print what tests/video_read.c reads from a video, for the CLI tests:
 * "frames=N width=W height=H codec=C pix_fmt=P fps=F digest=D", D a
 * 64-bit FNV-1a over every decoded frame's RGB (8 bits), so that two
 * videos of the same frames compare equal whatever their containers' own
 * bytes (a Matroska file's segment UID differs from run to run); exit 1 if
 * it cannot be read. Not a test itself. */
#include <stdint.h>
#include <stdio.h>

#include "video_read.h"

typedef struct digest {
    uint64_t h;
    const video_info *v;
} digest;

static int each(void *user, int index, const void *rgb, int stride)
{
    (void)index;
    digest *d = user;
    const uint8_t *p = rgb; /* packed rows of `stride` bytes, the video's height of them */
    for (size_t k = 0, n = (size_t)stride * (size_t)d->v->height; k < n; k++)
        d->h = (d->h ^ p[k]) * 0x100000001b3ull;
    return 0;
}

int main(int argc, char **argv)
{
    video_info v;
    digest d = {0xcbf29ce484222325ull, &v};
    char err[256];
    if (argc != 2) return 2;
    if (video_read(argv[1], &v, 8, each, &d, err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    printf("frames=%d width=%d height=%d codec=%s pix_fmt=%s fps=%g digest=%016llx\n", v.frames, v.width,
           v.height, v.codec, v.pix_fmt, v.fps, (unsigned long long)d.h);
    return 0;
}
