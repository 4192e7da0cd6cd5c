/* Palettes: built-in presets, palette files, hex colour lists and sampling.
 *
 * A palette is cyclic: the last stop blends back into stop 0 at position
 * 1 + pos[0], so colouring by iteration count never shows a seam where the
 * palette repeats. */
#include "core/context.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ----------------------------------------------------------------- presets */

typedef struct preset_stop {
    float pos;
    uint8_t rgb[3];
} preset_stop;

typedef struct preset {
    const char *name;
    int even; /* positions are k/count: the table's pos fields are unused */
    int count;
    preset_stop stops[16];
} preset;

/* Order here is the order fr_palette_presets() lists and error messages name. */
static const preset presets[] = {
    {"classic", 1, 16,
     /* The palette of the classic CUDA Mandelbrot report: colour n mod 16. */
     {{0, {66, 30, 15}},    {0, {25, 7, 26}},     {0, {9, 1, 47}},      {0, {4, 4, 73}},
      {0, {0, 7, 100}},     {0, {12, 44, 138}},   {0, {24, 82, 177}},   {0, {57, 125, 209}},
      {0, {134, 181, 229}}, {0, {211, 236, 248}}, {0, {241, 233, 191}}, {0, {248, 201, 95}},
      {0, {255, 170, 0}},   {0, {204, 128, 0}},   {0, {153, 87, 0}},    {0, {106, 52, 3}}}},
    {"ultra", 0, 5,
     /* Ultra Fractal's default gradient (which UF blends with a monotone
      * cubic; here it is linear like every other palette). */
     {{0.0f, {0x00, 0x07, 0x64}},
      {0.16f, {0x20, 0x6b, 0xcb}},
      {0.42f, {0xed, 0xff, 0xff}},
      {0.6425f, {0xff, 0xaa, 0x00}},
      {0.8575f, {0x00, 0x02, 0x00}}}},
    {"fire", 0, 5,
     /* The long white-to-black last segment keeps the wrap from looking like
      * a hard edge. */
     {{0.0f, {0, 0, 0}},
      {0.2f, {128, 0, 0}},
      {0.45f, {255, 106, 0}},
      {0.7f, {255, 208, 0}},
      {0.86f, {255, 255, 255}}}},
    {"ocean", 0, 5,
     {{0.0f, {0, 16, 48}},
      {0.3f, {0, 124, 138}},
      {0.55f, {51, 214, 224}},
      {0.75f, {200, 247, 250}},
      {0.88f, {255, 255, 255}}}},
    {"grey", 0, 2,
     /* Two stops: black up to white and, through the wrap, back down. */
     {{0.0f, {0, 0, 0}}, {0.5f, {255, 255, 255}}}},
    {"rainbow", 1, 6,
     {{0, {255, 0, 0}},
      {0, {255, 255, 0}},
      {0, {0, 255, 0}},
      {0, {0, 255, 255}},
      {0, {0, 0, 255}},
      {0, {255, 0, 255}}}},
    {"twilight", 0, 6,
     /* Light at both ends so the wrap from lavender to white is seamless. */
     {{0.0f, {253, 246, 236}},
      {0.18f, {245, 162, 93}},
      {0.35f, {180, 68, 62}},
      {0.5f, {46, 17, 65}},
      {0.68f, {90, 59, 140}},
      {0.85f, {182, 166, 214}}}},
};

#define PRESET_COUNT ((int)(sizeof presets / sizeof presets[0]))

static const char *const preset_names[] = {"classic", "ultra",   "fire",     "ocean",
                                           "grey",    "rainbow", "twilight", NULL};

_Static_assert(sizeof preset_names / sizeof preset_names[0] == PRESET_COUNT + 1,
               "preset_names must list every preset, then NULL");

const char *const *fr_palette_presets(void) { return preset_names; }

static int ascii_lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

/* Case-insensitive so that "Classic" typed on a command line still works;
 * strcasecmp is POSIX, not C11. */
static int name_equal(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (ascii_lower((unsigned char)*a) != ascii_lower((unsigned char)*b)) return 0;
    return *a == *b;
}

fr_status fr_palette_preset(fr_context *ctx, const char *name, fr_palette *out)
{
    if (!out) return fr_fail(ctx, FR_ERR_INVALID, "palette output is NULL");
    if (!name) return fr_fail(ctx, FR_ERR_INVALID, "palette name is NULL");

    for (int i = 0; i < PRESET_COUNT; i++) {
        const preset *p = &presets[i];
        if (!name_equal(name, p->name)) continue;
        memset(out, 0, sizeof *out);
        out->count = p->count;
        for (int k = 0; k < p->count; k++) {
            out->pos[k] = p->even ? (float)k / (float)p->count : p->stops[k].pos;
            memcpy(out->rgb[k], p->stops[k].rgb, 3);
        }
        snprintf(out->name, sizeof out->name, "%s", p->name);
        return FR_OK;
    }

    char list[256] = "";
    size_t len = 0;
    for (int i = 0; i < PRESET_COUNT && len < sizeof list; i++) {
        int w = snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", presets[i].name);
        if (w < 0) break;
        len += (size_t)w;
    }
    return fr_fail(ctx, FR_ERR_INVALID, "unknown palette '%.64s' (presets: %s)", name, list);
}

/* ----------------------------------------------------------------- colours */

static int is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

static int hex_digit(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = ascii_lower(c);
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

/* Parses s[0..len): "#rrggbb", "rrggbb" or "0xrrggbb", nothing else. The
 * caller has already trimmed surrounding whitespace. */
static int parse_hex_colour(const char *s, size_t len, uint8_t rgb[3])
{
    if (len >= 1 && s[0] == '#') {
        s += 1;
        len -= 1;
    } else if (len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        s += 2;
        len -= 2;
    }
    if (len != 6) return 0;
    for (int k = 0; k < 3; k++) {
        int hi = hex_digit((unsigned char)s[2 * k]);
        int lo = hex_digit((unsigned char)s[2 * k + 1]);
        if (hi < 0 || lo < 0) return 0;
        rgb[k] = (uint8_t)(hi * 16 + lo);
    }
    return 1;
}

/* A printable excerpt of bad input for an error message: control bytes would
 * garble a one-line message, and a long line only needs its start shown. */
static void excerpt(char *dst, size_t cap, const char *s, size_t len, int cut)
{
    size_t shown = len;
    if (cut || shown + 1 > cap) {
        if (shown + 4 > cap) shown = cap > 4 ? cap - 4 : 0;
        cut = 1;
    }
    size_t j = 0;
    for (size_t i = 0; i < shown; i++) {
        unsigned char c = (unsigned char)s[i];
        dst[j++] = (c < 0x20 || c == 0x7f) ? '?' : (char)c;
    }
    if (cut) {
        memcpy(dst + j, "...", 3);
        j += 3;
    }
    dst[j] = '\0';
}

static void trim(const char **s, size_t *len)
{
    while (*len && is_space((unsigned char)**s)) {
        (*s)++;
        (*len)--;
    }
    while (*len && is_space((unsigned char)(*s)[*len - 1])) (*len)--;
}

static void space_evenly(fr_palette *pal)
{
    for (int k = 0; k < pal->count; k++) pal->pos[k] = (float)k / (float)pal->count;
}

fr_status fr_palette_from_hex(fr_context *ctx, const char *const *hex, int n, fr_palette *out)
{
    if (!out) return fr_fail(ctx, FR_ERR_INVALID, "palette output is NULL");
    if (n <= 0) return fr_fail(ctx, FR_ERR_INVALID, "a palette needs at least one colour, got %d", n);
    if (n > FR_PALETTE_MAX_STOPS)
        return fr_fail(ctx, FR_ERR_INVALID, "a palette has at most %d colours, got %d",
                       FR_PALETTE_MAX_STOPS, n);
    if (!hex) return fr_fail(ctx, FR_ERR_INVALID, "palette colour list is NULL");

    /* Built aside so that *out is untouched when a colour is bad. */
    fr_palette pal;
    memset(&pal, 0, sizeof pal);
    for (int k = 0; k < n; k++) {
        if (!hex[k]) return fr_fail(ctx, FR_ERR_INVALID, "palette colour %d of %d is NULL", k + 1, n);
        const char *s = hex[k];
        size_t len = strlen(s);
        trim(&s, &len);
        if (!parse_hex_colour(s, len, pal.rgb[k])) {
            char shown[48];
            excerpt(shown, sizeof shown, s, len, 0);
            return fr_fail(ctx, FR_ERR_INVALID,
                           "palette colour %d of %d: '%s' is not a hex colour (#rrggbb)", k + 1, n,
                           shown);
        }
    }
    pal.count = n;
    space_evenly(&pal);
    *out = pal;
    return FR_OK;
}

/* ------------------------------------------------------------ palette file */

/* Enough for any colour with room to spare; longer lines only matter when
 * they are comments, whose tail is never looked at. */
#define LINE_CAP 128

typedef struct line_buf {
    char text[LINE_CAP];
    size_t len;
    int overflow; /* a non-space byte fell past LINE_CAP */
} line_buf;

/* Reads one line of any length. Leading whitespace is dropped before
 * storing so that indentation cannot push a colour past the buffer, and
 * trailing whitespace past the buffer is not counted as overflow. Returns 0
 * at end of file with nothing read. */
static int read_line(FILE *f, line_buf *lb)
{
    int c, any = 0;
    lb->len = 0;
    lb->overflow = 0;
    while ((c = getc(f)) != EOF) {
        any = 1;
        if (c == '\n') break;
        if (lb->len == 0 && is_space(c)) continue;
        if (lb->len < LINE_CAP - 1)
            /* A NUL would end the text early in messages; '?' keeps it visible
             * and is never a hex digit. */
            lb->text[lb->len++] = c ? (char)c : '?';
        else if (!is_space(c))
            lb->overflow = 1;
    }
    lb->text[lb->len] = '\0';
    return any;
}

static int is_comment(const char *s, size_t len)
{
    if (len >= 2 && s[0] == '/' && s[1] == '/') return 1;
    /* "#abcdef" is a colour; '#' then a space (or nothing) is a comment. */
    if (len >= 1 && s[0] == '#') return len == 1 || is_space((unsigned char)s[1]);
    return 0;
}

fr_status fr_palette_load(fr_context *ctx, const char *path, fr_palette *out)
{
    if (!out) return fr_fail(ctx, FR_ERR_INVALID, "palette output is NULL");
    if (!path) return fr_fail(ctx, FR_ERR_INVALID, "palette file path is NULL");

    FILE *f = fopen(path, "rb");
    if (!f)
        return fr_fail(ctx, FR_ERR_IO, "cannot open palette file '%s': %s", path, strerror(errno));

    fr_palette pal;
    memset(&pal, 0, sizeof pal);
    fr_status st = FR_OK;
    line_buf lb;
    int lineno = 0;
    while (read_line(f, &lb)) {
        lineno++;
        const char *s = lb.text;
        size_t len = lb.len;
        /* Editors on some systems start UTF-8 files with a byte-order mark. */
        if (lineno == 1 && len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) {
            s += 3;
            len -= 3;
        }
        trim(&s, &len);
        if (len == 0 && !lb.overflow) continue;
        if (is_comment(s, len)) continue;

        uint8_t rgb[3];
        if (lb.overflow || !parse_hex_colour(s, len, rgb)) {
            char shown[48];
            excerpt(shown, sizeof shown, s, len, lb.overflow);
            st = fr_fail(ctx, FR_ERR_PARSE,
                         "palette file '%s' line %d: '%s' is not a hex colour (#rrggbb)", path,
                         lineno, shown);
            break;
        }
        if (pal.count == FR_PALETTE_MAX_STOPS) {
            st = fr_fail(ctx, FR_ERR_PARSE,
                         "palette file '%s' line %d: more than %d colours (the most a palette "
                         "holds)",
                         path, lineno, FR_PALETTE_MAX_STOPS);
            break;
        }
        memcpy(pal.rgb[pal.count], rgb, 3);
        pal.count++;
    }
    if (st == FR_OK && ferror(f))
        st = fr_fail(ctx, FR_ERR_IO, "cannot read palette file '%s': %s", path, strerror(errno));
    fclose(f);
    if (st != FR_OK) return st;
    if (pal.count == 0)
        return fr_fail(ctx, FR_ERR_PARSE, "palette file '%s' has no colours", path);

    space_evenly(&pal);
    *out = pal;
    return FR_OK;
}

/* ---------------------------------------------------------------- sampling */

void fr_palette_sample(const fr_palette *pal, double t, float rgb[3])
{
    int n = pal ? pal->count : 0;
    if (n <= 0) {
        rgb[0] = rgb[1] = rgb[2] = 0.0f;
        return;
    }
    if (n > FR_PALETTE_MAX_STOPS) n = FR_PALETTE_MAX_STOPS;
    if (n == 1 || !isfinite(t)) {
        for (int c = 0; c < 3; c++) rgb[c] = (float)pal->rgb[0][c] / 255.0f;
        return;
    }

    double u = t - floor(t);
    /* A tiny negative t rounds up to exactly 1.0, which is position 0. */
    if (u >= 1.0) u = 0.0;

    /* Before the first stop is the wrap segment from the last stop, which
     * lies one cycle earlier. */
    if (u < (double)pal->pos[0]) u += 1.0;

    /* Last stop at or before u. */
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2;
        if ((double)pal->pos[mid] <= u)
            lo = mid;
        else
            hi = mid - 1;
    }
    int i = lo, j = i + 1 < n ? i + 1 : 0;
    double p0 = (double)pal->pos[i];
    double p1 = i + 1 < n ? (double)pal->pos[i + 1] : (double)pal->pos[0] + 1.0;

    /* f is exactly 0 at a stop, so a + (b - a) * 0 returns the stop's colour
     * exactly; the clamp guards against positions out of order. */
    double f = p1 > p0 ? (u - p0) / (p1 - p0) : 0.0;
    if (f < 0.0) f = 0.0;
    if (f > 1.0) f = 1.0;
    for (int c = 0; c < 3; c++) {
        double a = pal->rgb[i][c], b = pal->rgb[j][c];
        rgb[c] = (float)(a + (b - a) * f) / 255.0f;
    }
}
