#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

int cli_load_scene(fr_context *ctx, const char *path, fr_escape_params *p)
{
    char *text = NULL;
    fr_status s;
    if (fr_format_from_path(path) == FR_FMT_PNG) {
        if ((s = fr_image_read_png(ctx, path, NULL, &text))) {
            cli_error("%s", fr_last_error(ctx));
            return EXIT_WORK;
        }
        if (!text) {
            cli_error("'%s' carries no fractalis parameters (not rendered by fractalis?)", path);
            return EXIT_WORK;
        }
    } else if ((s = fr_read_text_file(ctx, path, &text))) {
        cli_error("%s", fr_last_error(ctx));
        return EXIT_WORK;
    }
    s = fr_escape_params_from_json(ctx, text, p);
    free(text);
    if (s) {
        cli_error("scene '%s': %s", path, fr_last_error(ctx));
        return EXIT_WORK;
    }
    return 0;
}
