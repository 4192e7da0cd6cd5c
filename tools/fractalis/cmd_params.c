/* fractalis params FILE: the scene embedded in a PNG or EXR (or a .json
 * scene), of any family, as JSON and as the command line that renders it
 * again; a flame EXR's genome as flam3 XML. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"

/* Print a value so a shell reads it back unchanged ('#' starts a comment). */
static void print_shell_word(const char *v)
{
    if (*v && strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._,:+=/-") == strlen(v)) {
        fputs(v, stdout);
        return;
    }
    putchar('\'');
    for (; *v; v++) fputs(*v == '\'' ? "'\\''" : (char[]){*v, 0}, stdout);
    putchar('\'');
}

/* The command line: every parameter with a value of its own. */
static void print_command(fr_context *ctx, const cli_params *t, const void *p, const char *word)
{
    printf("fractalis render %s", word);
    for (int i = 0; i < t->count(); i++) {
        const fr_param_info *in = t->info(i);
        char *v;
        if ((in->flags & FR_PARAM_ALIAS) || (t->positional && !strcmp(in->name, t->positional))) continue;
        if (t->get(ctx, p, in->name, &v) == FR_OK) {
            /* rows a scene carries only when set (the deep-zoom reference)
             * are left out at their defaults, as the scene leaves them */
            if ((in->flags & FR_PARAM_SCENE_IF_SET) && (!strcmp(v, "center") || !strcmp(v, "0"))) {
                free(v);
                continue;
            }
            printf(" --%s ", in->name);
            print_shell_word(v);
            free(v);
        }
    }
    printf("\n");
}

int cmd_params(int argc, char **argv)
{
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("Usage: fractalis params FILE.png|FILE.exr|SCENE.json\n"
               "Prints the scene embedded in FILE (escape time or orbit density) as JSON, then the command\n"
               "that renders it again; for a flame's EXR, the genome it holds (flam3 XML).\n");
        return 0;
    }
    if (argc != 2) {
        cli_error("usage: fractalis params FILE.png|FILE.exr|SCENE.json");
        return EXIT_USAGE;
    }
    fr_context *ctx = fr_context_create();
    if (!ctx) return EXIT_WORK;
    char *text = NULL, *json = NULL, kind[32];
    if (fr_format_from_path(argv[1]) == FR_FMT_EXR) {
        /* a flame's EXR carries its genome instead of a scene */
        char *genome = NULL;
        int flame = !fr_exr_read_meta(ctx, argv[1], "fractalis", &text) && !text &&
                    !fr_exr_read_meta(ctx, argv[1], "flam3_genome", &genome) && genome;
        if (flame) printf("%s\n# the genome above, saved as FILE.flam3: fractalis render flame FILE.flam3\n", genome);
        free(genome), free(text);
        text = NULL;
        if (flame) {
            fr_context_destroy(ctx);
            return 0;
        }
    }
    int rc = cli_scene_read(ctx, argv[1], &text);
    if (!rc && fr_scene_kind(ctx, text, kind, sizeof kind)) cli_error("scene '%s': %s", argv[1], fr_last_error(ctx)), rc = EXIT_WORK;
    if (!rc && !strcmp(kind, "escape")) {
        fr_escape_params p;
        fr_escape_params_default(&p, FR_MANDELBROT);
        if (fr_escape_params_from_json(ctx, text, &p) || fr_escape_params_to_json(ctx, &p, &json)) {
            cli_error("scene '%s': %s", argv[1], fr_last_error(ctx));
            rc = EXIT_WORK;
        } else {
            printf("%s\n\n", json);
            print_command(ctx, &cli_escape_params, &p, fr_formula_name(p.formula));
        }
    } else if (!rc && !strcmp(kind, "buddhabrot")) {
        fr_buddha_params p;
        fr_buddha_params_default(&p, 0, 0);
        if (fr_buddha_params_from_json(ctx, text, &p) || fr_buddha_params_to_json(ctx, &p, &json)) {
            cli_error("scene '%s': %s", argv[1], fr_last_error(ctx));
            rc = EXIT_WORK;
        } else {
            printf("%s\n\n", json);
            print_command(ctx, &cli_buddha_params, &p, "buddhabrot");
        }
    } else if (!rc) {
        cli_error("scene '%s' is a '%s' scene, which params does not know", argv[1], kind);
        rc = EXIT_WORK;
    }
    free(text);
    free(json);
    fr_context_destroy(ctx);
    return rc;
}
