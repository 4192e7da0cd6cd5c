/* A chaos-game kernel for the genome's own variations, built at run time
 * with NVRTC (flame_jit.h says why and how). */
#include "cuda/flame_jit.h"
#include "flame/flame_xform_eval.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define JIT_THREADS 128   /* flame_chaos_kernel.cuh's THREADS */
#define JIT_MIN_BLOCKS 4  /* and its MIN_BLOCKS */
#define JIT_MEMO 32       /* kernels kept in the process */
#define JIT_MAGIC "fractalis chaos kernel 1\n"
#define JIT_SOURCE 16384  /* the generated source's room: FR_FLAME_VAR_ON's terms */

int fr_cuda_flame_jit_mode(void)
{
    const char *e = getenv("FRACTALIS_FLAME_JIT");
    if (e && (!strcmp(e, "0") || !strcmp(e, "off"))) return 0;
    if (e && (!strcmp(e, "1") || !strcmp(e, "rare"))) return 1;
    return 2;
}

#if CUDART_VERSION >= 12000 /* cudaLibraryLoadData */

/* NVRTC, opened at run time: its types and the functions used. */
typedef int nvrtcResult;
typedef struct nvrtc_program *nvrtcProgram;
static pthread_once_t nv_once = PTHREAD_ONCE_INIT;
static struct {
    int ok;
    nvrtcResult (*create)(nvrtcProgram *, const char *, const char *, int, const char *const *, const char *const *);
    nvrtcResult (*compile)(nvrtcProgram, int, const char *const *);
    nvrtcResult (*log_size)(nvrtcProgram, size_t *);
    nvrtcResult (*log)(nvrtcProgram, char *);
    nvrtcResult (*cubin_size)(nvrtcProgram, size_t *);
    nvrtcResult (*cubin)(nvrtcProgram, char *);
    nvrtcResult (*destroy)(nvrtcProgram *);
    nvrtcResult (*add_name)(nvrtcProgram, const char *);
    nvrtcResult (*lowered)(nvrtcProgram, const char *, const char **);
    nvrtcResult (*version)(int *, int *);
    int major, minor;
} nv;

static void nvrtc_open(void)
{
    char path[4096];
    const char *names[] = {getenv("FRACTALIS_NVRTC"), NULL, NULL, "libnvrtc.so"};
    char soname[64];
    snprintf(soname, sizeof soname, "libnvrtc.so.%d", FR_NVRTC_MAJOR);
    names[1] = soname;
    snprintf(path, sizeof path, "%s/%s", FR_NVRTC_DIR, soname);
    names[2] = path;
    void *lib = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !lib; i++)
        if (names[i] && *names[i]) lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!lib) return;
#define SYM(f, n) *(void **)&nv.f = dlsym(lib, n)
    SYM(create, "nvrtcCreateProgram");
    SYM(compile, "nvrtcCompileProgram");
    SYM(log_size, "nvrtcGetProgramLogSize");
    SYM(log, "nvrtcGetProgramLog");
    SYM(cubin_size, "nvrtcGetCUBINSize");
    SYM(cubin, "nvrtcGetCUBIN");
    SYM(destroy, "nvrtcDestroyProgram");
    SYM(add_name, "nvrtcAddNameExpression");
    SYM(lowered, "nvrtcGetLoweredName");
    SYM(version, "nvrtcVersion");
#undef SYM
    nv.ok = nv.create && nv.compile && nv.log_size && nv.log && nv.cubin_size && nv.cubin && nv.destroy &&
            nv.add_name && nv.lowered && nv.version && nv.version(&nv.major, &nv.minor) == 0;
}

/* The system headers the kernel's sources include, as NVRTC needs them
 * (it has no C library; the math functions are its built-ins). */
static const char *const shim_name[] = {"math.h", "stdint.h", "stddef.h", "string.h", "float.h",
                                        "cuda_runtime_api.h"};
static const char *const shim_text[] = {
    "#ifndef M_PI\n#define M_PI 3.14159265358979323846\n#define M_PI_2 1.57079632679489661923\n"
    "#define M_PI_4 0.78539816339744830962\n#define M_1_PI 0.31830988618379067154\n"
    "#define M_2_PI 0.63661977236758134308\n#define M_E 2.7182818284590452354\n"
    "#define M_SQRT2 1.41421356237309504880\n#define M_SQRT1_2 0.70710678118654752440\n"
    "#define M_LN2 0.69314718055994530942\n#define M_LN10 2.30258509299404568402\n"
    "#define M_2_SQRTPI 1.12837916709551257390\n#define M_LOG2E 1.4426950408889634074\n#endif\n"
    "#ifndef INFINITY\n#define INFINITY __builtin_huge_valf()\n#define NAN __builtin_nanf(\"\")\n"
    "#define HUGE_VAL __builtin_huge_val()\n#endif\n",
    "typedef signed char int8_t; typedef unsigned char uint8_t; typedef short int16_t;\n"
    "typedef unsigned short uint16_t; typedef int int32_t; typedef unsigned int uint32_t;\n"
    "typedef long long int64_t; typedef unsigned long long uint64_t;\n"
    "typedef long intptr_t; typedef unsigned long uintptr_t;\n"
    "#define INT8_MAX 127\n#define INT16_MAX 32767\n#define INT32_MAX 2147483647\n"
    "#define INT64_MAX 9223372036854775807LL\n#define INT32_MIN (-INT32_MAX - 1)\n"
    "#define INT64_MIN (-INT64_MAX - 1)\n#define UINT8_MAX 255\n#define UINT16_MAX 65535\n"
    "#define UINT32_MAX 4294967295U\n#define UINT64_MAX 18446744073709551615ULL\n"
    "#define SIZE_MAX UINT64_MAX\n#define UINT64_C(c) c##ULL\n#define INT64_C(c) c##LL\n"
    "#define UINT32_C(c) c##U\n",
    "typedef unsigned long size_t; typedef long ptrdiff_t;\n#ifndef NULL\n#define NULL 0\n#endif\n"
    "#define offsetof(t, m) __builtin_offsetof(t, m)\n",
    "",
    "#define DBL_MAX 1.7976931348623157e308\n#define DBL_MIN 2.2250738585072014e-308\n"
    "#define DBL_EPSILON 2.2204460492503131e-16\n#define FLT_MAX 3.402823466e38F\n"
    "#define FLT_MIN 1.175494351e-38F\n#define FLT_EPSILON 1.192092896e-07F\n#define DBL_MANT_DIG 53\n"
    "#define DBL_TRUE_MIN 4.9406564584124654e-324\n",
    "", /* (cudaError_t and cudaStream_t are NVRTC's built-ins) */
};
#define NSHIM ((int)(sizeof shim_name / sizeof shim_name[0]))

/* FNV-1a, 64 bits, continued from h. */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++) h = (h ^ c[i]) * 0x100000001b3ull;
    return h;
}

/* The variations of J's xforms (on[v] set) and whether any has Ember's
 * pre_/post_ variations. */
static int variation_set(const fr_flame_jobs *J, unsigned char *on)
{
    int prepost = 0;
    memset(on, 0, FR_FLAME_NVAR);
    for (size_t i = 0; i < J->nxf_all; i++) {
        const fr_flame_xform_pre *x = &J->xf[i];
        for (int k = 0; k < x->nvar; k++) on[x->var[k]] = 1;
        for (int k = 0; k < x->pre.n; k++) on[x->pre.var[k]] = 1;
        for (int k = 0; k < x->postv.n; k++) on[x->postv.var[k]] = 1;
        prepost |= x->pre.n || x->postv.n;
    }
    return prepost;
}

/* The kernel's source for a variation set and a kind of launch; its name
 * expression in *name. */
static int make_source(const unsigned char *on, int prepost, int multi, int cams, int proj, char *src, size_t cap,
                       char *name, size_t ncap)
{
    size_t n = (size_t)snprintf(src, cap, "/* fractalis: the chaos game for one variation set */\n"
                                          "#define FR_FLAME_VAR_ON(v) (0");
    int color = 0; /* a variation that reads or sets the colour (FR_FLAME_COLOR_ON) */
    for (int v = 0; v < FR_FLAME_NVAR && n < cap; v++)
        if (on[v]) {
            n += (size_t)snprintf(src + n, cap - n, " || (v) == %d", v);
            color |= fr_flame_var_color(v);
        }
    if (n < cap)
        n += (size_t)snprintf(src + n, cap - n,
                              ")\n#define FR_FLAME_PREPOST_ON %d\n#define FR_FLAME_COLOR_ON %d\n"
                              "#define FR_HD_RARE static __host__ __device__ __forceinline__\n"
                              "#define MIN_BLOCKS %d\n#include \"cuda/flame_chaos_kernel.cuh\"\n",
                              prepost, color, JIT_MIN_BLOCKS);
    snprintf(name, ncap, "flame_chaos<%d, %s, %s, %s>", JIT_MIN_BLOCKS, multi ? "true" : "false",
             multi && cams ? "true" : "false", proj ? "true" : "false");
    return n < cap ? 0 : -1;
}

/* The cache folder (created), or NULL. */
static int cache_dir(char *dir, size_t cap)
{
    const char *e = getenv("FRACTALIS_CACHE_DIR"), *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
    int n;
    if (e && *e) n = snprintf(dir, cap, "%s/kernels", e);
    else if (x && *x == '/') n = snprintf(dir, cap, "%s/fractalis/kernels", x);
    else if (h && *h == '/') n = snprintf(dir, cap, "%s/.cache/fractalis/kernels", h);
    else return -1;
    if (n <= 0 || (size_t)n >= cap) return -1;
    for (char *p = dir + 1; *p; p++) /* mkdir -p */
        if (*p == '/') {
            *p = 0;
            if (mkdir(dir, 0700) && errno != EEXIST) return -1;
            *p = '/';
        }
    return mkdir(dir, 0700) && errno != EEXIST ? -1 : 0;
}

/* A cached cubin: JIT_MAGIC, the 16-byte key, the lowered name's length
 * (4 bytes) and name, then the cubin. */
static char *cache_read(const char *path, const unsigned char key[16], char *lowered, size_t lcap, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    long size = -1;
    if (!fseek(f, 0, SEEK_END)) size = ftell(f);
    if (size > 0 && size < (64l << 20) && !fseek(f, 0, SEEK_SET) && (buf = malloc((size_t)size)) &&
        fread(buf, 1, (size_t)size, f) == (size_t)size) {
        const size_t m = sizeof JIT_MAGIC - 1;
        uint32_t ln = 0;
        if ((size_t)size > m + 20 && !memcmp(buf, JIT_MAGIC, m) && !memcmp(buf + m, key, 16)) {
            memcpy(&ln, buf + m + 16, 4);
            if (ln < lcap && m + 20 + ln < (size_t)size) {
                memcpy(lowered, buf + m + 20, ln);
                lowered[ln] = 0;
                *len = (size_t)size - (m + 20 + ln);
                memmove(buf, buf + m + 20 + ln, *len);
                fclose(f);
                return buf;
            }
        }
    }
    free(buf);
    fclose(f);
    return NULL;
}

static void cache_write(const char *path, const unsigned char key[16], const char *lowered, const char *cubin,
                        size_t len)
{
    char tmp[4200];
    if (snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid()) >= (int)sizeof tmp) return;
    const int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd < 0) return;
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        close(fd);
        unlink(tmp);
        return;
    }
    const uint32_t ln = (uint32_t)strlen(lowered);
    int ok = fwrite(JIT_MAGIC, 1, sizeof JIT_MAGIC - 1, f) == sizeof JIT_MAGIC - 1 && fwrite(key, 1, 16, f) == 16 &&
             fwrite(&ln, 4, 1, f) == 1 && fwrite(lowered, 1, ln, f) == ln && fwrite(cubin, 1, len, f) == len;
    ok = !fclose(f) && ok;
    if (!ok || rename(tmp, path)) unlink(tmp);
}

/* NVRTC: the source to a cubin for arch (sm_XY); *lowered the kernel's
 * mangled name. */
static char *compile(const char *src, const char *name, const char *arch, char *lowered, size_t lcap, size_t *len,
                     const char **why)
{
    const int nh = fr_flame_jit_nheaders + NSHIM;
    const char **hname = malloc((size_t)nh * sizeof *hname), **htext = malloc((size_t)nh * sizeof *htext);
    if (!hname || !htext) {
        free(hname), free(htext);
        *why = "out of memory";
        return NULL;
    }
    for (int i = 0; i < fr_flame_jit_nheaders; i++) hname[i] = fr_flame_jit_header_name[i], htext[i] = fr_flame_jit_header_text[i];
    for (int i = 0; i < NSHIM; i++) hname[fr_flame_jit_nheaders + i] = shim_name[i], htext[fr_flame_jit_nheaders + i] = shim_text[i];
    nvrtcProgram p = NULL;
    const nvrtcResult cr = nv.create(&p, src, "flame_chaos_jit.cu", nh, htext, hname);
    free(hname), free(htext);
    if (cr) {
        *why = "nvrtcCreateProgram failed";
        return NULL;
    }
    char archopt[64];
    snprintf(archopt, sizeof archopt, "--gpu-architecture=%s", arch);
    /* as src/cuda/CMakeLists.txt builds the flame kernels */
    const char *opts[] = {archopt, "-std=c++17", "--fmad=true", "-DFR_HAVE_CUDA", "-default-device"};
    char *out = NULL;
    nv.add_name(p, name);
    if (nv.compile(p, (int)(sizeof opts / sizeof opts[0]), opts)) {
        static __thread char msg[3200]; /* (the log's start: a failure is a bug) */
        size_t ls = 0;
        char *log = NULL;
        if (!nv.log_size(p, &ls) && ls && (log = malloc(ls)) && !nv.log(p, log))
            snprintf(msg, sizeof msg, "NVRTC: %.3000s", log);
        else
            snprintf(msg, sizeof msg, "NVRTC failed");
        free(log);
        *why = msg;
    } else {
        const char *ln = NULL;
        if (nv.lowered(p, name, &ln) || !ln || strlen(ln) >= lcap) {
            *why = "no kernel name";
        } else if (!nv.cubin_size(p, len) && *len && (out = malloc(*len)) && !nv.cubin(p, out)) {
            strcpy(lowered, ln);
        } else {
            free(out), out = NULL;
            *why = "no cubin";
        }
    }
    nv.destroy(&p);
    return out;
}

char *fr_cuda_flame_jit_build(const unsigned char *on, int prepost, int multi, int cams, int proj, const char *arch,
                              size_t *len, const char **why)
{
    char name[128], lowered[512], *src = malloc(JIT_SOURCE), *out = NULL;
    *why = NULL;
    pthread_once(&nv_once, nvrtc_open);
    if (!src) *why = "out of memory";
    else if (!nv.ok) *why = "libnvrtc not found";
    else if (make_source(on, prepost, multi, cams, proj, src, JIT_SOURCE, name, sizeof name)) *why = "too many variations";
    else out = compile(src, name, arch, lowered, sizeof lowered, len, why);
    free(src);
    return out;
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    unsigned char key[16];
    cudaLibrary_t lib;
    cudaKernel_t kernel;
} memo[JIT_MEMO];
static int nmemo;

int fr_cuda_flame_jit_get(const fr_flame_jobs *J, const fr_cuda_flame_args *a, fr_cuda_flame_jit *k,
                          const char **why)
{
    static char src[JIT_SOURCE]; /* (under the lock) */
    char name[128], lowered[512], arch[32];
    int dev = 0, major = 0, minor = 0, rc = -1;
    memset(k, 0, sizeof *k);
    *why = NULL;
    if (cudaGetDevice(&dev) || cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev) ||
        cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev) ||
        cudaDeviceGetAttribute(&k->sms, cudaDevAttrMultiProcessorCount, dev)) {
        (void)cudaGetLastError();
        *why = "no device";
        return -1;
    }
    snprintf(arch, sizeof arch, "sm_%d%d", major, minor);
    pthread_mutex_lock(&lock);
    pthread_once(&nv_once, nvrtc_open);
    if (!nv.ok) {
        *why = "libnvrtc not found";
        goto out;
    }
    unsigned char on[FR_FLAME_NVAR];
    const int prepost = variation_set(J, on);
    int nvars = 0;
    for (int v = 0; v < FR_FLAME_NVAR; v++) nvars += on[v];
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (make_source(on, prepost, a->jobs != NULL, a->cameras, a->proj, src, sizeof src, name, sizeof name)) {
        *why = "too many variations";
        goto out;
    }
    /* the key: source, headers, architecture, NVRTC's version */
    unsigned char key[16];
    uint64_t h[2] = {0xcbf29ce484222325ull, 0x84222325cbf29ce4ull};
    for (int s = 0; s < 2; s++) {
        h[s] = fnv(h[s], src, strlen(src) + 1);
        h[s] = fnv(h[s], name, strlen(name) + 1);
        h[s] = fnv(h[s], arch, strlen(arch) + 1);
        h[s] = fnv(h[s], &nv.major, sizeof nv.major);
        h[s] = fnv(h[s], &nv.minor, sizeof nv.minor);
        for (int i = 0; i < fr_flame_jit_nheaders; i++) {
            h[s] = fnv(h[s], fr_flame_jit_header_name[i], strlen(fr_flame_jit_header_name[i]) + 1);
            h[s] = fnv(h[s], fr_flame_jit_header_text[i], strlen(fr_flame_jit_header_text[i]) + 1);
        }
        for (int i = 0; i < NSHIM; i++) h[s] = fnv(h[s], shim_text[i], strlen(shim_text[i]) + 1);
    }
    memcpy(key, h, 16);
    cudaKernel_t kern = NULL;
    snprintf(k->note, sizeof k->note, "%d variation%s, cached", nvars, nvars == 1 ? "" : "s");
    for (int i = 0; i < nmemo && !kern; i++)
        if (!memcmp(memo[i].key, key, 16)) kern = memo[i].kernel;
    if (!kern) {
        char dir[4096], path[4200];
        int cached = !cache_dir(dir, sizeof dir);
        if (cached)
            snprintf(path, sizeof path, "%s/%016llx%016llx-%s.cubin", dir, (unsigned long long)h[0],
                     (unsigned long long)h[1], arch);
        size_t len = 0;
        char *cubin = cached ? cache_read(path, key, lowered, sizeof lowered, &len) : NULL;
        int from_cache = cubin != NULL;
        if (!cubin) {
            cubin = compile(src, name, arch, lowered, sizeof lowered, &len, why);
            if (!cubin) goto out;
            clock_gettime(CLOCK_MONOTONIC, &t1);
            snprintf(k->note, sizeof k->note, "%d variation%s, compiled in %.1f s", nvars, nvars == 1 ? "" : "s",
                     (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
        }
        cudaLibrary_t lib = NULL;
        if (cudaLibraryLoadData(&lib, cubin, NULL, NULL, 0, NULL, NULL, 0) ||
            cudaLibraryGetKernel(&kern, lib, lowered)) {
            (void)cudaGetLastError();
            if (lib) cudaLibraryUnload(lib);
            free(cubin);
            kern = NULL;
            *why = "the kernel did not load";
            if (from_cache) unlink(path); /* a stale or damaged file: built anew next time */
            goto out;
        }
        if (cached && !from_cache) cache_write(path, key, lowered, cubin, len);
        free(cubin);
        if (nmemo < JIT_MEMO) { /* (past that, each render's library stays loaded: it is not unloaded) */
            memcpy(memo[nmemo].key, key, 16);
            memo[nmemo].lib = lib;
            memo[nmemo].kernel = kern;
            nmemo++;
        }
    }
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&k->per_sm, (const void *)kern, JIT_THREADS, 0) ||
        k->per_sm < 1) {
        (void)cudaGetLastError();
        *why = "no occupancy";
        k->note[0] = 0;
        goto out;
    }
    k->kernel = (const void *)kern;
    rc = 0;
out:
    pthread_mutex_unlock(&lock);
    return rc;
}

cudaError_t fr_cuda_flame_jit_launch(const fr_cuda_flame_jit *k, const fr_cuda_flame_args *a, cudaStream_t s)
{
    const uint64_t want = (a->count + JIT_THREADS - 1) / JIT_THREADS, cap = (uint64_t)k->sms * k->per_sm;
    const unsigned grid = (unsigned)(want < cap ? want : cap);
    const size_t smem = a->any_hot ? FR_FLAME_HOT_BITS / 8 : 0;
    if (grid == 0) return cudaSuccess;
    void *args[] = {(void *)a};
    const dim3 g = {grid, 1, 1}, b = {JIT_THREADS, 1, 1};
    return cudaLaunchKernel(k->kernel, g, b, args, smem, s);
}

#else /* CUDA before 12: no cudaLibraryLoadData */

int fr_cuda_flame_jit_get(const fr_flame_jobs *J, const fr_cuda_flame_args *a, fr_cuda_flame_jit *k,
                          const char **why)
{
    (void)J, (void)a;
    memset(k, 0, sizeof *k);
    *why = "built with CUDA before 12";
    return -1;
}

char *fr_cuda_flame_jit_build(const unsigned char *on, int prepost, int multi, int cams, int proj, const char *arch,
                              size_t *len, const char **why)
{
    (void)on, (void)prepost, (void)multi, (void)cams, (void)proj, (void)arch;
    *len = 0;
    *why = "built with CUDA before 12";
    return NULL;
}

cudaError_t fr_cuda_flame_jit_launch(const fr_cuda_flame_jit *k, const fr_cuda_flame_args *a, cudaStream_t s)
{
    (void)k, (void)a, (void)s;
    return cudaErrorNotSupported;
}
#endif
