/* Fuzz inputs for parsers that read files: written to one scratch file per
 * process. */
#include <stdio.h>
#include <unistd.h>

static const char *fuzz_write_file(const uint8_t *data, size_t size)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/fractalis-fuzz-%d", (int)getpid());
    FILE *f = fopen(path, "wb");
    if (!f) return NULL;
    fwrite(data, 1, size, f);
    fclose(f);
    return path;
}
