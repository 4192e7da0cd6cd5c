/* fractalis params FILE: the parameters embedded in a PNG (or a scene), as
 * JSON and as the equivalent command line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

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

int cmd_params(int argc, char **argv)
{
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("Usage: fractalis params FILE.png|SCENE.json\n"
               "Prints the scene embedded in FILE as JSON, then the command that re-renders it.\n");
        return 0;
    }
    if (argc != 2) {
        cli_error("usage: fractalis params FILE.png");
        return EXIT_USAGE;
    }
    fr_context *ctx = fr_context_create();
    if (!ctx) return EXIT_WORK;
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    int rc = cli_load_scene(ctx, argv[1], &p);
    char *json = NULL;
    if (!rc && fr_escape_params_to_json(ctx, &p, &json) == FR_OK) {
        printf("%s\n\nfractalis render %s", json, fr_formula_name(p.formula));
        for (int i = 1; i < fr_escape_param_count(); i++) {
            char *v;
            const char *name = fr_escape_param_info(i)->name;
            if (fr_escape_param_get(ctx, &p, name, &v) == FR_OK) {
                printf(" --%s ", name);
                print_shell_word(v);
                free(v);
            }
        }
        printf("\n");
    } else if (!rc) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_WORK;
    }
    free(json);
    fr_context_destroy(ctx);
    return rc;
}
