/* Reading a video back in the tests (libavformat, libavcodec, libswscale):
 * frame count, size, codec, and each frame as packed RGB. */
#ifndef FR_TEST_VIDEO_READ_H
#define FR_TEST_VIDEO_READ_H

#include <stdint.h>

typedef struct video_info {
    int frames, width, height;
    char codec[32];   /* the decoder's name: h264, ffv1, ... */
    char pix_fmt[32]; /* the stream's pixel format: yuv420p, bgr0, gbrp16le, ... */
    double fps;
} video_info;

/* Decode every frame of `path`; each (may be NULL) gets it as packed RGB of
 * `depth` bits (8: RGB24, 16: RGB48 native-endian; YUV read as BT.709
 * limited range, as fractalis writes it) and returns non-zero to stop.
 * 0, or -1 with the reason in err (256 bytes). */
int video_read(const char *path, video_info *info, int depth,
               int (*each)(void *user, int index, const void *rgb, int stride), void *user, char *err);

#endif
