/* fractalis animate under mpirun with two or more ranks: whole frames
 * handed out dynamically (see animate.h). Rank 0 coordinates and writes;
 * every other rank asks for a frame, renders it alone (its context not
 * shared: one rank, one whole frame) and sends it back with MPI
 * point-to-point messages:
 *
 *   rank r -> 0  ASK      (an int: "give me a frame"; sent once, a frame
 *                          sent back asks for the next)
 *   0 -> rank r  WORK     (an int: the frame's index; -1: no more, stop)
 *   rank r -> 0  FRAME    (int64 index, width, height, depth, channels,
 *                          meta length (-1: none)), then PIXELS and META
 *                          in chunks of at most 1 GiB (MPI counts are ints)
 *   rank r -> 0  FAILED   (an int: 0 an error, its message printed by the
 *                          rank; else the signal that stopped it)
 *
 * Rank 0 hands out frames in order and only while the frames it holds
 * (received, waiting for their turn to be written) and those being
 * rendered are fewer than two a rank, so its memory stays bounded
 * whatever order frames arrive in; the frame loop (animate_frames.c)
 * takes them in order through animate_mpi_frame. Waits poll (MPI_Iprobe
 * and a millisecond's sleep), so a waiting rank leaves the cores to the
 * ranks that render, and rank 0 keeps its progress bar and Ctrl-C. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "animate.h"

#ifdef FR_HAVE_MPI
#include <mpi.h>

enum { TAG_ASK = 701, TAG_WORK, TAG_FRAME, TAG_PIXELS, TAG_META, TAG_FAILED };
#define CHUNK ((size_t)1 << 30)

int animate_mpi_ranks(void)
{
    return cli_mpi_size();
}

static void nap(void)
{
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
}

/* Send or receive n bytes in chunks an int can count; 0 on success. */
static int send_bytes(const void *p, size_t n, int to, int tag)
{
    for (size_t at = 0; at < n; at += CHUNK) {
        const size_t k = n - at < CHUNK ? n - at : CHUNK;
        if (MPI_Send((const char *)p + at, (int)k, MPI_BYTE, to, tag, MPI_COMM_WORLD) != MPI_SUCCESS)
            return 1;
    }
    return 0;
}

static int recv_bytes(void *p, size_t n, int from, int tag)
{
    for (size_t at = 0; at < n; at += CHUNK) {
        const size_t k = n - at < CHUNK ? n - at : CHUNK;
        if (MPI_Recv((char *)p + at, (int)k, MPI_BYTE, from, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE) !=
            MPI_SUCCESS)
            return 1;
    }
    return 0;
}

static int send_int(int v, int to, int tag)
{
    return MPI_Send(&v, 1, MPI_INT, to, tag, MPI_COMM_WORLD) != MPI_SUCCESS;
}

/* ---- a rank that renders ------------------------------------------------------ */

/* Wait (polling) for rank 0's next frame index; -1: stop. */
static int next_work(void)
{
    int flag = 0, v = -1;
    while (MPI_Iprobe(0, TAG_WORK, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE) == MPI_SUCCESS && !flag)
        nap();
    if (!flag || MPI_Recv(&v, 1, MPI_INT, 0, TAG_WORK, MPI_COMM_WORLD, MPI_STATUS_IGNORE) != MPI_SUCCESS)
        return -1;
    return v;
}

static int send_frame(int index, const fr_image *img, const char *meta)
{
    const size_t bytes = (size_t)img->width * (size_t)img->height * (size_t)fr_image_channels(img) *
                         (size_t)(img->depth == 16 ? 2 : 1);
    const int64_t head[6] = {index,
                             img->width,
                             img->height,
                             img->depth,
                             fr_image_channels(img),
                             meta ? (int64_t)strlen(meta) : -1};
    return MPI_Send(head, 6, MPI_INT64_T, 0, TAG_FRAME, MPI_COMM_WORLD) != MPI_SUCCESS ||
           send_bytes(img->pixels, bytes, 0, TAG_PIXELS) ||
           (meta && send_bytes(meta, strlen(meta), 0, TAG_META));
}

int animate_mpi_work(animate_frame_fn fn, void *user)
{
    cli_mpi_keeps_frames();
    if (send_int(0, 0, TAG_ASK)) return cli_error("animate: cannot reach rank 0"), EXIT_WORK;
    int rc = 0;
    for (int index; !rc && (index = next_work()) >= 0;) {
        fr_image img = {0};
        char *meta = NULL;
        rc = cli_interrupted ? EXIT_WORK : fn(user, index, &img, &meta);
        const char *why = rc                              ? NULL
                          : !img.pixels                   ? "no image"
                          : send_frame(index, &img, meta) ? "cannot send it to rank 0"
                                                          : NULL;
        if (why) cli_error("animate: frame %d: %s", index, why), rc = EXIT_WORK;
        fr_image_free(&img);
        free(meta);
    }
    if (!rc) return 0;
    /* Rank 0 keeps what it has, says so and ends the job; this rank waits
     * for that (ending now would end rank 0 before it wrote its frames). */
    send_int(cli_interrupted ? (int)cli_interrupted : 0, 0, TAG_FAILED);
    while (next_work() >= 0)
        ;
    return cli_interrupted ? CLI_EXIT_SIGNAL : rc;
}

/* ---- rank 0 ------------------------------------------------------------------------ */

typedef struct held {
    int index; /* -1: a free slot */
    fr_image img;
    char *meta;
} held;

struct animate_mpi {
    int ranks;       /* the ranks that render: 1 .. ranks */
    int *todo;       /* the frames to hand out, in order */
    int ntodo, next; /* next: the first not handed out */
    int *idle;       /* per rank: asked and waiting for a frame */
    int *stopped;    /* per rank: told to stop */
    int busy;        /* frames being rendered */
    held *h;         /* frames received, waiting for their turn */
    int nh, cap;     /* held now; at most cap held and being rendered together */
    int failed;      /* a rank failed (1 + its number) */
    fr_progress_fn progress;
    void *progress_user;
};

animate_mpi *animate_mpi_start(int nframes, const unsigned char *todo, fr_progress_fn progress, void *user)
{
    animate_mpi *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->ranks = cli_mpi_size() - 1;
    c->cap = 2 * c->ranks;
    int *list = malloc(((size_t)nframes + 1) * sizeof *list);
    c->idle = calloc((size_t)c->ranks + 1, sizeof *c->idle);
    c->stopped = calloc((size_t)c->ranks + 1, sizeof *c->stopped);
    c->h = calloc((size_t)c->cap, sizeof *c->h);
    if (!list || !c->idle || !c->stopped || !c->h) {
        free(list);
        animate_mpi_end(c);
        return NULL;
    }
    for (int i = 0; i < nframes; i++)
        if (!todo || todo[i]) list[c->ntodo++] = i;
    for (int k = 0; k < c->cap; k++)
        c->h[k].index = -1;
    c->todo = list;
    c->progress = progress, c->progress_user = user;
    cli_mpi_keeps_frames();
    return c;
}

/* Hand out frames to the ranks waiting, while there is room. */
static int hand_out(animate_mpi *c)
{
    for (int r = 1; r <= c->ranks && c->next < c->ntodo && c->nh + c->busy < c->cap; r++) {
        if (!c->idle[r]) continue;
        if (send_int(c->todo[c->next], r, TAG_WORK)) return cli_error("animate: cannot reach rank %d", r), 1;
        c->idle[r] = 0;
        c->next++, c->busy++;
    }
    return 0;
}

static int receive_frame(animate_mpi *c, int from)
{
    int64_t head[6];
    if (MPI_Recv(head, 6, MPI_INT64_T, from, TAG_FRAME, MPI_COMM_WORLD, MPI_STATUS_IGNORE) != MPI_SUCCESS)
        return cli_error("animate: a frame from rank %d did not arrive", from), 1;
    held *s = NULL;
    for (int k = 0; k < c->cap && !s; k++)
        if (c->h[k].index < 0) s = &c->h[k];
    const int64_t w = head[1], hgt = head[2], depth = head[3], ch = head[4], mlen = head[5];
    if (!s || !(w > 0 && hgt > 0 && w <= INT32_MAX && hgt <= INT32_MAX) || (depth != 8 && depth != 16) ||
        (ch != 3 && ch != 4) || mlen < -1)
        return cli_error("animate: rank %d sent a frame rank 0 cannot take", from), 1;
    const size_t bytes = (size_t)w * (size_t)hgt * (size_t)ch * (size_t)(depth / 8);
    s->img = (fr_image){.width = (int)w, .height = (int)hgt, .depth = (int)depth, .channels = (int)ch};
    s->img.pixels = malloc(bytes);
    s->meta = mlen >= 0 ? malloc((size_t)mlen + 1) : NULL;
    if (!s->img.pixels || (mlen >= 0 && !s->meta)) {
        /* the rank waits on its send: the job must end */
        fr_image_free(&s->img), free(s->meta), s->meta = NULL;
        return cli_error("animate: out of memory for a frame of %lldx%lld", (long long)w, (long long)hgt), 1;
    }
    if (recv_bytes(s->img.pixels, bytes, from, TAG_PIXELS) ||
        (mlen >= 0 && recv_bytes(s->meta, (size_t)mlen, from, TAG_META))) {
        fr_image_free(&s->img), free(s->meta), s->meta = NULL;
        return cli_error("animate: a frame from rank %d did not arrive", from), 1;
    }
    if (s->meta) s->meta[mlen] = 0;
    s->index = (int)head[0];
    c->nh++, c->busy--;
    c->idle[from] = 1; /* a frame sent asks for the next */
    return 0;
}

/* Take one message (waiting for it; the progress callback asked while
 * waiting may stop the wait). 0, or 1 with the reason printed (or a stop
 * asked, cli_interrupted set). */
static int pump(animate_mpi *c)
{
    MPI_Status st;
    int flag = 0;
    for (;;) {
        if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st) != MPI_SUCCESS)
            return cli_error("animate: MPI failed while waiting for frames"), 1;
        if (flag) break;
        if (c->progress && c->progress(0, c->progress_user)) return 1;
        nap();
    }
    const int from = st.MPI_SOURCE;
    if (from < 1 || from > c->ranks) return cli_error("animate: a message from rank %d", from), 1;
    int v = 0;
    switch (st.MPI_TAG) {
    case TAG_ASK:
        MPI_Recv(&v, 1, MPI_INT, from, TAG_ASK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        c->idle[from] = 1;
        return 0;
    case TAG_FRAME: return receive_frame(c, from);
    case TAG_FAILED:
        MPI_Recv(&v, 1, MPI_INT, from, TAG_FAILED, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        c->failed = 1 + from;
        if (v) {
            if (!cli_interrupted) cli_interrupted = v; /* a rank stopped by a signal stops the job */
        } else
            cli_error("animate: rank %d of %d failed (its message above): ending the job", from,
                      c->ranks + 1);
        return 1;
    default: return cli_error("animate: rank %d sent an unknown message (tag %d)", from, st.MPI_TAG), 1;
    }
}

int animate_mpi_frame(void *user, int index, fr_image *img, char **meta)
{
    animate_mpi *c = user;
    for (;;) {
        for (int k = 0; k < c->cap; k++)
            if (c->h[k].index == index) {
                *img = c->h[k].img;
                *meta = c->h[k].meta;
                c->h[k] = (held){.index = -1};
                c->nh--;
                return hand_out(c) ? EXIT_WORK : 0;
            }
        if (c->failed || hand_out(c) || pump(c)) return EXIT_WORK;
    }
}

int animate_mpi_take_held(animate_mpi *c, int *index, fr_image *img, char **meta)
{
    for (int k = 0; c && k < c->cap; k++)
        if (c->h[k].index >= 0) {
            *index = c->h[k].index, *img = c->h[k].img, *meta = c->h[k].meta;
            c->h[k] = (held){.index = -1};
            c->nh--;
            return 1;
        }
    return 0;
}

int animate_mpi_finish(animate_mpi *c)
{
    /* every frame is in: each rank asks once more (or asked and waits) and is told to stop */
    for (int r = 1; r <= c->ranks; r++)
        while (!c->stopped[r]) {
            if (c->idle[r]) {
                if (send_int(-1, r, TAG_WORK))
                    return cli_error("animate: cannot reach rank %d", r), EXIT_WORK;
                c->stopped[r] = 1;
            } else if (pump(c))
                return EXIT_WORK;
        }
    return 0;
}

void animate_mpi_end(animate_mpi *c)
{
    if (!c) return;
    fr_image img;
    char *meta;
    int index;
    while (animate_mpi_take_held(c, &index, &img, &meta))
        fr_image_free(&img), free(meta);
    free(c->todo);
    free(c->idle);
    free(c->stopped);
    free(c->h);
    free(c);
}

void animate_mpi_whole_frames(fr_context *ctx)
{
    fr_context_set_share(ctx, 0, 1, NULL, NULL);
}
int animate_mpi_rank(void)
{
    return cli_mpi_rank();
}

#else /* one process: none of this runs */

int animate_mpi_ranks(void)
{
    return 1;
}
int animate_mpi_rank(void)
{
    return 0;
}
void animate_mpi_whole_frames(fr_context *ctx)
{
    (void)ctx;
}
int animate_mpi_work(animate_frame_fn fn, void *user)
{
    return (void)fn, (void)user, EXIT_WORK;
}
animate_mpi *animate_mpi_start(int nframes, const unsigned char *todo, fr_progress_fn progress, void *user)
{
    return (void)nframes, (void)todo, (void)progress, (void)user, NULL;
}
int animate_mpi_frame(void *user, int index, fr_image *img, char **meta)
{
    return (void)user, (void)index, (void)img, (void)meta, EXIT_WORK;
}
int animate_mpi_take_held(animate_mpi *c, int *index, fr_image *img, char **meta)
{
    return (void)c, (void)index, (void)img, (void)meta, 0;
}
int animate_mpi_finish(animate_mpi *c)
{
    return (void)c, 0;
}
void animate_mpi_end(animate_mpi *c)
{
    (void)c;
}

#endif
