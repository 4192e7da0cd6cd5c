/* See exr_read.h. */
#include "exr_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openexr.h>

static char last_msg[256];

static void on_error(exr_const_context_t c, exr_result_t code, const char *msg)
{
    (void)c;
    snprintf(last_msg, sizeof last_msg, "%s (%d)", msg ? msg : "?", (int)code);
}

void exr_read_free(exr_read_image *img)
{
    for (int k = 0; k < img->n; k++)
        free(img->ch[k].u), free(img->ch[k].f);
    if (img->ctx) {
        exr_context_t c = img->ctx;
        exr_finish(&c);
    }
    memset(img, 0, sizeof *img);
}

int exr_read(const char *path, exr_read_image *img, char *err, size_t n)
{
    memset(img, 0, sizeof *img);
    last_msg[0] = 0;
    exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
    init.error_handler_fn = on_error;
    exr_context_t c = NULL;
    exr_result_t r = exr_start_read(&c, path, &init);
    if (r) {
        snprintf(err, n, "exr_start_read: %s", last_msg);
        if (c) exr_finish(&c);
        return -1;
    }
    img->ctx = c;
    const exr_attr_chlist_t *cl = NULL;
    exr_attr_box2i_t dw;
    if ((r = exr_get_channels(c, 0, &cl)) || (r = exr_get_data_window(c, 0, &dw))) goto fail;
    img->width = dw.max.x - dw.min.x + 1, img->height = dw.max.y - dw.min.y + 1;
    img->n = cl->num_channels < EXR_READ_MAX_CHANNELS ? cl->num_channels : EXR_READ_MAX_CHANNELS;
    const size_t px = (size_t)img->width * img->height;
    for (int k = 0; k < img->n; k++) {
        exr_read_channel *ch = &img->ch[k];
        snprintf(ch->name, sizeof ch->name, "%s", cl->entries[k].name.str);
        ch->type = cl->entries[k].pixel_type;
        if (ch->type == EXR_PIXEL_UINT)
            ch->u = calloc(px, 4);
        else
            ch->f = calloc(px, 4);
    }
    int32_t lines = 0;
    if ((r = exr_get_scanlines_per_chunk(c, 0, &lines))) goto fail;
    exr_decode_pipeline_t dec;
    memset(&dec, 0, sizeof dec);
    int started = 0;
    for (int y = dw.min.y; !r && y <= dw.max.y; y += lines) {
        exr_chunk_info_t ci;
        if ((r = exr_read_scanline_chunk_info(c, 0, y, &ci))) break;
        r = started ? exr_decoding_update(c, 0, &ci, &dec) : exr_decoding_initialize(c, 0, &ci, &dec);
        if (r) break;
        for (int j = 0; j < dec.channel_count; j++) {
            exr_coding_channel_info_t *o = &dec.channels[j];
            for (int k = 0; k < img->n; k++) {
                if (strcmp(img->ch[k].name, o->channel_name)) continue;
                size_t at = (size_t)(ci.start_y - dw.min.y) * img->width;
                o->decode_to_ptr =
                    img->ch[k].u ? (uint8_t *)(img->ch[k].u + at) : (uint8_t *)(img->ch[k].f + at);
                o->user_data_type = img->ch[k].u ? EXR_PIXEL_UINT : EXR_PIXEL_FLOAT;
                o->user_bytes_per_element = 4;
                o->user_pixel_stride = 4;
                o->user_line_stride = 4 * img->width;
            }
        }
        if (!started && (r = exr_decoding_choose_default_routines(c, 0, &dec))) break;
        started = 1;
        r = exr_decoding_run(c, 0, &dec);
    }
    if (started) exr_decoding_destroy(c, &dec);
    if (!r) return 0;
fail:
    snprintf(err, n, "reading: %s", last_msg[0] ? last_msg : exr_get_default_error_message(r));
    exr_read_free(img);
    return -1;
}

const exr_read_channel *exr_read_find(const exr_read_image *img, const char *name)
{
    for (int k = 0; k < img->n; k++)
        if (!strcmp(img->ch[k].name, name)) return &img->ch[k];
    return NULL;
}

const char *exr_read_string(const exr_read_image *img, const char *name)
{
    const exr_attribute_t *a = NULL;
    if (exr_get_attribute_by_name(img->ctx, 0, name, &a) || !a || a->type != EXR_ATTR_STRING) return NULL;
    return a->string->str;
}

int exr_read_int(const exr_read_image *img, const char *name, int *v)
{
    const exr_attribute_t *a = NULL;
    if (exr_get_attribute_by_name(img->ctx, 0, name, &a) || !a || a->type != EXR_ATTR_INT) return -1;
    *v = a->i;
    return 0;
}

const char *exr_read_names(const exr_read_image *img, char *buf, size_t n)
{
    buf[0] = 0;
    for (int k = 0; k < img->n; k++) {
        size_t l = strlen(buf);
        snprintf(buf + l, n - l, "%s%s", k ? "," : "", img->ch[k].name);
    }
    return buf;
}
