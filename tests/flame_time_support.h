/* Helpers of the timeline tests (tests/flame_time_support.c):
 * test_flame_time.c and test_gpu_flame_time.c. */
#ifndef FR_TEST_FLAME_TIME_SUPPORT_H
#define FR_TEST_FLAME_TIME_SUPPORT_H

#include "flame_support.h"

/* A timeline of two keyframes (times 0 and 3, 160 x 120, 20 temporal
 * samples) with the same variations (two xforms' coefs move) and a camera
 * that moves (centre, scale, rotate), brightness, gamma and palette that
 * change. */
void flame_time_timeline(const char *path);

/* A timeline of three keyframes (times 0, 2 and 4, 160 x 120, 20
 * temporal samples) of 2, 3 and 4 xforms plus a final xform in the last
 * two, with cameras that differ: a frame at time 2 has time steps on both
 * segments, whose genomes are padded to different xform counts. */
void flame_time_timeline_counts(const char *path);

/* The frame at `time` on setup su: index >= 0, genome `index` of the file
 * alone (a one-genome timeline); -1 the whole file (fr_flame_render_time);
 * -2 the whole file through fr_flame_render_time_stagger with `stagger`.
 * Fails the test on an error. */
void flame_time_render_ok(const flame_setup *su, const char *path, int index, double time, double stagger,
                          const fr_flame_options *o, fr_image *img);

#endif
