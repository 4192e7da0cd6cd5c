/*
 * flame_xml.h - flam3 genome files (.flam3, .flame): read them the way
 * flam3 3.1.1 reads them, write them the way flam3_print writes them.
 *
 * Reading follows flam3's parser: its defaults for missing attributes, the
 * old xform attribute symmetry="s" (color_speed = (1 - s) / 2, animate =
 * s > 0 ? 0 : 1), <symmetry kind="N"/> expanded into xforms as
 * flam3_add_symmetry does, chaos rows, <motion> elements, the palette as
 * <color>, <colors>, hex <palette> or palette="N" (a palette of the flam3
 * palette file, hue-rotated) and the interpolation of colours left out.
 * Attributes and elements flam3 does not read are kept (extra, children)
 * and written back. A file's flames are found at any depth (<flames>,
 * <pick>, ... wrappers).
 *
 * Writing gives every number the shortest text that reads back to the same
 * double, so that read -> write -> read gives an equal genome
 * (fr_flame_genome_equal), and flam3-genome / flam3-render read the file.
 */
#ifndef FR_FLAME_XML_H
#define FR_FLAME_XML_H

#include <stddef.h>

#include "fractalis.h"
#include "flame/flame_genome.h"

/* Where Debian's flam3-palette package installs flam3's palette file. */
#define FR_FLAME_PALETTE_FILE "/usr/share/flam3/flam3-palettes.xml"

/* Most xforms a genome may have (symmetry included). */
#define FR_FLAME_MAX_XFORMS 4096

/* Parse a file / memory. palette_file: flam3's palette file for
 * palette="N" (NULL = FR_FLAME_PALETTE_FILE); it is read only when a genome
 * names a palette. strict != 0: attributes and elements flam3 does not read,
 * unknown enumeration values and <symmetry kind="0"/> (random) are errors.
 * Otherwise they are kept (extra / children) or ignored as flam3 ignores
 * them, and reported once each in out->warnings. A malformed file gets
 * FR_ERR_PARSE with a message naming the line and element, e.g.
 * "flame.flam3:12: <xform>: coefs needs 6 numbers, got 5". On failure out is
 * left empty. */
fr_status fr_flame_read_file(fr_context *ctx, const char *path, const char *palette_file, int strict,
                             fr_flame_file *out);
fr_status fr_flame_read_memory(fr_context *ctx, const char *xml, size_t len, const char *name,
                               const char *palette_file, int strict, fr_flame_file *out);

/* Serialise n genomes as flam3_print does: one <flame> when n == 1, else a
 * <flames> wrapper. *out is malloc()ed. Non-finite numbers are an error. */
fr_status fr_flame_to_xml(fr_context *ctx, const fr_flame_genome *g, int n, char **out);
/* The same into a file, written atomically (temporary file + rename). */
fr_status fr_flame_write_file(fr_context *ctx, const fr_flame_genome *g, int n, const char *path);

/* Palette `index` (its number="N") of flam3's palette file as flam3 reads
 * it (alpha 1, no hue rotation). palette_file NULL = FR_FLAME_PALETTE_FILE. */
fr_status fr_flame_palette_load(fr_context *ctx, const char *palette_file, int index, double pal[256][4]);

#endif
