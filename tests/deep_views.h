/* Deep views with structure, for the deep-zoom tests: a view framing a
 * minibrot of size about 10^-D, found with fr_locate_period /
 * fr_locate_nucleus, with a period as small as the depth allows so that an
 * MPFR oracle of the view stays cheap. */
#ifndef FR_TEST_DEEP_VIEWS_H
#define FR_TEST_DEEP_VIEWS_H

#include <stdint.h>

/* The KF 1e14 benchmark location's centre (double-precision deltas). */
/* Kalles Fraktaler's 1e50 location (../shared/corpus/kfr/1e50.kfr), and a
 * view 1e-8 wide beside it, rendered against that reference orbit as a
 * zoom video's frames are: a period-112 component fills much of it, its
 * samples rebase every few thousand iterations and never escape. */
#define KF50_RE "-0.0494700290631040937516922267273536301187457124882248793181049402326421947726869034279915499747594190000000000000000000"
#define KF50_IM "-0.6747875758446753640113920531305976563347707068224034806979997947909941983454845111514208499540310299999999999999999880"
#define KF50_1E8_CENTER "-0.0494700270631040937516922267273536301187457124882248793181049402326421947726869034279915499747594190000000000000000000," KF50_IM
#define KF14 "-1.759817130804847813610825010561798238243999999999999999999800,-0.012593310799749865383746631843264858450340000000000000000000"
/* tests/data/deep/ship-1e-320.view: a point of the Burning Ship's boundary to 337 digits */
#define SHIP320 \
    "0.3294984136687212698989659551923973022926365592705215840708964960341684355031995542850410849526827750381343656250037762938921515533438646336545453664168560182046352497129943922114859850215662606526641390119284681244029598790382102954139696947600054151258973227452058366825555977437511555285156953130645496887930044624082513580985793803515," \
    "0.4393312182249616931986212735898630697235154123606954454278619947122245806709327390467214466035770333841791541666717017251895354044584861782060604885558080242728469996173258562819813133620883475368855186825712908325372798387176137272186262596800072201678630969936077822434074636583348740380209270840860662517240059498776684774647725071353"

/* Where the minibrot is sought.
 *  DEEP_SITE_TIP: on the real axis near the tip c = -2 (orbit near the
 *    repelling fixed point z = 2, multiplier 4: size ~ 59 * 16^-p, the
 *    smallest possible period for a depth: p ~ 0.83 D). Orbits run along
 *    |z| = 2, so render / check these with a bailout >= 4.
 *  DEEP_SITE_I: off the axis near the Misiurewicz point c = i (period-2
 *    cycle, multiplier 4 (1 + i)): a generic orientation, but p ~ 1.35 D. */
typedef enum deep_site { DEEP_SITE_TIP = 0, DEEP_SITE_I = 1 } deep_site;
/* Views are framed off-centre (not symmetric about the centre lines). */

typedef struct deep_view {
    char *re, *im;           /* view centre, decimal text */
    char *width;             /* view width (6 x the minibrot size), decimal text */
    uint32_t period;         /* the minibrot's period */
    uint32_t max_iter;       /* suggested iteration limit */
    char *nucleus_re, *nucleus_im; /* the minibrot's nucleus */
    char *size;              /* its size estimate, "1.2345e-1234" */
    double orientation_deg;  /* its orientation */
} deep_view;

/* A view for depth 10^-depth_exp10 (depth_exp10 >= 3) at DEEP_SITE_I.
 * Returns 0 on success; on failure nonzero, and *v holds nothing. */
int deep_view_make(int depth_exp10, deep_view *v);
int deep_view_make_site(int depth_exp10, deep_site site, deep_view *v);
/* The last failure's message (from the locator), or "". */
const char *deep_view_error(void);
void deep_view_free(deep_view *v);

#endif
