/*
 * flame_var_calls.h - the call of each variation (pre_blur excepted: it
 * moves the point first; flatten has none: it zeroes the xform's z), as
 * one list: X(index, draws, call)
 * where `draws` is 1 when the variation takes random numbers from the
 * walker's stream. The call reads x (const fr_flame_vset *), f
 * (fr_flame_vctx *), w (the weight) and rng (fr_flame_rng *).
 *
 * The scalar dispatch (fr_flame_var_dispatch) and the CPU's batched loops
 * (src/cpu/flame_simd.c) are both generated from it, so a variation's
 * formula exists once. It is two lists: the common variations, and the rare
 * ones that the scalar dispatch reaches through one call.
 */
#ifndef FR_FLAME_VAR_CALLS_H
#define FR_FLAME_VAR_CALLS_H

#define FR_FLAME_VAR_CALLS(X) FR_FLAME_VAR_CALLS_COMMON(X) FR_FLAME_VAR_CALLS_RARE(X)

/* flam3's 99 and Ember's first nine: the scalar dispatch's own switch. */
#define FR_FLAME_VAR_CALLS_COMMON(X) \
    X(FR_V_LINEAR, 0, fr_var_linear(f, w)) \
    X(FR_V_SINUSOIDAL, 0, fr_var_sinusoidal(f, w)) \
    X(FR_V_SPHERICAL, 0, fr_var_spherical(f, w)) \
    X(FR_V_SWIRL, 0, fr_var_swirl(f, w)) \
    X(FR_V_HORSESHOE, 0, fr_var_horseshoe(f, w)) \
    X(FR_V_POLAR, 0, fr_var_polar(f, w)) \
    X(FR_V_HANDKERCHIEF, 0, fr_var_handkerchief(f, w)) \
    X(FR_V_HEART, 0, fr_var_heart(f, w)) \
    X(FR_V_DISC, 0, fr_var_disc(f, w)) \
    X(FR_V_SPIRAL, 0, fr_var_spiral(f, w)) \
    X(FR_V_HYPERBOLIC, 0, fr_var_hyperbolic(f, w)) \
    X(FR_V_DIAMOND, 0, fr_var_diamond(f, w)) \
    X(FR_V_EX, 0, fr_var_ex(f, w)) \
    X(FR_V_JULIA, 1, fr_var_julia(f, w, rng)) \
    X(FR_V_BENT, 0, fr_var_bent(f, w)) \
    X(FR_V_WAVES, 0, fr_var_waves(x, f, w)) \
    X(FR_V_FISHEYE, 0, fr_var_fisheye(f, w)) \
    X(FR_V_POPCORN, 0, fr_var_popcorn(x, f, w)) \
    X(FR_V_EXPONENTIAL, 0, fr_var_exponential(f, w)) \
    X(FR_V_POWER, 0, fr_var_power(f, w)) \
    X(FR_V_COSINE, 0, fr_var_cosine(f, w)) \
    X(FR_V_RINGS, 0, fr_var_rings(x, f, w)) \
    X(FR_V_FAN, 0, fr_var_fan(x, f, w)) \
    X(FR_V_BLOB, 0, fr_var_blob(x, f, w)) \
    X(FR_V_PDJ, 0, fr_var_pdj(x, f, w)) \
    X(FR_V_FAN2, 0, fr_var_fan2(x, f, w)) \
    X(FR_V_RINGS2, 0, fr_var_rings2(x, f, w)) \
    X(FR_V_EYEFISH, 0, fr_var_eyefish(f, w)) \
    X(FR_V_BUBBLE, 0, fr_var_bubble(f, w)) \
    X(FR_V_CYLINDER, 0, fr_var_cylinder(f, w)) \
    X(FR_V_PERSPECTIVE, 0, fr_var_perspective(x, f, w)) \
    X(FR_V_NOISE, 1, fr_var_noise(f, w, rng)) \
    X(FR_V_JULIAN, 1, fr_var_julian(x, f, w, rng)) \
    X(FR_V_JULIASCOPE, 1, fr_var_juliascope(x, f, w, rng)) \
    X(FR_V_BLUR, 1, fr_var_blur(f, w, rng)) \
    X(FR_V_GAUSSIAN_BLUR, 1, fr_var_gaussian_blur(f, w, rng)) \
    X(FR_V_RADIAL_BLUR, 1, fr_var_radial_blur(x, f, w, rng)) \
    X(FR_V_PIE, 1, fr_var_pie(x, f, w, rng)) \
    X(FR_V_NGON, 0, fr_var_ngon(x, f, w)) \
    X(FR_V_CURL, 0, fr_var_curl(x, f, w)) \
    X(FR_V_RECTANGLES, 0, fr_var_rectangles(x, f, w)) \
    X(FR_V_ARCH, 1, fr_var_arch(f, w, rng)) \
    X(FR_V_TANGENT, 0, fr_var_tangent(f, w)) \
    X(FR_V_SQUARE, 1, fr_var_square(f, w, rng)) \
    X(FR_V_RAYS, 1, fr_var_rays(f, w, rng)) \
    X(FR_V_BLADE, 1, fr_var_blade(f, w, rng)) \
    X(FR_V_SECANT2, 0, fr_var_secant2(f, w)) \
    X(FR_V_TWINTRIAN, 1, fr_var_twintrian(f, w, rng)) \
    X(FR_V_CROSS, 0, fr_var_cross(f, w)) \
    X(FR_V_DISC2, 0, fr_var_disc2(x, f, w)) \
    X(FR_V_SUPER_SHAPE, 1, fr_var_super_shape(x, f, w, rng)) \
    X(FR_V_FLOWER, 1, fr_var_flower(x, f, w, rng)) \
    X(FR_V_CONIC, 1, fr_var_conic(x, f, w, rng)) \
    X(FR_V_PARABOLA, 1, fr_var_parabola(x, f, w, rng)) \
    X(FR_V_BENT2, 0, fr_var_bent2(x, f, w)) \
    X(FR_V_BIPOLAR, 0, fr_var_bipolar(x, f, w)) \
    X(FR_V_BOARDERS, 1, fr_var_boarders(f, w, rng)) \
    X(FR_V_BUTTERFLY, 0, fr_var_butterfly(f, w)) \
    X(FR_V_CELL, 0, fr_var_cell(x, f, w)) \
    X(FR_V_CPOW, 1, fr_var_cpow(x, f, w, rng)) \
    X(FR_V_CURVE, 0, fr_var_curve(x, f, w)) \
    X(FR_V_EDISC, 0, fr_var_edisc(f, w)) \
    X(FR_V_ELLIPTIC, 0, fr_var_elliptic(f, w)) \
    X(FR_V_ESCHER, 0, fr_var_escher(x, f, w)) \
    X(FR_V_FOCI, 0, fr_var_foci(f, w)) \
    X(FR_V_LAZYSUSAN, 0, fr_var_lazysusan(x, f, w)) \
    X(FR_V_LOONIE, 0, fr_var_loonie(f, w)) \
    X(FR_V_MODULUS, 0, fr_var_modulus(x, f, w)) \
    X(FR_V_OSCILLOSCOPE, 0, fr_var_oscilloscope(x, f, w)) \
    X(FR_V_POLAR2, 0, fr_var_polar2(f, w)) \
    X(FR_V_POPCORN2, 0, fr_var_popcorn2(x, f, w)) \
    X(FR_V_SCRY, 0, fr_var_scry(f, w)) \
    X(FR_V_SEPARATION, 0, fr_var_separation(x, f, w)) \
    X(FR_V_SPLIT, 0, fr_var_split(x, f, w)) \
    X(FR_V_SPLITS, 0, fr_var_splits(x, f, w)) \
    X(FR_V_STRIPES, 0, fr_var_stripes(x, f, w)) \
    X(FR_V_WEDGE, 0, fr_var_wedge(x, f, w)) \
    X(FR_V_WEDGE_JULIA, 1, fr_var_wedge_julia(x, f, w, rng)) \
    X(FR_V_WEDGE_SPH, 0, fr_var_wedge_sph(x, f, w)) \
    X(FR_V_WHORL, 0, fr_var_whorl(x, f, w)) \
    X(FR_V_WAVES2, 0, fr_var_waves2(x, f, w)) \
    X(FR_V_EXP, 0, fr_var_exp(f, w)) \
    X(FR_V_LOG, 0, fr_var_log(x, f, w)) \
    X(FR_V_SIN, 0, fr_var_sin(f, w)) \
    X(FR_V_COS, 0, fr_var_cos(f, w)) \
    X(FR_V_TAN, 0, fr_var_tan(f, w)) \
    X(FR_V_SEC, 0, fr_var_sec(f, w)) \
    X(FR_V_CSC, 0, fr_var_csc(f, w)) \
    X(FR_V_COT, 0, fr_var_cot(f, w)) \
    X(FR_V_SINH, 0, fr_var_sinh(f, w)) \
    X(FR_V_COSH, 0, fr_var_cosh(f, w)) \
    X(FR_V_TANH, 0, fr_var_tanh(f, w)) \
    X(FR_V_SECH, 0, fr_var_sech(f, w)) \
    X(FR_V_CSCH, 0, fr_var_csch(f, w)) \
    X(FR_V_COTH, 0, fr_var_coth(f, w)) \
    X(FR_V_AUGER, 0, fr_var_auger(x, f, w)) \
    X(FR_V_FLUX, 0, fr_var_flux(x, f, w)) \
    X(FR_V_MOBIUS, 0, fr_var_mobius(x, f, w)) \
    X(FR_V_LINEAR3D, 0, fr_var_linear3d(f, w)) \
    X(FR_V_HEMISPHERE, 0, fr_var_hemisphere(f, w)) \
    X(FR_V_JULIA3D, 1, fr_var_julia3d(x, f, w, rng)) \
    X(FR_V_SPHERICAL3D, 0, fr_var_spherical3d(f, w)) \
    X(FR_V_SINEBLUR, 1, fr_var_sineblur(x, f, w, rng)) \
    X(FR_V_EMOBIUS, 0, fr_var_emobius(x, f, w)) \
    X(FR_V_ZTRANSLATE, 0, fr_var_ztranslate(f, w)) \
    X(FR_V_ZSCALE, 0, fr_var_zscale(f, w))

/* The others (FR_V_FIRST_RARE on), rarely used: a switch of their own
 * (fr_flame_var_dispatch_rare), a call on the GPU. */
#define FR_FLAME_VAR_CALLS_RARE(X) \
    X(FR_V_FOCI3D, 0, fr_var_foci3d(f, w)) \
    X(FR_V_FALLOFF2, 1, fr_var_falloff2(x, f, w, rng)) \
    X(FR_V_BWRAPS, 0, fr_var_bwraps(x, f, w)) \
    X(FR_V_CROP, 1, fr_var_crop(x, f, w, rng)) \
    X(FR_V_TILE_HLP, 1, fr_var_tile_hlp(x, f, w, rng)) \
    X(FR_V_TILE_LOG, 1, fr_var_tile_log(x, f, w, rng)) \
    X(FR_V_TWOFACE, 0, fr_var_twoface(f, w)) \
    X(FR_V_BLUR_LINEAR, 1, fr_var_blur_linear(x, f, w, rng)) \
    X(FR_V_BLUR_ZOOM, 1, fr_var_blur_zoom(x, f, w, rng)) \
    X(FR_V_BLUR_CIRCLE, 1, fr_var_blur_circle(f, w, rng)) \
    X(FR_V_UNPOLAR, 0, fr_var_unpolar(f, w)) \
    X(FR_V_ROTATE_X, 0, fr_var_rotate_x(f, w)) \
    X(FR_V_ROTATE_Y, 0, fr_var_rotate_y(f, w)) \
    X(FR_V_ROTATE_Z, 0, fr_var_rotate_z(f, w)) \
    X(FR_V_MIRROR_X, 1, fr_var_mirror_x(f, w, rng)) \
    X(FR_V_EPISPIRAL, 1, fr_var_epispiral(x, f, w, rng)) \
    X(FR_V_HEXES, 0, fr_var_hexes(x, f, w)) \
    X(FR_V_SMARTCROP, 1, fr_var_smartcrop(x, f, w, rng)) \
    X(FR_V_CURL3D, 0, fr_var_curl3d(x, f, w)) \
    X(FR_V_ZCONE, 0, fr_var_zcone(f, w)) \
    X(FR_V_GAUSSIAN, 1, fr_var_gaussian(f, w, rng)) \
    X(FR_V_POW_BLOCK, 1, fr_var_pow_block(x, f, w, rng)) \
    X(FR_V_RBLUR, 1, fr_var_rblur(x, f, w, rng)) \
    X(FR_V_WDISC, 0, fr_var_wdisc(f, w)) \
    X(FR_V_EJULIA, 1, fr_var_ejulia(x, f, w, rng)) \
    X(FR_V_BCIRCLE, 1, fr_var_bcircle(x, f, w, rng)) \
    X(FR_V_HYPERTILE, 0, fr_var_hypertile(x, f, w)) \
    X(FR_V_HYPERTILE2, 1, fr_var_hypertile2(x, f, w, rng)) \
    X(FR_V_SHREDLIN, 0, fr_var_shredlin(x, f, w)) \
    X(FR_V_BARYCENTROID, 0, fr_var_barycentroid(x, f, w)) \
    X(FR_V_GNARLY, 0, fr_var_gnarly(x, f, w)) \
    X(FR_V_GLYNNIA, 1, fr_var_glynnia(f, w, rng)) \
    X(FR_V_FALLOFF, 1, fr_var_falloff(x, f, w, rng)) \
    X(FR_V_FALLOFF3, 1, fr_var_falloff3(x, f, w, rng)) \
    X(FR_V_CIRCLECROP, 1, fr_var_circlecrop(x, f, w, rng)) \
    X(FR_V_Y, 0, fr_var_y(x, f, w)) \
    X(FR_V_VORON, 0, fr_var_voron(x, f, w)) \
    X(FR_V_MIRROR_Y, 1, fr_var_mirror_y(f, w, rng)) \
    X(FR_V_MIRROR_Z, 1, fr_var_mirror_z(f, w, rng)) \
    X(FR_V_ZBLUR, 1, fr_var_zblur(f, w, rng)) \
    X(FR_V_BLUR3D, 1, fr_var_blur3d(f, w, rng)) \
    X(FR_V_JULIA3DZ, 1, fr_var_julia3dz(x, f, w, rng)) \
    X(FR_V_DEPTH, 0, fr_var_depth(x, f, w, f->tx, f->ty, f->tz)) \
    X(FR_V_NBLUR, 1, fr_var_nblur(x, f, w, rng)) \
    X(FR_V_SWIRL3, 0, fr_var_swirl3(x, f, w)) \
    X(FR_V_SWIRL3R, 0, fr_var_swirl3r(x, f, w)) \
    X(FR_V_RAYS1, 0, fr_var_rays1(f, w)) \
    X(FR_V_RAYS2, 0, fr_var_rays2(f, w)) \
    X(FR_V_RAYS3, 0, fr_var_rays3(f, w)) \
    X(FR_V_FLOWERDB, 0, fr_var_flowerdb(x, f, w)) \
    X(FR_V_OSCILLOSCOPE2, 0, fr_var_oscilloscope2(x, f, w)) \
    X(FR_V_SCRY2, 0, fr_var_scry2(x, f, w)) \
    X(FR_V_EXP2, 0, fr_var_exp2(f, w)) \
    X(FR_V_TANH_SPIRAL, 1, fr_var_tanh_spiral(x, f, w, rng)) \
    X(FR_V_BLUR_SQUARE, 1, fr_var_blur_square(f, w, rng)) \
    X(FR_V_DISC3D, 0, fr_var_disc3d(x, f, w)) \
    X(FR_V_BOARDERS2, 1, fr_var_boarders2(x, f, w, rng)) \
    X(FR_V_CARDIOID, 0, fr_var_cardioid(x, f, w)) \
    X(FR_V_CHECKS, 1, fr_var_checks(x, f, w, rng)) \
    X(FR_V_CIRCLIZE, 0, fr_var_circlize(x, f, w)) \
    X(FR_V_CIRCLIZE2, 0, fr_var_circlize2(x, f, w)) \
    X(FR_V_COSWRAP, 0, fr_var_coswrap(x, f, w)) \
    X(FR_V_DELTAA, 0, fr_var_deltaa(f, w)) \
    X(FR_V_EXPO, 0, fr_var_expo(x, f, w)) \
    X(FR_V_FDISC, 0, fr_var_fdisc(f, w)) \
    X(FR_V_FIBONACCI, 0, fr_var_fibonacci(f, w)) \
    X(FR_V_FIBONACCI2, 0, fr_var_fibonacci2(x, f, w)) \
    X(FR_V_GLYNNIA2, 1, fr_var_glynnia2(f, w, rng)) \
    X(FR_V_GRIDOUT, 0, fr_var_gridout(f, w)) \
    X(FR_V_HOLE, 0, fr_var_hole(x, f, w)) \
    X(FR_V_IDISC, 0, fr_var_idisc(f, w)) \
    X(FR_V_HYPERTILE1, 1, fr_var_hypertile1(x, f, w, rng)) \
    X(FR_V_HYPERTILE3D, 0, fr_var_hypertile3d(x, f, w)) \
    X(FR_V_HYPERTILE3D1, 1, fr_var_hypertile3d1(x, f, w, rng)) \
    X(FR_V_HYPERTILE3D2, 1, fr_var_hypertile3d2(x, f, w, rng)) \
    X(FR_V_MURL, 0, fr_var_murl(x, f, w)) \
    X(FR_V_MURL2, 0, fr_var_murl2(x, f, w)) \
    X(FR_V_POLYNOMIAL, 0, fr_var_polynomial(x, f, w)) \
    X(FR_V_PSPHERE, 0, fr_var_psphere(x, f, w)) \
    X(FR_V_RATIONAL3, 0, fr_var_rational3(x, f, w)) \
    X(FR_V_SIGMOID, 0, fr_var_sigmoid(x, f, w)) \
    X(FR_V_STWIN, 0, fr_var_stwin(x, f, w)) \
    X(FR_V_XHEART, 0, fr_var_xheart(x, f, w)) \
    X(FR_V_BISPLIT, 0, fr_var_bisplit(f, w)) \
    X(FR_V_CRESCENTS, 0, fr_var_crescents(f, w)) \
    X(FR_V_MASK, 0, fr_var_mask(f, w)) \
    X(FR_V_ORTHO, 0, fr_var_ortho(x, f, w)) \
    X(FR_V_POINCARE, 0, fr_var_poincare(x, f, w)) \
    X(FR_V_POINCARE2, 0, fr_var_poincare2(x, f, w)) \
    X(FR_V_BWRAPS_RAND, 0, fr_var_bwraps_rand(x, f, w)) \
    X(FR_V_BLUR_PIXELIZE, 1, fr_var_blur_pixelize(x, f, w, rng)) \
    X(FR_V_JULIAN2, 1, fr_var_julian2(x, f, w, rng)) \
    X(FR_V_JULIAQ, 1, fr_var_juliaq(x, f, w, rng)) \
    X(FR_V_NPOLAR, 1, fr_var_npolar(x, f, w, rng)) \
    X(FR_V_POINCARE3D, 0, fr_var_poincare3d(x, f, w)) \
    X(FR_V_RIPPLE, 0, fr_var_ripple(x, f, w)) \
    X(FR_V_SINUSGRID, 0, fr_var_sinusgrid(x, f, w)) \
    X(FR_V_CPOW2, 1, fr_var_cpow2(x, f, w, rng)) \
    X(FR_V_FUNNEL, 0, fr_var_funnel(x, f, w)) \
    X(FR_V_SQUIRREL, 0, fr_var_squirrel(x, f, w)) \
    X(FR_V_ENNEPERS, 0, fr_var_ennepers(f, w)) \
    X(FR_V_SPHERICALN, 1, fr_var_sphericaln(x, f, w, rng)) \
    X(FR_V_KALEIDOSCOPE, 0, fr_var_kaleidoscope(x, f, w)) \
    X(FR_V_GLYNNSIM3, 1, fr_var_glynnsim3(x, f, w, rng)) \
    X(FR_V_GLYNNSIM4, 1, fr_var_glynnsim4(x, f, w, rng)) \
    X(FR_V_GLYNNSIM5, 1, fr_var_glynnsim5(x, f, w, rng)) \
    X(FR_V_STARBLUR, 1, fr_var_starblur(x, f, w, rng)) \
    X(FR_V_CIRCLEBLUR, 1, fr_var_circleblur(f, w, rng)) \
    X(FR_V_CROPN, 1, fr_var_cropn(x, f, w, rng)) \
    X(FR_V_SHREDRAD, 0, fr_var_shredrad(x, f, w)) \
    X(FR_V_LINEART, 0, fr_var_lineart(x, f, w)) \
    X(FR_V_LINEART3D, 0, fr_var_lineart3d(x, f, w)) \
    X(FR_V_OVOID, 0, fr_var_ovoid(x, f, w)) \
    X(FR_V_OVOID3D, 0, fr_var_ovoid3d(x, f, w)) \
    X(FR_V_SPIROGRAPH, 1, fr_var_spirograph(x, f, w, rng)) \
    X(FR_V_PETAL, 0, fr_var_petal(f, w)) \
    X(FR_V_SPHER, 1, fr_var_spher(f, w, rng)) \
    X(FR_V_ROUNDSPHER, 0, fr_var_roundspher(f, w)) \
    X(FR_V_SPIRALWING, 0, fr_var_spiralwing(f, w)) \
    X(FR_V_SQUARIZE, 0, fr_var_squarize(f, w)) \
    X(FR_V_SSCHECKS, 1, fr_var_sschecks(x, f, w, rng)) \
    X(FR_V_FLIPX, 0, fr_var_flipx(f, w)) \
    X(FR_V_FLIPY, 0, fr_var_flipy(f, w)) \
    X(FR_V_ECOLLIDE, 0, fr_var_ecollide(x, f, w)) \
    X(FR_V_EMOD, 0, fr_var_emod(x, f, w)) \
    X(FR_V_EMOTION, 0, fr_var_emotion(x, f, w)) \
    X(FR_V_EPUSH, 0, fr_var_epush(x, f, w)) \
    X(FR_V_EROTATE, 0, fr_var_erotate(x, f, w)) \
    X(FR_V_ESCALE, 0, fr_var_escale(x, f, w)) \
    X(FR_V_PHOENIX_JULIA, 1, fr_var_phoenix_julia(x, f, w, rng)) \
    X(FR_V_MOBIUS_STRIP, 0, fr_var_mobius_strip(x, f, w)) \
    X(FR_V_LISSAJOUS, 1, fr_var_lissajous(x, f, w, rng)) \
    X(FR_V_SVF, 0, fr_var_svf(x, f, w)) \
    X(FR_V_TARGET, 0, fr_var_target(x, f, w)) \
    X(FR_V_TARGET0, 0, fr_var_target0(x, f, w)) \
    X(FR_V_TARGET2, 0, fr_var_target2(x, f, w)) \
    X(FR_V_TAURUS, 0, fr_var_taurus(x, f, w)) \
    X(FR_V_BMOD, 0, fr_var_bmod(x, f, w)) \
    X(FR_V_BSWIRL, 0, fr_var_bswirl(x, f, w)) \
    X(FR_V_BTRANSFORM, 1, fr_var_btransform(x, f, w, rng)) \
    X(FR_V_BCOLLIDE, 0, fr_var_bcollide(x, f, w)) \
    X(FR_V_ECLIPSE, 0, fr_var_eclipse(x, f, w)) \
    X(FR_V_FLIPCIRCLE, 0, fr_var_flipcircle(f, w)) \
    X(FR_V_ESWIRL, 0, fr_var_eswirl(x, f, w)) \
    X(FR_V_LAZYJESS, 0, fr_var_lazyjess(x, f, w)) \
    X(FR_V_LAZYTRAVIS, 0, fr_var_lazytravis(x, f, w)) \
    X(FR_V_SQUISH, 1, fr_var_squish(x, f, w, rng)) \
    X(FR_V_CIRCUS, 0, fr_var_circus(x, f, w)) \
    X(FR_V_TANCOS, 0, fr_var_tancos(f, w)) \
    X(FR_V_RIPPLED, 0, fr_var_rippled(f, w)) \
    X(FR_V_JULIANAB, 1, fr_var_julianab(x, f, w, rng)) \
    X(FR_V_SINTRANGE, 0, fr_var_sintrange(x, f, w)) \
    X(FR_V_WAFFLE, 1, fr_var_waffle(x, f, w, rng)) \
    X(FR_V_SQUARE3D, 1, fr_var_square3d(f, w, rng)) \
    X(FR_V_SUPERSHAPE3D, 1, fr_var_supershape3d(x, f, w, rng)) \
    X(FR_V_SPHYP3D, 0, fr_var_sphyp3d(x, f, w)) \
    X(FR_V_CIRCLECROP2, 0, fr_var_circlecrop2(x, f, w)) \
    X(FR_V_JULIAN3DX, 1, fr_var_julian3dx(x, f, w, rng)) \
    X(FR_V_FOURTH, 0, fr_var_fourth(x, f, w)) \
    X(FR_V_MOBIQ, 0, fr_var_mobiq(x, f, w)) \
    X(FR_V_SPHERIVOID, 0, fr_var_spherivoid(x, f, w)) \
    X(FR_V_FARBLUR, 1, fr_var_farblur(x, f, w, rng)) \
    X(FR_V_HEAT, 0, fr_var_heat(x, f, w)) \
    X(FR_V_INTERFERENCE2, 0, fr_var_interference2(x, f, w)) \
    X(FR_V_SINQ, 0, fr_var_sinq(f, w)) \
    X(FR_V_SINHQ, 0, fr_var_sinhq(f, w)) \
    X(FR_V_SECQ, 0, fr_var_secq(f, w)) \
    X(FR_V_SECHQ, 0, fr_var_sechq(f, w)) \
    X(FR_V_TANQ, 0, fr_var_tanq(f, w)) \
    X(FR_V_TANHQ, 0, fr_var_tanhq(f, w)) \
    X(FR_V_COSQ, 0, fr_var_cosq(f, w)) \
    X(FR_V_COSHQ, 0, fr_var_coshq(f, w)) \
    X(FR_V_COTQ, 0, fr_var_cotq(f, w)) \
    X(FR_V_COTHQ, 0, fr_var_cothq(f, w)) \
    X(FR_V_CSCQ, 0, fr_var_cscq(f, w)) \
    X(FR_V_CSCHQ, 0, fr_var_cschq(f, w)) \
    X(FR_V_ESTIQ, 0, fr_var_estiq(f, w)) \
    X(FR_V_LOQ, 0, fr_var_loq(x, f, w)) \
    X(FR_V_CURVATURE, 0, fr_var_curvature(f, w)) \
    X(FR_V_Q_ODE, 0, fr_var_q_ode(x, f, w)) \
    X(FR_V_BLUR_HEART, 1, fr_var_blur_heart(x, f, w, rng)) \
    X(FR_V_TRUCHET_KNOT, 1, fr_var_truchet_knot(f, w, rng)) \
    X(FR_V_GDOFFS, 0, fr_var_gdoffs(x, f, w)) \
    X(FR_V_OCTAGON, 0, fr_var_octagon(x, f, w)) \
    X(FR_V_TRADE, 0, fr_var_trade(x, f, w)) \
    X(FR_V_JULIAC, 1, fr_var_juliac(x, f, w, rng)) \
    X(FR_V_BLADE3D, 1, fr_var_blade3d(f, w, rng)) \
    X(FR_V_BLOB3D, 0, fr_var_blob3d(x, f, w)) \
    X(FR_V_BLOCKY, 0, fr_var_blocky(x, f, w)) \
    X(FR_V_BLOCK, 0, fr_var_block(f, w)) \
    X(FR_V_BUBBLE2, 0, fr_var_bubble2(x, f, w)) \
    X(FR_V_CIRCLELINEAR, 0, fr_var_circlelinear(x, f, w)) \
    X(FR_V_CIRCLERAND, 1, fr_var_circlerand(x, f, w, rng)) \
    X(FR_V_FOCI_P, 0, fr_var_foci_p(x, f, w)) \
    X(FR_V_HO, 0, fr_var_ho(x, f, w)) \
    X(FR_V_JULIA3DQ, 1, fr_var_julia3dq(x, f, w, rng)) \
    X(FR_V_LINE, 1, fr_var_line(x, f, w, rng)) \
    X(FR_V_LOONIE2, 0, fr_var_loonie2(x, f, w)) \
    X(FR_V_LOONIE3, 0, fr_var_loonie3(f, w)) \
    X(FR_V_LOONIE_3D, 0, fr_var_loonie_3d(f, w)) \
    X(FR_V_MCARPET, 0, fr_var_mcarpet(x, f, w)) \
    X(FR_V_WAVES2_3D, 0, fr_var_waves2_3d(x, f, w)) \
    X(FR_V_PIE3D, 1, fr_var_pie3d(x, f, w, rng)) \
    X(FR_V_SINUSOIDAL3D, 0, fr_var_sinusoidal3d(f, w)) \
    X(FR_V_SCRY_3D, 0, fr_var_scry_3d(f, w)) \
    X(FR_V_SPLITS3D, 0, fr_var_splits3d(x, f, w)) \
    X(FR_V_WAVES2B, 0, fr_var_waves2b(x, f, w)) \
    X(FR_V_JAC_CN, 0, fr_var_jac_cn(x, f, w)) \
    X(FR_V_JAC_DN, 0, fr_var_jac_dn(x, f, w)) \
    X(FR_V_JAC_SN, 0, fr_var_jac_sn(x, f, w)) \
    X(FR_V_PRESSURE_WAVE, 0, fr_var_pressure_wave(x, f, w)) \
    X(FR_V_GAMMA, 0, fr_var_gamma(f, w)) \
    X(FR_V_PROSE3D, 1, fr_var_prose3d(x, f, w, rng)) \
    X(FR_V_LOG_DB, 1, fr_var_log_db(x, f, w, rng)) \
    X(FR_V_CIRCLESPLIT, 0, fr_var_circlesplit(x, f, w)) \
    X(FR_V_CYLINDER2, 0, fr_var_cylinder2(f, w)) \
    X(FR_V_TRUCHET_FILL, 0, fr_var_truchet_fill(x, f, w)) \
    X(FR_V_TRUCHET_HEX_FILL, 1, fr_var_truchet_hex_fill(x, f, w, rng)) \
    X(FR_V_TRUCHET_HEX_CROP, 1, fr_var_truchet_hex_crop(x, f, w, rng)) \
    X(FR_V_WAVES2_RADIAL, 0, fr_var_waves2_radial(x, f, w)) \
    X(FR_V_PANORAMA1, 0, fr_var_panorama1(f, w)) \
    X(FR_V_PANORAMA2, 0, fr_var_panorama2(f, w)) \
    X(FR_V_HELICOID, 0, fr_var_helicoid(x, f, w)) \
    X(FR_V_HELIX, 0, fr_var_helix(x, f, w)) \
    X(FR_V_CPOW3, 1, fr_var_cpow3(x, f, w, rng)) \
    X(FR_V_LENS, 0, fr_var_lens(f, w)) \
    X(FR_V_PROJECTIVE, 0, fr_var_projective(x, f, w)) \
    X(FR_V_DEPTH_BLUR, 1, fr_var_depth_blur(x, f, w, rng)) \
    X(FR_V_DEPTH_BLUR2, 1, fr_var_depth_blur2(x, f, w, rng)) \
    X(FR_V_DEPTH_GAUSSIAN, 1, fr_var_depth_gaussian(x, f, w, rng)) \
    X(FR_V_DEPTH_GAUSSIAN2, 1, fr_var_depth_gaussian2(x, f, w, rng)) \
    X(FR_V_DEPTH_NGON, 1, fr_var_depth_ngon(x, f, w, rng)) \
    X(FR_V_DEPTH_NGON2, 1, fr_var_depth_ngon2(x, f, w, rng)) \
    X(FR_V_DEPTH_SINE, 1, fr_var_depth_sine(x, f, w, rng)) \
    X(FR_V_COTH_SPIRAL, 1, fr_var_coth_spiral(x, f, w, rng)) \
    X(FR_V_DUST, 0, fr_var_dust(x, f, w)) \
    X(FR_V_ASTERIA, 1, fr_var_asteria(x, f, w, rng)) \
    X(FR_V_PULSE, 0, fr_var_pulse(x, f, w)) \
    X(FR_V_EXCINIS, 0, fr_var_excinis(x, f, w)) \
    X(FR_V_VIBRATION, 0, fr_var_vibration(x, f, w)) \
    X(FR_V_VIBRATION2, 0, fr_var_vibration2(x, f, w)) \
    X(FR_V_ARCSECH, 0, fr_var_arcsech(f, w)) \
    X(FR_V_ARCSECH2, 0, fr_var_arcsech2(f, w)) \
    X(FR_V_ARCSINH, 0, fr_var_arcsinh(f, w)) \
    X(FR_V_ARCTANH, 0, fr_var_arctanh(f, w)) \
    X(FR_V_HEX_TRUCHET, 1, fr_var_hex_truchet(x, f, w, rng)) \
    X(FR_V_HEX_RAND, 1, fr_var_hex_rand(x, f, w, rng)) \
    X(FR_V_SQUARES, 0, fr_var_squares(x, f, w)) \
    X(FR_V_STARBLUR2, 1, fr_var_starblur2(x, f, w, rng)) \
    X(FR_V_UNICORNGALOSHEN, 0, fr_var_unicorngaloshen(x, f, w)) \
    X(FR_V_DRAGONFIRE, 0, fr_var_dragonfire(x, f, w)) \
    X(FR_V_TRUCHET_INV, 0, fr_var_truchet_inv(x, f, w)) \
    X(FR_V_HENON, 0, fr_var_henon(x, f, w)) \
    X(FR_V_LOZI, 0, fr_var_lozi(x, f, w)) \
    X(FR_V_POINT_SYMMETRY, 1, fr_var_point_symmetry(x, f, w, rng)) \
    X(FR_V_D_SPHERICAL, 1, fr_var_d_spherical(x, f, w, rng)) \
    X(FR_V_MODULUSX, 0, fr_var_modulusx(x, f, w)) \
    X(FR_V_MODULUSY, 0, fr_var_modulusy(x, f, w)) \
    X(FR_V_ROTATE, 0, fr_var_rotate(x, f, w)) \
    X(FR_V_SHIFT, 0, fr_var_shift(x, f, w)) \
    X(FR_V_WAVES3, 0, fr_var_waves3(x, f, w)) \
    X(FR_V_WAVES4, 0, fr_var_waves4(x, f, w)) \
    X(FR_V_WAVES22, 0, fr_var_waves22(x, f, w)) \
    X(FR_V_WAVES23, 0, fr_var_waves23(x, f, w)) \
    X(FR_V_WAVES42, 0, fr_var_waves42(x, f, w)) \
    X(FR_V_VIGNETTE, 1, fr_var_vignette(x, f, w, rng)) \
    X(FR_V_SPLITBRDR, 1, fr_var_splitbrdr(x, f, w, rng)) \
    X(FR_V_XTRB, 1, fr_var_xtrb(x, f, w, rng)) \
    X(FR_V_SYNTH, 1, fr_var_synth(x, f, w, rng)) \
    X(FR_V_ERF, 0, fr_var_erf(f, w)) \
    X(FR_V_XERF, 0, fr_var_xerf(f, w)) \
    X(FR_V_W, 0, fr_var_w(x, f, w)) \
    X(FR_V_X, 0, fr_var_x(x, f, w)) \
    X(FR_V_Z, 0, fr_var_z(x, f, w)) \
    X(FR_V_INKDROP, 0, fr_var_inkdrop(x, f, w)) \
    X(FR_V_HEX_MODULUS, 0, fr_var_hex_modulus(x, f, w)) \
    X(FR_V_MOBIUSN, 1, fr_var_mobiusn(x, f, w, rng)) \
    X(FR_V_COLLIDEOSCOPE, 0, fr_var_collideoscope(x, f, w)) \
    X(FR_V_WAVESN, 1, fr_var_wavesn(x, f, w, rng)) \
    X(FR_V_BUBBLET3D, 0, fr_var_bubblet3d(x, f, w)) \
    X(FR_V_SPHEREBLUR, 1, fr_var_sphereblur(x, f, w, rng)) \
    X(FR_V_DEPTH_SINE2, 1, fr_var_depth_sine2(x, f, w, rng)) \
    X(FR_V_SMARTSHAPE, 0, fr_var_smartshape(x, f, w)) \
    X(FR_V_HYPERCROP, 0, fr_var_hypercrop(x, f, w)) \
    X(FR_V_TRUCHET_GLYPH, 0, fr_var_truchet_glyph(x, f, w)) \
    X(FR_V_GLYNNSIM1, 1, fr_var_glynnsim1(x, f, w, rng)) \
    X(FR_V_GLYNNSIM2, 1, fr_var_glynnsim2(x, f, w, rng)) \
    X(FR_V_CIRCLETRANS1, 1, fr_var_circletrans1(x, f, w, rng)) \
    X(FR_V_TRUCHET, 0, fr_var_truchet(x, f, w)) \
    X(FR_V_CUBIC3D, 1, fr_var_cubic3d(x, f, w, rng)) \
    X(FR_V_CUBIC_LATTICE3D, 1, fr_var_cubic_lattice3d(x, f, w, rng)) \
    X(FR_V_POPCORN2_3D, 0, fr_var_popcorn2_3d(x, f, w)) \
    X(FR_V_HEXCROP, 0, fr_var_hexcrop(x, f, w)) \
    X(FR_V_CONCENTRIC, 1, fr_var_concentric(x, f, w, rng)) \
    X(FR_V_HYPERSHIFT, 0, fr_var_hypershift(x, f, w)) \
    X(FR_V_HYPERSHIFT2, 1, fr_var_hypershift2(x, f, w, rng)) \
    X(FR_V_OCTAPOL, 0, fr_var_octapol(x, f, w)) \
    X(FR_V_EXTRUDE, 1, fr_var_extrude(x, f, w, rng)) \
    X(FR_V_ROUNDSPHER3D, 0, fr_var_roundspher3d(x, f, w)) \
    X(FR_V_CROB, 1, fr_var_crob(x, f, w, rng)) \
    X(FR_V_DC_BUBBLE, 0, fr_var_dc_bubble(x, f, w)) \
    X(FR_V_DC_CARPET, 1, fr_var_dc_carpet(x, f, w, rng)) \
    X(FR_V_DC_CUBE, 1, fr_var_dc_cube(x, f, w, rng)) \
    X(FR_V_DC_CYLINDER, 1, fr_var_dc_cylinder(x, f, w, rng)) \
    X(FR_V_DC_GRIDOUT, 0, fr_var_dc_gridout(f, w)) \
    X(FR_V_DC_LINEAR, 0, fr_var_dc_linear(x, f, w)) \
    X(FR_V_DC_TRIANGLE, 1, fr_var_dc_triangle(x, f, w, rng)) \
    X(FR_V_DC_ZTRANSL, 0, fr_var_dc_ztransl(x, f, w)) \
    X(FR_V_RAND_CUBES, 1, fr_var_rand_cubes(x, f, w, rng)) \
    X(FR_V_PIXEL_FLOW, 1, fr_var_pixel_flow(x, f, w, rng)) \
    X(FR_V_CURL_SP, 0, fr_var_curl_sp(x, f, w))

#endif
