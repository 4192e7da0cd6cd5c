/* flam3's rgb2hsv / hsv2rgb (h in [0, 6), s and v in [0, 1]), FR_HD: the
 * palette's hue rotation and the tone map (also on a GPU) use them. */
#ifndef FR_FLAME_HSV_H
#define FR_FLAME_HSV_H

#include <math.h>

#include "core/hd.h"

FR_HD void fr_flame_rgb2hsv(const double rgb[3], double hsv[3])
{
    double rd = rgb[0], gd = rgb[1], bd = rgb[2], h, s, v, max, min, del, rc, gc, bc;
    if (rd >= gd)
        max = rd >= bd ? rd : bd;
    else
        max = gd >= bd ? gd : bd;
    if (rd <= gd)
        min = rd <= bd ? rd : bd;
    else
        min = gd <= bd ? gd : bd;
    del = max - min;
    v = max;
    s = max != 0.0 ? del / max : 0.0;
    h = 0;
    if (s != 0.0) {
        rc = (max - rd) / del;
        gc = (max - gd) / del;
        bc = (max - bd) / del;
        if (rd == max)
            h = bc - gc;
        else if (gd == max)
            h = 2 + rc - bc;
        else if (bd == max)
            h = 4 + gc - rc;
        if (h < 0) h += 6;
    }
    hsv[0] = h;
    hsv[1] = s;
    hsv[2] = v;
}

FR_HD void fr_flame_hsv2rgb(const double hsv[3], double rgb[3])
{
    double h = hsv[0], s = hsv[1], v = hsv[2];
    double rd, gd, bd, f, p, q, t;
    /* flam3 loops; the same result for finite h without running forever
     * on a huge one. */
    if (!isfinite(h)) h = 0;
    if (h >= 6.0 || h < 0.0) {
        while (h >= 6.0 && h < 1e6) h = h - 6.0;
        while (h < 0.0 && h > -1e6) h = h + 6.0;
        if (h >= 6.0 || h < 0.0) h = fmod(h, 6.0) + (h < 0 ? 6.0 : 0.0);
    }
    int j = (int)floor(h);
    f = h - j;
    p = v * (1 - s);
    q = v * (1 - (s * f));
    t = v * (1 - (s * (1 - f)));
    switch (j) {
    case 0: rd = v, gd = t, bd = p; break;
    case 1: rd = q, gd = v, bd = p; break;
    case 2: rd = p, gd = v, bd = t; break;
    case 3: rd = p, gd = q, bd = v; break;
    case 4: rd = t, gd = p, bd = v; break;
    case 5: rd = v, gd = p, bd = q; break;
    default: rd = v, gd = t, bd = p; break;
    }
    rgb[0] = rd;
    rgb[1] = gd;
    rgb[2] = bd;
}

#endif
