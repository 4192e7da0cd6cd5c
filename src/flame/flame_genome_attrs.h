/*
 * flame_genome_attrs.h - the attributes of a genome file's <flame>, and the
 * plain ones of its xforms, each described once. Internal to src/flame.
 *
 * A row of the lists below holds every fact about an attribute: its field,
 * its XML name, how its value is spelt, flam3's default and when it is
 * written. flame_genome_attrs.c turns the lists into tables; the reader,
 * the writer, the defaults (fr_flame_genome_init, fr_flame_xform_init) and
 * the comparison (fr_flame_genome_equal) loop over the tables, so adding an
 * attribute or changing a default is one row.
 *
 * Also here, the rest of the vocabulary the reader and the writer share:
 * motion_function's names, flam3's spellings of variation parameters, and
 * the affine matrices left out of a file.
 */
#ifndef FR_FLAME_GENOME_ATTRS_H
#define FR_FLAME_GENOME_ATTRS_H

#include <stddef.h>

#include "flame/flame_genome.h"

/* The attributes of <flame>, in the order flam3_print writes them (and
 * so the order in which they are compared):
 *   X(field, attribute, kind, flam3 default, written, older name also read)
 * field:   the fr_flame_genome member.
 * kind:    NUM a double; INT an int; ENUM(names) an enum, read and written
 *          by its name (names[value]); NUMS a double array, its numbers
 *          separated by spaces; SIZE(second) two ints, the field and the
 *          member `second`, "W H"; NAME a string (flam3 keeps 64 bytes and
 *          turns white space into '_').
 * default: flam3 3.1.1's (clear_cp with defaults on), that of every number
 *          of a NUMS or SIZE; a NAME has none (NULL).
 * written: ALWAYS; CHANGED, when not the default (a NAME: when not empty);
 *          EXP_FILTER, when changed or temporal_filter_type is exp (the
 *          only time flam3_print writes it).
 * Two attributes do more when read (center also sets rot_center, hue is
 * taken modulo 1), and two are not fields (soloxform, version): the
 * reader handles them itself. The rows after palette are Ember's
 * (Fractorium, Apophysis, JWildfire), default what Ember assumes when
 * absent (0: not given, for sub_batch_size and fuse), written only when
 * set. Ember's colour curves (flame_xml_curves.c) and its metadata
 * (fr_flame_meta_attr) are read outside the table. */
/* clang-format off */
#define FR_FLAME_GENOME_ATTRS(X)                                                                                                           \
    X(time,                  "time",                  NUM,                   0.0,                       ALWAYS,     NULL)                  \
    X(name,                  "name",                  NAME,                  0,                         CHANGED,    NULL)                  \
    X(width,                 "size",                  SIZE(height),          100,                       ALWAYS,     NULL)                  \
    X(center,                "center",                NUMS,                  0.0,                       ALWAYS,     NULL)                  \
    X(scale,                 "scale",                 NUM,                   50.0,                      ALWAYS,     NULL)                  \
    X(zoom,                  "zoom",                  NUM,                   0.0,                       CHANGED,    NULL)                  \
    X(rotate,                "rotate",                NUM,                   0.0,                       ALWAYS,     NULL)                  \
    X(supersample,           "supersample",           INT,                   1,                         ALWAYS,     "oversample")          \
    X(filter,                "filter",                NUM,                   0.5,                       ALWAYS,     NULL)                  \
    X(filter_shape,          "filter_shape",          ENUM(filter_names),    FR_FILTER_GAUSSIAN,        ALWAYS,     NULL)                  \
    X(temporal_filter_type,  "temporal_filter_type",  ENUM(tfilter_names),   FR_TFILTER_BOX,            ALWAYS,     NULL)                  \
    X(temporal_filter_exp,   "temporal_filter_exp",   NUM,                   0.0,                       EXP_FILTER, NULL)                  \
    X(temporal_filter_width, "temporal_filter_width", NUM,                   1.0,                       ALWAYS,     NULL)                  \
    X(quality,               "quality",               NUM,                   1.0,                       ALWAYS,     NULL)                  \
    X(passes,                "passes",                INT,                   1,                         ALWAYS,     NULL)                  \
    X(temporal_samples,      "temporal_samples",      INT,                   1000,                      ALWAYS,     NULL)                  \
    X(background,            "background",            NUMS,                  0.0,                       ALWAYS,     NULL)                  \
    X(brightness,            "brightness",            NUM,                   4.0,                       ALWAYS,     NULL)                  \
    X(gamma,                 "gamma",                 NUM,                   4.0,                       ALWAYS,     NULL)                  \
    X(highlight_power,       "highlight_power",       NUM,                   -1.0,                      ALWAYS,     NULL)                  \
    X(vibrancy,              "vibrancy",              NUM,                   1.0,                       ALWAYS,     NULL)                  \
    X(estimator_radius,      "estimator_radius",      NUM,                   9.0,                       ALWAYS,     NULL)                  \
    X(estimator_minimum,     "estimator_minimum",     NUM,                   0.0,                       ALWAYS,     NULL)                  \
    X(estimator_curve,       "estimator_curve",       NUM,                   0.4,                       ALWAYS,     NULL)                  \
    X(gamma_threshold,       "gamma_threshold",       NUM,                   0.01,                      ALWAYS,     NULL)                  \
    X(palette_mode,          "palette_mode",          ENUM(palmode_names),   FR_PALETTE_STEP,           ALWAYS,     NULL)                  \
    X(interpolation,         "interpolation",         ENUM(interp_names),    FR_INTERP_LINEAR,          CHANGED,    NULL)                  \
    X(interpolation_type,    "interpolation_type",    ENUM(itype_names),     FR_INTERP_TYPE_LOG,        ALWAYS,     "interpolation_space") \
    X(palette_interpolation, "palette_interpolation", ENUM(palinterp_names), FR_PALINTERP_HSV_CIRCULAR, ALWAYS,     NULL)                  \
    X(hsv_rgb_palette_blend, "hsv_rgb_palette_blend", NUM,                   0.0,                       CHANGED,    NULL)                  \
    X(hue_rotation,          "hue",                   NUM,                   0.0,                       CHANGED,    NULL)                  \
    X(palette_index,         "palette",               INT,                   -1,                        CHANGED,    NULL)                  \
    X(sub_batch_size,        "sub_batch_size",        INT,                   0,                         CHANGED,    NULL)                  \
    X(fuse,                  "fuse",                  INT,                   0,                         CHANGED,    NULL)                  \
    X(rand_range,            "rand_range",            NUM,                   1.0,                       CHANGED,    NULL)                  \
    X(logscale_k2,           "logscale_k2",           NUM,                   0.0,                       CHANGED,    NULL)                  \
    X(cam_zpos,              "cam_zpos",              NUM,                   0.0,                       CHANGED,    NULL)                  \
    X(cam_persp,             "cam_persp",             NUM,                   0.0,                       CHANGED,    "cam_perspective")     \
    X(cam_yaw,               "cam_yaw",               NUM,                   0.0,                       CHANGED,    NULL)                  \
    X(cam_pitch,             "cam_pitch",             NUM,                   0.0,                       CHANGED,    NULL)                  \
    X(cam_dof,               "cam_dof",               NUM,                   0.0,                       CHANGED,    NULL)                  \
    X(blur_curve,            "blur_curve",            NUM,                   0.0,                       CHANGED,    NULL)                  \
    X(enable_de,             "enable_de",             INT,                   1,                         CHANGED,    NULL)
/* clang-format on */

typedef enum fr_flame_attr_kind {
    FR_ATTR_NUM,
    FR_ATTR_INT,
    FR_ATTR_ENUM,
    FR_ATTR_NUMS,
    FR_ATTR_SIZE,
    FR_ATTR_NAME
} fr_flame_attr_kind;

typedef enum fr_flame_attr_when { FR_WRITE_ALWAYS, FR_WRITE_CHANGED, FR_WRITE_EXP_FILTER } fr_flame_attr_when;

/* A row of FR_FLAME_GENOME_ATTRS. */
typedef struct fr_flame_attr_desc {
    const char *xml;   /* the attribute's name */
    const char *alias; /* an older name also read, or NULL */
    const char *field; /* the member's name (the comparison's messages) */
    size_t offset;     /* of the member in fr_flame_genome */
    size_t size;       /* of the member, in bytes (a NUMS holds size / sizeof(double)) */
    fr_flame_attr_kind kind;
    const char *const *names; /* ENUM: the values' names, nnames of them */
    int nnames;
    const char *field2; /* SIZE: the second int's member and offset */
    size_t offset2;
    double def;
    fr_flame_attr_when when;
} fr_flame_attr_desc;

extern const fr_flame_attr_desc fr_flame_genome_attrs[];
extern const int fr_flame_genome_nattrs;

/* The row read under `name` (its attribute or older name), or NULL. */
const fr_flame_attr_desc *fr_flame_genome_attr_find(const char *name);
/* Whether g's value of the row is flam3's default (a NAME: none or ""). */
int fr_flame_genome_attr_is_default(const fr_flame_attr_desc *d, const fr_flame_genome *g);

/* The plain attributes of <xform>, <finalxform> and <motion>: a double
 * each, named as its fr_flame_xform member, in the order flam3_print
 * writes them:
 *   X(field, flam3 default (initialize_xforms), where written)
 * where: LEAD, before the variations; LEAD_STD, the same but not in a
 * final xform (it has no weight); TAIL, after the chaos row. A <motion>
 * writes one only when it is not 0 (it is added to the xform's value).
 * flam3_print leaves animate out of final xforms; it is written here so
 * that a value other than the default survives. color may also be two
 * numbers, the second ignored: the reader handles it itself. */
#define FR_FLAME_XFORM_ATTRS(X)                                                                              \
    X(weight, 0.0, LEAD_STD)                                                                                 \
    X(color, 0.0, LEAD)                                                                                      \
    X(color_speed, 0.5, LEAD)                                                                                \
    X(animate, 1.0, LEAD)                                                                                    \
    X(opacity, 1.0, TAIL)

typedef enum fr_flame_xattr_place { FR_XATTR_LEAD, FR_XATTR_LEAD_STD, FR_XATTR_TAIL } fr_flame_xattr_place;

/* A row of FR_FLAME_XFORM_ATTRS. */
typedef struct fr_flame_xattr_desc {
    const char *xml; /* the attribute's name, also its member's */
    size_t offset;   /* of the double in fr_flame_xform */
    double def;
    fr_flame_xattr_place place;
} fr_flame_xattr_desc;

extern const fr_flame_xattr_desc fr_flame_xform_attrs[];
extern const int fr_flame_xform_nattrs;

const fr_flame_xattr_desc *fr_flame_xform_attr_find(const char *name);

/* Attributes that other programs (Fractorium/Ember, Apophysis, JWildfire,
 * Electric Sheep) write and that change nothing fractalis draws: kept
 * verbatim without a warning (see ARCHITECTURE.md, "Ember genome
 * features"). xform: 0 for <flame>, 1 for an xform. */
int fr_flame_meta_attr(const char *name, int xform);

/* Ember's colour-curve attributes: "curves" (-1: all four curves), or
 * overall_curve, red_curve, green_curve, blue_curve (the curve's index 0
 * to 3); -2 for any other name. */
int fr_flame_curve_attr(const char *name);
extern const char *const fr_flame_curve_names[4];

/* A member of a genome or an xform by its row's offset. */
#define FR_ATTR_FIELD(obj, offset, type) ((type *)((char *)(obj) + (offset)))
#define FR_ATTR_CFIELD(obj, offset, type) ((const type *)((const char *)(obj) + (offset)))

/* motion_function's values by fr_flame_motion_fn (0 has none). */
extern const char *const fr_flame_motion_names[FR_MOTION_HILL + 1];

/* The parameter an xform attribute sets, under flam3 3.1.1's names (mobius'
 * as Re_A or mobius_re_a, not re_a), or -1; and the name it is written as. */
int fr_flame_param_xml_find(const char *name);
const char *fr_flame_param_xml_name(int k);

/* post is written unless it is the identity; a <motion>'s coefs and post
 * unless all zero (what it adds). */
int fr_flame_affine_is_identity(const double m[3][2]);
int fr_flame_affine_is_zero(const double m[3][2]);

#endif
