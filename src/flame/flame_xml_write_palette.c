/* flame_xml_write_palette.c - a genome's palette as <color> elements
 * from which the reader gets every entry back exactly. The reader turns
 * rgb="r g b" into (a * r) / 255 per channel; the texts here are found by
 * undoing that arithmetic, and a palette flam3 interpolated from a few
 * colours is written as those few. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/params.h"
#include "flame/flame_palette.h"
#include "flame/flame_xml_write.h"

/* The text of a number t for which (scale * strtod(t)) / 255.0 == target,
 * as the reader computes a colour channel: an integer where one does it,
 * else the shortest text found near target * 255 / scale. */
static void channel_text(char *buf, size_t n, double target, double scale)
{
    double v0 = scale != 0.0 ? target * 255.0 / scale : 0.0;
    double k = rint(v0);
    if (isfinite(k) && (scale * k) / 255.0 == target) {
        fr_format_double(buf, n, k);
        return;
    }
    double up = v0, down = v0;
    for (int step = 0; step <= 8 && isfinite(v0); step++) {
        double cand[2] = {up, down};
        for (int c = 0; c < (step ? 2 : 1); c++) {
            fr_format_double(buf, n, cand[c]);
            if ((scale * strtod(buf, NULL)) / 255.0 == target) return;
        }
        up = nextafter(up, INFINITY);
        down = nextafter(down, -INFINITY);
    }
    fr_format_double(buf, n, v0);
}

/* The <color> texts of one palette entry and whether the reader gets the
 * entry back exactly from them. */
typedef struct color_text {
    char t[4][40];
    int rgba;
    int exact;
} color_text;

static void entry_text(const double c[4], color_text *o)
{
    o->rgba = c[3] != 1.0;
    double a = 1.0;
    o->exact = 1;
    if (o->rgba) {
        /* alpha as the reader will have it, then the colours over it */
        channel_text(o->t[3], sizeof o->t[3], c[3], 1.0);
        a = strtod(o->t[3], NULL) / 255.0;
        o->exact = a == c[3];
    }
    for (int k = 0; k < 3; k++) {
        channel_text(o->t[k], sizeof o->t[k], c[k], a);
        if (!((a * strtod(o->t[k], NULL)) / 255.0 == c[k])) o->exact = 0;
    }
}

/* Entries j of the cyclic run cur < j < b are what flam3's filling of left-
 * out colours makes of the ends cur and b (positions mod 256). */
static int run_fills(const double pal[256][4], int cur, int b)
{
    for (int j = cur + 1; j < b; j++) {
        double prcr = (j - cur) / (double)(b - cur);
        for (int k = 0; k < 4; k++)
            if (!(pal[cur % 256][k] * (1.0 - prcr) + pal[b % 256][k] * prcr == pal[j % 256][k])) return 0;
    }
    return 1;
}

/* Not every double is (a * r) / 255 for some text r: colours that flam3
 * interpolated between the ones a file gave may have no exact text. Such a
 * palette is written as flam3 would have filled it: a set of entries, each
 * exact, from which the filling gives every other entry back. 0 if none
 * is found. */
static int sparse_palette(const double pal[256][4], const color_text *out, unsigned char set[256])
{
    memset(set, 0, 256);
    int first = -1;
    for (int i = 0; i < 256 && first < 0; i++)
        if (out[i].exact) first = i;
    if (first < 0) return 0;
    set[first] = 1;
    for (int cur = first;;) {
        int best = -1;
        for (int b = cur + 1; b <= first + 256; b++)
            if (out[b % 256].exact && run_fills(pal, cur, b)) best = b;
        if (best < 0) return 0;
        if (best == first + 256) break;
        set[best % 256] = 1;
        cur = best;
    }
    double q[256][4];
    memset(q, 0, sizeof q);
    for (int i = 0; i < 256; i++)
        if (set[i]) memcpy(q[i], pal[i], sizeof q[i]);
    fr_flame_palette_fill_missing(q, set);
    for (int i = 0; i < 256; i++)
        for (int k = 0; k < 4; k++)
            if (!(q[i][k] == pal[i][k])) return 0;
    return 1;
}

/* Every entry in texts that read back to it; where some entry has none,
 * the fewer exact entries that flam3's filling turns back into the whole
 * palette, if there are such, else every entry as near as texts come. */
void fr_flame_write_palette(fr_flame_xml_out *o, const fr_flame_genome *g)
{
    color_text out[FR_FLAME_PALETTE];
    unsigned char set[FR_FLAME_PALETTE];
    int exact = 1;
    for (int i = 0; i < FR_FLAME_PALETTE; i++) {
        for (int k = 0; k < 4; k++)
            if (!isfinite(g->palette[i][k])) o->nonfinite = 1;
        entry_text(g->palette[i], &out[i]);
        exact &= out[i].exact;
    }
    /* With palette="N" the reader takes the colours from the palette file. */
    if (exact || g->palette_index != -1 || !sparse_palette(g->palette, out, set)) memset(set, 1, sizeof set);
    for (int i = 0; i < FR_FLAME_PALETTE; i++) {
        const color_text *c = &out[i];
        if (!set[i]) continue;
        if (c->rgba)
            fr_strbuf_printf(&o->text, "   <color index=\"%d\" rgba=\"%s %s %s %s\"/>\n", i, c->t[0], c->t[1],
                             c->t[2], c->t[3]);
        else
            fr_strbuf_printf(&o->text, "   <color index=\"%d\" rgb=\"%s %s %s\"/>\n", i, c->t[0], c->t[1],
                             c->t[2]);
    }
}
