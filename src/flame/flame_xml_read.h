/*
 * flame_xml_read.h - what the files of the genome reader share (private to
 * them): the reader's state, its errors and warnings, attribute values and
 * the reader of each element.
 *
 *   flame_xml_read.c      fr_flame_read_file / _memory: the document, its
 *                         <flame> elements at any depth, the last checks
 *   flame_xml_flame.c     one <flame>: its attributes and child elements
 *   flame_xml_xform.c     <xform>, <finalxform>, <motion>, chaos rows
 *   flame_xml_symmetry.c  <symmetry kind="N"/> expanded into xforms
 *   flame_xml_palette.c   <color>, <colors>, <palette>, palette="N"
 *   flame_xml_values.c    attributes in turn; numbers, lists, keywords
 *   flame_xml_diag.c      errors, warnings, what flam3 does not read
 *   flame_xml_lines.c     the line an element starts on
 */
#ifndef FR_FLAME_XML_READ_H
#define FR_FLAME_XML_READ_H

#include <stddef.h>

#include <libxml/tree.h>

#include "flame/flame_palette.h"
#include "flame/flame_xml.h"

/* A chaos value of the file, kept until the flame's last xform is known:
 * flam3 sizes the rows by the xform count, which a later <xform> (or
 * <symmetry>) may still change. */
typedef struct fr_flame_chaos_entry {
    int from, to;
    double v;
    long line;
} fr_flame_chaos_entry;

/* One file being read. */
typedef struct fr_flame_reader {
    fr_context *ctx;
    const char *name; /* the file's name in messages */
    const char *palette_file;
    int strict;
    xmlDocPtr doc;
    fr_flame_file *out;
    int cap; /* genomes allocated in out */
    fr_flame_palette_lib lib;
    int lib_loaded;
    double last_time; /* flam3 keeps the time of the previous flame */
    char **keys;      /* warnings already given */
    int nkeys;
} fr_flame_reader;

/* The state of one <flame> while it is read: the xforms as flam3 holds them
 * (standard ones, then the final one), pending chaos entries, which palette
 * entries the file set, soloxform. */
typedef struct fr_flame_read_state {
    fr_flame_genome *g;
    int cap; /* xforms allocated in g->xf */
    fr_flame_chaos_entry *ce;
    int nce, cecap;
    unsigned char set[256];
    int solo;
} fr_flame_read_state;

/* flame_xml_flame.c: g from a <flame> element. */
fr_status fr_flame_read_flame(fr_flame_reader *r, xmlNodePtr node, fr_flame_genome *g);

/* flame_xml_xform.c: an <xform> (final 0) or a <finalxform> (final 1)
 * appended to the flame, its <motion> children included; room for one more
 * standard xform; the chaos entries into the xforms' rows, once the flame's
 * xforms are all read. */
fr_status fr_flame_read_xform(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node, int final);
fr_status fr_flame_read_grow(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node);
fr_status fr_flame_read_chaos_rows(fr_flame_reader *r, fr_flame_read_state *st);

/* flame_xml_curves.c: one of Ember's curve attributes (name as
 * fr_flame_curve_attr knows it) into c. */
fr_status fr_flame_read_curve(fr_flame_reader *r, xmlNodePtr node, fr_flame_curves *c, const char *name,
                              const char *v);

/* flame_xml_symmetry.c: <symmetry kind="N"/>. */
fr_status fr_flame_read_symmetry(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node);

/* flame_xml_palette.c: the inline palette elements, then the palette as
 * the flame has it once they are read (palette="N", or the colours left
 * out filled in). node is the <flame> element, for messages. */
fr_status fr_flame_read_color(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node);
fr_status fr_flame_read_colors(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node);
fr_status fr_flame_read_palette(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node);
fr_status fr_flame_read_finish_palette(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node);

/* flame_xml_values.c: the next whitespace-separated number of *s, a
 * finite double into *d, or a whole number of int range into *i when i is
 * not NULL: 1 with *s moved past it, 0 at the end of the text, -1 when the
 * next word is not such a number. */
int fr_flame_next_number(const char **s, double *d, int *i);
/* The count of such numbers in s (max + 1 when there are more than max;
 * only max are stored), or -1 when something else is met. */
int fr_flame_parse_list(const char *s, double *v, int max);
int fr_flame_parse_ints(const char *s, int *v, int max);
/* Calls fn with each attribute of node and its value as text, in document
 * order (a later one overrides an earlier one, as in flam3), until one
 * fails. An element without attributes is an error: every element read
 * needs some. */
typedef fr_status (*fr_flame_attr_fn)(fr_flame_reader *r, xmlNodePtr node, const char *name,
                                      const char *value, void *user);
fr_status fr_flame_read_attrs(fr_flame_reader *r, xmlNodePtr node, fr_flame_attr_fn fn, void *user);
/* An attribute's value as one number, one whole number or exactly `want`
 * numbers; else FR_ERR_PARSE naming the attribute. */
fr_status fr_flame_read_num(fr_flame_reader *r, xmlNodePtr node, const char *attr, const char *v,
                            double *out);
fr_status fr_flame_read_int(fr_flame_reader *r, xmlNodePtr node, const char *attr, const char *v, int *out);
fr_status fr_flame_read_nums(fr_flame_reader *r, xmlNodePtr node, const char *attr, const char *v,
                             double *out, int want);
/* The index of v among n names (NULL entries never match), or -1. */
int fr_flame_keyword(const char *v, const char *const *names, int n);

/* flame_xml_diag.c */
fr_status fr_flame_read_nomem(fr_flame_reader *r);
/* FR_ERR_PARSE as "file:LINE: <element>: message". */
fr_status fr_flame_read_fail(fr_flame_reader *r, xmlNodePtr node, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A warning in out->warnings, unless one with the same key was given. */
fr_status fr_flame_read_warn_once(fr_flame_reader *r, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* An attribute kept verbatim in *extra (n of them) for the writer. */
fr_status fr_flame_read_keep_attr(fr_flame_reader *r, fr_flame_attr **extra, int *n, const char *name,
                                  const char *value);
/* The element serialised and appended to *kept (elements joined by sep). */
fr_status fr_flame_read_keep_element(fr_flame_reader *r, xmlNodePtr node, char **kept, const char *sep);
/* What flam3 does not read: an error when strict, else kept and warned
 * of once. An unknown keyword leaves flam3's value, named in `used`. */
fr_status fr_flame_read_unknown_attr(fr_flame_reader *r, xmlNodePtr node, const char *name, const char *value,
                                     fr_flame_attr **extra, int *n);
fr_status fr_flame_read_unknown_child(fr_flame_reader *r, xmlNodePtr parent, xmlNodePtr node, char **kept,
                                      const char *sep);
fr_status fr_flame_read_unknown_value(fr_flame_reader *r, xmlNodePtr node, const char *attr,
                                      const char *value, const char *used);

/* flame_xml_lines.c: the line an element's start tag begins on. libxml2
 * gives the line the tag ends on; fr_flame_xml_mark_lines finds the other
 * from the text (in each element's _private) where it can. */
void fr_flame_xml_mark_lines(xmlDocPtr doc, const char *text, size_t len);
long fr_flame_xml_line(xmlNodePtr node);

#endif
