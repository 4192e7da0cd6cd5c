/* Scenes from files: a .json scene, or a PNG or EXR carrying one. */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <stdlib.h>

#include "cli.h"

int cli_scene_read(fr_context *ctx, const char *path, char **json)
{
    *json = NULL;
    if (fr_format_from_path(path) == FR_FMT_PNG) {
        if (fr_image_read_png(ctx, path, NULL, json)) return cli_error("%s", fr_last_error(ctx)), EXIT_WORK;
        if (!*json)
            return cli_error("'%s' carries no fractalis parameters (not rendered by fractalis?)", path), EXIT_WORK;
        return 0;
    }
    if (fr_format_from_path(path) == FR_FMT_EXR) {
        if (fr_exr_read_meta(ctx, path, "fractalis", json)) return cli_error("%s", fr_last_error(ctx)), EXIT_WORK;
        if (!*json)
            return cli_error("'%s' carries no fractalis parameters (not rendered by fractalis, or a flame: see "
                             "'fractalis params')",
                             path),
                   EXIT_WORK;
        return 0;
    }
    if (fr_read_text_file(ctx, path, json)) return cli_error("%s", fr_last_error(ctx)), EXIT_WORK;
    return 0;
}

int cli_is_kfr(const char *path)
{
    size_t n = strlen(path);
    return n > 4 && !strcasecmp(path + n - 4, ".kfr");
}

int cli_scene_kind(fr_context *ctx, const char *path, char *kind, size_t n)
{
    if (cli_is_kfr(path)) return snprintf(kind, n, "escape"), 0;
    char *json;
    int rc = cli_scene_read(ctx, path, &json);
    if (rc) return rc;
    if (fr_scene_kind(ctx, json, kind, n)) cli_error("scene '%s': %s", path, fr_last_error(ctx)), rc = EXIT_WORK;
    free(json);
    return rc;
}
