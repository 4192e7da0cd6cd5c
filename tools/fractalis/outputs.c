/* Output paths: the format a name asks for, and a folder to write into,
 * checked before any work starts. */
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

int cli_check_writable(const char *path)
{
    char *copy = strdup(path);
    if (!copy) return 0;
    const char *dir = dirname(copy);
    int ok = access(dir, W_OK | X_OK) == 0;
    if (!ok) cli_error("cannot write '%s': folder '%s' is missing or not writable", path, dir);
    free(copy);
    return ok;
}

fr_format cli_output_format(const char *path, unsigned allowed)
{
    static const char *const ext[] = {[FR_FMT_PNG] = ".png", [FR_FMT_PPM] = ".ppm", [FR_FMT_JPEG] = ".jpg",
                                      [FR_FMT_NPY] = ".npy", [FR_FMT_JSON] = ".json", [FR_FMT_EXR] = ".exr"};
    fr_format f = fr_format_from_path(path);
    if (f == FR_FMT_UNKNOWN || !(allowed & CLI_FMT(f))) {
        char list[64] = "";
        for (int k = FR_FMT_PNG; k <= FR_FMT_EXR; k++)
            if (allowed & CLI_FMT(k)) strcat(strcat(list, *list ? ", " : ""), ext[k]);
        cli_error("cannot write '%s' here: use %s", path, list);
        return FR_FMT_UNKNOWN;
    }
    if (f == FR_FMT_JPEG && !fr_have_jpeg()) {
        cli_error("'%s': this build has no JPEG support (rebuild with libjpeg-dev installed)", path);
        return FR_FMT_UNKNOWN;
    }
    return f;
}
