/* flame_genome_attrs.c - the tables of flame_genome_attrs.h, built from its
 * lists, and the names the genome reader and writer share. */
#include "flame/flame_genome_attrs.h"

#include <string.h>

/* The names of the enumerated attributes' values, in the enums' order
 * (flam3's numbering). */
static const char *const filter_names[] = {"gaussian", "hermite",  "box",      "triangle", "bell",
                                           "bspline",  "lanczos3", "lanczos2", "mitchell", "blackman",
                                           "catrom",   "hamming",  "hanning",  "quadratic"};
static const char *const tfilter_names[] = {"box", "gaussian", "exp"};
static const char *const palmode_names[] = {"step", "linear"};
static const char *const interp_names[] = {"linear", "smooth"};
static const char *const itype_names[] = {"linear", "log", "old", "older"};
static const char *const palinterp_names[] = {"hsv", "sweep", "rgb", "hsv_circular"};

const char *const fr_flame_motion_names[FR_MOTION_HILL + 1] = {NULL, "sin", "triangle", "hill"};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Ember's plugins (the variations it used) and new_linear (its 2D linear,
 * always 1 in its files); Electric Sheep's nick, url, notes, brood and
 * genebank (who made it, how it was bred); Apophysis 2's angle (rotate in
 * radians, which it also writes). Xforms: Ember's name (a label) and
 * var_color (the direct-colour variations' share: kept verbatim, read by
 * fr_flame_xform_precalc for an xform with one, FR_FLAME_NEED_COLOR). */
static const char *const meta_flame[] = {"plugins", "new_linear", "nick",  "url",
                                         "notes",   "angle",      "brood", "genebank"};
static const char *const meta_xform[] = {"name", "var_color"};

int fr_flame_meta_attr(const char *name, int xform)
{
    const char *const *list = xform ? meta_xform : meta_flame;
    const int n = xform ? COUNT(meta_xform) : COUNT(meta_flame);
    for (int i = 0; i < n; i++)
        if (!strcmp(name, list[i])) return 1;
    return 0;
}

const char *const fr_flame_curve_names[4] = {"overall_curve", "red_curve", "green_curve", "blue_curve"};

int fr_flame_curve_attr(const char *name)
{
    if (!strcmp(name, "curves")) return -1;
    for (int k = 0; k < 4; k++)
        if (!strcmp(name, fr_flame_curve_names[k])) return k;
    return -2;
}
#define GENOME_MEMBER(f) (((fr_flame_genome *)0)->f)

/* A row's kind as initialisers of its fr_flame_attr_desc: ENUM(names) and
 * SIZE(second) are macro calls, so that KIND_##kind pastes to KIND_ENUM
 * and the call's arguments follow. */
#define KIND_NUM .kind = FR_ATTR_NUM
#define KIND_INT .kind = FR_ATTR_INT
#define KIND_NUMS .kind = FR_ATTR_NUMS
#define KIND_NAME .kind = FR_ATTR_NAME
#define KIND_ENUM(names_) .kind = FR_ATTR_ENUM, .names = names_, .nnames = COUNT(names_)
#define KIND_SIZE(second)                                                                                    \
    .kind = FR_ATTR_SIZE, .field2 = #second, .offset2 = offsetof(fr_flame_genome, second)

#define GENOME_ROW(f, xml_, kind_, def_, when_, older)                                                       \
    {.xml = xml_,                                                                                            \
     .alias = older,                                                                                         \
     .field = #f,                                                                                            \
     .offset = offsetof(fr_flame_genome, f),                                                                 \
     .size = sizeof GENOME_MEMBER(f),                                                                        \
     KIND_##kind_,                                                                                           \
     .def = def_,                                                                                            \
     .when = FR_WRITE_##when_},

const fr_flame_attr_desc fr_flame_genome_attrs[] = {FR_FLAME_GENOME_ATTRS(GENOME_ROW)};
const int fr_flame_genome_nattrs = COUNT(fr_flame_genome_attrs);

/* The tables reach members by offset, so a row whose kind does not fit
 * its member's type would read and write the wrong bytes: each row is
 * checked here. An enum is read and written as an int. As above,
 * FITS_ENUM(names) and FITS_SIZE(second) leave a macro name that the
 * row's (f) then calls. */
#define FITS_NUM(f) _Generic(GENOME_MEMBER(f), double : 1, default : 0)
#define FITS_INT(f) _Generic(GENOME_MEMBER(f), int : 1, default : 0)
#define FITS_NUMS(f) _Generic(GENOME_MEMBER(f)[0], double : 1, default : 0)
#define FITS_NAME(f) _Generic(GENOME_MEMBER(f), char * : 1, default : 0)
#define FITS_ENUM(names_) FITS_INT_SIZED
#define FITS_INT_SIZED(f) (sizeof GENOME_MEMBER(f) == sizeof(int))
#define FITS_SIZE(second) FITS_INT(second) && FITS_INT
#define CHECK_ROW(f, xml_, kind_, def_, when_, older)                                                        \
    _Static_assert(FITS_##kind_(f), "the kind of " #f " does not fit its type");
FR_FLAME_GENOME_ATTRS(CHECK_ROW)

const fr_flame_attr_desc *fr_flame_genome_attr_find(const char *name)
{
    for (int i = 0; i < fr_flame_genome_nattrs; i++) {
        const fr_flame_attr_desc *d = &fr_flame_genome_attrs[i];
        if (!strcmp(name, d->xml) || (d->alias && !strcmp(name, d->alias))) return d;
    }
    return NULL;
}

int fr_flame_genome_attr_is_default(const fr_flame_attr_desc *d, const fr_flame_genome *g)
{
    switch (d->kind) {
    case FR_ATTR_NUM: return *FR_ATTR_CFIELD(g, d->offset, double) == d->def;
    case FR_ATTR_INT:
    case FR_ATTR_ENUM: return *FR_ATTR_CFIELD(g, d->offset, int) == (int)d->def;
    case FR_ATTR_NUMS:
        for (size_t i = 0; i < d->size / sizeof(double); i++)
            if (!(FR_ATTR_CFIELD(g, d->offset, double)[i] == d->def)) return 0;
        return 1;
    case FR_ATTR_SIZE:
        return *FR_ATTR_CFIELD(g, d->offset, int) == (int)d->def &&
               *FR_ATTR_CFIELD(g, d->offset2, int) == (int)d->def;
    case FR_ATTR_NAME: {
        const char *s = *FR_ATTR_CFIELD(g, d->offset, char *);
        return !s || !*s;
    }
    }
    return 0;
}

#define XFORM_ROW(f, def_, where)                                                                            \
    {.xml = #f, .offset = offsetof(fr_flame_xform, f), .def = def_, .place = FR_XATTR_##where},

const fr_flame_xattr_desc fr_flame_xform_attrs[] = {FR_FLAME_XFORM_ATTRS(XFORM_ROW)};
const int fr_flame_xform_nattrs = COUNT(fr_flame_xform_attrs);

#define CHECK_XFORM_ROW(f, def_, where)                                                                      \
    _Static_assert(_Generic(((fr_flame_xform *)0)->f, double : 1, default : 0), #f " is not a double");
FR_FLAME_XFORM_ATTRS(CHECK_XFORM_ROW)

const fr_flame_xattr_desc *fr_flame_xform_attr_find(const char *name)
{
    for (int i = 0; i < fr_flame_xform_nattrs; i++)
        if (!strcmp(name, fr_flame_xform_attrs[i].xml)) return &fr_flame_xform_attrs[i];
    return NULL;
}

/* flam3 3.1.1 reads mobius' parameters as Re_A or mobius_re_a (and writes
 * the latter); "legacy" is the name an older table gave them. */
static const struct {
    const char *xml, *name, *legacy;
} param_alias[] = {
    {"Re_A", "mobius_re_a", "re_a"}, {"Im_A", "mobius_im_a", "im_a"}, {"Re_B", "mobius_re_b", "re_b"},
    {"Im_B", "mobius_im_b", "im_b"}, {"Re_C", "mobius_re_c", "re_c"}, {"Im_C", "mobius_im_c", "im_c"},
    {"Re_D", "mobius_re_d", "re_d"}, {"Im_D", "mobius_im_d", "im_d"},
};
#define NALIAS COUNT(param_alias)

int fr_flame_param_xml_find(const char *name)
{
    for (int i = 0; i < NALIAS; i++) {
        if (!strcmp(name, param_alias[i].xml) || !strcmp(name, param_alias[i].name)) {
            int k = fr_flame_param_find(param_alias[i].name);
            return k >= 0 ? k : fr_flame_param_find(param_alias[i].legacy);
        }
        if (!strcmp(name, param_alias[i].legacy)) return -1; /* flam3 does not read it */
    }
    return fr_flame_param_find(name);
}

const char *fr_flame_param_xml_name(int k)
{
    const char *n = fr_flame_params[k].name;
    for (int i = 0; i < NALIAS; i++)
        if (!strcmp(n, param_alias[i].legacy)) return param_alias[i].name;
    return n;
}

int fr_flame_affine_is_identity(const double m[3][2])
{
    return m[0][0] == 1.0 && m[0][1] == 0.0 && m[1][0] == 0.0 && m[1][1] == 1.0 && m[2][0] == 0.0 &&
           m[2][1] == 0.0;
}

int fr_flame_affine_is_zero(const double m[3][2])
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 2; j++)
            if (m[i][j] != 0.0) return 0;
    return 1;
}
