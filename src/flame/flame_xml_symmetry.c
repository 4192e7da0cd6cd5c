/* flame_xml_symmetry.c - <symmetry kind="N"/> in a genome file, expanded
 * into xforms as flam3 3.1.1's flam3_add_symmetry does, its sort and its
 * quirks included, so that the genome is the one flam3 renders. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flame/flame_symmetry.h"
#include "flame/flame_xml_read.h"

/* The reader's way of adding an xform (its capacity, its messages). */
typedef struct sym_reader {
    fr_flame_reader *r;
    fr_flame_read_state *st;
    xmlNodePtr node;
} sym_reader;

static fr_status append_sym(void *user, fr_flame_genome *g, fr_flame_xform **out)
{
    sym_reader *sr = user;
    fr_status s = fr_flame_read_grow(sr->r, sr->st, sr->node);
    if (s) return s;
    fr_flame_xform *x = &g->xf[g->nxf++];
    fr_flame_xform_init(x);
    *out = x;
    return FR_OK;
}

/* flam3_add_symmetry for kind != 0 (flame_symmetry.c). */
static fr_status add_symmetry(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node, int sym)
{
    fr_flame_genome *g = st->g;
    if (sym == 1 || sym == 0) return FR_OK;
    if (sym < -FR_FLAME_MAX_XFORMS || sym > FR_FLAME_MAX_XFORMS ||
        g->nxf + (sym < 0 ? -sym : sym) > FR_FLAME_MAX_XFORMS)
        return fr_flame_read_fail(r, node, "symmetry kind %d would make more than %d xforms", sym,
                                  FR_FLAME_MAX_XFORMS);
    sym_reader sr = {r, st, node};
    fr_status s = fr_flame_symmetry_add(g, sym, append_sym, &sr);
    return s == FR_ERR_NOMEM ? fr_flame_read_nomem(r) : s;
}

static fr_status symmetry_attr(fr_flame_reader *r, xmlNodePtr node, const char *name, const char *v,
                               void *kind)
{
    if (!strcmp(name, "kind")) return fr_flame_read_int(r, node, "kind", v, kind);
    return fr_flame_read_fail(r, node, "unknown attribute '%s' (flam3 rejects it)", name);
}

/* kind 0 asks flam3 for a random symmetry, which a file read twice would
 * not give twice: ignored (an error when strict). */
fr_status fr_flame_read_symmetry(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node)
{
    int kind = 0;
    fr_status s = fr_flame_read_attrs(r, node, symmetry_attr, &kind);
    if (s) return s;
    if (kind == 0) {
        if (r->strict) return fr_flame_read_fail(r, node, "kind 0 (a random symmetry) cannot be reproduced");
        return fr_flame_read_warn_once(r, "symmetry 0", "line %ld: <symmetry kind=\"0\"> (random) ignored",
                                       fr_flame_xml_line(node));
    }
    return add_symmetry(r, st, node, kind);
}
