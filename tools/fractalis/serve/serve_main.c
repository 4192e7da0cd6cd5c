/* fractalis serve: the command. Reads the options, loads the front end,
 * starts the workers and the HTTP daemon, and stops them all cleanly on
 * Ctrl-C or SIGTERM. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../cli.h"
#include "serve.h"

#ifndef FR_WEB_INSTALL_DIR
#define FR_WEB_INSTALL_DIR ""
#endif
#ifndef FR_WEB_BUILD_DIR
#define FR_WEB_BUILD_DIR ""
#endif

static void help(void)
{
    printf("Usage: fractalis serve [options]\n\n"
           "Serves the web explorer and its HTTP API (docs/SERVE.md): map tiles, renders of views, and jobs\n"
           "for long renders (Buddhabrots, uploaded flame genomes) with progress as server-sent events.\n"
           "Listens on loopback unless --bind says otherwise. Ctrl-C stops it.\n\n"
           "Options:\n"
           "  --bind ADDR              the address to listen on [default: 127.0.0.1]\n"
           "  --port N                 the port, 0 for any free one [default: 8080]\n"
           "  --device SPEC            auto, cpu, cuda, cuda:N, or a list (as render) [default: auto]\n"
           "  --threads N              CPU threads of each render, 0 = all [default: 0]\n"
           "  --web DIR                the built front end [default: the installed one, or web/dist]\n"
           "  --cache DIR              keep tiles on disk in DIR too (created if missing)\n"
           "  --cache-memory BYTES     the in-memory tile cache [default: 256M]\n"
           "  --max-pixels N           samples (pixels x aa^2) of one render or job [default: 16777216]\n"
           "  --max-iter N             iterations of a scene [default: 1000000]\n"
           "  --max-samples N          Buddhabrot samples, flame quality x pixels [default: 1e10]\n"
           "  --max-upload BYTES       a request's body [default: 4M]\n"
           "  --max-jobs-per-client N  queued or running jobs of one client address [default: 2]\n"
           "  --max-jobs N             queued or running jobs in all [default: 8]\n"
           "  --max-memory BYTES       memory of the renders and jobs running at once [default: 2G]\n"
           "  --max-zoom N             the deepest tile level z [default: 4000]\n"
           "BYTES take K, M, G suffixes (powers of 1024). A request over a limit gets a 4xx JSON error naming it.\n");
}

static int parse_u64(const char *opt, const char *v, int bytes, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char *end;
    errno = 0;
    double d = strtod(v, &end);
    double mult = 1;
    if (bytes && *end) {
        const char *suf = "KMG";
        const char *k = strchr(suf, *end == 'k' ? 'K' : *end);
        if (k && *k) {
            for (int i = 0; i <= k - suf; i++) mult *= 1024;
            end++;
        }
    }
    d *= mult;
    if (errno || *end || !*v || !(d >= (double)lo && d <= (double)hi) || d != (double)(uint64_t)d) {
        cli_error("%s '%s' must be a whole number %llu..%llu%s", opt, v, (unsigned long long)lo,
                  (unsigned long long)hi, bytes ? " (K, M, G suffixes allowed)" : "");
        return -1;
    }
    *out = (uint64_t)d;
    return 0;
}

/* The front end: --web, else installed beside the program, else this build's web/dist. */
static serve_static *load_web(const char *dir, const char **used)
{
    char err[512];
    serve_static *s = NULL;
    if (dir) {
        s = serve_static_load(dir, err, sizeof err);
        if (!s) cli_error("%s", err);
        *used = dir;
        return s;
    }
    static char rel[PATH_MAX + 64];
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    const char *tries[3] = {NULL, FR_WEB_INSTALL_DIR, FR_WEB_BUILD_DIR};
    if (n > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = 0;
            snprintf(rel, sizeof rel, "%s/../share/fractalis/web", exe);
            tries[0] = rel;
        }
    }
    for (int i = 0; i < 3; i++) {
        if (!tries[i] || !*tries[i] || access(tries[i], R_OK)) continue;
        s = serve_static_load(tries[i], err, sizeof err);
        if (s) {
            *used = tries[i];
            return s;
        }
    }
    *used = NULL;
    return NULL;
}

int cmd_serve(int argc, char **argv)
{
    static serve_state st;
    memset(&st, 0, sizeof st);
    st.lim = (serve_limits){.max_pixels = 16777216,
                            .max_iter = 1000000,
                            .max_upload = 4u << 20,
                            .max_memory = 2ull << 30,
                            .max_samples = 10000000000ull,
                            .max_jobs_per_client = 2,
                            .max_jobs = 8,
                            .max_zoom = 4000};
    st.device = "auto";
    const char *bind = "127.0.0.1", *web = NULL, *cache = NULL;
    uint64_t port = 8080, cache_mem = 256u << 20, v;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) return help(), 0;
        if (strncmp(a, "--", 2)) return cli_error("unexpected '%s' (try 'fractalis serve --help')", a), EXIT_USAGE;
        if (!val) return cli_error("%s needs a value", a), EXIT_USAGE;
        i++;
        int bad = 0;
        if (!strcmp(a, "--bind")) bind = val;
        else if (!strcmp(a, "--device")) st.device = val;
        else if (!strcmp(a, "--web")) web = val;
        else if (!strcmp(a, "--cache")) cache = val;
        else if (!strcmp(a, "--port")) bad = parse_u64(a, val, 0, 0, 65535, &port);
        else if (!strcmp(a, "--threads")) {
            if (!(bad = parse_u64(a, val, 0, 0, 4096, &v))) st.threads = (int)v;
        } else if (!strcmp(a, "--cache-memory")) bad = parse_u64(a, val, 1, 0, 1ull << 40, &cache_mem);
        else if (!strcmp(a, "--max-pixels")) bad = parse_u64(a, val, 0, 1, 1ull << 36, &st.lim.max_pixels);
        else if (!strcmp(a, "--max-iter")) bad = parse_u64(a, val, 0, 1, 2147483647, &st.lim.max_iter);
        else if (!strcmp(a, "--max-samples")) bad = parse_u64(a, val, 0, 1, 1ull << 62, &st.lim.max_samples);
        else if (!strcmp(a, "--max-upload")) bad = parse_u64(a, val, 1, 1, 1ull << 30, &st.lim.max_upload);
        else if (!strcmp(a, "--max-memory")) bad = parse_u64(a, val, 1, 1 << 20, 1ull << 44, &st.lim.max_memory);
        else if (!strcmp(a, "--max-jobs-per-client") || !strcmp(a, "--max-jobs") || !strcmp(a, "--max-zoom")) {
            if (!(bad = parse_u64(a, val, 0, !strcmp(a, "--max-zoom") ? 0 : 1, 100000, &v))) {
                if (!strcmp(a, "--max-jobs")) st.lim.max_jobs = (int)v;
                else if (!strcmp(a, "--max-zoom")) st.lim.max_zoom = (int)v;
                else st.lim.max_jobs_per_client = (int)v;
            }
        } else return cli_error("unknown option '%s' (try 'fractalis serve --help')", a), EXIT_USAGE;
        if (bad) return EXIT_USAGE;
    }
    /* The device; its note (a fall-back to the CPU) is printed after the
     * address, which stays the first line (scripts read the port there). */
    char note[512] = "";
    {
        fr_context *ctx = fr_context_create();
        fr_status s = ctx ? fr_context_set_device(ctx, st.device) : FR_ERR_NOMEM;
        if (s) cli_error("--device %s: %s", st.device, ctx ? fr_last_error(ctx) : "out of memory");
        else snprintf(note, sizeof note, "%s", fr_context_device_note(ctx));
        fr_context_destroy(ctx);
        if (s) return EXIT_USAGE;
    }
    char err[512];
    const char *web_used = NULL;
    st.web = load_web(web, &web_used);
    if (web && !st.web) return EXIT_WORK;
    st.cache = serve_cache_create(cache_mem, cache, err, sizeof err);
    if (!st.cache) {
        serve_static_free(st.web);
        return cli_error("%s", err), EXIT_WORK;
    }
    pthread_mutex_init(&st.mem_lock, NULL);
    int rc = 0, bound = 0;
    if (serve_tiles_start(&st) || serve_jobs_start(&st)) {
        cli_error("cannot start the render workers (device %s)", st.device);
        rc = EXIT_WORK;
    } else if (serve_http_start(&st, bind, (int)port, &bound, err, sizeof err)) {
        cli_error("%s", err);
        rc = EXIT_WORK;
    } else {
        cli_catch_signals();
        const char *host = bind;
        fprintf(stderr, "fractalis serve: http://%s%s%s:%d/\n", strchr(host, ':') ? "[" : "", host,
                strchr(host, ':') ? "]" : "", bound);
        fprintf(stderr, "fractalis serve: device %s, front end %s, tile cache %s in memory%s%s\n", st.device,
                web_used ? web_used : "none (API only; build it with scripts/web-build.sh)",
                cache_mem ? "on" : "off", cache ? " and in " : "", cache ? cache : "");
        if (*note) fprintf(stderr, "fractalis serve: %s\n", note);
        while (!cli_interrupted) usleep(100000);
        fprintf(stderr, "fractalis serve: stopping\n");
    }
    st.stopping = 1;
    serve_http_stop();
    serve_tiles_stop(&st);
    serve_jobs_stop(&st);
    serve_cache_destroy(st.cache);
    serve_static_free(st.web);
    return rc;
}
