/* Encoded video through FFmpeg's libraries (libavformat muxes, libavcodec
 * encodes, libswscale converts RGB to the encoder's pixel format).
 *
 * The file goes through the library's atomic output (io/atomic_file.h): the
 * muxer writes into the temporary file through a custom AVIOContext (seekable,
 * so MP4 gets its index at the end), and fr_video_close names it once the
 * trailer is written and flushed; a failure or fr_video_abort leaves nothing
 * under the name. Into a FIFO or character device (written in place, not
 * seekable) MP4/MOV are written fragmented.
 *
 * Frames: RGB or RGBA, 8 or 16 bits. JPEG's rule applies to alpha (video
 * has none here): RGBA is composited over black, so alpha 255 keeps the
 * colour exactly. Lossy codecs that can take 4:2:0 get yuv420p (what every
 * player plays; H.264 and HEVC then need even sizes, which is checked at
 * open with a message saying so), converted with BT.709 coefficients and
 * tagged so; lossless codecs (FFV1, Ut Video, ...) and those without 4:2:0
 * get the RGB-like format that loses least (FFV1: 8-bit RGB, or 16-bit
 * planar RGB when fr_video_options.depth is 16), so their pixels decode
 * back exactly.
 *
 * The library never prints: FFmpeg's log goes through a callback,
 * installed once, that drops the messages of this file's contexts (and of
 * any call made from inside fr_video_*) and passes every other message to
 * FFmpeg's default callback, so another user of FFmpeg in the process
 * still sees its own (one that installs its own callback later replaces
 * this one, and then also receives ours).
 *
 * Built only with FR_HAVE_VIDEO (CMake found the libraries); otherwise
 * fr_video_open fails with FR_ERR_UNSUPPORTED. */
#define _GNU_SOURCE

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "core/context.h"
#include "io/atomic_file.h"

#ifdef FR_HAVE_VIDEO

#include <pthread.h>
#include <sys/types.h>
#include <unistd.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

/* The encoders offered for video, in the order fr_video_codec lists them
 * (those this libavcodec lacks are skipped). Hardware encoders are left
 * out: they depend on a device being present at run time. */
static const struct {
    const char *name, *what;
    int lossless; /* keep RGB and full precision rather than 4:2:0 */
} codecs[] = {
    {"libx264", "H.264 / AVC, lossy (default for .mp4 and .mov; crf default 18)", 0},
    {"libx265", "H.265 / HEVC, lossy (.mp4 .mov .mkv)", 0},
    {"ffv1", "FFV1, lossless (default for .mkv and .avi)", 1},
    {"libvpx-vp9", "VP9, lossy (default for .webm; crf default 31)", 0},
    {"libvpx", "VP8, lossy (.webm .mkv)", 0},
    {"libaom-av1", "AV1 (libaom), lossy, slow (.mkv .mp4 .webm)", 0},
    {"librav1e", "AV1 (rav1e), lossy (.mkv .mp4 .webm)", 0},
    {"prores_ks", "Apple ProRes 422/4444, near-lossless 10-bit (.mov .mkv)", 0},
    {"utvideo", "Ut Video, lossless (.mkv .avi .mov)", 1},
    {"ffvhuff", "FFmpeg HuffYUV, lossless (.mkv .avi)", 1},
    {"mpeg4", "MPEG-4 Part 2, lossy (.mp4 .avi .mkv)", 0},
};

/* ---- FFmpeg's log, kept quiet for our contexts ------------------------ */

#define LOG_SLOTS 256
static pthread_once_t log_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t log_mu = PTHREAD_MUTEX_INITIALIZER;
static const void *log_ours[LOG_SLOTS];
static _Thread_local int log_inside; /* inside a fr_video_* call on this thread */

static int log_is_ours(const void *avcl)
{
    if (!avcl) return 0;
    int found = 0;
    pthread_mutex_lock(&log_mu);
    for (int i = 0; i < LOG_SLOTS && !found; i++)
        found = log_ours[i] == avcl;
    pthread_mutex_unlock(&log_mu);
    return found;
}

static void log_cb(void *avcl, int level, const char *fmt, va_list vl)
{
    if (log_inside || log_is_ours(avcl)) return;
    av_log_default_callback(avcl, level, fmt, vl);
}

static void log_install(void)
{
    av_log_set_callback(log_cb);
}

static void log_mark(const void *p, int add)
{
    if (!p) return;
    pthread_mutex_lock(&log_mu);
    for (int i = 0; i < LOG_SLOTS; i++) {
        if (add ? log_ours[i] == NULL : log_ours[i] == p) {
            log_ours[i] = add ? p : NULL;
            break;
        }
    }
    pthread_mutex_unlock(&log_mu);
}

/* ---- the encoder -------------------------------------------------------- */

struct fr_video {
    fr_atomic_file af;
    char *name; /* the path as given, for messages */
    const char *codec_name;
    AVFormatContext *fmt;
    AVCodecContext *enc;
    AVStream *st;
    AVIOContext *pb;
    struct SwsContext *sws;
    AVFrame *frame;
    AVPacket *pkt;
    uint8_t *rgb; /* the frame composited to RGB (8 or 16 bits) */
    size_t rgb_size;
    int width, height;
    int64_t frames;
    int io_error; /* an errno from the file callbacks */
};

static void mark_all(fr_video *v, int add)
{
    log_mark(v->fmt, add);
    if (v->fmt) log_mark(v->fmt->priv_data, add);
    log_mark(v->enc, add);
    if (v->enc) log_mark(v->enc->priv_data, add);
    log_mark(v->pb, add);
    log_mark(v->sws, add);
}

#if LIBAVFORMAT_VERSION_MAJOR >= 61
static int io_write(void *opaque, const uint8_t *buf, int n)
#else
static int io_write(void *opaque, uint8_t *buf, int n)
#endif
{
    fr_video *v = opaque;
    if (n > 0 && fwrite(buf, 1, (size_t)n, v->af.fp) != (size_t)n) {
        v->io_error = errno ? errno : EIO;
        return AVERROR(v->io_error);
    }
    return n;
}

static int64_t io_seek(void *opaque, int64_t off, int whence)
{
    fr_video *v = opaque;
    FILE *fp = v->af.fp;
    if (whence & AVSEEK_SIZE) {
        struct stat st;
        if (fflush(fp) != 0 || fstat(fileno(fp), &st) != 0) return AVERROR(errno ? errno : EIO);
        return (int64_t)st.st_size;
    }
    whence &= ~AVSEEK_FORCE;
    if (fseeko(fp, (off_t)off, whence) != 0) return AVERROR(errno ? errno : EIO);
    return (int64_t)ftello(fp);
}

static const char *averr(int e, char *buf, size_t n)
{
    if (av_strerror(e, buf, n) < 0) snprintf(buf, n, "error %d", e);
    return buf;
}

static void video_free(fr_video *v)
{
    if (!v) return;
    mark_all(v, 0);
    sws_freeContext(v->sws);
    av_frame_free(&v->frame);
    av_packet_free(&v->pkt);
    avcodec_free_context(&v->enc);
    if (v->fmt) {
        v->fmt->pb = NULL;
        avformat_free_context(v->fmt);
    }
    if (v->pb) {
        av_freep(&v->pb->buffer);
        avio_context_free(&v->pb);
    }
    fr_atomic_abort(&v->af);
    av_free(v->rgb);
    free(v->name);
    free(v);
}

/* The container of a path's extension: the muxer's name, its default
 * encoder and how it is named in messages; NULL for any other. */
static const char *container_of(const char *path, const char **codec, const char **ext)
{
    static const struct {
        const char *ext, *muxer, *codec;
    } table[] = {{".mp4", "mp4", "libx264"},
                 {".mov", "mov", "libx264"},
                 {".mkv", "matroska", "ffv1"},
                 {".webm", "webm", "libvpx-vp9"},
                 {".avi", "avi", "ffv1"}};
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(slash ? slash + 1 : path, '.');
    if (!dot) return NULL;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!strcasecmp(dot, table[i].ext)) {
            *codec = table[i].codec;
            *ext = table[i].ext;
            return table[i].muxer;
        }
    return NULL;
}

static int codec_lossless(const char *name)
{
    for (size_t i = 0; i < sizeof codecs / sizeof codecs[0]; i++)
        if (!strcmp(codecs[i].name, name)) return codecs[i].lossless;
    return 0;
}

static int codec_has_fmt(const AVCodec *c, enum AVPixelFormat f)
{
    if (!c->pix_fmts) return 0;
    for (const enum AVPixelFormat *p = c->pix_fmts; *p != AV_PIX_FMT_NONE; p++)
        if (*p == f) return 1;
    return 0;
}

/* The encoder's pixel format (see the top of the file). */
static enum AVPixelFormat pick_format(const AVCodec *c, int depth)
{
    int lossless = codec_lossless(c->name);
    if (!lossless && codec_has_fmt(c, AV_PIX_FMT_YUV420P)) return AV_PIX_FMT_YUV420P;
    enum AVPixelFormat src = depth == 16 ? AV_PIX_FMT_RGB48 : AV_PIX_FMT_RGB24;
    if (!c->pix_fmts) return src;
    if (lossless && depth != 16) {
        /* The exact 8-bit RGB layouts first (the generic pick may choose a
         * wider format than the data needs). */
        static const enum AVPixelFormat exact8[] = {AV_PIX_FMT_0RGB32, AV_PIX_FMT_RGB32, AV_PIX_FMT_BGR0,
                                                    AV_PIX_FMT_GBRP,   AV_PIX_FMT_RGB24, AV_PIX_FMT_BGR24};
        for (size_t i = 0; i < sizeof exact8 / sizeof exact8[0]; i++)
            if (codec_has_fmt(c, exact8[i])) return exact8[i];
    }
    if (lossless && depth == 16) {
        static const enum AVPixelFormat exact16[] = {AV_PIX_FMT_GBRP16, AV_PIX_FMT_RGB48, AV_PIX_FMT_BGR48,
                                                     AV_PIX_FMT_GBRAP16, AV_PIX_FMT_RGBA64};
        for (size_t i = 0; i < sizeof exact16 / sizeof exact16[0]; i++)
            if (codec_has_fmt(c, exact16[i])) return exact16[i];
    }
    return avcodec_find_best_pix_fmt_of_list(c->pix_fmts, src, 0, NULL);
}

int fr_have_video(void)
{
    return 1;
}

const char *fr_video_codec(int i, const char **what)
{
    if (i < 0) return NULL;
    for (size_t k = 0; k < sizeof codecs / sizeof codecs[0]; k++) {
        const AVCodec *c = avcodec_find_encoder_by_name(codecs[k].name);
        if (!c || c->type != AVMEDIA_TYPE_VIDEO) continue;
        if (i-- == 0) {
            if (what) *what = codecs[k].what;
            return codecs[k].name;
        }
    }
    return NULL;
}

static fr_status open_impl(fr_context *ctx, fr_video *v, const char *path, int width, int height,
                           const fr_video_options *o)
{
    char eb[AV_ERROR_MAX_STRING_SIZE];
    const char *defcodec, *ext;
    const char *muxer = container_of(path, &defcodec, &ext);
    if (!muxer)
        return fr_fail(ctx, FR_ERR_INVALID,
                       "cannot write '%s': a video's name ends in .mp4, .mov, .mkv, .webm or .avi", path);
    if (width <= 0 || height <= 0)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': frame size %dx%d is not positive", path,
                       width, height);
    double fps = o && o->fps > 0 ? o->fps : 30;
    if (!(fps <= 1000))
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': fps %g is out of range (0, 1000]", path, fps);
    int depth = o && o->depth == 16 ? 16 : 8;
    if (o && o->depth && o->depth != 8 && o->depth != 16)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': depth must be 8 or 16", path);
    const char *cname = o && o->codec && *o->codec ? o->codec : defcodec;
    /* Debian 12's libsvtav1 wrapper (FFmpeg 5.1, SVT-AV1 1.4) never returns
     * from the first frame here (it ignores SIGTERM too): refused, not offered */
    if (!strcmp(cname, "libsvtav1"))
        return fr_fail(ctx, FR_ERR_UNSUPPORTED,
                       "cannot write '%s': codec libsvtav1 hangs in this FFmpeg (5.1); use libaom-av1 or "
                       "librav1e for AV1",
                       path);
    const AVCodec *codec = avcodec_find_encoder_by_name(cname);
    if (!codec || codec->type != AVMEDIA_TYPE_VIDEO)
        return fr_fail(ctx, FR_ERR_UNSUPPORTED,
                       "cannot write '%s': this build of libavcodec has no video encoder '%s' "
                       "(fractalis animate --codecs lists those it has)",
                       path, cname);
    v->codec_name = codec->name;
    const AVOutputFormat *ofmt = av_guess_format(muxer, NULL, NULL);
    if (!ofmt)
        return fr_fail(ctx, FR_ERR_UNSUPPORTED, "cannot write '%s': this libavformat has no %s muxer", path,
                       muxer);
    /* MP4, MOV and WebM hold the codecs their tables list; Matroska and AVI
     * hold others too (through a FourCC), so there the muxer decides. */
    int strict = !strcmp(muxer, "mp4") || !strcmp(muxer, "mov") || !strcmp(muxer, "webm");
    if (strict && avformat_query_codec(ofmt, codec->id, FF_COMPLIANCE_NORMAL) == 0)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': a %s file cannot hold %s (try .mkv)", path,
                       ext, codec->name);

    enum AVPixelFormat pf = pick_format(codec, depth);
    const AVPixFmtDescriptor *pd = av_pix_fmt_desc_get(pf);
    if (!pd)
        return fr_fail(ctx, FR_ERR_UNSUPPORTED, "cannot write '%s': %s offers no usable pixel format", path,
                       codec->name);
    int cw = 1 << pd->log2_chroma_w, ch = 1 << pd->log2_chroma_h;
    if (width % cw || height % ch)
        return fr_fail(ctx, FR_ERR_INVALID,
                       "cannot write '%s': %s with %s needs the width%s to be even, the frames are %dx%d "
                       "(render an even size, or use .mkv with ffv1)",
                       path, codec->name, pd->name, ch > 1 ? " and height" : "", width, height);

    /* The encoder, configured before anything is written. */
    v->enc = avcodec_alloc_context3(codec);
    v->pkt = av_packet_alloc();
    v->frame = av_frame_alloc();
    if (!v->enc || !v->pkt || !v->frame)
        return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", path);
    AVRational rate = av_d2q(fps, 1000000);
    v->enc->width = width;
    v->enc->height = height;
    v->enc->pix_fmt = pf;
    v->enc->framerate = rate;
    v->enc->time_base = av_inv_q(rate);
    v->enc->sample_aspect_ratio = (AVRational){1, 1};
    v->enc->thread_count = 0; /* as many as the encoder likes */
    if (pd->flags & AV_PIX_FMT_FLAG_RGB) {
        v->enc->colorspace = AVCOL_SPC_RGB;
        v->enc->color_range = AVCOL_RANGE_JPEG;
    } else {
        v->enc->colorspace = AVCOL_SPC_BT709;
        v->enc->color_range = AVCOL_RANGE_MPEG;
    }
    v->enc->color_primaries = AVCOL_PRI_BT709;
    v->enc->color_trc = AVCOL_TRC_IEC61966_2_1; /* the frames are sRGB */
    if (ofmt->flags & AVFMT_GLOBALHEADER) v->enc->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;

    double crf = o ? o->crf : -1;
    if (crf < 0 && !strcmp(codec->name, "libx264")) crf = 18;
    if (crf < 0 && !strcmp(codec->name, "libvpx-vp9")) crf = 31;
    const AVOption *has_crf = codec->priv_class ? av_opt_find(v->enc->priv_data, "crf", NULL, 0, 0) : NULL;
    if (crf >= 0) {
        if (!has_crf)
            return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': %s has no constant rate factor (crf)",
                           path, codec->name);
        int e = av_opt_set_double(v->enc->priv_data, "crf", crf, 0);
        if (e < 0)
            return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': crf %g for %s: %s", path, crf,
                           codec->name, averr(e, eb, sizeof eb));
        /* constant quality, not a bitrate (libvpx, libaom) */
        if (strcmp(codec->name, "libx264") && strcmp(codec->name, "libx265")) v->enc->bit_rate = 0;
    }
    if (!strcmp(codec->name, "ffv1")) {
        av_opt_set_int(v->enc, "level", 3, AV_OPT_SEARCH_CHILDREN); /* sliced, checksummed */
        av_opt_set_int(v->enc->priv_data, "slicecrc", 1, 0);
    }
    if (!strcmp(codec->name, "libx265")) av_opt_set(v->enc->priv_data, "x265-params", "log-level=none", 0);
    if (!strcmp(codec->name, "libvpx-vp9")) av_opt_set_int(v->enc->priv_data, "row-mt", 1, 0);

    int e = avcodec_open2(v->enc, codec, NULL);
    if (e < 0)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': %s refused %dx%d %s: %s", path, codec->name,
                       width, height, pd->name, averr(e, eb, sizeof eb));
    log_mark(v->enc, 1);
    log_mark(v->enc->priv_data, 1);

    v->frame->format = pf;
    v->frame->width = width;
    v->frame->height = height;
    if (av_frame_get_buffer(v->frame, 0) < 0)
        return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", path);

    /* The file, then the container's header. */
    fr_status s = fr_atomic_open(ctx, &v->af, path);
    if (s) return s;
    e = avformat_alloc_output_context2(&v->fmt, ofmt, NULL, NULL);
    if (e < 0 || !v->fmt) return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", path);
    log_mark(v->fmt, 1);
    log_mark(v->fmt->priv_data, 1);
    const int bufsize = 1 << 16;
    uint8_t *buf = av_malloc(bufsize);
    if (!buf) return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", path);
    v->pb = avio_alloc_context(buf, bufsize, 1, v, NULL, io_write, v->af.direct ? NULL : io_seek);
    if (!v->pb) {
        av_free(buf);
        return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", path);
    }
    log_mark(v->pb, 1);
    v->pb->seekable = v->af.direct ? 0 : AVIO_SEEKABLE_NORMAL;
    v->fmt->pb = v->pb;
    v->st = avformat_new_stream(v->fmt, NULL);
    if (!v->st) return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", path);
    e = avcodec_parameters_from_context(v->st->codecpar, v->enc);
    if (e < 0) return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': %s", path, averr(e, eb, sizeof eb));
    /* HEVC in MP4/MOV as 'hvc1' (parameter sets in the header), the tag
     * Apple's players need; FFmpeg's default, 'hev1', they refuse. */
    if (codec->id == AV_CODEC_ID_HEVC && (!strcmp(muxer, "mp4") || !strcmp(muxer, "mov")))
        v->st->codecpar->codec_tag = MKTAG('h', 'v', 'c', '1');
    v->st->time_base = v->enc->time_base;
    v->st->avg_frame_rate = rate;
    v->st->r_frame_rate = rate;
    AVDictionary *opts = NULL;
    if (v->af.direct && (!strcmp(muxer, "mp4") || !strcmp(muxer, "mov")))
        av_dict_set(&opts, "movflags", "frag_keyframe+empty_moov", 0);
    e = avformat_write_header(v->fmt, &opts);
    av_dict_free(&opts);
    if (e < 0) {
        if (v->io_error) return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", path, strerror(v->io_error));
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': the %s muxer refused %s: %s", path, muxer,
                       codec->name, averr(e, eb, sizeof eb));
    }
    v->width = width;
    v->height = height;
    return FR_OK;
}

fr_status fr_video_open(fr_context *ctx, const char *path, int width, int height, const fr_video_options *o,
                        fr_video **out)
{
    if (!out) return fr_fail(ctx, FR_ERR_INVALID, "fr_video_open: no output handle");
    *out = NULL;
    if (!path || !*path) return fr_fail(ctx, FR_ERR_INVALID, "video output path is empty");
    pthread_once(&log_once, log_install);
    fr_video *v = calloc(1, sizeof *v);
    if (!v || !(v->name = strdup(path))) {
        free(v);
        return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", path);
    }
    log_inside++;
    fr_status s = open_impl(ctx, v, path, width, height, o);
    log_inside--;
    if (s) {
        video_free(v);
        return s;
    }
    *out = v;
    return FR_OK;
}

/* Hand the encoder a frame (NULL: flush) and mux what comes out. */
static fr_status encode(fr_context *ctx, fr_video *v, AVFrame *f)
{
    char eb[AV_ERROR_MAX_STRING_SIZE];
    int e = avcodec_send_frame(v->enc, f);
    if (e < 0)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': %s: %s", v->name, v->codec_name,
                       averr(e, eb, sizeof eb));
    for (;;) {
        e = avcodec_receive_packet(v->enc, v->pkt);
        if (e == AVERROR(EAGAIN) || e == AVERROR_EOF) return FR_OK;
        if (e < 0)
            return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': %s: %s", v->name, v->codec_name,
                           averr(e, eb, sizeof eb));
        av_packet_rescale_ts(v->pkt, v->enc->time_base, v->st->time_base);
        v->pkt->stream_index = v->st->index;
        e = av_interleaved_write_frame(v->fmt, v->pkt);
        av_packet_unref(v->pkt);
        if (e < 0) {
            if (v->io_error)
                return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", v->name, strerror(v->io_error));
            return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", v->name, averr(e, eb, sizeof eb));
        }
    }
}

static fr_status write_impl(fr_context *ctx, fr_video *v, const fr_image *img)
{
    if (!img || !img->pixels) return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': no image", v->name);
    if (img->width != v->width || img->height != v->height)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': a %dx%d frame in a %dx%d video", v->name,
                       img->width, img->height, v->width, v->height);
    if (img->depth != 8 && img->depth != 16)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': frames have 8 or 16 bits, not %d", v->name,
                       img->depth);
    int nc = fr_image_channels(img), d16 = img->depth == 16;
    size_t npx = (size_t)img->width * (size_t)img->height;
    size_t need = npx * 3 * (d16 ? 2 : 1);
    if (need > v->rgb_size) {
        /* swscale's vector code reads a little past the last row: padded */
        uint8_t *p = av_malloc(need + 64);
        if (!p) return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", v->name);
        memset(p + need, 0, 64);
        av_free(v->rgb);
        v->rgb = p, v->rgb_size = need;
    }
    /* RGB, RGBA composited over black (alpha at its maximum: unchanged). */
    if (d16) {
        const uint16_t *s = img->pixels;
        uint16_t *d = (uint16_t *)v->rgb;
        for (size_t i = 0; i < npx; i++, s += nc, d += 3)
            for (int c = 0; c < 3; c++)
                d[c] = nc == 4 ? (uint16_t)(((uint32_t)s[c] * s[3] + 32767) / 65535) : s[c];
    } else {
        const uint8_t *s = img->pixels;
        uint8_t *d = v->rgb;
        for (size_t i = 0; i < npx; i++, s += nc, d += 3)
            for (int c = 0; c < 3; c++)
                d[c] = nc == 4 ? (uint8_t)(((unsigned)s[c] * s[3] + 127) / 255) : s[c];
    }
    enum AVPixelFormat src = d16 ? AV_PIX_FMT_RGB48 : AV_PIX_FMT_RGB24;
    struct SwsContext *old = v->sws;
    v->sws = sws_getCachedContext(v->sws, img->width, img->height, src, v->width, v->height, v->enc->pix_fmt,
                                  SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP,
                                  NULL, NULL, NULL);
    if (v->sws != old) {
        log_mark(old, 0);
        log_mark(v->sws, 1);
    }
    if (!v->sws)
        return fr_fail(ctx, FR_ERR_UNSUPPORTED, "cannot write '%s': no conversion to %s", v->name,
                       av_get_pix_fmt_name(v->enc->pix_fmt));
    const AVPixFmtDescriptor *pd = av_pix_fmt_desc_get(v->enc->pix_fmt);
    if (!(pd->flags & AV_PIX_FMT_FLAG_RGB)) {
        /* full-range sRGB in, limited-range BT.709 out (what the stream is tagged) */
        const int *m = sws_getCoefficients(SWS_CS_ITU709);
        sws_setColorspaceDetails(v->sws, m, 1, m, 0, 0, 1 << 16, 1 << 16);
    }
    if (av_frame_make_writable(v->frame) < 0)
        return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", v->name);
    const uint8_t *planes[4] = {v->rgb, NULL, NULL, NULL}; /* sws_scale reads four */
    int strides[4] = {img->width * 3 * (d16 ? 2 : 1), 0, 0, 0};
    sws_scale(v->sws, planes, strides, 0, img->height, v->frame->data, v->frame->linesize);
    v->frame->pts = v->frames;
    fr_status s = encode(ctx, v, v->frame);
    if (!s) v->frames++;
    return s;
}

fr_status fr_video_write(fr_context *ctx, fr_video *v, const fr_image *img)
{
    if (!v) return fr_fail(ctx, FR_ERR_INVALID, "fr_video_write: no video");
    log_inside++;
    fr_status s = write_impl(ctx, v, img);
    log_inside--;
    return s;
}

static fr_status close_impl(fr_context *ctx, fr_video *v)
{
    char eb[AV_ERROR_MAX_STRING_SIZE];
    if (v->frames == 0)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': no frame was written", v->name);
    fr_status s = encode(ctx, v, NULL);
    if (s) return s;
    int e = av_write_trailer(v->fmt);
    avio_flush(v->pb);
    if (v->io_error) return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", v->name, strerror(v->io_error));
    if (e < 0 || v->pb->error < 0)
        return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", v->name,
                       averr(e < 0 ? e : v->pb->error, eb, sizeof eb));
    return fr_atomic_commit(ctx, &v->af);
}

fr_status fr_video_close(fr_context *ctx, fr_video *v)
{
    if (!v) return fr_fail(ctx, FR_ERR_INVALID, "fr_video_close: no video");
    log_inside++;
    fr_status s = close_impl(ctx, v);
    video_free(v); /* after a commit the atomic file is released; otherwise removed */
    log_inside--;
    return s;
}

void fr_video_abort(fr_video *v)
{
    log_inside++;
    video_free(v);
    log_inside--;
}

#else /* !FR_HAVE_VIDEO */

int fr_have_video(void)
{
    return 0;
}

const char *fr_video_codec(int i, const char **what)
{
    (void)i;
    if (what) *what = NULL;
    return NULL;
}

fr_status fr_video_open(fr_context *ctx, const char *path, int width, int height, const fr_video_options *o,
                        fr_video **out)
{
    (void)width, (void)height, (void)o;
    if (out) *out = NULL;
    return fr_fail(ctx, FR_ERR_UNSUPPORTED,
                   "cannot write '%s': this build has no video support (FFmpeg's libavformat, libavcodec, "
                   "libswscale and libavutil were not found when it was built)",
                   path ? path : "");
}

fr_status fr_video_write(fr_context *ctx, fr_video *v, const fr_image *img)
{
    (void)v, (void)img;
    return fr_fail(ctx, FR_ERR_UNSUPPORTED, "this build has no video support");
}

fr_status fr_video_close(fr_context *ctx, fr_video *v)
{
    (void)v;
    return fr_fail(ctx, FR_ERR_UNSUPPORTED, "this build has no video support");
}

void fr_video_abort(fr_video *v)
{
    (void)v;
}

#endif
