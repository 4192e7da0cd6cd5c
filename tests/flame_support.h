/* Helpers the flame tests share (tests/flame_support.c): a render with a
 * chosen device, CPU kernel and thread count, PSNR, and genome files (one
 * genome per variation; temporal samples and motion). Failures inside are
 * cmocka failures. */
#ifndef FR_TEST_FLAME_SUPPORT_H
#define FR_TEST_FLAME_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "fractalis.h"

/* How a test render runs. Zeroed: the CPU, the default kernel and threads. */
typedef struct flame_setup {
    const char *device;     /* "cpu", "cuda", ... (NULL: "cpu") */
    fr_cpu_kernel kernel;   /* FR_CPU_KERNEL_AUTO: the processor's best */
    int threads;            /* 0: OpenMP's default */
    uint64_t device_memory; /* device-memory cap in bytes, 0: none */
} flame_setup;

/* Genome `index` of `path` rendered with options o: the image, and the raw
 * buffer when raw is not NULL. Returns the status; its message in err. */
fr_status flame_render_with(const flame_setup *su, const char *path, int index, const fr_flame_options *o,
                            fr_image *img, fr_flame_raw *raw, fr_flame_stats *st, char *err, size_t errlen);

/* flame_render_with that must succeed (a test failure otherwise). */
void flame_render_ok(const flame_setup *su, const char *path, int index, const fr_flame_options *o, fr_image *img);

/* PSNR over RGB on the 8-bit scale (identical images: INFINITY). */
double flame_psnr(const fr_image *a, const fr_image *b);

/* A file name in the test's temporary folder (FR_TEST_TMP, else /tmp). */
const char *flame_tmp_path(char *buf, size_t len, const char *name);

/* The flame corpus folder (FR_SHARED/corpus/flames), NULL when absent. */
const char *flame_corpus_dir(char *buf, size_t len);

/* each(path, name, user) for every genome file of the corpus; returns how
 * many, or -1 when the corpus is not here (the caller skips). */
int flame_each_corpus_genome(void (*each)(const char *path, const char *name, void *user), void *user);

/* A file of FR_FLAME_NVAR genomes (128 x 96), genome v using variation v
 * beside a linear xform and a spherical one: with flam3's default
 * parameters, or (params) every parameter moved off its default. */
void flame_write_variation_genomes(const char *path, int params);

/* Genome 0: <motion> on two xforms, 2 passes of 40 temporal samples under a
 * gaussian filter; genome 1: no motion, 3 passes of 30 samples under an exp
 * filter (160 x 120). */
void flame_write_motion_genomes(const char *path);

/* Genomes of the second round of Ember's variations (falloff2, bwraps, crop,
 * hexes, smartcrop ...): with pre_ / post_ forms, and regular ones only. */
extern const char flame_ember2_genome[];
extern const char flame_ember2_regular_genome[];

#endif
