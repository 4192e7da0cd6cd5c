/* flame_xml_values.c - attribute values of a genome file: each attribute
 * of an element in turn, numbers, lists of them, keywords. A value that is not entirely numbers is an error
 * that names the attribute, and NaN and infinities are refused: a genome read is one that can be rendered and
 * written back. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flame/flame_xml_read.h"

int fr_flame_next_number(const char **s, double *d, int *i)
{
    const char *p = *s;
    while (isspace((unsigned char)*p))
        p++;
    if (!*p) return 0;
    char *end;
    int ok;
    errno = 0;
    if (i) {
        long l = strtol(p, &end, 10);
        ok = !errno && l >= INT_MIN && l <= INT_MAX;
        *i = (int)l;
    } else {
        *d = strtod(p, &end);
        ok = isfinite(*d);
    }
    if (end == p || !ok || (*end && !isspace((unsigned char)*end))) return -1;
    *s = end;
    return 1;
}

/* Doubles into dv, or whole numbers into iv when it is not NULL. */
static int parse_numbers(const char *s, double *dv, int *iv, int max)
{
    for (int n = 0;;) {
        double d;
        int i, k = fr_flame_next_number(&s, &d, iv ? &i : NULL);
        if (k <= 0) return k < 0 ? -1 : n;
        if (n < max) {
            if (iv)
                iv[n] = i;
            else
                dv[n] = d;
        }
        if (++n > max) return n;
    }
}

int fr_flame_parse_list(const char *s, double *v, int max)
{
    return parse_numbers(s, v, NULL, max);
}

int fr_flame_parse_ints(const char *s, int *v, int max)
{
    return parse_numbers(s, NULL, v, max);
}

fr_status fr_flame_read_attrs(fr_flame_reader *r, xmlNodePtr node, fr_flame_attr_fn fn, void *user)
{
    if (!node->properties) return fr_flame_read_fail(r, node, "element has no attributes");
    fr_status s = FR_OK;
    for (xmlAttrPtr a = node->properties; a && !s; a = a->next) {
        xmlChar *v = xmlNodeGetContent((xmlNodePtr)a);
        if (!v) return fr_flame_read_nomem(r);
        s = fn(r, node, (const char *)a->name, (const char *)v, user);
        xmlFree(v);
    }
    return s;
}

fr_status fr_flame_read_num(fr_flame_reader *r, xmlNodePtr node, const char *attr, const char *v, double *out)
{
    if (fr_flame_parse_list(v, out, 1) != 1)
        return fr_flame_read_fail(r, node, "%s '%s' is not a number", attr, v);
    return FR_OK;
}

/* A whole number, also written as a decimal of that value (JWildfire
 * writes temporal_samples="1.0"); "1.5" is refused, not truncated. */
fr_status fr_flame_read_int(fr_flame_reader *r, xmlNodePtr node, const char *attr, const char *v, int *out)
{
    if (fr_flame_parse_ints(v, out, 1) == 1) return FR_OK;
    double d;
    if (fr_flame_parse_list(v, &d, 1) == 1 && d == floor(d) && d >= INT_MIN && d <= INT_MAX) {
        *out = (int)d;
        return FR_OK;
    }
    return fr_flame_read_fail(r, node, "%s '%s' is not a whole number", attr, v);
}

fr_status fr_flame_read_nums(fr_flame_reader *r, xmlNodePtr node, const char *attr, const char *v,
                             double *out, int want)
{
    int n = fr_flame_parse_list(v, out, want);
    if (n < 0) return fr_flame_read_fail(r, node, "%s '%s' is not a list of numbers", attr, v);
    if (n != want)
        return fr_flame_read_fail(r, node, "%s needs %d numbers, got %d%s", attr, want,
                                  n > want ? want + 1 : n, n > want ? " or more" : "");
    return FR_OK;
}

int fr_flame_keyword(const char *v, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (names[i] && !strcmp(v, names[i])) return i;
    return -1;
}
