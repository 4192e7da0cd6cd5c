/* The chaos-game kernel built for a genome's own variations (NVRTC,
 * src/cuda/flame_jit.c; ctest label gpu). Without a device: NVRTC builds a
 * cubin for sm_90 from the library's embedded headers, for one variation
 * and for a genome of Ember's rare, pre_ and post_ variations in every
 * kind of launch (several jobs, cameras, the 3D projection), and for
 * every variation of the registry, 16 at a time (every variation's code
 * compiles at run time, so none sends its genomes back to the slow
 * kernel). With a device:
 * genomes of rare variations run that kernel ("genome" in
 * fr_context_flame_kernel, compiled once, then cached on disk) and match
 * the CPU within its seed-to-seed noise, as does a flam3 genome (a kernel
 * is built for every flame by default); FRACTALIS_FLAME_JIT=0 runs the
 * built-in full kernel and says so, and =1 the built-in classic one for
 * a flam3 genome. A build without the CUDA
 * backend skips (77); a build with it but no libnvrtc fails. */
#include <dirent.h>
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "fractalis.h"
#include "flame/flame_variations.h"
#include "flame_support.h"
#include "gpu_support.h"

#ifdef FR_TEST_CUDA
#include "cuda/flame_jit.h"

static void on_of(unsigned char *on, const char *const *names)
{
    memset(on, 0, FR_FLAME_NVAR);
    for (; *names; names++) {
        const int v = fr_flame_var_find(*names);
        if (v < 0 || v >= FR_FLAME_NVAR) fail_msg("no variation %s", *names);
        else on[v] = 1;
    }
}

static void build_ok(const unsigned char *on, int prepost, int multi, int cams, int proj)
{
    size_t len = 0;
    const char *why = NULL;
    char *cubin = fr_cuda_flame_jit_build(on, prepost, multi, cams, proj, "sm_90", &len, &why);
    if (!cubin) fail_msg("NVRTC: %s", why ? why : "?");
    assert_true(len > 4 && !memcmp(cubin, "\177ELF", 4));
    free(cubin);
}

static void test_builds_without_device(void **state)
{
    (void)state;
    unsigned char on[FR_FLAME_NVAR];
    const char *const one[] = {"linear", NULL};
    on_of(on, one);
    build_ok(on, 0, 0, 0, 0);
    /* C-91 9's: zcone, wdisc, waves2, log, pre_circlecrop, post_falloff2 */
    const char *const c91[] = {"zcone", "wdisc", "waves2", "log", "circlecrop", "falloff2", "linear", NULL};
    on_of(on, c91);
    for (int kind = 0; kind < 4; kind++) build_ok(on, 1, kind >= 1, kind >= 2, kind == 3);
}

/* Every variation, in kernels of GROUP consecutive ones (one alone takes
 * about as long as a group: the headers' parse), built by a few threads
 * at once. */
#define GROUP 16
static int next_var;
static pthread_mutex_t next_lock = PTHREAD_MUTEX_INITIALIZER;
static char failed[4096];

static void *build_each(void *arg)
{
    (void)arg;
    for (;;) {
        pthread_mutex_lock(&next_lock);
        const int v = next_var;
        next_var += GROUP;
        pthread_mutex_unlock(&next_lock);
        if (v >= FR_FLAME_NVAR) return NULL;
        unsigned char on[FR_FLAME_NVAR] = {0};
        for (int k = v; k < v + GROUP && k < FR_FLAME_NVAR; k++) on[k] = 1;
        size_t len = 0;
        const char *why = NULL;
        char *cubin = fr_cuda_flame_jit_build(on, 1, 0, 0, 0, "sm_90", &len, &why);
        if (!cubin) {
            pthread_mutex_lock(&next_lock);
            const size_t n = strlen(failed);
            snprintf(failed + n, sizeof failed - n, "%s and the %d after it: %.300s\n", fr_flame_vars[v].name,
                     GROUP - 1, why ? why : "?");
            pthread_mutex_unlock(&next_lock);
        }
        free(cubin);
    }
}

static void test_every_variation_builds(void **state)
{
    (void)state;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1) n = 1;
    if (n > 16) n = 16;
    pthread_t t[16];
    next_var = 0, failed[0] = 0;
    for (long i = 0; i < n; i++) assert_int_equal(pthread_create(&t[i], NULL, build_each, NULL), 0);
    for (long i = 0; i < n; i++) pthread_join(t[i], NULL);
    if (failed[0]) fail_msg("variations NVRTC cannot build:\n%s", failed);
}

/* Genome `index` of path on `device` (JIT mode `jit`: "0", "1", "2"):
 * the image, and the kernel note in note. */
static void render_note(const char *device, const char *jit, const char *path, int index, fr_flame_options o,
                        fr_image *img, char *note, size_t len)
{
    setenv("FRACTALIS_FLAME_JIT", jit, 1);
    fr_context *ctx = fr_context_create();
    fr_flames *f = NULL;
    fr_flame_stats st;
    assert_non_null(ctx);
    if (fr_context_set_device(ctx, device) || fr_flames_read(ctx, path, NULL, 0, &f) ||
        fr_flame_render(ctx, f, index, &o, img, &st))
        fail_msg("%s on %s: %s", path, device, fr_last_error(ctx));
    snprintf(note, len, "%s", fr_context_flame_kernel(ctx));
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
    unsetenv("FRACTALIS_FLAME_JIT");
}

/* CPU seeds 1, 2 against the GPU (seed 3) in JIT mode jit; the kernel
 * note must start with `kernel`. Returns the shortfall in dB. */
static double jit_vs_cpu(const char *path, int index, fr_flame_options o, const char *jit, const char *kernel)
{
    fr_image c1, c2, g;
    char note[256];
    o.seed = 1;
    render_note("cpu", jit, path, index, o, &c1, note, sizeof note);
    o.seed = 2;
    render_note("cpu", jit, path, index, o, &c2, note, sizeof note);
    o.seed = 3;
    render_note("cuda", jit, path, index, o, &g, note, sizeof note);
    const double noise = flame_psnr(&c1, &c2), gpu = flame_psnr(&c1, &g);
    const double gap = isinf(noise) ? (isinf(gpu) ? 0 : 99) : noise - gpu;
    printf("%-34s JIT=%s  cpu-cpu %6.2f dB  gpu-cpu %6.2f dB  gap %+5.2f  kernel: %s\n", strrchr(path, '/') + 1,
           jit, noise, gpu, gap, note);
    if (strncmp(note, kernel, strlen(kernel))) fail_msg("%s: kernel \"%s\", not %s", path, note, kernel);
    fr_image_free(&c1), fr_image_free(&c2), fr_image_free(&g);
    return gap;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
}

static void test_rare_genomes_run_their_kernel(void **state)
{
    (void)state;
    char path[4096], dir[4096], wild[4096];
    flame_tmp_path(dir, sizeof dir, "jit-cache");
    setenv("FRACTALIS_CACHE_DIR", dir, 1);
    flame_tmp_path(path, sizeof path, "jit_ember2.flame");
    write_file(path, flame_ember2_genome);
    fr_flame_options o = {.quality = 200};
    /* the second draw's seeds would be as in test_gpu_flame; a 1 dB margin holds here */
    assert_true(jit_vs_cpu(path, 0, o, "1", "genome") <= 1.0);
    assert_true(jit_vs_cpu(path, 0, o, "0", "full (FRACTALIS_FLAME_JIT=0)") <= 1.0);
    remove(path);
    /* the cache holds the kernel */
    char kernels[4200];
    snprintf(kernels, sizeof kernels, "%s/kernels", dir);
    DIR *d = opendir(kernels);
    int cubins = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        cubins += strstr(e->d_name, ".cubin") != NULL;
    if (d) closedir(d);
    assert_true(cubins >= 1);
    /* two genomes of flames-wild with rare variations and pre_/post_ ones */
    const char *shared = getenv("FR_SHARED");
    const char *const names[] = {"fractorium_c-91_examples__08_C-91_9.flam3",
                                 "fractorium_plangkye_examples__09_Tatyana_by_plangkye.flam3"};
    for (int k = 0; k < 2; k++) {
        snprintf(wild, sizeof wild, "%s/corpus/flames-wild/%s", shared ? shared : "../shared", names[k]);
        if (access(wild, R_OK)) fail_msg("%s is not here", wild);
        fr_flame_options w = {.width = 160, .quality = 200};
        assert_true(jit_vs_cpu(wild, 0, w, "1", "genome") <= 1.0);
    }
}

static void test_every_flame_when_asked(void **state)
{
    (void)state;
    char dir[4096];
    if (!flame_corpus_dir(dir, sizeof dir)) fail_msg("the flame corpus (FR_SHARED/corpus/flames) is not here");
    char path[4200];
    snprintf(path, sizeof path, "%s/electricsheep.244.10471.flam3", dir);
    fr_flame_options o = {.width = 200, .quality = 200};
    assert_true(jit_vs_cpu(path, 0, o, "2", "genome") <= 1.0);
    assert_true(jit_vs_cpu(path, 0, o, "1", "classic") <= 1.0);
}
#endif

int main(void)
{
#ifndef FR_TEST_CUDA
    printf("skipped: built without the CUDA backend\n");
    return 77;
#else
    const struct CMUnitTest build[] = {
        cmocka_unit_test(test_builds_without_device),
        cmocka_unit_test(test_every_variation_builds),
    };
    const struct CMUnitTest render[] = {
        cmocka_unit_test(test_rare_genomes_run_their_kernel),
        cmocka_unit_test(test_every_flame_when_asked),
    };
    int rc = cmocka_run_group_tests(build, NULL, NULL);
    const int gate = gpu_tests_gate();
    if (gate) return rc ? rc : gate;
    return rc | cmocka_run_group_tests(render, NULL, NULL);
#endif
}
