/*
 * buddha_avx2_body.h - the orbit-density kernel for one precision, included
 * by buddha_avx2.c with:
 *   T, VT, NT      scalar type, its vector, the vector of step counters
 *   LN             lanes per vector
 *   FR_NAME        prefix of the functions made here
 *   V_*, N_*       the vector operations (see buddha_avx2.c)
 *   STEP, ORBIT    the scalar canonical step and orbit (buddha_job.h)
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

/* One canonical step of LN orbits: x' = fma(x, x, fma(-y, y, cx)),
 * y' = fma(x + x, y, cy). */
static inline __attribute__((always_inline)) void FR_CAT(FR_NAME, _step)(VT *x, VT *y, VT cx, VT cy)
{
    VT xn = V_FMA(*x, *x, V_FMA(V_NEG(*y), *y, cx));
    *y = V_FMA(V_ADD(*x, *x), *y, cy);
    *x = xn;
}

/* Classify n samples (c in cx[], cy[]) into o[]: the same escape index,
 * cycle and step count as ORBIT gives each of them. */
static void FR_CAT(FR_NAME, _classify)(const fr_buddha_job *j, const T *pcx, const T *pcy, int n, fr_orbit *o)
{
    T ax[LN], ay[LN], acx[LN], acy[LN], asx[LN], asy[LN];
    NS an[LN], ans[LN], asn[LN], asn0[LN];
    int src[LN];
    int next = 0;
    unsigned active = 0;
    for (int l = 0; l < LN; l++) {
        ax[l] = ay[l] = 0, asx[l] = asy[l] = (T)NAN;
        an[l] = 0, ans[l] = 1, asn[l] = 0;
        if (next < n) {
            src[l] = next, acx[l] = pcx[next], acy[l] = pcy[next], next++;
            active |= 1u << l;
        } else {
            src[l] = -1, acx[l] = acy[l] = 0; /* c = 0 stays at 0: an idle lane */
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
            FR_CAT(FR_NAME, _step)(&x, &y, cx, cy);
            nn = N_ADD(nn, one);
            VT m2 = V_FMA(x, x, V_MUL(y, y));
            esc = (unsigned)V_MOVEMASK(V_GT(m2, b2));
            fin = esc | (unsigned)V_MOVEMASK(N_EQ(nn, maxn));
            if (periodic) {
                cyc = (unsigned)V_MOVEMASK(V_AND(V_EQ(x, sx), V_EQ(y, sy)));
                fin |= cyc;
                /* A lane that ends here does not save (as in ORBIT): its
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
            ax[l] = ay[l] = 0, asx[l] = asy[l] = (T)NAN;
            an[l] = 0, ans[l] = 1, asn[l] = 0;
            if (next < n) {
                src[l] = next, acx[l] = pcx[next], acy[l] = pcy[next], next++;
            } else {
                src[l] = -1, acx[l] = acy[l] = 0;
                active &= ~(1u << l);
            }
        }
    }
}

/* Plot n classified orbits: lanes step the orbits, each point goes through
 * the scalar mapping and add. Returns the increments; adds the steps. */
static uint64_t FR_CAT(FR_NAME, _plot)(const fr_buddha_job *j, const T *pcx, const T *pcy, const uint32_t *pw,
                                       const fr_orbit *po, const int *list, int n, int mode, int atomic,
                                       uint64_t *hist, size_t plane, uint64_t *steps)
{
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
            src[l] = s, top[l] = t, acx[l] = pcx[s], acy[l] = pcy[s];                                     \
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
            FR_CAT(FR_NAME, _step)(&x, &y, cx, cy);
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

/* Samples [i0, i1): draw, reject the cardioid and bulb, classify in lanes,
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
