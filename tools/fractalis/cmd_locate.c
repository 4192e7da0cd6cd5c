/* fractalis locate: find a minibrot near a point (its period by the ball
 * method, its nucleus by Newton's method in MPFR, its size and
 * orientation) and print the escape-time scene that frames it. How users
 * get to deep places, and how the tests make deep views with structure. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void help(void)
{
    printf("Usage: fractalis locate --center RE,IM --radius R [options]\n\n"
           "Finds the minibrot (atom) of lowest period whose nucleus is within R of the point, or the one of\n"
           "the period given, to any depth (MPFR), and prints the scene that frames it as JSON (render it with\n"
           "'fractalis render --from SCENE.json'). Its period, nucleus, size and orientation go to stderr.\n\n"
           "Options:\n"
           "  --center RE,IM     where to look: decimal numbers of any length\n"
           "  --radius R         how far to look (any exponent: 1e-500); also sets the working precision\n"
           "  --period P         the period to look for (default: found by the ball method)\n"
           "  --max-period N     give up the period search after N iterations [default: 1000000]\n"
           "  --frame K          the scene's width is K times the minibrot's size [default: 6]\n"
           "  --size WxH         the scene's image size [default: 1280x720]\n"
           "  --align            rotate the scene so the minibrot's axis is horizontal\n"
           "  -o FILE            write the scene to FILE (.json) instead of standard output\n\n"
           "Example:\n"
           "  fractalis locate --center -1.7548776662466927,0.0001 --radius 1e-3 -o p3.json\n"
           "  fractalis render --from p3.json -o p3.png\n");
}

int cmd_locate(int argc, char **argv)
{
    const char *center = NULL, *radius = NULL, *out = NULL, *size = "1280x720";
    unsigned long period = 0, max_period = 1000000;
    double frame = 6;
    int align = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *end;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) return help(), 0;
        if (!strcmp(a, "--align")) {
            align = 1;
            continue;
        }
        if (!v) return cli_error("%s needs a value", a), EXIT_USAGE;
        i++;
        if (!strcmp(a, "--center")) center = v;
        else if (!strcmp(a, "--radius")) radius = v;
        else if (!strcmp(a, "-o") || !strcmp(a, "--output")) out = v;
        else if (!strcmp(a, "--size")) size = v;
        else if (!strcmp(a, "--period") || !strcmp(a, "--max-period")) {
            unsigned long n = strtoul(v, &end, 10);
            if (*end || !*v || *v == '-' || n < 1 || n > 2147483647UL)
                return cli_error("%s '%s' must be a whole number 1..2147483647", a, v), EXIT_USAGE;
            *(strcmp(a, "--period") ? &max_period : &period) = n;
        } else if (!strcmp(a, "--frame")) {
            frame = strtod(v, &end);
            if (*end || !(frame >= 1 && frame <= 1e6)) return cli_error("--frame '%s' must be 1..1e6", v), EXIT_USAGE;
        } else return cli_error("unknown option '%s' (try 'fractalis locate --help')", a), EXIT_USAGE;
    }
    if (!center || !radius) return cli_error("locate needs --center RE,IM and --radius R"), EXIT_USAGE;
    const char *comma = strchr(center, ',');
    if (!comma) return cli_error("--center '%s' is not RE,IM", center), EXIT_USAGE;
    if (out && !cli_check_writable(out)) return EXIT_WORK;

    fr_context *ctx = fr_context_create();
    if (!ctx) return cli_error("out of memory"), EXIT_WORK;
    int rc = 0;
    char *re = strndup(center, (size_t)(comma - center)), *json = NULL;
    const char *im = comma + 1;
    fr_nucleus nu = {0};
    fr_escape_params *p = malloc(sizeof *p);
    uint32_t per = (uint32_t)period;
    if (!re || !p) {
        cli_error("out of memory");
        rc = EXIT_WORK;
        goto done;
    }
    if (!per && fr_locate_period(ctx, re, im, radius, (uint32_t)max_period, &per)) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_WORK;
        goto done;
    }
    if (fr_locate_nucleus(ctx, re, im, radius, per, &nu)) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_WORK;
        goto done;
    }
    fprintf(stderr, "fractalis: period %u minibrot, size %s, orientation %.2f degrees\n", nu.period, nu.size,
            nu.orientation_deg);
    /* The scene: centred on the nucleus, K sizes wide, iterations enough for
     * the embedded Julia sets around it: p (log2 depth + 8), depth = the
     * decimal exponent of the size. */
    fr_escape_params_default(p, FR_MANDELBROT);
    char buf[96];
    double w = nu.size_mant * frame;
    long we = nu.size_exp10;
    while (w >= 10) w /= 10, we++;
    snprintf(buf, sizeof buf, "%.6ge%ld", w, we);
    size_t cl = strlen(nu.re) + strlen(nu.im) + 2;
    char *c = malloc(cl);
    if (!c) {
        cli_error("out of memory");
        rc = EXIT_WORK;
        goto done;
    }
    snprintf(c, cl, "%s,%s", nu.re, nu.im);
    double depth = -(double)nu.size_exp10 - log10(nu.size_mant);
    double iter = (double)nu.period * (ceil(log2(depth > 2 ? depth : 2)) + 8);
    char it[32], rot[32];
    snprintf(it, sizeof it, "%.0f", fmin(fmax(iter, 1000), 2147483647.0));
    snprintf(rot, sizeof rot, "%.6f", align ? -nu.orientation_deg : 0.0);
    if (fr_escape_param_set(ctx, p, "size", size) || fr_escape_param_set(ctx, p, "center", c) ||
        fr_escape_param_set(ctx, p, "width", buf) || fr_escape_param_set(ctx, p, "iter", it) ||
        fr_escape_param_set(ctx, p, "rotate", rot) || fr_escape_params_to_json(ctx, p, &json)) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_USAGE;
    }
    free(c);
    if (rc) goto done;
    if (out) {
        if (fr_write_text_file(ctx, out, json)) cli_error("%s", fr_last_error(ctx)), rc = EXIT_WORK;
    } else {
        printf("%s\n", json);
    }
done:
    free(json);
    free(re);
    free(p);
    fr_nucleus_free(&nu);
    fr_context_destroy(ctx);
    return rc;
}
