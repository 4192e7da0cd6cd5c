/* Kalles Fraktaler 2+ location files (.kfr): parsing, and applying a
 * location to escape-time parameters. What KF's keys mean, and how far
 * fractalis reproduces KF's colouring, is written up at the top of kfr.c. */
#ifndef FR_IO_KFR_H
#define FR_IO_KFR_H

#include <stddef.h>
#include <stdint.h>

#include "fractalis.h"

/* The most key colours a file may give (KF interpolates them into a table
 * of 1024 colours, so more could not all be seen). */
#define FR_KFR_MAX_COLORS 1024

typedef struct fr_kfr {
    char *re, *im;          /* centre, decimal text as in the file (malloc'ed, trimmed) */
    char *zoom;             /* the Zoom value as text, e.g. "1E1086" (malloc'ed) */
    double zoom_mant;       /* zoom = zoom_mant * 10^zoom_exp10, 1 <= zoom_mant < 10 */
    long zoom_exp10;
    uint32_t iterations;    /* Iterations (default 200) */
    double iter_div;        /* IterDiv (default 1; > 0) */
    double color_offset;    /* ColorOffset as KF uses it: a whole number 0..1023, else 0 */
    double rotate_deg;      /* Rotate converted to degrees, KF's sense (see kfr.c) */
    double ratio;           /* Ratio (default 360 = no stretch) */
    int smooth;             /* Smooth (default 1) */
    int color_method;       /* ColorMethod (default 0 = standard) */
    int power;              /* Power (default 2) */
    int fractal_type;       /* FractalType (default 0 = Mandelbrot) */
    int smooth_method;      /* SmoothMethod (default 0 = log) */
    int differences;        /* Differences (default 0) */
    int ncolors;            /* key colours; 0 when the file has no Colors */
    uint8_t (*colors)[3];   /* the key colours (malloc'ed), or NULL */
    int has_interior;       /* InteriorColor given */
    uint8_t interior[3];
} fr_kfr;

/* Parse a .kfr text of len bytes (need not be NUL-terminated). On success
 * *out owns its strings (fr_kfr_free); on failure *out is zeroed and the
 * status is FR_ERR_PARSE (or FR_ERR_NOMEM) with a message naming the line
 * and the key. Re, Im and Zoom are required. */
fr_status fr_kfr_parse(fr_context *ctx, const char *text, size_t len, fr_kfr *out);
void fr_kfr_free(fr_kfr *k);

/* KF's 1024-colour table built from the key colours (table[i] for
 * i = 0..1023), exactly as KF's ApplyColors() builds it. k->ncolors >= 1. */
void fr_kfr_color_table(const fr_kfr *k, uint8_t table[1024][3]);

/* The view width 4 / zoom * width / height as decimal text with any
 * exponent ("7.1111111111111107e-1086"), into buf (NUL-terminated). */
void fr_kfr_width_text(const fr_kfr *k, int width, int height, char *buf, size_t n);

/* Apply a KF location to escape-time parameters. The image size in *p
 * (p->width, p->height) must already be final: KF's zoom fixes the view's
 * HEIGHT (4 / zoom), so the width set here is 4 / zoom * width / height.
 * Sets formula, center, width, iter, rotate, bailout, color, palette,
 * palette-cycle, palette-offset (and interior when the file gives one)
 * through fr_escape_param_set. Refuses (FR_ERR_UNSUPPORTED) a FractalType
 * other than 0, a Power other than 2, and a stretch (Ratio != 360) together
 * with a rotation. On failure *p may be partly updated. */
fr_status fr_kfr_apply(fr_context *ctx, const fr_kfr *k, fr_escape_params *p);

#endif
