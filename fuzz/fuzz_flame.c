/* libFuzzer: flam3 genome files (fr_flame_read_memory, lenient and strict),
 * then the writer and the reader again on what was read, which must give
 * the same genomes (a difference aborts: the writer would lose a value),
 * and a tiny render of the first genome on the CPU. palette="N" looks in a
 * file that does not exist (the error path; no large file per run). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "flame/flame_api.h"
#include "flame/flame_xml.h"
#include "fractalis.h"

/* A render of genome 0 at 8x6 on one thread, where its frame stays small
 * (a genome may ask for any filter radius or passes: those are the
 * renderer's memory and time checks, not the parser's). */
static void tiny_render(fr_context *ctx, const fr_flame_file *f)
{
    const fr_flame_genome *g = &f->g[0];
    if (!(g->filter >= 0 && g->filter < 4) || g->passes > 4 || g->nxf > 16 || !(g->estimator_radius < 20)) return;
    fr_flames set = {*f};
    fr_flame_options o;
    fr_flame_options_default(&o);
    o.width = 8, o.height = 6, o.quality = 2, o.supersample = 1;
    fr_image img;
    fr_context_set_threads(ctx, 1);
    fr_context_set_device(ctx, "cpu");
    if (fr_flame_render(ctx, &set, 0, &o, &img, NULL) == FR_OK) fr_image_free(&img);
}

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
            if (fr_flame_read_memory(ctx, xml, strlen(xml), "written", pal, 0, &back) != FR_OK || back.n != f.n)
                abort();
            for (int i = 0; i < f.n; i++)
                if (!fr_flame_genome_equal(&f.g[i], &back.g[i], NULL, 0)) abort();
            fr_flame_file_free(&back);
            free(xml);
        }
        if (f.n > 0) {
            fr_flame_genome copy;
            if (fr_flame_genome_copy(ctx, &copy, &f.g[0]) == FR_OK) fr_flame_genome_free(&copy);
            if (!strict) tiny_render(ctx, &f);
        }
        fr_flame_file_free(&f);
    }
    fr_context_destroy(ctx);
    return 0;
}
