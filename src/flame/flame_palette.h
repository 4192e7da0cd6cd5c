/*
 * flame_palette.h - flam3's palette library (flam3-palettes.xml) and the
 * palette arithmetic its genome reader does: hue rotation through HSV,
 * filling colours a genome leaves out, the old two-palette blend. Internal
 * to src/flame.
 */
#ifndef FR_FLAME_PALETTE_H
#define FR_FLAME_PALETTE_H

#include <stddef.h>

#include <libxml/tree.h>

#include "fractalis.h"

/* The palettes of one library file, in file order. */
typedef struct fr_flame_palette_lib {
    int n;
    int *number;                /* number="N" */
    unsigned char (*rgb)[256][3];
} fr_flame_palette_lib;

fr_status fr_flame_palette_lib_load(fr_context *ctx, const char *path, fr_flame_palette_lib *lib);
void fr_flame_palette_lib_free(fr_flame_palette_lib *lib);

/* flam3_get_palette: the first palette numbered `number`, each colour taken
 * to HSV, its hue turned by hue * 6, and back; alpha 1. Returns 0 (and
 * leaves pal as flam3 does: all white) when there is no such palette. */
int fr_flame_palette_lib_get(const fr_flame_palette_lib *lib, int number, double hue, double pal[256][4]);

#include "flame/flame_hsv.h"

/* flam3_interp_missing_colors: entries with set[i] == 0 are linearly
 * interpolated (cyclically) between their nearest set neighbours. Nothing
 * changes when no entry is set. */
void fr_flame_palette_fill_missing(double pal[256][4], const unsigned char set[256]);

/* interpolate_cmap: the old <palette index0= hue0= index1= hue1= blend=/>
 * form, two library palettes blended in HSV the short way round the hue
 * circle. Returns 0 when a palette number is missing. */
int fr_flame_palette_blend(const fr_flame_palette_lib *lib, double blend, int index0, double hue0, int index1,
                           double hue1, double pal[256][4]);

/* Parse XML text with libxml2 (no network, no output): the document, or
 * FR_ERR_PARSE with "name:LINE: message". */
fr_status fr_flame_xml_parse(fr_context *ctx, const char *text, size_t len, const char *name, xmlDocPtr *doc);

#endif
