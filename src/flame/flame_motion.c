/* flame_motion.c - <motion> elements at a time (see flame_motion.h). The
 * adds are made element by element, value by value, in the same
 * arithmetic as flam3's APPMOT (value += m * f), so the result is flam3's
 * to the bit. */
#include "flame/flame_motion.h"

#include <math.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

double fr_flame_motion_value(int func, double t)
{
    if (func == FR_MOTION_SIN) return sin(2.0 * M_PI * t);
    if (func == FR_MOTION_TRIANGLE) {
        double fr = fmod(t, 1.0);
        if (fr < 0) fr += 1.0;
        if (fr <= .25)
            fr = 4.0 * fr;
        else if (fr <= .75)
            fr = -4.0 * fr + 2.0;
        else
            fr = 4.0 * fr - 4.0;
        return fr;
    }
    return (1.0 - cos(2.0 * M_PI * t)) * 0.5;
}

int fr_flame_genome_has_motion(const fr_flame_genome *g)
{
    for (int i = 0; i < g->nxf; i++)
        if (g->xf[i].nmotion > 0) return 1;
    return g->final && g->final->nmotion > 0;
}

void fr_flame_xform_at_time(const fr_flame_xform *x, double t, fr_flame_xform *out)
{
    *out = *x;
    for (int i = 0; i < x->nmotion; i++) {
        const fr_flame_motion *m = &x->motion[i];
        const fr_flame_xform *v = m->xf;
        if (!v) continue;
        /* flam3 keeps the frequency as an int */
        const double f = fr_flame_motion_value((int)m->func, (int)m->freq * t);
        out->weight += v->weight * f;
        out->color += v->color * f;
        out->opacity += v->opacity * f;
        out->color_speed += v->color_speed * f;
        out->animate += v->animate * f;
        for (int k = 0; k < FR_FLAME_NPARAM; k++)
            out->param[k] += v->param[k] * f;
        for (int k = 0; k < FR_FLAME_NVAR; k++)
            out->var[k] += v->var[k] * f;
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 2; c++) {
                out->c[r][c] += v->c[r][c] * f;
                out->post[r][c] += v->post[r][c] * f;
            }
    }
    if (out->color < 0) out->color = 0;
    if (out->color > 1) out->color = 1;
    if (out->weight < 0) out->weight = 0;
    out->has_post = !(out->post[0][0] == 1.0 && out->post[0][1] == 0.0 && out->post[1][0] == 0.0 &&
                      out->post[1][1] == 1.0 && out->post[2][0] == 0.0 && out->post[2][1] == 0.0);
}
