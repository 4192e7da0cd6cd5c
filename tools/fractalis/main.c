/* fractalis: the command dispatcher. `render` goes to the command of the
 * family it names: a formula (escape time), buddhabrot / nebulabrot /
 * anti-buddhabrot or --resume (orbit density), flame FILE, or the family of
 * the scene given with --from. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fractalis: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static int render(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "flame")) return cmd_render_flame(argc, argv);
    for (int i = 1; i < argc; i++) {
        if (cli_buddha_family(argv[i], NULL, NULL) || !strcmp(argv[i], "--resume")) return cmd_render_buddha(argc, argv);
        if (!strcmp(argv[i], "--from") && i + 1 < argc) {
            char kind[32];
            fr_context *ctx = fr_context_create();
            int rc = ctx ? cli_scene_kind(ctx, argv[i + 1], kind, sizeof kind) : EXIT_WORK;
            fr_context_destroy(ctx);
            if (rc) return rc;
            if (!strcmp(kind, "buddhabrot")) return cmd_render_buddha(argc, argv);
            if (strcmp(kind, "escape"))
                return cli_error("scene '%s' is a '%s' scene, which render does not know", argv[i + 1], kind), EXIT_WORK;
            break;
        }
    }
    return cmd_render_escape(argc, argv);
}

#ifndef FR_HAVE_SERVE
int cmd_serve(int argc, char **argv)
{
    (void)argc, (void)argv;
    cli_error("this build has no web server (libmicrohttpd or nettle was not found when fractalis was built)");
    return EXIT_WORK;
}
#endif

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
} commands[] = {
    {"render", render}, {"flame", cmd_flame}, {"params", cmd_params}, {"compare", cmd_compare},
    {"locate", cmd_locate},
    {"devices", cmd_devices}, {"bench", cmd_bench}, {"serve", cmd_serve}, {"animate", cmd_animate},
    {"expmap", cmd_expmap},
};

/* argv[0] is the command's name. */
static int dispatch(int argc, char **argv)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[0], commands[i].name)) return commands[i].run(argc, argv);
    cli_error("unknown command '%s' (try 'fractalis --help')", argv[0]);
    return EXIT_USAGE;
}

static int run(int argc, char **argv)
{
    if (argc < 2) {
        print_main_help();
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--version")) {
        printf("fractalis %s\n", fr_version());
        return 0;
    }
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        if (argc == 2) {
            print_main_help();
            return 0;
        }
        /* fractalis help COMMAND [WORD]: COMMAND [WORD] --help */
        char *sub[] = {argv[2], argc > 3 ? argv[3] : "--help", "--help", NULL};
        return dispatch(argc > 3 ? 3 : 2, sub);
    }
    return dispatch(argc - 1, argv + 1);
}

int main(int argc, char **argv)
{
    cli_mpi_init(&argc, &argv);
    return cli_mpi_finish(run(argc, argv));
}
