/*
 * flame_xml_write.h - what the files of the genome writer share (private
 * to them): the text being built, and the palette's part of it.
 *
 *   flame_xml_write.c          fr_flame_to_xml / fr_flame_write_file: the
 *                              elements and attributes in flam3_print's order
 *   flame_xml_write_palette.c  the palette as exact <color> elements
 */
#ifndef FR_FLAME_XML_WRITE_H
#define FR_FLAME_XML_WRITE_H

#include "core/strbuf.h"
#include "flame/flame_genome.h"

/* The text of the genomes written so far, and whether a number in it is
 * not finite: flam3 cannot read one back, so the genome is refused once it
 * is written (the check costs nothing where the numbers are formatted). */
typedef struct fr_flame_xml_out {
    fr_strbuf text;
    int nonfinite;
} fr_flame_xml_out;

/* The genome's palette as "   <color index=... rgb=.../>" lines. */
void fr_flame_write_palette(fr_flame_xml_out *o, const fr_flame_genome *g);

#endif
