/* flame_xml_diag.c - how the genome reader reports: errors that name the
 * file, line and element; warnings given once per kind of thing; and what
 * flam3 does not read, kept for the writer or refused in strict mode. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "flame/flame_xml_read.h"

fr_status fr_flame_read_nomem(fr_flame_reader *r)
{
    return fr_fail(r->ctx, FR_ERR_NOMEM, "%s: out of memory", r->name);
}

fr_status fr_flame_read_fail(fr_flame_reader *r, xmlNodePtr node, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return fr_fail(r->ctx, FR_ERR_PARSE, "%s:%ld: <%s>: %s", r->name, fr_flame_xml_line(node),
                   (const char *)node->name, msg);
}

/* A file with a thousand xforms of the same unknown attribute gets one
 * line: the key names the kind of thing warned of, not its place. */
fr_status fr_flame_read_warn_once(fr_flame_reader *r, const char *key, const char *fmt, ...)
{
    for (int i = 0; i < r->nkeys; i++)
        if (!strcmp(r->keys[i], key)) return FR_OK;
    char **keys = realloc(r->keys, (size_t)(r->nkeys + 1) * sizeof *keys);
    if (!keys) return fr_flame_read_nomem(r);
    r->keys = keys;
    if (!(keys[r->nkeys] = strdup(key))) return fr_flame_read_nomem(r);
    r->nkeys++;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fr_flame_file *f = r->out;
    char **w = realloc(f->warnings, (size_t)(f->nwarnings + 1) * sizeof *w);
    if (!w) return fr_flame_read_nomem(r);
    f->warnings = w;
    if (!(w[f->nwarnings] = strdup(msg))) return fr_flame_read_nomem(r);
    f->nwarnings++;
    return FR_OK;
}

fr_status fr_flame_read_keep_attr(fr_flame_reader *r, fr_flame_attr **extra, int *n, const char *name,
                                  const char *value)
{
    fr_flame_attr *a = realloc(*extra, (size_t)(*n + 1) * sizeof *a);
    if (!a) return fr_flame_read_nomem(r);
    *extra = a;
    a[*n].name = strdup(name);
    a[*n].value = strdup(value);
    if (!a[*n].name || !a[*n].value) {
        free(a[*n].name);
        free(a[*n].value);
        return fr_flame_read_nomem(r);
    }
    (*n)++;
    return FR_OK;
}

/* An attribute flam3 does not read: kept, so that writing the genome back
 * loses nothing (another program may read it), unless strict. */
fr_status fr_flame_read_unknown_attr(fr_flame_reader *r, xmlNodePtr node, const char *name, const char *value,
                                     fr_flame_attr **extra, int *n)
{
    if (r->strict) return fr_flame_read_fail(r, node, "attribute '%s' is not read by flam3", name);
    fr_status s = fr_flame_read_keep_attr(r, extra, n, name, value);
    if (s) return s;
    char key[256];
    snprintf(key, sizeof key, "attr %s %s", (const char *)node->name, name);
    return fr_flame_read_warn_once(r, key, "line %ld: <%s> attribute '%s' ignored", fr_flame_xml_line(node),
                                   (const char *)node->name, name);
}

/* The element as libxml2 serialises it, so the writer puts it back as it
 * came; sep is the line break and indentation of its level. */
fr_status fr_flame_read_keep_element(fr_flame_reader *r, xmlNodePtr node, char **kept, const char *sep)
{
    xmlBufferPtr buf = xmlBufferCreate();
    if (!buf) return fr_flame_read_nomem(r);
    if (xmlNodeDump(buf, r->doc, node, 0, 0) < 0) {
        xmlBufferFree(buf);
        return fr_flame_read_nomem(r);
    }
    const char *text = (const char *)xmlBufferContent(buf);
    size_t old = *kept ? strlen(*kept) : 0, add = strlen(text), ns = old ? strlen(sep) : 0;
    char *p = realloc(*kept, old + ns + add + 1);
    if (!p) {
        xmlBufferFree(buf);
        return fr_flame_read_nomem(r);
    }
    memcpy(p + old, sep, ns);
    memcpy(p + old + ns, text, add + 1);
    *kept = p;
    xmlBufferFree(buf);
    return FR_OK;
}

/* A child element flam3 does not read: kept like an attribute. */
fr_status fr_flame_read_unknown_child(fr_flame_reader *r, xmlNodePtr parent, xmlNodePtr node, char **kept,
                                      const char *sep)
{
    if (r->strict)
        return fr_flame_read_fail(r, node, "element not read by flam3 (in <%s>)", (const char *)parent->name);
    fr_status s = fr_flame_read_keep_element(r, node, kept, sep);
    if (s) return s;
    char key[256];
    snprintf(key, sizeof key, "elem %s %s", (const char *)parent->name, (const char *)node->name);
    return fr_flame_read_warn_once(r, key, "line %ld: <%s> child <%s> ignored", fr_flame_xml_line(node),
                                   (const char *)parent->name, (const char *)node->name);
}

/* A keyword flam3 does not know: flam3 warns and keeps the value it had,
 * and so does the reader unless strict. */
fr_status fr_flame_read_unknown_value(fr_flame_reader *r, xmlNodePtr node, const char *attr,
                                      const char *value, const char *used)
{
    if (r->strict) return fr_flame_read_fail(r, node, "%s '%s' is not a value flam3 knows", attr, value);
    char key[300];
    snprintf(key, sizeof key, "value %s %s %s", (const char *)node->name, attr, value);
    return fr_flame_read_warn_once(r, key, "line %ld: <%s> %s '%s' unknown, using %s",
                                   fr_flame_xml_line(node), (const char *)node->name, attr, value, used);
}
