/*
 * fractalis.h - the public API of libfractalis. This header is the spec.
 *
 * Ownership: every *_create returns an object the caller owns and frees with
 * the matching *_destroy; every *_destroy(NULL) is a no-op. Strings returned
 * as `const char *` belong to the library and stay valid until the owning
 * object changes or is destroyed. Strings returned through `char **` are
 * malloc()ed and freed by the caller with free() (or fr_free()).
 *
 * Errors: every call that can fail returns fr_status (FR_OK == 0, errors are
 * negative) and records a one-line message in the context, read back with
 * fr_last_error(). The library never prints, exits or aborts.
 *
 * Threads: a context is used by one thread at a time; distinct contexts are
 * independent. The library has no global mutable state and reads no
 * environment variables (OpenMP itself honours OMP_NUM_THREADS).
 */
#ifndef FRACTALIS_H
#define FRACTALIS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FR_VERSION_MAJOR 0
#define FR_VERSION_MINOR 1
#define FR_VERSION_PATCH 0
#define FR_VERSION_STRING "0.2.0"

const char *fr_version(void);

/* Free what the library malloc()ed for the caller (the strings returned
 * through `char **`): free() itself, for callers that do not share the
 * library's C runtime (language bindings: the Python module). NULL is a
 * no-op. */
void fr_free(void *p);

/* ------------------------------------------------------------------ status */

typedef enum fr_status {
    FR_OK = 0,
    FR_ERR_INVALID = -1,     /* a parameter is out of range or malformed */
    FR_ERR_NOMEM = -2,       /* an allocation failed or would not fit */
    FR_ERR_IO = -3,          /* a file could not be read or written */
    FR_ERR_PARSE = -4,       /* a file or text could not be parsed */
    FR_ERR_UNSUPPORTED = -5, /* the request needs something not built/present */
    FR_ERR_DEVICE = -6,      /* a compute device failed */
    FR_ERR_CANCELLED = -7    /* the progress callback asked to stop */
} fr_status;

/* A short fixed name for a status ("invalid argument", ...). */
const char *fr_status_name(fr_status s);

/* ----------------------------------------------------------------- context */

typedef struct fr_context fr_context;

/* Progress callback: `done` in [0, 1]. Return non-zero to cancel the work,
 * which then ends with FR_ERR_CANCELLED. Called from the rendering thread
 * that owns the call, never concurrently. */
typedef int (*fr_progress_fn)(double done, void *user);

/* Which CPU kernel family runs escape-time, orbit-density and flame work.
 * AUTO picks the widest the processor supports at run time. Escape-time and
 * orbit-density kernels give identical results. Flames: SCALAR runs one
 * walker at a time with the scalar maths library (the reference); AVX2 runs
 * batches of walkers in vectors with glibc's vector maths (libmvec, within
 * 4 ulp), so the image differs from the reference by Monte-Carlo noise only;
 * each gives the same image on any thread count. */
typedef enum fr_cpu_kernel {
    FR_CPU_KERNEL_AUTO = 0,
    FR_CPU_KERNEL_SCALAR = 1, /* the reference: one sample (one walker) at a time */
    FR_CPU_KERNEL_AVX2 = 2    /* AVX2 + FMA: 4 x f64, 8 x f32; flames: batched walkers */
} fr_cpu_kernel;

fr_context *fr_context_create(void);
void fr_context_destroy(fr_context *ctx);
/* Free what the context keeps between renders (the deep-zoom reference
 * orbit of an explicit reference: fr_escape_params.reference_text); the
 * next render computes it again. */
void fr_context_clear_cache(fr_context *ctx);

/* The message of the last failed call on this context ("" if none). */
const char *fr_last_error(const fr_context *ctx);

/* Worker threads for CPU work; 0 (default) lets OpenMP decide, which honours
 * OMP_NUM_THREADS. */
fr_status fr_context_set_threads(fr_context *ctx, int threads);
int fr_context_threads(const fr_context *ctx);

void fr_context_set_progress(fr_context *ctx, fr_progress_fn fn, void *user);
/* Inside a progress callback: what is being done when a render has stages
 * ("reference orbit", then "pixels" for deep zoom), so a caller can show a
 * bar each; NULL for a render of one stage. */
const char *fr_progress_stage(const fr_context *ctx);

/* Select the compute device: "auto", "cpu", "cuda" or "cuda:N", or a list
 * that spreads every render over several devices: "cuda:all" (every GPU),
 * "cuda:0,2,3", "cuda:0,0" (one GPU twice: two workers sharing it), with
 * "cpu" as one more item where the CPU cores should join ("cuda:all,cpu").
 * A list gives the same result as one device of its kind: escape time and
 * deep zoom hand out tiles of samples as devices free up (balanced by what
 * each tile costs), orbit density splits the sample index range by each
 * device's measured rate and sums the integer histograms, and flames run
 * on the list's first device. "auto" picks a usable GPU when the CUDA
 * backend is built and a device is present, else the CPU. An unavailable
 * explicit choice is an error (FR_ERR_UNSUPPORTED). */
fr_status fr_context_set_device(fr_context *ctx, const char *spec);
/* The devices in use ("cpu", "cuda:0", "cuda:0,1,cpu"), and, when "auto"
 * fell back to the CPU, a one-line note saying why (else ""). */
const char *fr_context_device(const fr_context *ctx);
/* How many devices a render spreads over (1 unless a list was set). */
int fr_context_device_count(const fr_context *ctx);
/* After a render spread over a device list: each device's share of the
 * work ("cuda:0 52 %, cuda:1 48 %"); "" otherwise. */
const char *fr_context_device_shares(const fr_context *ctx);
const char *fr_context_device_note(const fr_context *ctx);
/* After a flame render on a GPU: the chaos-game kernel that ran, a word
 * and a note: "genome (N variations, compiled in S s)" or "genome (N
 * variations, cached)" (built at run time for the genome's own variations
 * with NVRTC: the default), else a built-in one: "classic" or "common"
 * (flam3's variations and Ember's commonest) or "full (...)" (every
 * variation, with why none was built: "libnvrtc not found",
 * FRACTALIS_FLAME_JIT=0, ...); "" before any. */
const char *fr_context_flame_kernel(const fr_context *ctx);

/* One of several processes rendering together (the CLI's MPI ranks:
 * `mpirun -np N fractalis render ...`). Every process renders the same
 * scene with `count` and its own `index` (0 .. count - 1); each computes
 * its share of the work (escape-time bands, deep-zoom chunks, a range of
 * Buddhabrot samples, a range of each flame pass's walkers) and `combine`
 * makes every process's buffer the element-wise combination of all
 * processes' buffers, in place: FR_COMBINE_OR over bytes (disjoint parts,
 * zeros elsewhere), FR_COMBINE_SUM_U64 over uint64_t, FR_COMBINE_SUM_U32_SAT
 * over uint32_t saturating at 2^32 - 1. Every process calls it at the same
 * points in the same order (collectively, as MPI_Allreduce); it returns 0,
 * or nonzero when it failed. The result is a single process's, byte for
 * byte. Only process 0 writes files (the others' writers succeed without
 * naming any file). Orbit density needs a sample count (no time limit or
 * hits target) when shared. count 1 (the default) renders alone. */
typedef enum fr_combine_op { FR_COMBINE_OR = 0, FR_COMBINE_SUM_U64 = 1, FR_COMBINE_SUM_U32_SAT = 2 } fr_combine_op;
typedef int (*fr_combine_fn)(void *buf, size_t count, fr_combine_op op, void *user);
fr_status fr_context_set_share(fr_context *ctx, int index, int count, fr_combine_fn combine, void *user);

/* GPU memory a render may use, in bytes (0 = automatic: most of what is
 * free). Renders that need more are computed in strips of rows. */
fr_status fr_context_set_device_memory(fr_context *ctx, uint64_t bytes);
/* Host memory a flame render on the CPU may use for its buckets and
 * accumulator, in bytes (0 = automatic: 80% of the physical memory, as
 * flam3-render's budget). Flames that need more render in strips. */
fr_status fr_context_set_host_memory(fr_context *ctx, uint64_t bytes);

/* CUDA devices. fr_cuda_built() is 1 when this build has the CUDA backend.
 * fr_cuda_device_count() returns the devices present (0 with the reason in
 * fr_last_error when none). */
typedef struct fr_device_info {
    char name[128];
    int cc_major, cc_minor;   /* compute capability */
    int multiprocessors;
    int clock_mhz;
    uint64_t memory_bytes, memory_free, l2_bytes;
    int usable;               /* this build has code for the device */
} fr_device_info;
int fr_cuda_built(void);
int fr_cuda_device_count(fr_context *ctx);
/* The CUDA devices, telling a machine without one from a broken
 * installation: FR_OK with *count >= 0 (0: no device or no driver, the
 * reason in fr_last_error), FR_ERR_UNSUPPORTED without the CUDA backend,
 * FR_ERR_DEVICE when the CUDA runtime fails otherwise. */
fr_status fr_cuda_devices(fr_context *ctx, int *count);
fr_status fr_cuda_device_info(fr_context *ctx, int index, fr_device_info *out);

fr_status fr_context_set_cpu_kernel(fr_context *ctx, fr_cpu_kernel k);
/* The kernel that AUTO resolves to on this processor. */
fr_cpu_kernel fr_cpu_kernel_best(void);
const char *fr_cpu_kernel_name(fr_cpu_kernel k);

/* ----------------------------------------------------------------- palette */

#define FR_PALETTE_MAX_STOPS 1024

/* A cyclic gradient: `count` colours (sRGB, 0..255) at positions in [0, 1)
 * in increasing order; colour between stops is linearly interpolated and the
 * last stop blends back into the first. */
typedef struct fr_palette {
    int count;
    float pos[FR_PALETTE_MAX_STOPS];
    uint8_t rgb[FR_PALETTE_MAX_STOPS][3];
    char name[64]; /* preset name, or "" for a palette given by colours */
} fr_palette;

/* Built-in presets, NULL-terminated list of names ("classic" is the
 * 16-colour palette of the classic CUDA Mandelbrot report). */
const char *const *fr_palette_presets(void);
fr_status fr_palette_preset(fr_context *ctx, const char *name, fr_palette *out);
/* A text file, one colour a line: "#rrggbb", "rrggbb" or "0xrrggbb"; blank
 * lines and lines starting with '#' followed by a space are ignored. Stops
 * are evenly spaced. */
fr_status fr_palette_load(fr_context *ctx, const char *path, fr_palette *out);
/* From a list of hex colours (as in a palette file), evenly spaced. */
fr_status fr_palette_from_hex(fr_context *ctx, const char *const *hex, int n, fr_palette *out);
/* Colour at position t (any real: taken modulo 1), into rgb[3] in [0, 1]. */
void fr_palette_sample(const fr_palette *pal, double t, float rgb[3]);

/* ------------------------------------------------------------ escape time */

typedef enum fr_formula {
    FR_MANDELBROT = 0, /* z^2 + c, z0 = 0, c = pixel */
    FR_JULIA = 1,      /* z^2 + c, z0 = pixel, c = constant */
    FR_BURNINGSHIP = 2, /* (|x| + i|y|)^2 + c */
    FR_TRICORN = 3,    /* conj(z)^2 + c */
    FR_MULTIBROT = 4   /* z^d + c, integer d >= 2 */
} fr_formula;

typedef enum fr_precision { FR_F32 = 0, FR_F64 = 1 } fr_precision;

typedef enum fr_color_mode {
    FR_COLOR_COUNT = 0,     /* integer count through the palette */
    FR_COLOR_SMOOTH = 1,    /* normalized iteration count */
    FR_COLOR_HISTOGRAM = 2, /* rank of the count among exterior samples */
    FR_COLOR_DISTANCE = 3   /* exterior distance estimation shading */
} fr_color_mode;

/* When an escape-time view is computed by perturbation against an MPFR
 * reference orbit (deep zoom) rather than by plain float64 iteration. */
typedef enum fr_perturbation {
    FR_PERTURB_AUTO = 0, /* when the view is too narrow for float64 to give the true counts */
    FR_PERTURB_ON = 1,   /* always (mandelbrot, multibrot, tricorn, burningship) */
    FR_PERTURB_OFF = 2   /* never (views narrower than float64 resolves are refused) */
} fr_perturbation;

/* The longest centre text ("RE,IM") a scene may carry: decimal digits
 * enough for views far below 1e-100000. */
#define FR_CENTER_TEXT_MAX 262144

/* Everything that determines an escape-time image. Fill with
 * fr_escape_params_default(), change fields or set them by name with
 * fr_escape_param_set(), then render. The parameter table below describes
 * every field (name, type, range, default, help); validation, the CLI flags,
 * scene files and PNG metadata are all driven from it. */
typedef struct fr_escape_params {
    fr_formula formula;
    int width, height;          /* image size in pixels */
    double center_re, center_im;
    double view_width;          /* width of the view in the complex plane */
    double rotate_deg;          /* view rotation, counter-clockwise */
    double julia_re, julia_im;  /* Julia constant c */
    int power;                  /* Multibrot exponent d >= 2 */
    uint32_t max_iter;          /* 1 .. 2^31-1 */
    double bailout;             /* escape radius; 0 = automatic (see table) */
    fr_precision precision;
    fr_color_mode color;
    fr_palette palette;
    double palette_offset;      /* shifts the palette, in cycles (0..1) */
    double palette_cycle;       /* iterations per palette cycle; 0 = automatic */
    uint8_t interior[3];        /* colour of points that never escape */
    int aa;                     /* N x N samples per pixel */
    int depth;                  /* output bits per channel: 8 or 16 */
    int interior_test;          /* exact cardioid/bulb tests (Mandelbrot d=2) */
    int periodicity;            /* exact cycle detection (never changes counts) */
    /* Deep zoom. The view's width is view_width * 10^view_width_exp10:
     * the exponent is nonzero only for widths below 1e-300 (then
     * 1 <= view_width < 10). The centre is center_re, center_im unless
     * center_text holds "RE,IM" with more digits than a double carries (as
     * given to the "center" parameter); it is used only while its parts
     * still round to center_re and center_im, so setting those fields
     * directly overrides it. */
    int32_t view_width_exp10;
    fr_perturbation perturbation;
    char center_text[FR_CENTER_TEXT_MAX];
    /* Deep zoom's reference orbit (parameters "reference" and
     * "reference-bits"; used only by views computed by perturbation, ignored
     * by plain float64 ones). reference_text "RE,IM" (decimal, any length)
     * puts the MPFR reference orbit at that point instead of the view's
     * centre; "" (the default; the parameter reads "center" then) keeps
     * the centre. A pixel's delta is then
     * measured from the reference: dc = (centre - reference) + rot(u, v) *
     * pixel, the first term computed in MPFR, so the reference must lie
     * within 2^24 pixels of the centre (the render is refused otherwise).
     * reference_bits is the orbit's MPFR precision: 0 (automatic) takes the
     * view's own (-log2(pixel) + 72 bits); a larger value is used as given
     * (a smaller one gives way to the view's).
     * With a reference given, the context keeps the orbit after the render
     * (one, the last; fr_context_clear_cache frees it) and a later render
     * with the same formula, power, bailout, reference text and precision
     * reuses it (its first max_iter steps: the same MPFR steps give the
     * same bits) instead of computing it again: a zoom's frames, each
     * scene naming the zoom's target as reference and the deepest frame's
     * precision, compute one orbit between them, and each frame's scene
     * alone re-renders to the same bytes. The BLA tables depend on the
     * view (the largest |dc|) and are built for every render. */
    int32_t reference_bits;
    char reference_text[FR_CENTER_TEXT_MAX];
} fr_escape_params;

typedef enum fr_param_type {
    FR_PT_ENUM, FR_PT_INT, FR_PT_UINT, FR_PT_DOUBLE, FR_PT_BOOL,
    FR_PT_SIZE,     /* "WxH" */
    FR_PT_COMPLEX,  /* "RE,IM" */
    FR_PT_COLOR,    /* "#rrggbb" */
    FR_PT_PALETTE,  /* preset name, colour list or palette file */
    FR_PT_U64,      /* whole number 0 .. 2^64 - 1 ("1e9" accepted) */
    FR_PT_DURATION, /* seconds: "90", "90s", "5m", "1h" */
    FR_PT_TEXT      /* a syntax of its family's (e.g. "r:0:5000") */
} fr_param_type;

/* Flags of a parameter (fr_param_info.flags). */
enum {
    FR_PARAM_MIN_OPEN = 1 << 0,   /* min itself is excluded */
    FR_PARAM_ZERO_AUTO = 1 << 1,  /* 0 is allowed besides the range and means "automatic" */
    FR_PARAM_MIN_OR_MAX = 1 << 2, /* only min or max (e.g. depth 8|16) */
    FR_PARAM_ALIAS = 1 << 3,      /* input only: another way to set other parameters (not
                                     written to scenes, no value of its own) */
    FR_PARAM_SWITCH = 1 << 4,     /* boolean that a command line may give alone to mean "on" */
    FR_PARAM_REPEAT = 1 << 5,     /* each setting adds to the value (e.g. one channel each) */
    FR_PARAM_SCENE_IF_SET = 1 << 6, /* written to scenes only when not at its default (a scene
                                       without it reads back the default) */
    FR_PARAM_NO_SCENE = 1 << 7      /* how a render runs, not what it draws (e.g. buddhabrot
                                       bands): never written to scenes or image metadata, so
                                       the outputs do not depend on it; a scene may set it */
};

/* One row of a family's parameter table: the table is the spec of the
 * family's settings, and defaults, validation, JSON scenes, PNG metadata,
 * help text and the CLI flags are all derived from it. The default of a
 * parameter is its value in the family's default parameters (read it with
 * the family's *_param_get); its allowed values as text come from
 * fr_param_range_text. */
typedef struct fr_param_info {
    const char *name;          /* flag / scene key, e.g. "center" */
    fr_param_type type;
    const char *help;
    double min, max;           /* range: INT, UINT, DOUBLE, U64, DURATION; SIZE per side;
                                  COMPLEX |part| <= max */
    unsigned flags;            /* FR_PARAM_* */
    const char *const *names;  /* ENUM: the values, NULL-terminated */
    const char *syntax;        /* the allowed values where min and max cannot say them; else NULL */
    const char *note;          /* what the default means when it is automatic or varies; else NULL */
} fr_param_info;

/* The allowed values of a parameter as text ("1..2147483647", "f32|f64",
 * "0, or 2..1e10", ...) into buf (always NUL-terminated); returns buf. */
const char *fr_param_range_text(const fr_param_info *info, char *buf, size_t n);

/* The family of a scene (JSON text, or a PNG's "fractalis" chunk): the
 * value of its "fractalis" key ("escape", "buddhabrot"), into kind. */
fr_status fr_scene_kind(fr_context *ctx, const char *json, char *kind, size_t n);

/* The largest image side of every family. */
#define FR_MAX_SIDE 65535

/* The escape-time parameter table, in display order (the alias "zoom",
 * view_width = 4 / zoom, is its last row). */
int fr_escape_param_count(void);
const fr_param_info *fr_escape_param_info(int i);
/* Look up by name (NULL: no such parameter). */
const fr_param_info *fr_escape_param_find(const char *name);

void fr_escape_params_default(fr_escape_params *p, fr_formula f);
fr_status fr_formula_parse(fr_context *ctx, const char *name, fr_formula *out);
const char *fr_formula_name(fr_formula f);

/* Set one parameter from text, with full validation of that value. */
fr_status fr_escape_param_set(fr_context *ctx, fr_escape_params *p, const char *name,
                              const char *value);
/* The parameter's current value as text (malloc()ed); round-trips exactly. */
fr_status fr_escape_param_get(fr_context *ctx, const fr_escape_params *p, const char *name,
                              char **value);
/* The centre as the exact decimal text given ("RE,IM"), or NULL when the
 * doubles center_re, center_im are the centre. */
const char *fr_escape_center_text(const fr_escape_params *p);
/* Whole-scene checks (ranges, memory needed, finite view). */
fr_status fr_escape_params_validate(fr_context *ctx, const fr_escape_params *p);
/* The bailout and palette cycle actually used once "automatic" is resolved. */
double fr_escape_bailout(const fr_escape_params *p);
double fr_escape_palette_cycle(const fr_escape_params *p);

/* A scene as JSON text: {"fractalis": "escape", "formula": ..., ...}. The
 * palette is written by name for presets and as a colour list otherwise, so
 * a scene is self-contained. */
fr_status fr_escape_params_to_json(fr_context *ctx, const fr_escape_params *p, char **json);
/* Read a scene; keys not given keep the values in *p. */
fr_status fr_escape_params_from_json(fr_context *ctx, const char *json, fr_escape_params *p);

/* A Kalles Fraktaler parameter file (.kfr text of len bytes): its centre,
 * zoom (KF's zoom fixes the view's height, so p->width and p->height must
 * already be final), iterations, rotation and palette (Colors, IterDiv,
 * ColorOffset, Smooth) applied to *p; all or nothing. */
fr_status fr_escape_params_from_kfr(fr_context *ctx, const char *text, size_t len, fr_escape_params *p);

/* ------------------------------------------------------------ zoom videos */
/* log10 of a view's width (view_width * 10^view_width_exp10). */
double fr_escape_view_log10_width(const fr_escape_params *p);
/* The view at fraction s (0 <= s <= 1) of the way from scene a to scene b,
 * into *out (which may be a): every parameter but the view is a's; the
 * width moves exponentially (log10 width linear in s: the same zoom factor
 * per frame, a constant perceived speed), the rotation linearly, and the
 * centre along the path that keeps the point T at one place on screen:
 * c(s) = T + (c_a - T) k(s), k(s) = (w(s) / w_a) e^{i (r(s) - r_a)}, T the
 * fixed point of the similarity that maps a's view onto b's (T = c_b when
 * only the width changes, and close to c_b for a deep zoom). Computed in
 * MPFR at the precision of the deeper scene and written to out's centre as
 * decimal text with digits enough for its pixel; s = 0 gives a's view and
 * s = 1 b's exactly. Same width and rotation (a pure pan): the centre moves
 * linearly. With `reference` nonzero (and T within 2^23 pixels of the
 * centres, as it is when T is on screen at a) out also names T as its
 * deep-zoom reference (reference_text, at the deeper scene's precision in
 * reference_bits), the same for every s, so the frames between a and b
 * share one reference orbit on a context; otherwise out has none. a and b
 * must agree in size and aa. */
fr_status fr_escape_zoom_view(fr_context *ctx, const fr_escape_params *a, const fr_escape_params *b, double s,
                              int reference, fr_escape_params *out);

/* ------------------------------------------------ deep zoom: feature finder
 * Mandelbrot set atoms in MPFR (src/deep/deep_locate.c); every string is
 * decimal text of any length and exponent. */
/* A minibrot (hyperbolic component of period p) of the Mandelbrot set. */
typedef struct fr_nucleus {
    uint32_t period;
    char *re, *im;          /* the nucleus, decimal text, digits enough for its size (malloc'ed) */
    char *size;             /* the atom's size estimate |s|, decimal text like "1.2345e-1234" (malloc'ed) */
    double size_mant;       /* size = size_mant * 10^size_exp10, 1 <= size_mant < 10 */
    long size_exp10;
    double orientation_deg; /* arg of the complex size estimate, degrees */
} fr_nucleus;

/* The period of the lowest-period atom whose nucleus lies in the disc of
 * radius `radius` around (re, im), by the ball / box method (iterate a
 * ball of centre z_n and radius r_n: r_{n+1} = 2|z_n| r_n + r_n^2 + r; the first n with
 * |z_n| <= r_n). Strings are decimal, any length and exponent. Up to max_period; none found: FR_ERR_INVALID with a message. */
fr_status fr_locate_period(fr_context *ctx, const char *re, const char *im, const char *radius,
                           uint32_t max_period, uint32_t *period);
/* Newton's method in MPFR for the nucleus of period `period` starting at (re, im):
 * c <- c - z_p(c) / z_p'(c); precision from `radius` (a length scale of the search, decimal text) and grown as needed;
 * converged when the step is below size * 2^-40; then the size estimate and orientation
 * (s = 1 / (beta lambda^2), lambda = prod_{j=1}^{p-1} 2 z_j, beta = 1 + sum_{j=1}^{p-1} 1 / prod_{i=1}^{j} 2 z_i).
 * Fails with a message if Newton does not converge. On success *out owns its strings
 * (release with fr_nucleus_free); on failure *out is zeroed. */
fr_status fr_locate_nucleus(fr_context *ctx, const char *re, const char *im, const char *radius, uint32_t period,
                            fr_nucleus *out);
void fr_nucleus_free(fr_nucleus *n);


/* Raw per-sample results, on a grid of (width*aa) x (height*aa) samples in
 * row-major order, top row first. */
typedef struct fr_escape_raw {
    int width, height;   /* sample grid size */
    uint32_t *counts;    /* escape index n, or max_iter for interior */
    float *values;       /* smooth value (or distance for FR_COLOR_DISTANCE);
                            -1 for interior; NULL in FR_COLOR_COUNT mode */
} fr_escape_raw;

/* An 8- or 16-bit RGB (or RGBA) image, row-major, top row first. */
typedef struct fr_image {
    int width, height;
    int depth;       /* 8 or 16 */
    void *pixels;    /* width*height*channels samples of uint8_t or uint16_t */
    int channels;    /* 3 (RGB; 0 also means 3) or 4 (RGBA, alpha not premultiplied) */
} fr_image;

/* Samples a pixel of img: 3 or 4. */
static inline int fr_image_channels(const fr_image *img) { return img->channels == 4 ? 4 : 3; }

/* Render statistics of the last render. */
typedef struct fr_escape_stats {
    uint64_t samples;
    uint64_t iterations;   /* real iteration steps performed */
    uint64_t interior;     /* samples that never escaped */
    double seconds_iterate;  /* CPU: iteration; GPU: kernels (iterate, shade, downsample) */
    double seconds_color;    /* CPU: colouring and downsampling on the host */
    double seconds_setup;    /* GPU: device start and allocation */
    double seconds_copy;     /* GPU: copying results to the host */
    /* Deep zoom (perturbation): */
    int deep;                  /* 0 plain float64; 1 perturbation in double; 2 in extended range */
    uint32_t reference_iterations; /* length of the reference orbit */
    int reference_bits;        /* its MPFR precision */
    double seconds_reference;  /* computing the reference orbit */
    double seconds_bla;        /* building the BLA tables */
    uint64_t iterations_skipped; /* iterations skipped by BLA (iterations: those performed) */
    int reference_reused;      /* 1: the reference orbit came from the context's cache (see
                                  fr_escape_params.reference_text); seconds_reference is then ~0 */
    uint32_t reference_period; /* the orbit came back to an earlier state bit for bit (a centre that
                                  is exactly a Misiurewicz point or a nucleus, such as c = i): the
                                  period, the steps after it copied instead of computed; 0: none */
} fr_escape_stats;

/* Render. `image` receives a new image of depth p->depth (8 or 16); `raw`, if
 * not NULL, receives the raw sample arrays (free with fr_escape_raw_free).
 * Either output may be NULL (not both). */
fr_status fr_escape_render(fr_context *ctx, const fr_escape_params *p, fr_image *image, fr_escape_raw *raw, fr_escape_stats *stats);

/* Raw arrays beyond fr_escape_raw's, at the same sample grid, asked for
 * with fr_escape_render_raw's `want` (FR_RAW_* or'ed); an array not asked
 * for is NULL. Free with fr_escape_extra_free. */
enum {
    FR_RAW_SMOOTH = 1 << 0, /* smooth */
    FR_RAW_DE = 1 << 1      /* de (the distance-estimating kernel runs: the same
                               counts, slower; in any colouring) */
};
typedef struct fr_escape_extra {
    float *smooth;  /* the smooth value of every sample, n - log_d(log|z_n| / log R),
                       in any colouring; -1 for interior */
    float *de;      /* the directional distance estimate, two floats a sample
                       (x, y): a vector as long as the distance estimate, in
                       sample spacings, along J^-1 z_n (J = dz_n/dc, dz_n/dz_0 for
                       Julia; z_n / z_n' for the holomorphic formulas, pointing
                       away from the set), in the grid's frame: x to the right,
                       y down the rows; (0, 0) for interior samples */
} fr_escape_extra;

/* fr_escape_render that also fills `extra` as `want` asks (0: it is
 * fr_escape_render, and extra may be NULL); `want` needs raw and extra.
 * Every backend and device list gives the same arrays (the deep zoom's
 * perturbation too). */
fr_status fr_escape_render_raw(fr_context *ctx, const fr_escape_params *p, fr_image *image, fr_escape_raw *raw,
                               unsigned want, fr_escape_extra *extra, fr_escape_stats *stats);
void fr_escape_extra_free(fr_escape_extra *extra);

/* ------------------------------------------- zoom videos: exponential map
 * The exponential map (log-polar strip) of a zoom, as Kalles Fraktaler,
 * Fraktaler-3 and zoomasm make it: rendered once, every frame of the zoom
 * resampled from it (src/deep/deep_expmap.c).
 *
 * Geometry. The strip is width x height samples around the zoom's target
 * T (the fixed point of fr_escape_zoom_view's path: every frame of the
 * zoom is the first one scaled and turned about T). Column x is the angle
 * theta_x = 2 pi x / width, counter-clockwise from the positive real axis
 * (columns at quarter turns, x = width / 4 ..., are exactly on the axes:
 * width is a multiple of 4); row y, 0 at the top, is the circle of radius
 *   r_y = r0 exp((height - 1 - y) 2 pi / width)   (the bottom row: r0),
 * so that a sample is as tall as it is wide in log-polar space (the row
 * spacing in log r equals the column spacing in angle). Sample (x, y) is
 * the point T + r_y e^{i theta_x}: its offset from T is
 * (m cos theta_x, m sin theta_x) 2^e with r_y = m 2^e, each product
 * rounded once to a double (the table of angles and radii is made on the
 * host once; fr_expmap_sample gives it exactly). The rows span the radii
 * of every pixel of the zoom that the final (narrowest) view does not
 * cover: from just below the distance of T to that view's nearest edge up
 * to just beyond T's farthest corner of the first (widest) view; the
 * final view itself is rendered directly (the "centre image").
 *
 * Numbers. A row whose sample spacing r_y 2 pi / width float64 resolves
 * (the same rule as fr_escape_is_deep) is iterated in float64 at its
 * points, T rounded to double plus the offset, by the CPU backend's
 * kernels (the counts of fr_escape_count at those points, bit for bit);
 * deeper rows by perturbation against one MPFR reference orbit at T (or
 * opts->reference), in double or, below 1e-290, extended range, on the
 * context's backend (CPU or CUDA: the same counts). Colouring is per
 * sample, the scene's palette on count or smooth value (histogram and
 * distance colouring are refused: neither is a function of one sample). */
typedef struct fr_expmap fr_expmap;

typedef struct fr_expmap_options {
    int columns;            /* samples a turn, a multiple of 4 (16 .. 65532); 0: automatic,
                               2 pi x (T's farthest corner of the widest view, in its pixels) x aa
                               rounded up to a multiple of 32: one sample a pixel's sample
                               spacing at those corners */
    const char *reference;  /* the deep rows' reference orbit point "RE,IM" (within 2^24 of the
                               deepest row's sample spacings of T); NULL: T itself */
} fr_expmap_options;

typedef struct fr_expmap_info {
    int width, height;          /* samples: columns (one turn), rows */
    double log2_r0;             /* the bottom row's radius: r0 = 2^log2_r0 (any depth) */
    double log2_step;           /* log2 of the ratio of two rows' radii: 2 pi / (width ln 2) */
    int plain_rows;             /* rows 0 .. plain_rows - 1 in float64 */
    int fe_rows;                /* the last fe_rows rows by perturbation in extended range
                                   (the rows between: perturbation in double) */
    const char *target;         /* T, "RE,IM" */
    double target_re, target_im; /* T rounded to double (the float64 rows' centre) */
    const uint32_t *counts;     /* width x height, row 0 first: escape count, max_iter for interior */
    const float *smooth;        /* the smooth value of each sample, -1 for interior */
    int centre_width, centre_height; /* the centre image's pixels (the final view's size) */
    fr_escape_stats stats;      /* the strip's render (deep: the deepest row's number type) */
    fr_escape_stats centre_stats; /* the centre image's */
    double seconds_strip, seconds_centre;
} fr_expmap_info;

/* One sample of the strip, exactly as it was computed. */
typedef struct fr_expmap_sample_info {
    double dx, dy;   /* its offset from T: (dx, dy) * 2^e2 */
    long e2;
    int deep;        /* 0: float64 at (re, im); 1: perturbation in double; 2: in extended range */
    double re, im;   /* deep 0: the point iterated (T rounded to double + the offset, rounded) */
    uint32_t count;
    float smooth;
} fr_expmap_sample_info;

/* Render the exponential map of the zoom from view a to view b (the zoom
 * of fr_escape_zoom_view, in either direction; every parameter but the
 * view from a, as the zoom's frames have it) and the centre image (the
 * narrower view, rendered as fr_escape_render would). *out receives a new
 * map (fr_expmap_destroy). Refused (FR_ERR_INVALID, saying why): views
 * that differ in size or aa, a zoom by less than 1 %, a zoom without a
 * target within 2^23 pixels of the views (a pure pan), histogram or
 * distance colouring, rows that need perturbation with perturbation off
 * or a formula without it (julia), a strip over 2^22 rows. Progress runs
 * 0 to 1 over the strip's rows and then the centre image (stages "strip",
 * "reference orbit", "centre image"); a cancel returns FR_ERR_CANCELLED. */
fr_status fr_expmap_render(fr_context *ctx, const fr_escape_params *a, const fr_escape_params *b,
                           const fr_expmap_options *opts, fr_expmap **out);
void fr_expmap_destroy(fr_expmap *m);
/* The map's geometry and samples (pointers valid while m lives). */
void fr_expmap_get_info(const fr_expmap *m, fr_expmap_info *info);
/* Sample (x, y)'s point and result; FR_ERR_INVALID outside the strip. */
fr_status fr_expmap_sample(fr_context *ctx, const fr_expmap *m, int x, int y, fr_expmap_sample_info *s);
/* Where the point T + (dx, dy) * 2^e2 lies in the strip: fractional
 * column *x in [0, width) (sample x at x) and row *y (sample y at y; above
 * 0 or below height - 1 outside the strip's radii). 0, or -1 for T itself. */
int fr_expmap_locate(const fr_expmap *m, double dx, double dy, long e2, double *x, double *y);
/* A view resampled from the map: each of its aa x aa samples a pixel
 * inverse-mapped to (angle, log radius) about T and taken bilinearly from
 * the strip's colours in linear light (the angle wrapping round), from
 * the level of their pyramid (2 x 2 means, while the width halves evenly)
 * whose spacing there is one frame sample, blended with the next (the
 * strip is ever denser than a frame toward T: the levels average those
 * samples instead of skipping them), or from the centre image where the
 * sample lies inside the final view; averaged in linear light, then sRGB
 * at view->depth bits. Any view works whose
 * samples lie within the strip's radii or the final view (a frame of the
 * map's zoom always does); only its view (centre, width, rotation), size,
 * aa and depth are read. *image receives a new RGB image. */
fr_status fr_expmap_frame(fr_context *ctx, const fr_expmap *m, const fr_escape_params *view, fr_image *image);
/* The strip itself as an image: width x height, each sample coloured as
 * the scene colours it, at the scene's depth. */
fr_status fr_expmap_image(fr_context *ctx, const fr_expmap *m, fr_image *image);
/* Write the strip by the path's extension: .png (the coloured strip, with
 * the map's description as JSON under the text key "fractalis-expmap":
 * target, columns, rows, log2_r0, log2_step, and the scene) or .exr
 * (every sample in Kalles Fraktaler's channels R, G, B, N, NF, as
 * fr_escape_write_exr lays them out, with the same JSON as the
 * attribute "fractalis-expmap"). Atomic, as every writer. */
fr_status fr_expmap_write(fr_context *ctx, const fr_expmap *m, const char *path);

/* Render n views that differ only in where they look (centre, centre text,
 * width and its exponent): tiles of a map. Each images[i] receives a new
 * image equal, byte for byte, to fr_escape_render of views[i] alone (on
 * the same context); on a GPU the plain (float64 or float32) views are
 * iterated, shaded and downsampled in one launch (more where the device
 * memory budget asks for it; histogram colouring ranks and shades each
 * image on its own afterwards) and copied back at once; views that need
 * perturbation (deep zoom) render one after another, as do all views on
 * the CPU and on a list of devices. Every other parameter must be the same
 * in every view (FR_ERR_INVALID naming the first that differs); each view
 * is validated as fr_escape_render would (the message names the view).
 * stats (may be NULL) receives the sums over the views (deep and
 * reference_bits: the largest). Progress runs once from 0 to 1 over the
 * whole batch. On failure no image is returned (every images[i] zeroed). */
fr_status fr_escape_render_batch(fr_context *ctx, const fr_escape_params *const *views, int n,
                                 fr_image *images, fr_escape_stats *stats);

void fr_image_free(fr_image *img);
void fr_escape_raw_free(fr_escape_raw *raw);

/* Benchmark one scene on the context's device. On a GPU the render (image
 * left in device memory, nothing copied back) is timed with CUDA events;
 * on the CPU the whole render into a host image is timed by the wall clock.
 * Each figure is the median of `repeats` runs after one warm-up run. With
 * `plain`, the plain reference kernel (one thread or one scalar loop per
 * sample, escape test every step, no interior test, no periodicity) is
 * timed on the same scene too. */
typedef struct fr_bench_opts {
    int repeats;               /* >= 1 */
    int plain;                 /* also time the plain reference kernel */
    int block_w, block_h;      /* GPU block shape; 0 = the default */
} fr_bench_opts;

typedef struct fr_bench_result {
    double seconds, seconds_min, seconds_max;
    uint64_t samples, iterations;
    double plain_seconds;      /* 0 when not run */
    uint64_t plain_iterations;
    int block_w, block_h;      /* GPU block shape used */
    int occupancy_block;       /* threads per block the CUDA occupancy API suggests */
} fr_bench_result;

fr_status fr_escape_bench(fr_context *ctx, const fr_escape_params *p, const fr_bench_opts *opts,
                          fr_bench_result *result);

/* Iteration count of one point with the canonical step (the scalar
 * reference): z0 = 0 and c = (re, im) for the Mandelbrot-type formulas, or
 * z0 = (re, im) for Julia. No interior test, no periodicity check. */
uint32_t fr_escape_count(const fr_escape_params *p, double re, double im);
/* The exact interior test: 1 if c lies in the main cardioid or the period-2
 * bulb of the Mandelbrot set. */
int fr_mandelbrot_interior(double re, double im);

/* ---------------------------------------------------------- orbit density */

/* Buddhabrot, anti-Buddhabrot and Nebulabrot: sample points c, iterate
 * the formula's map from z = 0 with escape time's canonical step (z^2 + c
 * by default; burning ship, tricorn, multibrot z^d + c), and add every
 * point of the orbits that qualify to a histogram of hits. The orbit of c
 * is z_1 = c, z_2, ...; its escape index e is the first n with |z_n| > R.
 * A channel with band [min, max] takes the orbits with min <= e <= max and
 * plots z_1 .. z_e; in anti mode it takes the orbits that do not escape
 * within max and plots z_1 .. z_max. Julia: the sample is z_0 and c the
 * constant (julia_re, julia_im); e is then escape time's count, the first
 * n >= 0 with |z_n| > R (e = 0, a z_0 outside R, plots nothing), and the
 * points plotted are again z_1 .. z_e.
 *
 * Exactness: sample i draws its random numbers from Philox4x32-10 keyed by
 * (seed, i); histograms are integers. For a given seed and sample count the
 * histogram is the same on every backend, thread count and launch shape,
 * and the same with or without the speed tricks (conjugate folding, the
 * cardioid/bulb test, periodicity checks, cycle crediting). */

#define FR_BUDDHA_MAX_CHANNELS 3

typedef enum fr_sampling {
    FR_SAMPLING_UNIFORM = 0,    /* c uniform over the region */
    FR_SAMPLING_STRATIFIED = 1, /* sample i: a uniform point in grid cell i mod cells */
    FR_SAMPLING_IMPORTANCE = 2, /* cells drawn from a pilot-pass map, integer 1/pdf weights */
    FR_SAMPLING_METROPOLIS = 3  /* Metropolis-Hastings chains weighted by the orbit's in-view points */
} fr_sampling;

/* Metropolis-Hastings sampling (FR_SAMPLING_METROPOLIS), for views that are
 * a small part of the set, where uniform draws almost never land an orbit
 * in the view. The sample (c, or z_0 for Julia) walks in independent chains
 * of `chain_length` steps; `samples` counts steps and is rounded up to whole
 * chains (chain k holds samples [k L, (k + 1) L), L = chain_length), so a
 * resumed histogram, a process's share and a device's share are whole
 * chains and every chain is recomputed exactly wherever it runs.
 *
 * C(c), the orbit's contribution, is the number of its points that land in
 * the view, summed over channels (with the conjugate orbit when pairs are
 * drawn; anti mode: the non-escaping orbit's points). A chain starts at the
 * first of up to FR_BUDDHA_MH_START_TRIES uniform draws with C > 0; a chain
 * that finds none plots nothing (the render fails when no chain found a
 * start). Each step proposes, with probability `fresh`, a uniform point of
 * the region, else a mutation c + r (dx, dy): dx, dy uniform in [-1, 1), r
 * = mutation x view width x 2^-n, n uniform in 0 .. 9 (steps from about
 * 1e-4 to 0.1 view widths by default, equally many per octave). The
 * proposal is symmetric, so it is accepted when C' >= C, else when
 * u C < C' (u uniform in [0, 1), one IEEE double product: the same on
 * every backend); a mutation that leaves the region has C' = 0. A state is
 * plotted once, when the chain leaves it or ends, with weight m x W: m the
 * steps it was held (after the burn-in), W = max(1, round(K / C)), K =
 * 2^min(31, 10 + ceil(log2 Cmax)), Cmax the largest C the bands allow. The
 * first `burn_in` steps of a chain are not plotted.
 *
 * Every random number of chain k at step s is Philox4x32-10 under the key
 * seed of the counter (s, k low, k high, 0x4D480000 + w): w = 0 and 1 for
 * the step's two blocks (block 0: fresh-or-mutation, u, octave; block 1:
 * the fresh point or dx, dy), w = 2 with s the draw's number for the start.
 * The histogram is thus the same on every backend and thread count.
 *
 * Normalisation: the chain visits c with density proportional to C, so a
 * state of weight W ~ K / C adds K / mu times a uniform sample's expected
 * counts, mu the mean C of a uniform sample; and the weights' sum estimates
 * states x K x P(C > 0) / mu. The fraction of the fresh (uniform) proposals
 * with C > 0 estimates P(C > 0), so weight_scale (stats) = sum(W) /
 * (P_est x samples): expected counts are uniform sampling's for the same
 * number of samples times weight_scale (the rounding of W cancels: the
 * actual weights are summed). What remains biased: the scale is a ratio
 * estimate (its noise scales the whole image, not its shape; 0 when no
 * fresh proposal landed in the view); finite chains start uniform over
 * C > 0 rather than proportional to C and cross between the islands of
 * large C (orbits that linger in the view) only through fresh proposals,
 * so short chains under-visit them: with chains of 4096 steps the test
 * zoom's image came out about 15 % dark, with the default 16384 within its
 * noise (a longer burn-in did not help; longer chains did); and chain steps
 * are correlated, so noise falls more slowly than the step count suggests.
 * (The fresh proposals' mean C would estimate mu without the chains, but C
 * is heavy-tailed and that estimate came out 10 to 25 % low in most runs.)
 * Every state adds at most K + Cmax to the counts: a render that could
 * carry a count past 2^64 - 1 is refused (or, with a time limit or hits
 * target, stops before). Defaults: chain-length 16384, burn-in 1024, fresh
 * 0.1, mutation 0.1. */
#define FR_BUDDHA_MH_START_TRIES 65536

typedef enum fr_tone {
    FR_TONE_LINEAR = 0, /* v */
    FR_TONE_SQRT = 1,   /* sqrt(v) */
    FR_TONE_LOG = 2,    /* log(1 + k v) / log(1 + k), k = tone_strength */
    FR_TONE_GAMMA = 3,  /* v^(1/gamma) */
    FR_TONE_EQUALIZE = 4, /* histogram equalisation: rank of the count */
    FR_TONE_CURVE = 5   /* min(1.1 v, 0.2 v + 0.8), the PyCUDA review's curve */
} fr_tone;

typedef struct fr_buddha_channel {
    uint32_t min_iter, max_iter;
} fr_buddha_channel;

typedef struct fr_buddha_params {
    int width, height;
    double center_re, center_im, view_width, rotate_deg; /* the view, as for escape time */
    double region[4];       /* sampling region: re_min, re_max, im_min, im_max (all 0: the formula's own) */
    int channels;           /* 1 (grey) or 3 (red, green, blue) */
    fr_buddha_channel band[FR_BUDDHA_MAX_CHANNELS];
    int anti;               /* plot the orbits that do not escape */
    double bailout;         /* escape radius R (>= 2) */
    fr_precision precision;
    fr_sampling sampling;
    uint32_t grid;          /* stratified / importance: cells per side (0 = automatic) */
    uint64_t seed;
    uint64_t samples;       /* samples to draw (0: until time or hits target) */
    double time_limit;      /* seconds (0: none) */
    double hits_per_pixel;  /* stop when the mean hits per pixel reaches this (0: none) */
    fr_tone tone;
    double gamma;           /* FR_TONE_GAMMA exponent */
    double tone_strength;   /* FR_TONE_LOG k */
    double percentile;      /* per-channel white point: this percentile of the non-zero counts */
    int depth;              /* 8 or 16 */
    int symmetry;           /* conjugate pairs when the region is symmetric about the real axis */
    int interior_test;      /* skip c in the main cardioid / period-2 bulb (z^2 + c only: mandelbrot,
                               multibrot d = 2; not in anti mode) */
    int periodicity;        /* exact cycle detection (any formula) */
    fr_formula formula;     /* the map iterated (as escape time's); julia: the sample is z_0 */
    int power;              /* multibrot exponent d, 2..64 */
    double julia_re, julia_im; /* julia: the constant c */
    /* metropolis sampling (see FR_SAMPLING_METROPOLIS) */
    uint32_t chain_length;  /* steps a chain (samples are whole chains) */
    uint32_t burn_in;       /* first steps of a chain not plotted (< chain_length) */
    double fresh;           /* probability that a step proposes a uniform point of the region */
    double mutation;        /* largest mutation step, in view widths (the smallest: 2^-9 of it) */
    /* horizontal bands of rows the histogram is sampled in, one after
     * another, each drawing the same samples and keeping the points in its
     * rows: the histogram is the same for any count (0: as many as the
     * device's memory needs, fr_buddha_render) */
    uint32_t bands;
} fr_buddha_params;

/* Defaults: a Buddhabrot (nebula = 0) or a Nebulabrot (red 5000, green 500,
 * blue 50), and anti = 1 for an anti-Buddhabrot. */
void fr_buddha_params_default(fr_buddha_params *p, int nebula, int anti);
int fr_buddha_param_count(void);
const fr_param_info *fr_buddha_param_info(int i);
const fr_param_info *fr_buddha_param_find(const char *name);
/* Set one parameter from text: "channel" takes "r:MIN:MAX" (also g, b, or
 * 0..2; "gray:MIN:MAX" for one channel; several, comma-separated, one after
 * another), "time" takes "90", "90s", "5m" or "1h"; "iter" and "min-iter"
 * set that bound of every band. */
fr_status fr_buddha_param_set(fr_context *ctx, fr_buddha_params *p, const char *name, const char *value);
/* The parameter's current value as text (malloc()ed); round-trips exactly. */
fr_status fr_buddha_param_get(fr_context *ctx, const fr_buddha_params *p, const char *name, char **value);
fr_status fr_buddha_params_validate(fr_context *ctx, const fr_buddha_params *p);
/* 1 when conjugate pairs are drawn: symmetry on, the region symmetric and
 * the map symmetric about the real axis, exactly in floating point (every
 * formula but burningship; julia only with a real c). */
int fr_buddha_paired(const fr_buddha_params *p);
/* The sampling region in effect, into r (re_min, re_max, im_min, im_max):
 * p->region, or when that is all zero ("auto") the formula's own: the
 * set's bounding box (mandelbrot -2,0.5,-1.125,1.125; burningship
 * -2,1.25,-1.75,0.5; tricorn -2,1.125,-1.75,1.75; multibrot d >= 3
 * -1.5,1.5,-1.5,1.5) or, for julia, -2,2,-2,2 (z_0). */
void fr_buddha_region(const fr_buddha_params *p, double r[4]);
/* Scene JSON ({"fractalis": "buddhabrot", ...}); from_json keeps keys not given. */
fr_status fr_buddha_params_to_json(fr_context *ctx, const fr_buddha_params *p, char **json);
fr_status fr_buddha_params_from_json(fr_context *ctx, const char *json, fr_buddha_params *p);

/* Hit histograms: `channels` planes of width x height counts, row-major,
 * top row first. `samples` is how many samples (0 .. samples-1) they hold:
 * a render that continues a histogram draws samples from there on. */
typedef struct fr_buddha_hist {
    int width, height, channels;
    uint64_t samples;
    uint64_t *counts;
} fr_buddha_hist;

fr_status fr_buddha_hist_alloc(fr_context *ctx, fr_buddha_hist *h, int width, int height, int channels);
void fr_buddha_hist_free(fr_buddha_hist *h);

typedef struct fr_buddha_stats {
    uint64_t samples;      /* samples drawn by this render */
    uint64_t orbits;       /* orbits that qualified for some channel */
    uint64_t iterations;   /* steps computed (classifying and plotting) */
    uint64_t hits;         /* histogram increments made by this render */
    uint64_t total;        /* sum of all counts (with earlier samples) */
    uint64_t max, min;     /* over pixels and channels */
    double seconds;        /* sampling time */
    double weight_scale;   /* expected counts = uniform-sampling counts x this */
    int stopped;           /* 1: the time limit, hits target or a cancel ended sampling */
    double acceptance;     /* metropolis: the fraction of proposals accepted (else 0) */
    int bands;             /* bands of rows sampled one after another (1: the whole image at once) */
} fr_buddha_stats;

/* Add samples to `hist` (allocated by the caller at the params' size and
 * channel count, zero or holding hist->samples earlier samples of the same
 * parameters). Sampling runs until p->samples more samples are drawn, the
 * time limit or the hits target is reached, or the progress callback asks
 * to stop; a stop is not an error: the histogram holds whole batches and
 * hist->samples says how many. With none of samples, time and hits target
 * set, draws until 1000 hits per pixel.
 * Bands (p->bands, or automatically when the device's working histogram
 * cannot hold the image: the backend's memory, fr_context_set_host_memory
 * / _device_memory): band 0 samples by the rules above and fixes the
 * count; every later band draws the same samples again and keeps only the
 * points in its rows, so the histogram, the counters and the statistics
 * are those of one unbanded render, byte for byte. The progress callback
 * sees the whole render (band k of n covers k/n .. (k+1)/n); a cancel
 * after band 0 returns FR_ERR_CANCELLED and leaves the histogram
 * incomplete (discard it; hist->samples is unchanged). */
fr_status fr_buddha_render(fr_context *ctx, const fr_buddha_params *p, fr_buddha_hist *hist,
                           fr_buddha_stats *stats);

/* Tone-map histograms into an image (grey for one channel, RGB for three). */
fr_status fr_buddha_tone_map(fr_context *ctx, const fr_buddha_params *p, const fr_buddha_hist *hist,
                             fr_image *image);
/* The tone-mapped image as PNG with the scene `meta` (NULL: none) embedded:
 * the bytes of fr_buddha_tone_map then fr_image_write_png, made a strip of
 * rows at a time, so that no whole image is held (a 32768 x 32768 image
 * needs the histogram, and a sorted copy of it only for tone equalize). */
fr_status fr_buddha_write_png(fr_context *ctx, const fr_buddha_params *p, const fr_buddha_hist *hist,
                              const char *path, const char *meta);

/* The histogram as .npy: shape (height, width) for one channel, (channels,
 * height, width) for more; '<u4' when every count fits 32 bits, else '<u8'. */
fr_status fr_buddha_hist_write_npy(fr_context *ctx, const fr_buddha_hist *h, const char *path);
/* The histogram with its image as OpenEXR (see fr_escape_write_exr), at
 * the image's size: the counts as UINT channels "hits.Y" (one channel) or
 * "hits.R", "hits.G", "hits.B" (a count past 2^32 - 1 is refused: write
 * .npy), the image of fr_buddha_tone_map as R, G, B (HALF, linear light)
 * and the scene in the "fractalis" attribute. */
fr_status fr_buddha_hist_write_exr(fr_context *ctx, const fr_buddha_params *p, const fr_buddha_hist *h,
                                   const char *path);
/* Read one written by fr_buddha_hist_write_npy (hist->samples is set to 0:
 * the sample count travels in the scene file beside it). */
fr_status fr_buddha_hist_read_npy(fr_context *ctx, const char *path, fr_buddha_hist *h);
/* A histogram with its scene, as --resume takes it: PATH (the .npy) and
 * PATH.json beside it (the scene and "histogram_samples", the samples the
 * histogram holds), written both or neither: both files are whole before
 * either takes its name. fr_buddha_hist_load reads both (the scene into
 * *p, keys it lacks keeping their values; hist->samples from the count)
 * and checks that they agree. */
fr_status fr_buddha_hist_save(fr_context *ctx, const fr_buddha_params *p, const fr_buddha_hist *h, const char *path);
fr_status fr_buddha_hist_load(fr_context *ctx, const char *path, fr_buddha_params *p, fr_buddha_hist *h);

/* Benchmark: time `samples` samples of the scene on the context's device
 * (GPU: CUDA events, median of `repeats` after a warm-up). */
typedef struct fr_buddha_bench_result {
    double seconds, seconds_min, seconds_max; /* a run: every band's sampling added up */
    uint64_t samples, orbits, iterations, hits; /* hits: the whole view's, once */
    int bands;                                  /* as fr_buddha_render would split the image */
} fr_buddha_bench_result;
fr_status fr_buddha_bench(fr_context *ctx, const fr_buddha_params *p, int repeats, fr_buddha_bench_result *r);

/* --------------------------------------------------------------- output */

typedef enum fr_format { FR_FMT_UNKNOWN = 0, FR_FMT_PNG, FR_FMT_PPM, FR_FMT_NPY, FR_FMT_JSON, FR_FMT_JPEG, FR_FMT_EXR } fr_format;

/* The format picked by a file name's extension (case-insensitive; .jpg and
 * .jpeg are JPEG, .exr OpenEXR). */
fr_format fr_format_from_path(const char *path);

/* Write an image. PNG embeds `meta` (if not NULL) in an iTXt chunk with key
 * "fractalis"; PPM writes P6 (8- or 16-bit). Files are written to a
 * temporary name in the same folder and renamed on success, so a failure
 * leaves no partial file. */
fr_status fr_image_write_png(fr_context *ctx, const fr_image *img, const char *path,
                             const char *meta);
/* The same with the text chunk under another key (flames: "flam3_genome",
 * as flam3 writes it). */
fr_status fr_image_write_png_keyed(fr_context *ctx, const fr_image *img, const char *path, const char *key,
                                   const char *text);
/* The PNG fr_image_write_png_keyed would write, into memory: *data
 * (malloc()ed, free with fr_free) of *size bytes. key NULL means
 * "fractalis"; text NULL embeds none. */
fr_status fr_image_encode_png(fr_context *ctx, const fr_image *img, const char *key, const char *text,
                              unsigned char **data, size_t *size);
fr_status fr_image_write_ppm(fr_context *ctx, const fr_image *img, const char *path);
/* Write a baseline JPEG (8-bit RGB) at `quality` 1..100 (95 is a good
 * default). 16-bit samples are rounded to 8 bits; JPEG has no alpha, so an
 * RGBA image is composited over black (alpha 255, as in a flame rendered
 * without transparency, keeps the colour unchanged). Quality 90 and above
 * keeps full-resolution chroma (4:4:4), below it chroma is subsampled 4:2:0.
 * Atomic like the others. A build without libjpeg fails with
 * FR_ERR_UNSUPPORTED ("this build has no JPEG support"): see
 * fr_have_jpeg(). */
fr_status fr_image_write_jpeg(fr_context *ctx, const fr_image *img, const char *path, int quality);
/* 1 when this build can write JPEG, else 0. */
int fr_have_jpeg(void);
/* Read a PNG (any bit depth/colour type, converted to RGB at its depth) and
 * its "fractalis" text chunk (malloc()ed into *meta, or NULL if absent).
 * Either output may be NULL. */
fr_status fr_image_read_png(fr_context *ctx, const char *path, fr_image *img, char **meta);
/* The same with the text chunk of another key (flames: "flam3_genome"). */
fr_status fr_image_read_png_keyed(fr_context *ctx, const char *path, const char *key, fr_image *img, char **meta);

/* Write a NumPy .npy array of shape (height, width), dtype '<u4' or '<f4'. */
fr_status fr_npy_write_u32(fr_context *ctx, const char *path, const uint32_t *data, int width,
                           int height);
fr_status fr_npy_write_f32(fr_context *ctx, const char *path, const float *data, int width,
                           int height);

/* OpenEXR (.exr) through OpenEXRCore: raw results in float and integer
 * channels, named as Kalles Fraktaler 2+ names them where it defines them,
 * so KF, zoomasm and compositing tools read them; written to a temporary
 * name and renamed like the others. The writers are the families'
 * (fr_escape_write_exr, fr_buddha_hist_write_exr, fr_flame_raw_write_exr).
 *
 * An escape-time render's EXR holds its sample grid (width x aa by height
 * x aa: every sample, no anti-aliasing average; rows top to bottom as in
 * the PNG), in KF's channels:
 *   R, G, B   HALF   each sample's colour as the render colours it, in linear
 *                    light (sRGB primaries), as KF writes its colours
 *   N         UINT   the iteration count plus IterationsBias (1024), such that
 *                    N - 1024 + NF is the smooth value nu: ceil(nu) - 1 + 1024,
 *                    which is KF's count n - 1 (+ 1024) for a sample that
 *                    escaped at n with nu in (n - 1, n], as nearly all do;
 *                    0xFFFFFFFF for a sample that never escaped
 *   NF        FLOAT  the fraction, nu - (N - 1024), in (0, 1] (KF's 1 - trans);
 *                    0 for interior. It has the float precision of nu (2^-24
 *                    of it: 1/16 of an iteration at a million)
 *   DEX, DEY  FLOAT  extra->de, when the render computed it (FR_RAW_DE; the
 *                    CLI asks for it with --color distance)
 * and the header attributes "fractalis" (the scene JSON, as a PNG's iTXt
 * chunk: `render --from` and `params` read it), "Iterations" (max_iter) and
 * "IterationsBias" (1024), as KF writes them. KF's own attribute
 * "KallesFraktaler2+" (its .kfr text) is not written: fractalis has no
 * writer of KF's location format. `raw` and `extra` must be the render of
 * `p`, extra with smooth values (FR_RAW_SMOOTH); the distance colouring
 * reads raw->values (the distances) too. */
fr_status fr_escape_write_exr(fr_context *ctx, const fr_escape_params *p, const fr_escape_raw *raw,
                              const fr_escape_extra *extra, const char *path);
/* The string attribute `key` of an OpenEXR file's header ("fractalis": the
 * scene of a fractalis render; "flam3_genome"; "KallesFraktaler2+": KF's
 * parameters) into *text (malloc()ed; NULL when the file has none). A
 * file that is not OpenEXR, or is damaged, fails with FR_ERR_PARSE. */
fr_status fr_exr_read_meta(fr_context *ctx, const char *path, const char *key, char **text);

/* Write text to a file atomically (temporary name, rename on success). */
fr_status fr_write_text_file(fr_context *ctx, const char *path, const char *text);
/* Read a whole text file (malloc()ed, NUL-terminated). */
fr_status fr_read_text_file(fr_context *ctx, const char *path, char **text);


/* ------------------------------------------------------------ fractal flames */

/* The genomes of one flam3 file (.flam3 / .flame: flam3, Apophysis, Fr0st,
 * Fractorium, Electric Sheep), read as flam3 3.1.1 reads them. */
typedef struct fr_flames fr_flames;

/* Read a genome file. palette_file: flam3's palette file for palette="N"
 * (NULL: the one Debian's flam3-palette installs). strict: attributes and
 * elements flam3 does not read are errors, else they are kept (written
 * back by fr_flames_write) and listed once each by fr_flames_warning. A
 * malformed file fails with FR_ERR_PARSE and a message naming the line and
 * the element. */
fr_status fr_flames_read(fr_context *ctx, const char *path, const char *palette_file, int strict, fr_flames **out);
/* The same from text in memory (len bytes; an upload): `name` stands for
 * the file in messages. The XML is parsed without entity expansion and
 * without network access, as every genome file is. */
fr_status fr_flames_parse(fr_context *ctx, const char *xml, size_t len, const char *name, const char *palette_file,
                          int strict, fr_flames **out);
void fr_flames_destroy(fr_flames *f);
int fr_flames_count(const fr_flames *f);
/* Genome i's name ("" when it has none). */
const char *fr_flames_name(const fr_flames *f, int i);
/* Index of the genome called `name`, or -1. */
int fr_flames_find(const fr_flames *f, const char *name);
/* Genome i's output size. */
void fr_flames_size(const fr_flames *f, int i, int *width, int *height);
/* The warnings of the read, one line each: i in 0 .. n - 1 (NULL past the end). */
const char *fr_flames_warning(const fr_flames *f, int i);
/* Write genome `index` (-1: all) as flam3 XML that flam3 reads. */
fr_status fr_flames_write(fr_context *ctx, const fr_flames *f, int index, const char *path);
/* Genome `index` (-1: all) as flam3 XML text (malloc()ed). */
fr_status fr_flames_xml(fr_context *ctx, const fr_flames *f, int index, char **out);

/* The variations genomes may use (the registry): flam3's 99 in its order,
 * then those of Apophysis, Ember/Fractorium and JWildfire that fractalis
 * renders; each also as Ember's pre_NAME / post_NAME (applied to the point
 * before the xform's variations / after them, before the post affine).
 * i in 0 .. fr_flame_variation_count() - 1; NULL past the end. origin:
 * the program that introduced it ("flam3", "Apophysis", "Ember",
 * "JWildfire"). Parameter k (0 .. nparams - 1): its attribute name, and its
 * default in *def (when def is not NULL). */
int fr_flame_variation_count(void);
const char *fr_flame_variation_name(int i);
const char *fr_flame_variation_origin(int i);
int fr_flame_variation_nparams(int i);
const char *fr_flame_variation_param(int i, int k, double *def);

/* Render settings over a genome's own (0 = the genome's value). */
typedef struct fr_flame_options {
    int width, height;   /* output size; the camera scale follows the width
                            (as flam3-render's ss), so the framing is kept */
    double quality;      /* samples per output pixel */
    int supersample;     /* buckets per pixel side */
    uint64_t seed;       /* random streams (same seed: same image, any threads) */
    int depth;           /* 8 or 16 bits per channel (0 = 8) */
    int transparency;    /* 1: alpha from density, background not composited */
    int earlyclip;       /* 1: tone-map before the spatial filter (flam3's earlyclip) */
    int strips;          /* horizontal strips, 1 .. height (flam3's nstrips); 0 = automatic:
                            the fewest whose buckets and accumulator fit the memory budget
                            (fr_context_set_device_memory / _host_memory). Each strip runs
                            the whole chaos game; the image is the same. */
    int motion_blur;     /* 0: as flam3-render, which renders the genome as written: temporal_samples
                            is taken as 1 and <motion> elements are ignored (a gaussian or exp
                            temporal filter still weights the passes). 1: temporal samples and motion
                            blur: every pass is split into temporal_samples time steps spread over
                            temporal_filter_width around the genome's time, each rendering the genome
                            with its xforms' <motion> elements applied at that time, its colours
                            weighted by the temporal filter (flam3-animate's render of one genome,
                            with motion) */
} fr_flame_options;

/* The options' parameter table (size, quality, supersample, seed, depth,
 * transparent, earlyclip, motion-blur, strips): the defaults (all the
 * genome's own, depth 8), setting and reading by name, and the check every
 * render makes (a zeroed struct is valid: the genome's settings, 8 bits). */
void fr_flame_options_default(fr_flame_options *o);
int fr_flame_option_count(void);
const fr_param_info *fr_flame_option_info(int i);
const fr_param_info *fr_flame_option_find(const char *name);
fr_status fr_flame_option_set(fr_context *ctx, fr_flame_options *o, const char *name, const char *value);
fr_status fr_flame_option_get(fr_context *ctx, const fr_flame_options *o, const char *name, char **value);
fr_status fr_flame_options_check(fr_context *ctx, const fr_flame_options *o);

typedef struct fr_flame_stats {
    double samples;          /* plotted samples asked for (quality x pixels) */
    uint64_t iterations;     /* xform applications (fuse, final xform, retries included) */
    uint64_t bad_values;     /* points that left the plane (NaN or beyond 1e10) */
    uint64_t plotted;        /* samples that landed in the image (gutter included) */
    double seconds_iterate;  /* chaos game */
    double seconds_density;  /* log scaling and density estimation */
    double seconds_filter;   /* spatial filter, downsampling, tone mapping (GPU: and the image's copy back) */
    double seconds_setup;    /* GPU: device buffers and the genome's copy (CPU: 0) */
    double bucket_bytes;     /* memory of the histogram buckets (strips: the largest strip's) */
    int strips;              /* strips rendered (1: the image in one piece); with more, the
                                counters and times are the strips' sums, and plotted counts
                                the hits in the rows strips share once for each */
    /* GPU: how the chaos game ran (CPU: 0) */
    uint64_t launches;       /* kernel launches (a benchmark: its last run's) */
    uint64_t dense_buckets;  /* buckets too dense for a float sum, summed in 64-bit integers */
    int passes_redone;       /* passes done again in smaller launches (a float sum was not exact) */
} fr_flame_stats;

/* Render genome `index` into a new RGBA image (img->channels = 4) of the
 * requested depth. Progress through the context's callback; a cancel ends
 * with FR_ERR_CANCELLED and no image. */
fr_status fr_flame_render(fr_context *ctx, const fr_flames *f, int index, const fr_flame_options *o, fr_image *img,
                          fr_flame_stats *st);

/* The accumulation histogram of a flame render: the image's supersampled
 * buckets as the chaos game fills them, before density estimation and
 * tone mapping, summed over the passes. Row-major, top row first, five
 * values a bucket in the order R, G, B, A, count (FR_FLAME_RAW_*): every
 * hit adds floor(255 w c) to R, G, B, A (c: the palette colour and alpha,
 * 0..1) and floor(255 w) to count, w the xform's opacity weight (1 for an
 * opaque xform, so count / 255 is the hits); sums saturate at 2^32 - 1.
 * Pixel (x, y) of the image is buckets [y s, y s + s) x [x s, x s + s), s
 * the supersample; the gutter around the image is left out. */
enum { FR_FLAME_RAW_R = 0, FR_FLAME_RAW_G, FR_FLAME_RAW_B, FR_FLAME_RAW_A, FR_FLAME_RAW_COUNT, FR_FLAME_RAW_CHANNELS };
typedef struct fr_flame_raw {
    int width, height;   /* buckets: supersample x the image's width, height */
    int supersample;
    uint32_t *buckets;   /* height x width x FR_FLAME_RAW_CHANNELS */
} fr_flame_raw;

/* fr_flame_render that also (raw not NULL) returns the accumulation
 * histogram (free with fr_flame_raw_free). img may be NULL (the raw
 * buffer only: on the CPU no density estimation or tone map runs); not
 * both. Works with strips (each strip's rows are stitched in). */
fr_status fr_flame_render_raw(fr_context *ctx, const fr_flames *f, int index, const fr_flame_options *o,
                              fr_image *img, fr_flame_raw *raw, fr_flame_stats *st);
void fr_flame_raw_free(fr_flame_raw *raw);
/* The histogram as a NumPy .npy file (format 1.0): dtype '<u4', shape
 * (height, width, 5), C order; written to a temporary name and renamed, so
 * an error leaves no file. */
fr_status fr_flame_raw_write_npy(fr_context *ctx, const fr_flame_raw *raw, const char *path);
/* The histogram as OpenEXR (see fr_escape_write_exr) at the bucket grid:
 * FLOAT channels R, G, B, A and "hits", each bucket's sum / 255 (so for
 * opaque xforms "hits" is the number of hits and R the sum of their palette
 * reds; R / hits the bucket's mean red), and `genome` (flam3 XML, or NULL:
 * none) in the "flam3_genome" attribute, as a PNG carries it. */
fr_status fr_flame_raw_write_exr(fr_context *ctx, const fr_flame_raw *raw, const char *path, const char *genome);

/* Benchmark of the chaos game alone: pass 0 of genome `index` at the
 * options' size and quality, run `runs` times on the context's device
 * (GPU: CUDA events; CPU: wall clock). plot 0 leaves out the adds into the
 * buckets (the accumulation's share). seconds[r] receives each run (runs
 * entries); st the counters of the runs (iterations of one run). */
fr_status fr_flame_bench(fr_context *ctx, const fr_flames *f, int index, const fr_flame_options *o, int runs, int plot,
                         double *seconds, fr_flame_stats *st);

/* ---------------------------------------------------- flame animation */

/* A file's genomes are the keyframes of a timeline, ordered by their
 * `time` attributes (flam3-animate's input). The genome at `time`, as
 * flam3 3.1.1's flam3_interpolate makes it (linear or Catmull-Rom
 * "smooth" interpolation, the affine parts by interpolation_type, the
 * palette by palette_interpolation, xforms padded to equal counts, each
 * xform's share delayed by `stagger` in 0 .. 1), into a new one-genome set
 * (*out; fr_flames_destroy). Times outside the keyframes extrapolate as
 * flam3 does from the first or last two. Keyframe times must increase.
 * As flam3_interpolate, <motion> is not applied and the result has none
 * (one keyframe: a copy, motion kept); flam3 applies motion only in
 * flam3-genome's loops and edges (fr_flames_loop, fr_flames_edge). */
fr_status fr_flames_interpolate(fr_context *ctx, const fr_flames *f, double time, double stagger, fr_flames **out);

/* flam3-genome's deterministic tools (flam3 3.1.1, Electric Sheep's loops
 * and transitions). Each reads f (unchanged; its genomes' rotates first
 * moved by whole turns to within 180 degrees of the genome before, as
 * flam3's reader does) and returns a new set in *out (fr_flames_destroy).
 * Results carry inline palettes and no <motion>; the loop and edge genomes
 * are named by their time ("%f", as flam3-genome). Errors name the
 * parameter (index, frame, nframes, stagger, ...). */
/* flam3-genome's template=: the render settings a template file's first
 * genome sets (size, quality, passes, temporal_samples, filter, zoom,
 * estimator, background, ...; as flam3_apply_template, interpolation,
 * palette_interpolation and hsv_rgb_palette_blend always, defaulting to
 * linear, hsv_circular, 0), laid over each result of the tools below
 * where flam3-genome lays them. NULL: none. */
typedef struct fr_flame_template fr_flame_template;
fr_status fr_flame_template_read(fr_context *ctx, const char *path, const char *palette_file,
                                 fr_flame_template **out);
void fr_flame_template_destroy(fr_flame_template *t);
/* sheep_loop: genome `index` with its <motion> applied at `blend` and its
 * xforms (not the final, not those with animate 0) turned by blend * 360
 * degrees; time `time`. */
fr_status fr_flames_loop(fr_context *ctx, const fr_flames *f, int index, double blend, double time,
                         const fr_flame_template *templ, fr_flames **out);
/* sheep_edge: the genome `blend` (0 .. 1, smoothed) of the way from
 * genome `index` to index + 1, both turned by blend * 360 degrees; each
 * xform's share delayed by stagger (0 .. 1); seqflag with blend 0 gives
 * genome `index` unpadded (a sequence's ends); time `time`. */
fr_status fr_flames_edge(fr_context *ctx, const fr_flames *f, int index, double blend, int seqflag, double stagger,
                         double time, const fr_flame_template *templ, fr_flames **out);
/* flam3-genome rotate=: the one genome of f looped at frames frame - 1,
 * frame, frame + 1 of nframes (3 genomes). inter=: the same along the edge
 * between the two genomes of f (seqflag 0). */
fr_status fr_flames_rotate(fr_context *ctx, const fr_flames *f, int frame, int nframes, const fr_flame_template *templ,
                           fr_flames **out);
fr_status fr_flames_inter(fr_context *ctx, const fr_flames *f, int frame, int nframes, double stagger,
                          const fr_flame_template *templ, fr_flames **out);
/* flam3-genome sequence=: for each genome, with loops, its loop in nframes
 * frames; then (but after the last) the edge to the next in nframes
 * frames (seqflag at the edge's first and last frame); then the last
 * genome once more: (loops ? n : 0) * nframes + (n - 1) * nframes + 1
 * genomes (at most 200000), timed 0, 1, 2, ... */
fr_status fr_flames_sequence(fr_context *ctx, const fr_flames *f, int nframes, int loops, double stagger,
                             const fr_flame_template *templ, fr_flames **out);
/* flam3-genome clone=: genome `index`, its xforms of weight under 0.001
 * deleted and at most 5 variations an xform kept (truncate_variations),
 * time 0; index -1 (clone_all=): every genome unchanged. */
fr_status fr_flames_clone(fr_context *ctx, const fr_flames *f, int index, const fr_flame_template *templ,
                          fr_flames **out);
/* flam3-genome strip=: every genome cut to strip `strip` of nstrips
 * horizontal strips (height / nstrips, the centre moved, motion dropped). */
fr_status fr_flames_strip(fr_context *ctx, const fr_flames *f, int nstrips, int strip, const fr_flame_template *templ,
                          fr_flames **out);
/* The time attribute of genome i (0 past the end). */
double fr_flames_time(const fr_flames *f, int i);
/* The genomes of sets[0 .. n-1], one after another, in a new set. */
fr_status fr_flames_concat(fr_context *ctx, const fr_flames *const *sets, int n, fr_flames **out);

/* The frame at `time` of the timeline as flam3-animate renders it: the
 * camera, filters and tone map of the genome at `time`; with
 * o->motion_blur, each of the genome's temporal_samples steps (spread over
 * temporal_filter_width around `time`, weighted by the temporal filter)
 * renders the genome interpolated at its own time (xforms, palette and
 * camera move within the frame); without, every step renders the genome
 * at `time`. One genome with motion_blur is fr_flame_render's motion-blur
 * render at that time. Same seed, same image, on every backend. */
fr_status fr_flame_render_time(fr_context *ctx, const fr_flames *f, double time, const fr_flame_options *o,
                               fr_image *img, fr_flame_stats *st);
/* fr_flame_render_time with every genome interpolated with `stagger` in
 * 0 .. 1 (each xform's share of a transition delayed, as flam3-genome's
 * sequences stagger; flam3-animate's renders use 0, which is
 * fr_flame_render_time). */
fr_status fr_flame_render_time_stagger(fr_context *ctx, const fr_flames *f, double time, double stagger,
                                       const fr_flame_options *o, fr_image *img, fr_flame_stats *st);

/* ------------------------------------ random genomes (flam3-genome's tools) */

/* flam3-genome's random, mutate and cross (flam3 3.1.1's flam3_random,
 * flam3_mutate, flam3_cross and the loop around them): each genome made is
 * reframed on its attractor half the time (always when random), its
 * variations cut to 5 an xform, its colours improved half the time, and
 * tried again (up to `tries` times) while a 128 x 128 test render of
 * [-1, 1]^2 is degenerate: a mean channel value under 20, fewer than 1 %
 * black pixels or more than 5 % white ones. The last try is kept (with a
 * warning, fr_flames_warning). Genome i has time i, an <edit action="...">
 * saying what was done (the parents' edits inside), and, mutated or
 * crossed, flam3's name ("mutation I of NAME", "I of A x B") when a parent
 * has one. Random draws come from a stream keyed by (seed, i), never from
 * the clock: the same options give the same genomes on every machine. */
typedef struct fr_flame_random_options {
    uint64_t seed;
    const char *variations; /* comma-separated variation names (or flam3 indices) the random
                               xforms draw from; NULL or "": flam3-genome's default, flam3's
                               variations but noise, blur, gaussian_blur, radial_blur, ngon,
                               square, rays, cross, pre_blur, separation, split, splits;
                               "all": flam3's 99 */
    int symmetry;           /* flam3-genome's symmetry: 0 a random one a quarter of the time,
                               1 none, N >= 2 N-fold rotation, -1 a reflection, -N both */
    const char *method;     /* mutate: all_vars, one_xform, add_symmetry, post_xforms,
                               color_palette, delete_xform, all_coefs; cross: union,
                               interpolate, alternate; NULL, "" or "random": one at random with flam3's
                               odds. fr_flames_random takes none. */
    double speed;           /* all_coefs: the share of a random genome's coefficients added (0.1) */
    int tries;              /* test renders per genome (10); 0: no test */
    int index[2];           /* the genome of each parent set; -1: one at random (each try) */
    const char *palette_file; /* flam3's palettes, one drawn at random (NULL: Debian's) */
} fr_flame_random_options;

void fr_flame_random_options_default(fr_flame_random_options *o);
/* `count` (1 .. 100000) random genomes into a new set (*out; fr_flames_destroy). */
fr_status fr_flames_random(fr_context *ctx, const fr_flame_random_options *o, int count, fr_flames **out);
/* `count` mutations of a genome of `parent`. */
fr_status fr_flames_mutate(fr_context *ctx, const fr_flames *parent, const fr_flame_random_options *o, int count,
                           fr_flames **out);
/* `count` crossings of a genome of a with one of b. */
fr_status fr_flames_cross(fr_context *ctx, const fr_flames *a, const fr_flames *b, const fr_flame_random_options *o,
                          int count, fr_flames **out);

/* ---------------------------------------------------------------- video */

/* Encoded video through FFmpeg's libraries (libavformat, libavcodec,
 * libswscale). The container follows the path's extension (.mp4, .mkv,
 * .mov, .webm, .avi; anything else is FR_ERR_INVALID); the file is written
 * under a temporary name (unnamed where the file system allows) and named
 * by fr_video_close, so a failed or aborted encode leaves no file under the
 * name. Lossy codecs with 4:2:0 (H.264, HEVC, VP9, ...) get yuv420p, which
 * every player plays, tagged BT.709: H.264 and HEVC then need an even width
 * and height, which fr_video_open checks (FR_ERR_INVALID saying so).
 * Lossless codecs (FFV1, Ut Video) keep RGB, so the frames decode back
 * exactly. Frames have no alpha: RGBA is composited over black, as JPEG
 * does (alpha at its maximum leaves the colour unchanged). A codec this
 * libavcodec lacks is FR_ERR_UNSUPPORTED; one an .mp4, .mov or .webm
 * cannot hold (FFV1 in .mp4) is FR_ERR_INVALID (Matroska and AVI take
 * most codecs; there the muxer decides). A build without FFmpeg fails every
 * fr_video_open with FR_ERR_UNSUPPORTED ("this build has no video
 * support"): see fr_have_video(). FFmpeg's own log messages about these
 * encodes are dropped (the library never prints); messages of other
 * FFmpeg users in the process still reach FFmpeg's default log callback.
 * One fr_video is used by one thread at a time; different ones may be used
 * from different threads. */
typedef struct fr_video fr_video;
typedef struct fr_video_options {
    const char *codec; /* encoder name (libx264, libx265, ffv1, libvpx-vp9, ...: fr_video_codec); NULL: the
                          container's default (mp4/mov: libx264, mkv: ffv1, webm: libvpx-vp9, avi: ffv1) */
    double crf;        /* constant rate factor where the codec has one (FR_ERR_INVALID where it has none);
                          < 0: the default (libx264 18, libvpx-vp9 31, else the codec's own) */
    double fps;        /* frames per second (0: 30; fractional rates such as 29.97 kept to 1e-6) */
    int depth;         /* 16: lossless codecs keep 16 bits a sample (FFV1: 16-bit planar RGB); 0 or 8:
                          8 bits. Lossy 4:2:0 codecs are 8-bit either way. */
} fr_video_options;
/* 1 when this build has video output (FFmpeg's libraries were found). */
int fr_have_video(void);
/* The encoders this build can use for video, i in 0 .. (NULL past the end),
 * with a one-line description in *what (may be NULL). Software encoders
 * only, those this libavcodec has, in order of preference. */
const char *fr_video_codec(int i, const char **what);
/* Open `path` for frames of width x height (see above for what fails);
 * *out receives the handle. */
fr_status fr_video_open(fr_context *ctx, const char *path, int width, int height, const fr_video_options *o,
                        fr_video **out);
/* Encode one frame (RGBA or RGB, 8 or 16 bits, of the size given at open). */
fr_status fr_video_write(fr_context *ctx, fr_video *v, const fr_image *img);
/* Flush, write the trailer and give the file its name (a playable video of
 * the frames written so far; none written: FR_ERR_INVALID and no file);
 * frees v either way (on failure the temporary file is removed). */
fr_status fr_video_close(fr_context *ctx, fr_video *v);
/* Drop the encode and its temporary file; frees v (NULL: nothing). */
void fr_video_abort(fr_video *v);

#ifdef __cplusplus
}
#endif
#endif /* FRACTALIS_H */
