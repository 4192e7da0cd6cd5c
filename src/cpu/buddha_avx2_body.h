/*
 * buddha_avx2_body.h - the orbit-density kernel for one precision, included
 * by buddha_avx2.c with:
 *   T, VT, NT      scalar type, its vector, the vector of step counters
 *   LN             lanes per vector
 *   FR_NAME        prefix of the functions made here
 *   V_*, N_*       the vector operations (see buddha_avx2.c)
 *   V_ABS          |a| (the burning ship's step)
 *   GONE           fr_buddha_gone_f/_d (buddha_job.h)
 *
 * Lanes with per-lane regeneration: each lane runs its own orbit, and a
 * lane whose orbit ends (escape, exact cycle, max) stores the result and
 * takes the next sample at once, so the vector stays full. Classification
 * (escape index and Brent cycle) and plotting (the orbit recomputed, each
 * point mapped and added) are two such lane machines. The vector step is
 * the canonical step (the same IEEE operations as the scalar one), the
 * cycle check is Brent's exactly as fr_orbit_*, and each point is mapped
 * and added by the scalar fr_buddha_plot_point, so the histogram equals
 * the reference's bit for bit.
 */

/* One canonical step of LN orbits of formula F (a literal: the switch
 * folds), the same IEEE operations as escape_step.h's scalar step:
 * mandelbrot x' = fma(x, x, fma(-y, y, cx)), y' = fma(x + x, y, cy);
 * burning ship y' = fma(|x + x|, |y|, cy); tricorn y' = fma(-(x + x), y, cy);
 * multibrot d - 1 products w = w z (t = fma(wx, x, -(wy y)),
 * wy = fma(wx, y, wy x)), then + c. */
static inline __attribute__((always_inline)) void FR_CAT(FR_NAME, _step)(const int F, int d, VT *x, VT *y, VT cx,
                                                                        VT cy)
{
    if (F == FR_STEP_MULTI) {
        VT wx = *x, wy = *y;
        for (int k = 1; k < d; k++) {
            VT t = V_FMA(wx, *x, V_NEG(V_MUL(wy, *y)));
            wy = V_FMA(wx, *y, V_MUL(wy, *x));
            wx = t;
        }
        *x = V_ADD(wx, cx);
        *y = V_ADD(wy, cy);
        return;
    }
    VT xn = V_FMA(*x, *x, V_FMA(V_NEG(*y), *y, cx));
    if (F == FR_STEP_SHIP) *y = V_FMA(V_ABS(V_ADD(*x, *x)), V_ABS(*y), cy);
    else if (F == FR_STEP_TRICORN) *y = V_FMA(V_NEG(V_ADD(*x, *x)), *y, cy);
    else *y = V_FMA(V_ADD(*x, *x), *y, cy);
    *x = xn;
}

/* Lane l takes sample s: z_0 and c (FR_ORBIT_START). */
#define FR_LANE_START(l, s)                                                                               \
    do {                                                                                                  \
        if (julia) ax[l] = pcx[s], ay[l] = pcy[s], acx[l] = jcx, acy[l] = jcy;                            \
        else ax[l] = ay[l] = 0, acx[l] = pcx[s], acy[l] = pcy[s];                                         \
    } while (0)

/* Classify n samples (c in cx[], cy[]) into o[]: the same escape index,
 * cycle and step count as fr_orbit_* gives each of them. */
static inline __attribute__((always_inline)) void FR_CAT(FR_NAME, _classify_f)(const fr_buddha_job *j, const int F,
                                                                               const T *pcx, const T *pcy, int n,
                                                                               fr_orbit *o)
{
    T ax[LN], ay[LN], acx[LN], acy[LN], asx[LN], asy[LN];
    NS an[LN], ans[LN], asn[LN], asn0[LN];
    int src[LN];
    int next = 0;
    unsigned active = 0;
    const int julia = j->julia, d = j->power;
    const T jcx = (T)j->julia_re, jcy = (T)j->julia_im;
    for (int l = 0; l < LN; l++) {
        asx[l] = asy[l] = (T)NAN;
        an[l] = 0, ans[l] = 1, asn[l] = 0;
        if (next < n) {
            src[l] = next;
            FR_LANE_START(l, next);
            next++;
            active |= 1u << l;
        } else {
            src[l] = -1, ax[l] = ay[l] = acx[l] = acy[l] = 0; /* z = c = 0 stays at 0: an idle lane */
        }
    }
    const VT b2 = V_SET1((T)j->b2);
    const NT maxn = N_SET1((NS)j->max_len), one = N_SET1(1);
    const int periodic = j->periodicity;
    while (active) {
        VT x = V_LOAD(ax), y = V_LOAD(ay), cx = V_LOAD(acx), cy = V_LOAD(acy);
        VT sx = V_LOAD(asx), sy = V_LOAD(asy);
        NT nn = N_LOAD(an), ns = N_LOAD(ans), sn = N_LOAD(asn), sn0 = sn;
        unsigned fin, esc, cyc = 0;
        for (;;) {
            FR_CAT(FR_NAME, _step)(F, d, &x, &y, cx, cy);
            nn = N_ADD(nn, one);
            VT m2 = V_FMA(x, x, V_MUL(y, y));
            esc = (unsigned)V_MOVEMASK(V_GT(m2, b2));
            fin = esc | (unsigned)V_MOVEMASK(N_EQ(nn, maxn));
            if (periodic) {
                cyc = (unsigned)V_MOVEMASK(V_AND(V_EQ(x, sx), V_EQ(y, sy)));
                fin |= cyc;
                /* A lane that ends here does not save (as in fr_orbit_*): its
                 * period is measured from the save before, kept in sn0. */
                sn0 = sn;
                VT save = N_EQ(nn, ns);
                sx = V_BLEND(sx, x, save);
                sy = V_BLEND(sy, y, save);
                sn = N_BLEND(sn, nn, save);
                ns = N_BLEND(ns, N_DOUBLE(ns), save);
            }
            if (fin & active) break;
        }
        V_STORE(ax, x), V_STORE(ay, y), V_STORE(asx, sx), V_STORE(asy, sy);
        N_STORE(an, nn), N_STORE(ans, ns), N_STORE(asn, sn), N_STORE(asn0, sn0);
        unsigned done = fin & active;
        while (done) {
            int l = __builtin_ctz(done);
            done &= done - 1;
            fr_orbit r = {j->max_len + 1, 0, 0, (uint32_t)an[l]};
            if (esc >> l & 1) r.e = (uint32_t)an[l];
            else if (cyc >> l & 1) r.cyc_s = (uint32_t)an[l], r.cyc_p = (uint32_t)an[l] - (uint32_t)asn0[l];
            o[src[l]] = r;
            asx[l] = asy[l] = (T)NAN;
            an[l] = 0, ans[l] = 1, asn[l] = 0;
            if (next < n) {
                src[l] = next;
                FR_LANE_START(l, next);
                next++;
            } else {
                src[l] = -1, ax[l] = ay[l] = acx[l] = acy[l] = 0;
                active &= ~(1u << l);
            }
        }
    }
}

static void FR_CAT(FR_NAME, _classify)(const fr_buddha_job *j, const T *pcx, const T *pcy, int n, fr_orbit *o)
{
    switch (j->step) {
    case FR_STEP_SHIP: FR_CAT(FR_NAME, _classify_f)(j, FR_STEP_SHIP, pcx, pcy, n, o); break;
    case FR_STEP_TRICORN: FR_CAT(FR_NAME, _classify_f)(j, FR_STEP_TRICORN, pcx, pcy, n, o); break;
    case FR_STEP_MULTI: FR_CAT(FR_NAME, _classify_f)(j, FR_STEP_MULTI, pcx, pcy, n, o); break;
    default: FR_CAT(FR_NAME, _classify_f)(j, FR_STEP_MANDEL, pcx, pcy, n, o); break;
    }
}

/* Plot n classified orbits: lanes step the orbits, each point goes through
 * the scalar mapping and add. Returns the increments; adds the steps. */
static inline __attribute__((always_inline)) uint64_t
FR_CAT(FR_NAME, _plot_f)(const fr_buddha_job *j, const int F, const T *pcx, const T *pcy, const uint32_t *pw,
                         const fr_orbit *po, const int *list, int n, int mode, int atomic, uint64_t *hist,
                         size_t plane, uint64_t *steps)
{
    const int julia = j->julia, d = j->power;
    const T jcx = (T)j->julia_re, jcy = (T)j->julia_im;
    T ax[LN], ay[LN], acx[LN], acy[LN];
    uint32_t an[LN], top[LN], len[LN][3];
    int src[LN];
    int next = 0;
    unsigned active = 0;
    uint64_t hits = 0;
    for (int l = 0; l < LN; l++) {
        ax[l] = ay[l] = 0, an[l] = 0;
        src[l] = -1, acx[l] = acy[l] = 0, top[l] = 0;
    }
    /* Fill the lanes that are free (active bit clear) with the next orbits. */
#define FR_PLOT_REFILL()                                                                                  \
    for (int l = 0; l < LN; l++) {                                                                        \
        if (active >> l & 1) continue;                                                                    \
        src[l] = -1, acx[l] = acy[l] = 0, ax[l] = ay[l] = 0, an[l] = 0;                                   \
        while (next < n) {                                                                                \
            int s = list[next++];                                                                         \
            uint32_t t = fr_buddha_plot_top(j, po[s], len[l]);                                            \
            if (!t) continue;                                                                             \
            *steps += t;                                                                                  \
            src[l] = s, top[l] = t;                                                                       \
            FR_LANE_START(l, s);                                                                          \
            active |= 1u << l;                                                                            \
            break;                                                                                        \
        }                                                                                                 \
    }
    FR_PLOT_REFILL();
    while (active) {
        VT x = V_LOAD(ax), y = V_LOAD(ay);
        const VT cx = V_LOAD(acx), cy = V_LOAD(acy);
        unsigned ended = 0;
        while (!ended) {
            FR_CAT(FR_NAME, _step)(F, d, &x, &y, cx, cy);
            V_STORE(ax, x), V_STORE(ay, y);
            for (unsigned a = active; a; a &= a - 1) {
                int l = __builtin_ctz(a);
                uint32_t k = ++an[l];
                hits += fr_buddha_plot_point(j, ax[l], ay[l], k, len[l], po[src[l]], pw[src[l]], mode, atomic,
                                             hist, plane);
                if (k == top[l]) ended |= 1u << l;
            }
        }
        active &= ~ended;
        FR_PLOT_REFILL();
    }
#undef FR_PLOT_REFILL
    return hits;
}

static uint64_t FR_CAT(FR_NAME, _plot)(const fr_buddha_job *j, const T *pcx, const T *pcy, const uint32_t *pw,
                                       const fr_orbit *po, const int *list, int n, int mode, int atomic,
                                       uint64_t *hist, size_t plane, uint64_t *steps)
{
#define FR_PLOT_CALL(F) FR_CAT(FR_NAME, _plot_f)(j, F, pcx, pcy, pw, po, list, n, mode, atomic, hist, plane, steps)
    switch (j->step) {
    case FR_STEP_SHIP: return FR_PLOT_CALL(FR_STEP_SHIP);
    case FR_STEP_TRICORN: return FR_PLOT_CALL(FR_STEP_TRICORN);
    case FR_STEP_MULTI: return FR_PLOT_CALL(FR_STEP_MULTI);
    default: return FR_PLOT_CALL(FR_STEP_MANDEL);
    }
#undef FR_PLOT_CALL
}
#undef FR_LANE_START

/* Samples [i0, i1): draw, reject the cardioid and bulb (and Julia samples
 * already outside R), classify in lanes,
 * plot the orbits that qualify in lanes. Counters as the scalar kernel. */
void FR_CAT(FR_NAME, _range)(const fr_buddha_job *j, uint64_t i0, uint64_t i1, int mode, int atomic,
                             uint64_t *hist, size_t plane, fr_buddha_scratch *s, fr_buddha_counters *c)
{
    T *pcx = s->cx.CX_MEMBER, *pcy = s->cy.CX_MEMBER;
    int n = 0;
    for (uint64_t i = i0; i < i1; i++) {
        double cr, ci;
        uint32_t w = fr_buddha_sample(j, i, &cr, &ci);
        T x = (T)cr, y = (T)ci;
        if (j->interior_test && fr_in_cardioid_or_bulb(x, y)) continue;
        if (GONE(j, x, y)) continue; /* a Julia z_0 outside R: nothing to plot */
        pcx[n] = x, pcy[n] = y, s->w[n] = w, n++;
    }
    FR_CAT(FR_NAME, _classify)(j, pcx, pcy, n, s->o);
    int m = 0;
    uint64_t iters = 0, steps = 0;
    for (int k = 0; k < n; k++) {
        iters += s->o[k].steps;
        uint32_t len[3];
        if (fr_buddha_plot_top(j, s->o[k], len)) s->list[m++] = k;
    }
    uint64_t hits = FR_CAT(FR_NAME, _plot)(j, pcx, pcy, s->w, s->o, s->list, m, mode, atomic, hist, plane, &steps);
    c->iterations += iters + steps;
    c->orbits += (uint64_t)m * (j->paired ? 2 : 1);
    c->hits += hits;
}
