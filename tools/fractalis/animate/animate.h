/*
 * fractalis animate: frames over time, written as a numbered image
 * sequence or encoded into one video. The frame loop (animate_frames.c)
 * is shared by every family: it owns the output (PNG / 16-bit PNG
 * sequence through a printf pattern, or a video through the library's
 * fr_video_* over FFmpeg's libraries), --resume, the progress bar with
 * per-frame time and ETA, Ctrl-C (every finished frame kept, the video
 * closed playable) and encoding on its own thread while the next frame
 * renders. A family (animate_flame.c, animate_zoom.c) parses its own
 * arguments and hands the loop a frame function.
 */
#ifndef FR_ANIMATE_H
#define FR_ANIMATE_H

#include "../cli.h"

/* The output options every family shares (parsed by animate_output_option). */
typedef struct animate_output {
    const char *path;   /* -o: 'frame-%05d.png' (a printf pattern with one integer conversion) or a
                           video (.mp4, .mkv, .mov, .webm, .avi: by extension) */
    const char *codec;  /* --codec (video; NULL: the container's default: mp4 H.264, mkv FFV1) */
    double crf;         /* --crf (video; < 0: the codec's default) */
    double fps;         /* --fps (default 30) */
    int depth;          /* --depth 8 or 16 (PNG sequences) */
    int resume;         /* --resume: keep frames already written and verified */
    int quiet;          /* --quiet: no progress bar */
    int keep_frames;    /* --keep-frames: keep a video's frames folder (<video>.frames/) after it is encoded */
    const char *meta_key; /* the PNG text chunk's key of a frame's meta (set by the family; NULL:
                             "fractalis", a scene; flames: "flam3_genome", as flam3 writes it) */
} animate_output;

void animate_output_default(animate_output *o);
/* If argv[*i] is one of the shared output options, consume it (and its
 * value, advancing *i) and return 1; a bad value prints why and returns -1;
 * not one of them: 0. */
int animate_output_option(animate_output *o, int argc, char **argv, int *i);
/* A name pattern (option `opt`'s value): exactly one integer conversion
 * (%d, %i or %u with flags - + space 0 and a width of up to 4 digits, e.g.
 * %05d), '%%' for a percent sign, nothing else, ending in `ext` (".png",
 * ".json"), at most 3000 characters. 1, or 0 with the reason printed. */
int animate_pattern_ok(const char *opt, const char *p, const char *ext);

/* The shared options' help lines. */
void animate_output_help(void);

/* Render frame `index` (0-based among the frames of the animation) into
 * *img (a new RGBA image of 8 or 16 bits, freed by the loop) on the
 * family's context; *meta may receive malloc()ed text to embed in a PNG
 * frame (the frame's scene or genome; NULL: none). Returns 0, or EXIT_WORK
 * with the message printed (the loop then stops and keeps what it wrote);
 * a cancel through the context's progress callback returns EXIT_WORK too. */
typedef int (*animate_frame_fn)(void *user, int index, fr_image *img, char **meta);

/* Optional (animate_run_meta): the text frame `index` would embed (what
 * the frame function would return in *meta), without rendering it; *meta
 * receives malloc()ed text or NULL. --resume then reuses a frame already
 * written only when its PNG decodes completely and embeds exactly this
 * text (without it, any completely decodable PNG of the right depth is
 * reused). Returns 0, or EXIT_WORK with the message printed. */
typedef int (*animate_meta_fn)(void *user, int index, char **meta);

/* Run the loop over frames 0 .. nframes - 1 with `number` giving the
 * number substituted in a sequence's pattern for each frame (NULL: the
 * index); ctx is the family's context (its progress callback is set by the
 * loop). Returns the command's exit code (0, EXIT_WORK, CLI_EXIT_SIGNAL). */
int animate_run(fr_context *ctx, const animate_output *o, int nframes, const int *number, animate_frame_fn fn,
                void *user);
/* animate_run with a meta function (NULL: as animate_run). */
int animate_run_meta(fr_context *ctx, const animate_output *o, int nframes, const int *number, animate_frame_fn fn,
                     animate_meta_fn meta_fn, void *user);

/* Video: every finished frame is also written, as a PNG with its meta (RGB:
 * RGBA composited over black, as the video has it), into
 * the folder <video>.frames/ (frame-00000.png by index), which --resume
 * reads back and which is removed once the video is encoded (unless
 * --keep-frames). Ctrl-C: the frame being rendered is dropped, every
 * finished one is kept (PNGs, and the video closed playable with them); an
 * error instead leaves no video (the frames stay for --resume). */

/* Under mpirun with N > 1 ranks (animate_mpi.c; one process without MPI):
 * the loop hands out whole frames. Every rank runs the family as in one
 * process up to animate_run; there the family's context is made to render
 * alone (animate_mpi_whole_frames: no frame is split over ranks), ranks
 * 1 .. N-1 render the frames rank 0 hands them (animate_mpi_work) and send
 * each back, and rank 0 decides what --resume reuses, hands out the rest
 * and takes them in order (animate_mpi_frame, an animate_frame_fn) into
 * the writer as if it had rendered them. */
typedef struct animate_mpi animate_mpi;
int animate_mpi_ranks(void); /* 1 without MPI */
int animate_mpi_rank(void);
void animate_mpi_whole_frames(fr_context *ctx);
/* Ranks 1 ..: render frames with fn until told to stop. 0, or non-zero
 * once rank 0 ends the job (a failed frame's message printed). */
int animate_mpi_work(animate_frame_fn fn, void *user);
/* Rank 0: frames i with todo[i] (NULL: every frame) are handed out; the
 * progress callback is asked while rank 0 waits (non-zero: stop). */
animate_mpi *animate_mpi_start(int nframes, const unsigned char *todo, fr_progress_fn progress, void *user);
/* Frame `index` (the loop asks for the frames handed out, in order); as an
 * animate_frame_fn, with the animate_mpi as user. */
int animate_mpi_frame(void *user, int index, fr_image *img, char **meta);
/* After a stop: the frames received but not yet taken, one a call (0: none left). */
int animate_mpi_take_held(animate_mpi *c, int *index, fr_image *img, char **meta);
/* Every frame taken: tell each rank to stop; 0 or EXIT_WORK. */
int animate_mpi_finish(animate_mpi *c);
void animate_mpi_end(animate_mpi *c);

/* The families. */
int animate_flame(int argc, char **argv);
int animate_zoom(int argc, char **argv);
/* fractalis expmap FORMULA ...: a zoom's exponential map to -o (animate_zoom.c) */
int cmd_expmap(int argc, char **argv);

#endif
