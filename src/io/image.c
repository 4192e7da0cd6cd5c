/* Images in memory and the output formats a path names: what every
 * writer and every caller shares. */
#include <stdlib.h>
#include <string.h>

#include "fractalis.h"

void fr_image_free(fr_image *img)
{
    if (!img) return;
    free(img->pixels);
    memset(img, 0, sizeof *img);
}

/* ------------------------------------------------------------------ formats */

static int ascii_ieq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        int ca = (*a >= 'A' && *a <= 'Z') ? *a - 'A' + 'a' : *a;
        int cb = (*b >= 'A' && *b <= 'Z') ? *b - 'A' + 'a' : *b;
        if (ca != cb) return 0;
    }
    return *a == *b;
}

fr_format fr_format_from_path(const char *path)
{
    if (!path) return FR_FMT_UNKNOWN;
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    /* A leading dot marks a hidden file (".png"), not an extension. */
    if (!dot || dot == base) return FR_FMT_UNKNOWN;
    const char *ext = dot + 1;
    if (ascii_ieq(ext, "png")) return FR_FMT_PNG;
    if (ascii_ieq(ext, "ppm")) return FR_FMT_PPM;
    if (ascii_ieq(ext, "npy")) return FR_FMT_NPY;
    if (ascii_ieq(ext, "json")) return FR_FMT_JSON;
    if (ascii_ieq(ext, "jpg") || ascii_ieq(ext, "jpeg")) return FR_FMT_JPEG;
    if (ascii_ieq(ext, "exr")) return FR_FMT_EXR;
    return FR_FMT_UNKNOWN;
}
