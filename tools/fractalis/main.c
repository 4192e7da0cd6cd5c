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

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_main_help();
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        if (argc > 2 && !strcmp(argv[2], "render")) print_render_help();
        else print_main_help();
        return 0;
    }
    if (!strcmp(cmd, "--version")) {
        printf("fractalis %s\n", fr_version());
        return 0;
    }
    if (!strcmp(cmd, "render")) return cmd_render(argc - 1, argv + 1);
    if (!strcmp(cmd, "params")) return cmd_params(argc - 1, argv + 1);
    if (!strcmp(cmd, "flame")) return cmd_flame(argc - 1, argv + 1);
    if (!strcmp(cmd, "compare")) return cmd_compare(argc - 1, argv + 1);
    if (!strcmp(cmd, "devices")) return cmd_devices(argc - 1, argv + 1);
    if (!strcmp(cmd, "bench")) return cmd_bench(argc - 1, argv + 1);
    cli_error("unknown command '%s' (try 'fractalis --help')", cmd);
    return EXIT_USAGE;
}
