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
 * exact, from which the filling gives every other entry back. The first
 * `fixed` entries are given (a hex prefix: see hex_prefix) and count as
 * exact. 0 if none is found. */
static int sparse_from(const double pal[256][4], const color_text *out, int fixed, int first, unsigned char set[256])
{
    memset(set, 0, 256);
    memset(set, 1, (size_t)fixed);
    set[first] = 1;
    for (int cur = first;;) {
        int best = -1;
        for (int b = cur + 1; b <= first + 256; b++) {
            const int e = b % 256;
            if ((e < fixed || out[e].exact) && run_fills(pal, cur, b)) best = b;
            if (e < fixed) break; /* a fixed entry is set: no run goes past it */
        }
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

/* The runs start at an exact entry that need not be one the file gave (an
 * interpolated entry may have an exact text too): each is tried. */
static int sparse_palette(const double pal[256][4], const color_text *out, int fixed, unsigned char set[256])
{
    for (int first = 0; first < 256; first++)
        if ((first < fixed || out[first].exact) && sparse_from(pal, out, fixed, first, set)) return 1;
    return 0;
}

/* 1 when entry i's values are each k / 255: a hex <palette> gives it back
 * exactly (the reader stores hex colours as they are, not multiplied by
 * their alpha). */
static int hex_exact(const double c[4])
{
    for (int k = 0; k < 4; k++) {
        const double v = rint(c[k] * 255.0);
        if (!(v >= 0 && v <= 255 && v / 255.0 == c[k])) return 0;
    }
    return 1;
}

/* The number n of leading entries to write as a hex <palette count=n>
 * (before <color>s), with the entries after them to write in `set`: the
 * leading entries must all be hex colours, and cover the first (else the
 * last) of them that no <color> gives back (a colour under an alpha below
 * 1, from a hex RGBA palette); the rest must then be exact or come back
 * from flam3's filling. 0: no such n. */
static int hex_prefix(const double pal[256][4], const color_text *out, unsigned char set[256])
{
    int run = 0, first_bad = -1, last_bad = -1;
    while (run < 256 && hex_exact(pal[run])) run++;
    for (int i = 0; i < run; i++)
        if (!out[i].exact) {
            if (first_bad < 0) first_bad = i;
            last_bad = i;
        }
    if (first_bad < 0) return 0;
    const int cand[2] = {first_bad + 1, last_bad + 1};
    for (int k = 0; k < 2; k++) {
        const int n = cand[k];
        int all = 1;
        for (int i = n; i < 256; i++) all &= out[i].exact;
        if (all) {
            memset(set, 1, 256);
            return n;
        }
        if (sparse_palette(pal, out, n, set)) return n;
    }
    return 0;
}

/* Every entry in texts that read back to it; where some entry has none,
 * the fewer exact entries that flam3's filling turns back into the whole
 * palette, if there are such; else, when the entries without a text are
 * hex colours (a colour under alpha 0 has no <color>), those and the ones
 * before them as a hex <palette> and the rest as <color>s; else every
 * entry as near as texts come. */
void fr_flame_write_palette(fr_flame_xml_out *o, const fr_flame_genome *g)
{
    color_text out[FR_FLAME_PALETTE];
    unsigned char set[FR_FLAME_PALETTE];
    int exact = 1, hex = 0;
    for (int i = 0; i < FR_FLAME_PALETTE; i++) {
        for (int k = 0; k < 4; k++)
            if (!isfinite(g->palette[i][k])) o->nonfinite = 1;
        entry_text(g->palette[i], &out[i]);
        exact &= out[i].exact;
    }
    /* With palette="N" the reader takes the colours from the palette file. */
    if (exact || g->palette_index != -1) {
        memset(set, 1, sizeof set);
    } else if (!sparse_palette(g->palette, out, 0, set)) {
        hex = hex_prefix(g->palette, out, set);
        if (!hex) memset(set, 1, sizeof set);
    }
    if (hex) {
        fr_strbuf_printf(&o->text, "   <palette count=\"%d\" format=\"RGBA\">", hex);
        for (int i = 0; i < hex; i++)
            fr_strbuf_printf(&o->text, "%s%02x%02x%02x%02x", i % 8 ? "" : "\n      ", (int)rint(g->palette[i][0] * 255),
                             (int)rint(g->palette[i][1] * 255), (int)rint(g->palette[i][2] * 255),
                             (int)rint(g->palette[i][3] * 255));
        fr_strbuf_printf(&o->text, "\n   </palette>\n");
    }
    for (int i = hex; i < FR_FLAME_PALETTE; i++) {
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
