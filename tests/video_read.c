/* See video_read.h. */
#include "video_read.h"

#include <stdio.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

typedef struct rd {
    struct SwsContext *sws;
    uint8_t *buf;
    int stride, depth, index;
    int (*each)(void *, int, const void *, int);
    void *user;
    video_info *info;
} rd;

static int take(rd *r, AVFrame *f)
{
    r->info->frames++;
    if (!r->each) return 0;
    enum AVPixelFormat dst = r->depth == 16 ? AV_PIX_FMT_RGB48 : AV_PIX_FMT_RGB24;
    r->sws = sws_getCachedContext(r->sws, f->width, f->height, f->format, f->width, f->height, dst,
                                  SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP,
                                  NULL, NULL, NULL);
    if (!r->sws) return -1;
    const AVPixFmtDescriptor *pd = av_pix_fmt_desc_get(f->format);
    if (!(pd->flags & AV_PIX_FMT_FLAG_RGB)) {
        const int *m = sws_getCoefficients(SWS_CS_ITU709);
        sws_setColorspaceDetails(r->sws, m, 0, m, 1, 0, 1 << 16, 1 << 16);
    }
    if (!r->buf) {
        r->stride = f->width * 3 * (r->depth == 16 ? 2 : 1);
        r->buf = av_malloc((size_t)r->stride * f->height);
        if (!r->buf) return -1;
    }
    uint8_t *planes[4] = {r->buf, NULL, NULL, NULL}; /* sws_scale reads four */
    int strides[4] = {r->stride, 0, 0, 0};
    sws_scale(r->sws, (const uint8_t *const *)f->data, f->linesize, 0, f->height, planes, strides);
    return r->each(r->user, r->index++, r->buf, r->stride);
}

int video_read(const char *path, video_info *info, int depth, int (*each)(void *, int, const void *, int),
               void *user, char *err)
{
    memset(info, 0, sizeof *info);
    AVFormatContext *fmt = NULL;
    AVCodecContext *dec = NULL;
    AVPacket *pkt = av_packet_alloc();
    AVFrame *f = av_frame_alloc();
    rd r = {.depth = depth, .each = each, .user = user, .info = info};
    int rc = -1, e;
    av_log_set_level(AV_LOG_ERROR);
    if ((e = avformat_open_input(&fmt, path, NULL, NULL)) < 0) {
        snprintf(err, 256, "cannot open '%s': %s", path, av_err2str(e));
        goto done;
    }
    if ((e = avformat_find_stream_info(fmt, NULL)) < 0) {
        snprintf(err, 256, "'%s': no stream info: %s", path, av_err2str(e));
        goto done;
    }
    int si = av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    if (si < 0) {
        snprintf(err, 256, "'%s': no video stream", path);
        goto done;
    }
    AVStream *st = fmt->streams[si];
    const AVCodec *c = avcodec_find_decoder(st->codecpar->codec_id);
    if (!c || !(dec = avcodec_alloc_context3(c)) || avcodec_parameters_to_context(dec, st->codecpar) < 0 ||
        avcodec_open2(dec, c, NULL) < 0) {
        snprintf(err, 256, "'%s': cannot open its decoder", path);
        goto done;
    }
    snprintf(info->codec, sizeof info->codec, "%s", c->name);
    const char *pf = av_get_pix_fmt_name(st->codecpar->format);
    snprintf(info->pix_fmt, sizeof info->pix_fmt, "%s", pf ? pf : "?");
    info->width = st->codecpar->width;
    info->height = st->codecpar->height;
    info->fps = st->avg_frame_rate.den ? av_q2d(st->avg_frame_rate) : 0;
    int stop = 0;
    while (!stop && av_read_frame(fmt, pkt) >= 0) {
        if (pkt->stream_index == si && avcodec_send_packet(dec, pkt) >= 0)
            while (!stop && avcodec_receive_frame(dec, f) >= 0)
                stop = take(&r, f);
        av_packet_unref(pkt);
    }
    avcodec_send_packet(dec, NULL);
    while (!stop && avcodec_receive_frame(dec, f) >= 0)
        stop = take(&r, f);
    if (stop < 0) snprintf(err, 256, "'%s': cannot convert a frame", path);
    rc = stop < 0 ? -1 : 0;
done:
    sws_freeContext(r.sws);
    av_free(r.buf);
    av_frame_free(&f);
    av_packet_free(&pkt);
    avcodec_free_context(&dec);
    avformat_close_input(&fmt);
    return rc;
}
