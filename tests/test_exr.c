/* Unit tests of OpenEXR output (src/io/exr_io.c and the families' layouts:
 * escape/escape_exr.c, buddha/buddha_exr.c, flame/flame_exr.c), read back
 * with OpenEXRCore's own decoder (tests/exr_read.c): channel names and
 * types, values bit for bit against the raw arrays, Kalles Fraktaler's N
 * and NF against the counts and smooth values, the directional distance
 * estimate against an independent z / dz, the attributes, failures that
 * leave no file, writing into a FIFO, and damaged files read back with a
 * clear error. */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "fs_support.h"

#include <complex.h>
#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exr_read.h"
#include "fractalis.h"

typedef struct fixture {
    fr_context *ctx;
    char dir[PATH_MAX];
    char path[PATH_MAX + 64];
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    fs_tmpdir_make(f->dir, "test_exr");
    f->ctx = fr_context_create();
    assert_non_null(f->ctx);
    assert_int_equal(fr_context_set_device(f->ctx, "cpu"), FR_OK);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    fs_tree_remove(f->dir);
    fr_context_destroy(f->ctx);
    free(f);
    return 0;
}

static const char *tpath(fixture *f, const char *name)
{
    snprintf(f->path, sizeof f->path, "%s/%s", f->dir, name);
    return f->path;
}

static void load(const char *path, exr_read_image *img)
{
    char err[512];
    if (exr_read(path, img, err, sizeof err)) fail_msg("%s: %s", path, err);
}

static void expect_names(const exr_read_image *img, const char *names)
{
    char buf[256];
    assert_string_equal(exr_read_names(img, buf, sizeof buf), names);
}

static void expect_type(const exr_read_image *img, const char *name, int type)
{
    const exr_read_channel *c = exr_read_find(img, name);
    if (!c) fail_msg("no channel %s", name);
    assert_int_equal(c->type, type);
}

enum { T_UINT = 0, T_HALF = 1, T_FLOAT = 2 };

static void render(fixture *f, const fr_escape_params *p, unsigned want, fr_image *img, fr_escape_raw *raw,
                   fr_escape_extra *ex)
{
    memset(raw, 0, sizeof *raw);
    memset(ex, 0, sizeof *ex);
    if (fr_escape_render_raw(f->ctx, p, img, raw, want, ex, NULL))
        fail_msg("render: %s", fr_last_error(f->ctx));
}

static double srgb8(double linear)
{
    double v = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055;
    return v * 255.0;
}

/* N, NF (KF's channels) against the counts and smooth values; R, G, B
 * against the 8-bit image of the same render (aa 1). */
static void check_escape_channels(const exr_read_image *x, const fr_escape_params *p,
                                  const fr_escape_raw *raw, const fr_escape_extra *ex, const fr_image *img)
{
    const exr_read_channel *N = exr_read_find(x, "N"), *NF = exr_read_find(x, "NF");
    assert_non_null(N);
    assert_non_null(NF);
    int exact = 0;
    for (int i = 0; i < raw->width * raw->height; i++) {
        uint32_t n = raw->counts[i];
        if (n >= p->max_iter) {
            assert_int_equal(N->u[i], 0xFFFFFFFFu);
            assert_true(NF->f[i] == 0.0f);
            continue;
        }
        double nu = ex->smooth[i];
        if (!(NF->f[i] > 0.0f && NF->f[i] <= 1.0f)) fail_msg("sample %d: NF %.9g", i, NF->f[i]);
        if ((double)N->u[i] - 1024 + NF->f[i] != nu)
            fail_msg("sample %d: N %u NF %.9g, smooth %.9g", i, N->u[i], NF->f[i], nu);
        if (nu > n - 1.0 && nu <= n) assert_int_equal(N->u[i], n - 1 + 1024), exact++;
    }
    assert_true(exact > 0);
    if (!img) return;
    const char *rgb[3] = {"R", "G", "B"};
    for (int c = 0; c < 3; c++) {
        const exr_read_channel *ch = exr_read_find(x, rgb[c]);
        assert_non_null(ch);
        for (int i = 0; i < img->width * img->height; i++) {
            double want = ((const uint8_t *)img->pixels)[3 * i + c];
            if (fabs(srgb8(ch->f[i]) - want) > 1.0)
                fail_msg("%s of pixel %d: %.9g (%.3f of 255) against %.0f", rgb[c], i, ch->f[i],
                         srgb8(ch->f[i]), want);
        }
    }
}

/* Smooth colouring: R, G, B, N, NF and the attributes KF writes. */
static void test_escape_smooth(void **state)
{
    fixture *f = *state;
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    p.width = 48, p.height = 36, p.max_iter = 200;
    fr_image img;
    fr_escape_raw raw;
    fr_escape_extra ex;
    render(f, &p, FR_RAW_SMOOTH, &img, &raw, &ex);
    assert_non_null(ex.smooth);
    assert_null(ex.de);
    const char *path = tpath(f, "m.exr");
    assert_int_equal(fr_escape_write_exr(f->ctx, &p, &raw, &ex, path), FR_OK);
    exr_read_image x;
    load(path, &x);
    assert_int_equal(x.width, 48);
    assert_int_equal(x.height, 36);
    expect_names(&x, "B,G,N,NF,R");
    expect_type(&x, "R", T_HALF), expect_type(&x, "G", T_HALF), expect_type(&x, "B", T_HALF);
    expect_type(&x, "N", T_UINT), expect_type(&x, "NF", T_FLOAT);
    check_escape_channels(&x, &p, &raw, &ex, &img);
    int v;
    assert_int_equal(exr_read_int(&x, "Iterations", &v), 0);
    assert_int_equal(v, 200);
    assert_int_equal(exr_read_int(&x, "IterationsBias", &v), 0);
    assert_int_equal(v, 1024);
    char *json, *meta;
    assert_int_equal(fr_escape_params_to_json(f->ctx, &p, &json), FR_OK);
    assert_non_null(exr_read_string(&x, "fractalis"));
    assert_string_equal(exr_read_string(&x, "fractalis"), json);
    assert_int_equal(fr_exr_read_meta(f->ctx, path, "fractalis", &meta), FR_OK);
    assert_string_equal(meta, json);
    free(meta);
    assert_int_equal(fr_exr_read_meta(f->ctx, path, "KallesFraktaler2+", &meta), FR_OK);
    assert_null(meta);
    free(json);
    exr_read_free(&x);
    fr_image_free(&img);
    fr_escape_raw_free(&raw);
    fr_escape_extra_free(&ex);
}

/* Count and histogram colouring: FR_RAW_SMOOTH gives N and NF there too,
 * and asking for more changes neither the image nor raw->values. */
static void test_escape_other_colourings(void **state)
{
    fixture *f = *state;
    const fr_color_mode modes[] = {FR_COLOR_COUNT, FR_COLOR_HISTOGRAM};
    for (int m = 0; m < 2; m++) {
        fr_escape_params p;
        fr_escape_params_default(&p, FR_MANDELBROT);
        p.width = 40, p.height = 30, p.max_iter = 150, p.color = modes[m];
        fr_image a, b;
        fr_escape_raw ra, rb;
        fr_escape_extra ea, eb;
        render(f, &p, 0, &a, &ra, &ea);
        render(f, &p, FR_RAW_SMOOTH, &b, &rb, &eb);
        assert_null(ea.smooth);
        assert_non_null(eb.smooth);
        assert_memory_equal(a.pixels, b.pixels, (size_t)40 * 30 * 3);
        assert_memory_equal(ra.counts, rb.counts, (size_t)40 * 30 * 4);
        if (modes[m] == FR_COLOR_COUNT)
            assert_null(rb.values);
        else
            assert_memory_equal(rb.values, eb.smooth, (size_t)40 * 30 * 4);
        const char *path = tpath(f, "c.exr");
        assert_int_equal(fr_escape_write_exr(f->ctx, &p, &rb, &eb, path), FR_OK);
        exr_read_image x;
        load(path, &x);
        expect_names(&x, "B,G,N,NF,R");
        check_escape_channels(&x, &p, &rb, &eb, &b);
        exr_read_free(&x);
        fr_image_free(&a), fr_image_free(&b);
        fr_escape_raw_free(&ra), fr_escape_raw_free(&rb);
        fr_escape_extra_free(&ea), fr_escape_extra_free(&eb);
    }
}

/* The point of sample (sx, sy), computed here from the view. */
static double complex sample_point(const fr_escape_params *p, int sx, int sy)
{
    double pixel = p->view_width / p->width;
    double u = (sx + 0.5) / p->aa - 0.5 * p->width, v = 0.5 * p->height - (sy + 0.5) / p->aa;
    return p->center_re + I * p->center_im + pixel * cexp(I * p->rotate_deg * M_PI / 180) * (u + I * v);
}

/* KF's directional estimate z log|z| / dz from a plain double loop, in
 * sample spacings of the grid (x right, y down); 0 for samples that take
 * long (where the loops' last bits part), or never escape. */
static double complex kf_de(const fr_escape_params *p, int sx, int sy)
{
    double complex pt = sample_point(p, sx, sy), z = 0, dz = 0, c = pt;
    if (p->formula == FR_JULIA) z = pt, dz = 1, c = p->julia_re + I * p->julia_im;
    double r2 = p->bailout * p->bailout;
    for (int n = 0; n < 40; n++) {
        if (creal(z) * creal(z) + cimag(z) * cimag(z) > r2) {
            double complex w = z * log(cabs(z)) / dz;
            w *= cexp(-I * p->rotate_deg * M_PI / 180) * p->aa * p->width / p->view_width;
            return creal(w) - I * cimag(w);
        }
        dz = 2 * z * dz + (p->formula == FR_JULIA ? 0 : 1);
        z = z * z + c;
    }
    return 0;
}

/* The directional estimate of the holomorphic formulas is KF's
 * z log|z| / dz, in sample spacings of the grid's frame, rotated views and
 * anti-aliasing included; DEX and DEY are extra->de bit for bit. */
static void test_escape_de_direction(void **state)
{
    fixture *f = *state;
    struct {
        fr_formula formula;
        double rotate;
        int aa;
    } cases[] = {{FR_MANDELBROT, 0, 1}, {FR_MANDELBROT, 30, 2}, {FR_JULIA, 200, 1}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        fr_escape_params p;
        fr_escape_params_default(&p, cases[k].formula);
        p.width = 40, p.height = 30, p.max_iter = 100, p.color = FR_COLOR_DISTANCE;
        p.rotate_deg = cases[k].rotate, p.aa = cases[k].aa, p.bailout = 4;
        p.interior_test = 0, p.periodicity = 0;
        fr_escape_raw raw;
        fr_escape_extra ex;
        render(f, &p, FR_RAW_SMOOTH | FR_RAW_DE, NULL, &raw, &ex);
        assert_non_null(ex.de);
        const double spacing = p.view_width / p.width / p.aa;
        int checked = 0;
        for (int sy = 0; sy < raw.height; sy++)
            for (int sx = 0; sx < raw.width; sx++) {
                const int i = sy * raw.width + sx;
                const double complex got = ex.de[2 * i] + I * ex.de[2 * i + 1];
                if (raw.counts[i] >= p.max_iter) {
                    assert_true(got == 0);
                    continue;
                }
                /* as long as the distance estimate, in sample spacings */
                double len = raw.values[i] / spacing;
                if (fabs(cabs(got) - len) > 1e-6 * len)
                    fail_msg("case %zu sample %d: |de| %.9g, distance %.9g", k, i, cabs(got), len);
                double complex want = kf_de(&p, sx, sy);
                if (want == 0) continue;
                if (cabs(got - want) > 1e-6 * cabs(want))
                    fail_msg("case %zu sample (%d, %d): de %.9g,%.9g against z log|z| / dz %.9g,%.9g", k, sx,
                             sy, creal(got), cimag(got), creal(want), cimag(want));
                checked++;
            }
        assert_true(checked > 100);
        const char *path = tpath(f, "de.exr");
        assert_int_equal(fr_escape_write_exr(f->ctx, &p, &raw, &ex, path), FR_OK);
        exr_read_image x;
        load(path, &x);
        expect_names(&x, "B,DEX,DEY,G,N,NF,R");
        expect_type(&x, "DEX", T_FLOAT), expect_type(&x, "DEY", T_FLOAT);
        const exr_read_channel *dx = exr_read_find(&x, "DEX"), *dy = exr_read_find(&x, "DEY");
        for (int i = 0; i < raw.width * raw.height; i++) {
            assert_memory_equal(&dx->f[i], &ex.de[2 * i], 4);
            assert_memory_equal(&dy->f[i], &ex.de[2 * i + 1], 4);
        }
        check_escape_channels(&x, &p, &raw, &ex, NULL);
        exr_read_free(&x);
        fr_escape_raw_free(&raw);
        fr_escape_extra_free(&ex);
    }
}

/* A sample to the right of the set points right, one above it up (the
 * estimate points away from the set, y down the rows). */
static void test_escape_de_points_away(void **state)
{
    fixture *f = *state;
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    p.width = 41, p.height = 41, p.center_re = -0.5, p.center_im = 0, p.view_width = 4, p.max_iter = 200;
    fr_escape_raw raw;
    fr_escape_extra ex;
    render(f, &p, FR_RAW_DE, NULL, &raw, &ex);
    assert_null(ex.smooth);
    const float *right = ex.de + 2 * (20 * 41 + 38), *top = ex.de + 2 * (1 * 41 + 17);
    assert_true(right[0] > 0 && fabsf(right[1]) < 1e-3f * right[0]);
    assert_true(top[1] < 0 && fabsf(top[0]) < fabsf(top[1]));
    fr_escape_raw_free(&raw);
    fr_escape_extra_free(&ex);
}

/* The other formulas (Burning Ship, Tricorn: real-linear Jacobians;
 * Multibrot): an estimate as long as the distance, finite, and the same
 * counts as the plain kernels; any colouring can ask for it without its
 * image or values changing. */
static void test_escape_de_formulas(void **state)
{
    fixture *f = *state;
    const fr_formula fs[] = {FR_BURNINGSHIP, FR_TRICORN, FR_MULTIBROT};
    for (int k = 0; k < 3; k++) {
        fr_escape_params p;
        fr_escape_params_default(&p, fs[k]);
        p.width = 40, p.height = 30, p.max_iter = 120;
        if (fs[k] == FR_MULTIBROT) p.power = 3;
        fr_image a, b;
        fr_escape_raw plain, de, dist;
        fr_escape_extra ep, ed, ex;
        render(f, &p, 0, &a, &plain, &ep);
        render(f, &p, FR_RAW_SMOOTH | FR_RAW_DE, &b, &de, &ed);
        assert_memory_equal(a.pixels, b.pixels, (size_t)40 * 30 * 3);
        assert_memory_equal(plain.counts, de.counts, (size_t)40 * 30 * 4);
        assert_memory_equal(plain.values, de.values, (size_t)40 * 30 * 4); /* still the smooth values */
        p.color = FR_COLOR_DISTANCE;
        render(f, &p, 0, NULL, &dist, &ex);
        const double spacing = p.view_width / p.width;
        int lit = 0;
        for (int i = 0; i < 40 * 30; i++) {
            double len = hypot(ed.de[2 * i], ed.de[2 * i + 1]);
            assert_true(isfinite(len));
            if (de.counts[i] >= p.max_iter)
                assert_true(len == 0);
            else if (fabs(len - dist.values[i] / spacing) > 1e-6 * len)
                fail_msg("formula %d sample %d: |de| %.9g, distance %.9g", k, i, len,
                         dist.values[i] / spacing);
            lit += len > 0;
        }
        assert_true(lit > 100);
        fr_image_free(&a), fr_image_free(&b);
        fr_escape_raw_free(&plain), fr_escape_raw_free(&de), fr_escape_raw_free(&dist);
        fr_escape_extra_free(&ed);
    }
}

/* Two workers over bands give the arrays of one, bit for bit. */
static void test_escape_de_device_list(void **state)
{
    fixture *f = *state;
    fr_escape_params p;
    fr_escape_params_default(&p, FR_BURNINGSHIP);
    p.width = 64, p.height = 48, p.max_iter = 100, p.color = FR_COLOR_DISTANCE;
    fr_escape_raw one, two;
    fr_escape_extra e1, e2;
    render(f, &p, FR_RAW_SMOOTH | FR_RAW_DE, NULL, &one, &e1);
    assert_int_equal(fr_context_set_device(f->ctx, "cpu,cpu"), FR_OK);
    render(f, &p, FR_RAW_SMOOTH | FR_RAW_DE, NULL, &two, &e2);
    const size_t n = (size_t)64 * 48;
    assert_memory_equal(one.counts, two.counts, n * 4);
    assert_memory_equal(e1.smooth, e2.smooth, n * 4);
    assert_memory_equal(one.values, two.values, n * 4);
    assert_memory_equal(e1.de, e2.de, n * 8);
    fr_escape_raw_free(&one), fr_escape_raw_free(&two);
    fr_escape_extra_free(&e1), fr_escape_extra_free(&e2);
}

static void test_escape_bad_arguments(void **state)
{
    fixture *f = *state;
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    p.width = 16, p.height = 12, p.max_iter = 50;
    fr_escape_raw raw;
    fr_escape_extra ex;
    assert_int_equal(fr_escape_render_raw(f->ctx, &p, NULL, NULL, FR_RAW_SMOOTH, &ex, NULL), FR_ERR_INVALID);
    assert_int_equal(fr_escape_render_raw(f->ctx, &p, NULL, &raw, FR_RAW_SMOOTH, NULL, NULL), FR_ERR_INVALID);
    assert_int_equal(fr_escape_render_raw(f->ctx, &p, NULL, &raw, 8, &ex, NULL), FR_ERR_INVALID);
    render(f, &p, 0, NULL, &raw, &ex);
    const char *path = tpath(f, "bad.exr");
    /* no smooth values */
    assert_int_equal(fr_escape_write_exr(f->ctx, &p, &raw, &ex, path), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(f->ctx), "FR_RAW_SMOOTH"));
    fr_escape_raw_free(&raw);
    fr_escape_extra_free(&ex);
    render(f, &p, FR_RAW_SMOOTH, NULL, &raw, &ex);
    /* another grid */
    p.aa = 2;
    assert_int_equal(fr_escape_write_exr(f->ctx, &p, &raw, &ex, path), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(f->ctx), "grid"));
    p.aa = 1;
    /* a folder that is not there */
    char missing[PATH_MAX + 80];
    snprintf(missing, sizeof missing, "%s/no/such/x.exr", f->dir);
    assert_int_equal(fr_escape_write_exr(f->ctx, &p, &raw, &ex, missing), FR_ERR_IO);
    assert_non_null(strstr(fr_last_error(f->ctx), missing));
    assert_int_equal(count_entries(f->dir), 0);
    fr_escape_raw_free(&raw);
    fr_escape_extra_free(&ex);
}

/* A FIFO takes the file in one piece (it cannot seek), byte for byte the
 * file written to a regular path; /dev/null takes it too. */
static void test_write_fifo(void **state)
{
    fixture *f = *state;
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    p.width = 32, p.height = 40, p.max_iter = 80;
    fr_escape_raw raw;
    fr_escape_extra ex;
    render(f, &p, FR_RAW_SMOOTH, NULL, &raw, &ex);
    char file[PATH_MAX + 64], fifo[PATH_MAX + 64], copy[PATH_MAX + 64];
    snprintf(file, sizeof file, "%s/a.exr", f->dir);
    snprintf(fifo, sizeof fifo, "%s/pipe.exr", f->dir);
    snprintf(copy, sizeof copy, "%s/copy", f->dir);
    assert_int_equal(fr_escape_write_exr(f->ctx, &p, &raw, &ex, file), FR_OK);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        FILE *in = fopen(fifo, "rb"), *out = fopen(copy, "wb");
        char buf[4096];
        size_t k;
        while (in && out && (k = fread(buf, 1, sizeof buf, in)) > 0)
            fwrite(buf, 1, k, out);
        _exit(in && out && !fclose(out) ? 0 : 1);
    }
    assert_int_equal(fr_escape_write_exr(f->ctx, &p, &raw, &ex, fifo), FR_OK);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    FILE *a = fopen(file, "rb"), *b = fopen(copy, "rb");
    assert_non_null(a), assert_non_null(b);
    int ca, cb;
    size_t len = 0;
    do {
        ca = fgetc(a), cb = fgetc(b), len++;
        assert_int_equal(ca, cb);
    } while (ca != EOF);
    assert_true(len > 100);
    fclose(a), fclose(b);
    assert_int_equal(fr_escape_write_exr(f->ctx, &p, &raw, &ex, "/dev/null"), FR_OK);
    fr_escape_raw_free(&raw);
    fr_escape_extra_free(&ex);
}

/* Orbit density: the image as R, G, B and the counts as hits.Y or
 * hits.R/G/B, bit for bit; a count past 32 bits is refused. */
static void test_buddha(void **state)
{
    fixture *f = *state;
    for (int nebula = 0; nebula < 2; nebula++) {
        fr_buddha_params p;
        fr_buddha_params_default(&p, nebula, 0);
        p.width = 32, p.height = 24, p.samples = 20000;
        if (nebula)
            p.band[0].max_iter = 200, p.band[1].max_iter = 100, p.band[2].max_iter = 50;
        else
            p.band[0].max_iter = 100;
        fr_buddha_hist h;
        assert_int_equal(fr_buddha_hist_alloc(f->ctx, &h, p.width, p.height, p.channels), FR_OK);
        if (fr_buddha_render(f->ctx, &p, &h, NULL)) fail_msg("%s", fr_last_error(f->ctx));
        const char *path = tpath(f, "b.exr");
        assert_int_equal(fr_buddha_hist_write_exr(f->ctx, &p, &h, path), FR_OK);
        exr_read_image x;
        load(path, &x);
        assert_int_equal(x.width, 32);
        assert_int_equal(x.height, 24);
        expect_names(&x, nebula ? "B,G,R,hits.B,hits.G,hits.R" : "B,G,R,hits.Y");
        const char *layer[2][3] = {{"hits.Y"}, {"hits.R", "hits.G", "hits.B"}};
        uint64_t total = 0;
        for (int c = 0; c < p.channels; c++) {
            const exr_read_channel *ch = exr_read_find(&x, layer[nebula][c]);
            assert_int_equal(ch->type, T_UINT);
            for (int i = 0; i < 32 * 24; i++) {
                assert_int_equal(ch->u[i], h.counts[(size_t)c * 32 * 24 + i]);
                total += ch->u[i];
            }
        }
        assert_true(total > 0);
        fr_image img;
        assert_int_equal(fr_buddha_tone_map(f->ctx, &p, &h, &img), FR_OK);
        const char *rgb[3] = {"R", "G", "B"};
        for (int c = 0; c < 3; c++) {
            const exr_read_channel *ch = exr_read_find(&x, rgb[c]);
            assert_int_equal(ch->type, T_HALF);
            for (int i = 0; i < 32 * 24; i++)
                assert_true(fabs(srgb8(ch->f[i]) - ((uint8_t *)img.pixels)[3 * i + c]) <= 1.0);
        }
        char *json;
        assert_int_equal(fr_buddha_params_to_json(f->ctx, &p, &json), FR_OK);
        assert_string_equal(exr_read_string(&x, "fractalis"), json);
        free(json);
        exr_read_free(&x);
        fr_image_free(&img);
        unlink(path);
        h.counts[5] = (uint64_t)1 << 33;
        assert_int_equal(fr_buddha_hist_write_exr(f->ctx, &p, &h, path), FR_ERR_INVALID);
        assert_non_null(strstr(fr_last_error(f->ctx), ".npy"));
        assert_false(exists(path));
        fr_buddha_hist_free(&h);
    }
}

/* Flames: the buckets as float R, G, B, A, hits (each sum / 255, bit for
 * bit) at the bucket grid, and the genome. */
static void test_flame(void **state)
{
    fixture *f = *state;
    const char *genome = tpath(f, "g.flame");
    FILE *g = fopen(genome, "w");
    assert_non_null(g);
    fprintf(g,
            "<flame name=\"tri\" size=\"32 24\" center=\"0.5 0.45\" scale=\"20\" quality=\"10\">\n"
            " <xform weight=\"1\" color=\"0\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0\"/>\n"
            " <xform weight=\"1\" color=\"0.5\" linear=\"1\" opacity=\"0.5\" coefs=\"0.5 0 0 0.5 0.5 0\"/>\n"
            " <xform weight=\"1\" color=\"1\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0.5\"/>\n");
    for (int i = 0; i < 256; i++)
        fprintf(g, " <color index=\"%d\" rgb=\"%d %d %d\"/>\n", i, 255 - i, (i * 3) % 256, i);
    fprintf(g, "</flame>\n");
    fclose(g);
    fr_flames *fl;
    assert_int_equal(fr_flames_read(f->ctx, genome, NULL, 0, &fl), FR_OK);
    fr_flame_options o;
    fr_flame_options_default(&o);
    o.supersample = 2, o.seed = 3;
    fr_flame_raw raw;
    if (fr_flame_render_raw(f->ctx, fl, 0, &o, NULL, &raw, NULL)) fail_msg("%s", fr_last_error(f->ctx));
    assert_int_equal(raw.width, 64);
    char *xml;
    assert_int_equal(fr_flames_xml(f->ctx, fl, 0, &xml), FR_OK);
    const char *path = tpath(f, "f.exr");
    assert_int_equal(fr_flame_raw_write_exr(f->ctx, &raw, path, xml), FR_OK);
    exr_read_image x;
    load(path, &x);
    assert_int_equal(x.width, raw.width);
    assert_int_equal(x.height, raw.height);
    expect_names(&x, "A,B,G,R,hits");
    const char *names[FR_FLAME_RAW_CHANNELS] = {"R", "G", "B", "A", "hits"};
    double hits = 0;
    for (int c = 0; c < FR_FLAME_RAW_CHANNELS; c++) {
        const exr_read_channel *ch = exr_read_find(&x, names[c]);
        assert_int_equal(ch->type, T_FLOAT);
        for (int i = 0; i < raw.width * raw.height; i++) {
            float want = (float)(raw.buckets[(size_t)i * FR_FLAME_RAW_CHANNELS + c] / 255.0);
            assert_memory_equal(&ch->f[i], &want, 4);
            if (c == FR_FLAME_RAW_COUNT) hits += ch->f[i];
        }
    }
    assert_true(hits > 1000);
    assert_string_equal(exr_read_string(&x, "flam3_genome"), xml);
    assert_null(exr_read_string(&x, "fractalis"));
    exr_read_free(&x);
    /* without a genome: no attribute */
    assert_int_equal(fr_flame_raw_write_exr(f->ctx, &raw, path, NULL), FR_OK);
    char *meta;
    assert_int_equal(fr_exr_read_meta(f->ctx, path, "flam3_genome", &meta), FR_OK);
    assert_null(meta);
    fr_flame_raw bad = {0};
    unlink(path);
    assert_int_equal(fr_flame_raw_write_exr(f->ctx, &bad, path, xml), FR_ERR_INVALID);
    assert_false(exists(path));
    free(xml);
    fr_flame_raw_free(&raw);
    fr_flames_destroy(fl);
}

/* Reading: a missing file, one that is not OpenEXR, truncated ones and an
 * attribute of another type fail with a clear message; an absent key is
 * no error. */
static void test_read_damaged(void **state)
{
    fixture *f = *state;
    char *meta = (char *)1;
    assert_int_equal(fr_exr_read_meta(f->ctx, tpath(f, "none.exr"), "fractalis", &meta), FR_ERR_IO);
    assert_null(meta);
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    p.width = 24, p.height = 18, p.max_iter = 60;
    fr_escape_raw raw;
    fr_escape_extra ex;
    render(f, &p, FR_RAW_SMOOTH, NULL, &raw, &ex);
    char good[PATH_MAX + 64], bad[PATH_MAX + 64];
    snprintf(good, sizeof good, "%s/good.exr", f->dir);
    snprintf(bad, sizeof bad, "%s/bad.exr", f->dir);
    assert_int_equal(fr_escape_write_exr(f->ctx, &p, &raw, &ex, good), FR_OK);
    fr_escape_raw_free(&raw);
    fr_escape_extra_free(&ex);
    FILE *in = fopen(good, "rb");
    unsigned char buf[1 << 16];
    size_t len = fread(buf, 1, sizeof buf, in);
    fclose(in);
    assert_true(len > 400 && len < sizeof buf);
    /* cut inside the header, garbage, an empty file, a flipped magic number */
    const size_t cuts[] = {0, 3, 4, 8, 20, 60, 120, 300};
    for (size_t k = 0; k < sizeof cuts / sizeof cuts[0]; k++) {
        FILE *o = fopen(bad, "wb");
        fwrite(buf, 1, cuts[k], o);
        fclose(o);
        meta = (char *)1;
        fr_status s = fr_exr_read_meta(f->ctx, bad, "fractalis", &meta);
        if (s != FR_ERR_PARSE) fail_msg("cut at %zu: status %d (%s)", cuts[k], s, fr_last_error(f->ctx));
        assert_null(meta);
        assert_non_null(strstr(fr_last_error(f->ctx), "not an OpenEXR file, or a damaged one"));
    }
    FILE *o = fopen(bad, "wb");
    fputs("{\"fractalis\": \"escape\"} this is not an EXR file at all", o);
    fclose(o);
    assert_int_equal(fr_exr_read_meta(f->ctx, bad, "fractalis", &meta), FR_ERR_PARSE);
    buf[0] ^= 0xff;
    o = fopen(bad, "wb");
    fwrite(buf, 1, len, o);
    fclose(o);
    assert_int_equal(fr_exr_read_meta(f->ctx, bad, "fractalis", &meta), FR_ERR_PARSE);
    /* every byte of the header flipped in turn: an error or the scene, never a crash */
    buf[0] ^= 0xff;
    for (size_t at = 0; at < 400; at += 7) {
        buf[at] ^= 0x5a;
        o = fopen(bad, "wb");
        fwrite(buf, 1, len, o);
        fclose(o);
        buf[at] ^= 0x5a;
        meta = NULL;
        fr_status s = fr_exr_read_meta(f->ctx, bad, "fractalis", &meta);
        assert_true(s == FR_OK || s == FR_ERR_PARSE);
        free(meta);
    }
    /* an int attribute asked for as a string */
    assert_int_equal(fr_exr_read_meta(f->ctx, good, "Iterations", &meta), FR_ERR_PARSE);
    assert_non_null(strstr(fr_last_error(f->ctx), "not a string"));
    assert_int_equal(fr_exr_read_meta(f->ctx, good, "", &meta), FR_ERR_INVALID);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_escape_smooth, setup, teardown),
        cmocka_unit_test_setup_teardown(test_escape_other_colourings, setup, teardown),
        cmocka_unit_test_setup_teardown(test_escape_de_direction, setup, teardown),
        cmocka_unit_test_setup_teardown(test_escape_de_points_away, setup, teardown),
        cmocka_unit_test_setup_teardown(test_escape_de_formulas, setup, teardown),
        cmocka_unit_test_setup_teardown(test_escape_de_device_list, setup, teardown),
        cmocka_unit_test_setup_teardown(test_escape_bad_arguments, setup, teardown),
        cmocka_unit_test_setup_teardown(test_write_fifo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_buddha, setup, teardown),
        cmocka_unit_test_setup_teardown(test_flame, setup, teardown),
        cmocka_unit_test_setup_teardown(test_read_damaged, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
