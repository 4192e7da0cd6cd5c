/* fractalis compare: how alike images are.
 *
 *   compare A.png B.png     PSNR of B against A over the RGB samples, and
 *                           the mean absolute difference (8-bit scale)
 *   compare --stats REF1.png,REF2.png,... TEST1.png,TEST2.png,...
 *                           whether two sets of renders of one scene with
 *                           different seeds (a reference renderer's and a
 *                           tested one's) come from the same distribution
 *
 * The statistics of each image: the mean of each channel, its roughness
 * (the mean absolute difference between neighbouring pixels, which the
 * density estimation's smoothing sets) and the mean of each channel in
 * each block of a grid. Each is compared between the sets by Welch's t:
 * the difference of the sets' means over its standard error, from the
 * sets' own seed-to-seed scatter. PSNR alone is blind to a few per cent of
 * brightness; these are not (a render's 40 000 pixels average the noise
 * out of a mean). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"

#define MAX_SET 64

static double sample(const fr_image *img, size_t i)
{
    return img->depth == 16 ? ((const uint16_t *)img->pixels)[i] / 257.0 : ((const uint8_t *)img->pixels)[i];
}

static int psnr(fr_context *ctx, const char *a_path, const char *b_path)
{
    fr_image a = {0}, b = {0};
    int rc = 0;
    if (fr_image_read_png(ctx, a_path, &a, NULL) || fr_image_read_png(ctx, b_path, &b, NULL)) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_WORK;
    } else if (a.width != b.width || a.height != b.height) {
        cli_error("the images differ in size: %dx%d and %dx%d", a.width, a.height, b.width, b.height);
        rc = EXIT_WORK;
    } else {
        size_t n = (size_t)a.width * a.height * 3;
        double se = 0, ae = 0;
        for (size_t i = 0; i < n; i++) {
            double x = sample(&a, i), y = sample(&b, i);
            se += (x - y) * (x - y), ae += fabs(x - y);
        }
        double mse = se / n;
        printf("%.3f %.4f\n", mse > 0 ? 10 * log10(255.0 * 255.0 / mse) : INFINITY, ae / n);
    }
    fr_image_free(&a), fr_image_free(&b);
    return rc;
}

/* ---------------------------------------------------------------- --stats */

typedef struct stats_opts {
    int blocks;          /* grid cells per side */
    double max_t, max_block_t;
} stats_opts;

/* Statistics of one image: 3 means, 3 roughnesses, then blocks^2 x 3
 * block means. */
static int image_stats(fr_context *ctx, const char *path, int blocks, int *w, int *h, double *st)
{
    fr_image img = {0};
    if (fr_image_read_png(ctx, path, &img, NULL)) return cli_error("%s", fr_last_error(ctx)), EXIT_WORK;
    if (*w && (img.width != *w || img.height != *h)) {
        cli_error("'%s' is %dx%d, the others %dx%d", path, img.width, img.height, *w, *h);
        fr_image_free(&img);
        return EXIT_WORK;
    }
    *w = img.width, *h = img.height;
    const int W = img.width, H = img.height, nb = blocks * blocks;
    memset(st, 0, (size_t)(6 + nb * 3) * sizeof *st);
    double *bn = calloc((size_t)nb, sizeof *bn);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const size_t p = ((size_t)y * W + x) * 3;
            const int b = (y * blocks / H) * blocks + x * blocks / W;
            bn[b] += 1;
            for (int c = 0; c < 3; c++) {
                const double v = sample(&img, p + c);
                st[c] += v;
                st[6 + b * 3 + c] += v;
                if (x + 1 < W) st[3 + c] += fabs(sample(&img, p + 3 + c) - v);
                if (y + 1 < H) st[3 + c] += fabs(sample(&img, p + (size_t)W * 3 + c) - v);
            }
        }
    const double n = (double)W * H, pairs = (double)(W - 1) * H + (double)W * (H - 1);
    for (int c = 0; c < 3; c++) st[c] /= n, st[3 + c] /= pairs > 0 ? pairs : 1;
    for (int b = 0; b < nb; b++)
        for (int c = 0; c < 3; c++) st[6 + b * 3 + c] /= bn[b] > 0 ? bn[b] : 1;
    free(bn);
    fr_image_free(&img);
    return 0;
}

/* Welch's t of statistic k between the sets; a scatter below `floor`
 * (8-bit levels) counts as that floor: rounding alone moves a mean that
 * much, and identical sets (a black block) give 0. */
static double welch(const double *r, int nr, const double *t, int nt, int nstat, int k, double floor)
{
    double mr = 0, mt = 0, vr = 0, vt = 0;
    for (int i = 0; i < nr; i++) mr += r[i * nstat + k];
    for (int i = 0; i < nt; i++) mt += t[i * nstat + k];
    mr /= nr, mt /= nt;
    for (int i = 0; i < nr; i++) vr += (r[i * nstat + k] - mr) * (r[i * nstat + k] - mr);
    for (int i = 0; i < nt; i++) vt += (t[i * nstat + k] - mt) * (t[i * nstat + k] - mt);
    vr /= nr - 1, vt /= nt - 1;
    const double se = sqrt(vr / nr + vt / nt), min_se = floor * sqrt(1.0 / nr + 1.0 / nt);
    return (mt - mr) / (se > min_se ? se : min_se);
}

static int split_list(char *list, char **out, int max)
{
    int n = 0;
    for (char *save = NULL, *p = strtok_r(list, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
        if (n == max) return -1;
        out[n++] = p;
    }
    return n;
}

static int stats(fr_context *ctx, char *ref_list, char *test_list, const stats_opts *o)
{
    char *ref[MAX_SET], *test[MAX_SET];
    const int nr = split_list(ref_list, ref, MAX_SET), nt = split_list(test_list, test, MAX_SET);
    if (nr < 2 || nt < 2)
        return cli_error("--stats needs at least two images in each set (at most %d), comma-separated", MAX_SET),
               EXIT_USAGE;
    const int nstat = 6 + o->blocks * o->blocks * 3;
    double *r = malloc(sizeof *r * (size_t)(nr * nstat)), *t = malloc(sizeof *t * (size_t)(nt * nstat));
    int w = 0, h = 0, rc = r && t ? 0 : EXIT_WORK;
    for (int i = 0; i < nr && !rc; i++) rc = image_stats(ctx, ref[i], o->blocks, &w, &h, r + i * nstat);
    for (int i = 0; i < nt && !rc; i++) rc = image_stats(ctx, test[i], o->blocks, &w, &h, t + i * nstat);
    if (!rc) {
        static const char ch[] = "RGB";
        double worst_mean = 0, worst_rough = 0, worst_block = 0;
        int wm = 0, wr = 0, wb = 0;
        printf("means (reference -> test, t):");
        for (int c = 0; c < 3; c++) {
            double z = welch(r, nr, t, nt, nstat, c, 0.01), mr = 0, mt = 0;
            for (int i = 0; i < nr; i++) mr += r[i * nstat + c] / nr;
            for (int i = 0; i < nt; i++) mt += t[i * nstat + c] / nt;
            printf(" %c %.3f -> %.3f (%+.1f)", ch[c], mr, mt, z);
            if (fabs(z) > fabs(worst_mean)) worst_mean = z, wm = c;
        }
        printf("\nroughness (t):");
        for (int c = 0; c < 3; c++) {
            double z = welch(r, nr, t, nt, nstat, 3 + c, 0.01);
            printf(" %c %+.1f", ch[c], z);
            if (fabs(z) > fabs(worst_rough)) worst_rough = z, wr = c;
        }
        for (int k = 6; k < nstat; k++) {
            double z = welch(r, nr, t, nt, nstat, k, 0.05);
            if (fabs(z) > fabs(worst_block)) worst_block = z, wb = k;
        }
        const int b = (wb - 6) / 3;
        printf("\nblocks %dx%d: the largest |t| %.1f (block %d,%d %c)\n", o->blocks, o->blocks, fabs(worst_block),
               b % o->blocks, b / o->blocks, ch[(wb - 6) % 3]);
        const int pass = fabs(worst_mean) <= o->max_t && fabs(worst_rough) <= o->max_t && fabs(worst_block) <= o->max_block_t;
        printf("%s (mean %c t %+.1f, roughness %c t %+.1f: limit %.1f; blocks limit %.1f)\n", pass ? "PASS" : "FAIL",
               ch[wm], worst_mean, ch[wr], worst_rough, o->max_t, o->max_block_t);
    }
    free(r), free(t);
    return rc;
}

static void usage(void)
{
    printf("Usage: fractalis compare A.png B.png\n"
           "       fractalis compare --stats REF1.png,REF2.png,... TEST1.png,TEST2.png,... [options]\n\n"
           "The first form prints the PSNR in dB of B against A over the RGB samples (8-bit scale),\n"
           "then the mean absolute difference. Both images must have the same size.\n\n"
           "--stats compares two sets of renders of one scene made with different seeds (a reference\n"
           "renderer's, a tested one's): each channel's mean, its roughness (mean absolute difference\n"
           "of neighbouring pixels) and each channel's mean in each block of a grid, by Welch's t\n"
           "against the sets' own seed-to-seed scatter. The last line says PASS or FAIL.\n"
           "  --blocks N       grid cells per side, 1..32              [default: 8]\n"
           "  --max-t T        limit of |t| of the means and roughness  [default: 5]\n"
           "  --max-block-t T  limit of |t| of the block means          [default: 6]\n");
}

int cmd_compare(int argc, char **argv)
{
    stats_opts o = {8, 5, 6};
    char *lists[2] = {NULL, NULL};
    int nl = 0, is_stats = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) return usage(), 0;
        if (!strcmp(a, "--stats")) is_stats = 1;
        else if (!strcmp(a, "--blocks") && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 1, 32, &o.blocks)) return cli_error("--blocks must be 1..32"), EXIT_USAGE;
        } else if ((!strcmp(a, "--max-t") || !strcmp(a, "--max-block-t")) && i + 1 < argc) {
            char *end;
            double v = strtod(argv[++i], &end);
            if (*end || !(v > 0)) return cli_error("%s must be a number > 0", a), EXIT_USAGE;
            *(a[6] == 'b' ? &o.max_block_t : &o.max_t) = v;
        } else if (a[0] == '-') {
            return cli_error("compare: unknown option '%s' (try 'fractalis compare --help')", a), EXIT_USAGE;
        } else if (nl < 2) {
            lists[nl++] = argv[i];
        } else {
            return cli_error("compare: unexpected argument '%s'", a), EXIT_USAGE;
        }
    }
    if (nl != 2) return usage(), EXIT_USAGE;
    fr_context *ctx = fr_context_create();
    if (!ctx) return EXIT_WORK;
    int rc = is_stats ? stats(ctx, lists[0], lists[1], &o) : psnr(ctx, lists[0], lists[1]);
    fr_context_destroy(ctx);
    return rc;
}
