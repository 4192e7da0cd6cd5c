/* Shared by the harnesses: the input as a C string, or as a file (one
 * scratch file per process) for parsers that read files. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The input, NUL-terminated (malloc()ed; NULL if out of memory). */
static char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text) return NULL;
    memcpy(text, data, size);
    text[size] = 0;
    return text;
}

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
