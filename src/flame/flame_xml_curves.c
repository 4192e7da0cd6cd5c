/* flame_xml_curves.c - Ember's colour curves read from a <flame>: the
 * attribute curves (Fractorium's current format: four curves of four
 * points, each "x y weight", the weight unused) and the older
 * overall_curve, red_curve, green_curve, blue_curve ("x y" pairs, any
 * count). As XmlToEmber reads them: coordinates clamped to [0, 1], points
 * sorted by x, and a curve whose first two points are both (0, 0) gets
 * (0.25, 0.25) for the second, one whose third and fourth are both (1, 1)
 * gets (0.75, 0.75) for the fourth (sorted again after, as the spline
 * sorts them). A later attribute replaces what an earlier one set. */
#include <string.h>

#include "flame/flame_genome_attrs.h"
#include "flame/flame_xml_read.h"

static double clamp01(double v)
{
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

static int is_point(const double *p, double v)
{
    return p[0] == v && p[1] == v;
}

/* Curve k of c from n points xy (x y x y ...; stride numbers apart). */
static void set_curve(fr_flame_curves *c, int k, const double *xy, int n, int stride)
{
    double(*p)[2] = c->p[k];
    for (int i = 0; i < n; i++) {
        p[i][0] = clamp01(xy[i * stride]);
        p[i][1] = clamp01(xy[i * stride + 1]);
    }
    fr_flame_curve_sort(p, n);
    if (n >= 4) {
        if (is_point(p[0], 0) && is_point(p[1], 0)) p[1][0] = p[1][1] = 0.25;
        if (is_point(p[2], 1) && is_point(p[3], 1)) p[3][0] = p[3][1] = 0.75;
        fr_flame_curve_sort(p, n);
    }
    c->n[k] = n;
}

fr_status fr_flame_read_curve(fr_flame_reader *r, xmlNodePtr node, fr_flame_curves *c, const char *name,
                              const char *v)
{
    const int k = fr_flame_curve_attr(name);
    double num[2 * FR_FLAME_CURVE_MAX + 1];
    if (k == -1) {
        double all[4 * 4 * 3];
        fr_status s = fr_flame_read_nums(r, node, name, v, all, 4 * 4 * 3);
        if (s) return s;
        for (int i = 0; i < 4; i++)
            set_curve(c, i, all + i * 12, 4, 3);
        return FR_OK;
    }
    const int n = fr_flame_parse_list(v, num, 2 * FR_FLAME_CURVE_MAX);
    if (n < 0) return fr_flame_read_fail(r, node, "%s '%s' is not a list of numbers", name, v);
    if (n > 2 * FR_FLAME_CURVE_MAX)
        return fr_flame_read_fail(r, node, "%s has more than %d points", name, FR_FLAME_CURVE_MAX);
    if (n % 2 || n < 4)
        return fr_flame_read_fail(r, node, "%s needs 2 to %d points as x y pairs, got %d number%s", name,
                                  FR_FLAME_CURVE_MAX, n, n == 1 ? "" : "s");
    set_curve(c, k, num, n / 2, 2);
    return FR_OK;
}
