/* libFuzzer: flam3 genome files (fr_flame_read_memory, lenient and strict),
 * then the writer and the reader again on what was read. palette="N" looks
 * in a file that does not exist (the error path; no large file per run). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "flame/flame_xml.h"
#include "fractalis.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fr_context *ctx = fr_context_create();
    const char *pal = "/nonexistent/flam3-palettes.xml";
    for (int strict = 0; strict <= 1; strict++) {
        fr_flame_file f;
        if (fr_flame_read_memory(ctx, (const char *)data, size, "fuzz", pal, strict, &f) != FR_OK) continue;
        char *xml = NULL;
        if (fr_flame_to_xml(ctx, f.g, f.n, &xml) == FR_OK) {
            fr_flame_file back;
            if (fr_flame_read_memory(ctx, xml, strlen(xml), "written", pal, 0, &back) == FR_OK) {
                for (int i = 0; i < f.n && i < back.n; i++) fr_flame_genome_equal(&f.g[i], &back.g[i], NULL, 0);
                fr_flame_file_free(&back);
            }
            free(xml);
        }
        if (f.n > 0) {
            fr_flame_genome copy;
            if (fr_flame_genome_copy(ctx, &copy, &f.g[0]) == FR_OK) fr_flame_genome_free(&copy);
        }
        fr_flame_file_free(&f);
    }
    fr_context_destroy(ctx);
    return 0;
}
