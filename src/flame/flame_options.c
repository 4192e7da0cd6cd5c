/* The flame render options' parameter table (fr_flame_options: the
 * settings a render lays over a genome's own): defaults, setting by name,
 * checks, and through it the CLI's flags and help. */
#include <string.h>

#include "core/context.h"
#include "core/params.h"

#define OFF(f) offsetof(fr_flame_options, f)
#define GENOME "the genome's"

static const fr_param_desc rows[] = {
    {{"size", FR_PT_SIZE, "output size; the camera follows (framing kept); W or H may be 0: the genome's aspect", 0,
      FR_MAX_SIDE, FR_PARAM_ZERO_AUTO, .note = GENOME},
     OFF(width), {.wh = {0, 0}}},
    {{"quality", FR_PT_DOUBLE, "samples per output pixel", 0, 1e9, FR_PARAM_MIN_OPEN | FR_PARAM_ZERO_AUTO,
      .note = GENOME},
     OFF(quality), {.d = 0}},
    {{"supersample", FR_PT_INT, "buckets per pixel side", 1, 16, FR_PARAM_ZERO_AUTO, .note = GENOME}, OFF(supersample),
     {.i = 0}},
    {{"seed", FR_PT_U64, "random seed (same seed, same image, any thread count)", 0, 18446744073709551615.0,
      .syntax = "0..18446744073709551615"},
     OFF(seed), {.u64 = 0}},
    {{"depth", FR_PT_INT, "bits per channel of the image", 8, 16, FR_PARAM_MIN_OR_MAX}, OFF(depth), {.i = 8}},
    {{"transparent", FR_PT_BOOL, "alpha from density, no background", .flags = FR_PARAM_SWITCH}, OFF(transparency),
     {.i = 0}},
    {{"earlyclip", FR_PT_BOOL, "tone-map before the spatial filter (flam3's earlyclip)", .flags = FR_PARAM_SWITCH},
     OFF(earlyclip), {.i = 0}},
    {{"motion-blur", FR_PT_BOOL,
      "temporal samples and motion blur: the genome's temporal_samples time steps over temporal_filter_width "
      "around its time, with the xforms' <motion> elements applied (off: as flam3-render, one time step and "
      "no motion)",
      .flags = FR_PARAM_SWITCH},
     OFF(motion_blur), {.i = 0}},
    {{"strips", FR_PT_INT,
      "render in N horizontal strips (flam3's nstrips); each strip runs the whole chaos game, the image is "
      "the same",
      1, FR_MAX_SIDE, FR_PARAM_ZERO_AUTO, .note = "automatic: the fewest that fit the memory"},
     OFF(strips), {.i = 0}},
};
static const fr_param_table table = {rows, (int)(sizeof rows / sizeof rows[0]), NULL};

void fr_flame_options_default(fr_flame_options *o)
{
    memset(o, 0, sizeof *o);
    fr_params_default(NULL, &table, o); /* the table's defaults cannot fail */
}

int fr_flame_option_count(void) { return table.n; }
const fr_param_info *fr_flame_option_info(int i) { return fr_param_table_info(&table, i); }

const fr_param_info *fr_flame_option_find(const char *name)
{
    const fr_param_desc *d = fr_param_find(&table, name);
    return d ? &d->info : NULL;
}

fr_status fr_flame_option_set(fr_context *ctx, fr_flame_options *o, const char *name, const char *value)
{
    return fr_param_set(ctx, &table, o, name, value, FR_SET_USER);
}

fr_status fr_flame_option_get(fr_context *ctx, const fr_flame_options *o, const char *name, char **value)
{
    return fr_param_get(ctx, &table, o, name, value);
}

fr_status fr_flame_options_check(fr_context *ctx, const fr_flame_options *o)
{
    /* depth 0 (a zeroed struct) means 8 */
    fr_flame_options c = *o;
    if (!c.depth) c.depth = 8;
    return fr_params_check(ctx, &table, &c);
}
