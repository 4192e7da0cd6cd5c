/* A flame's accumulation histogram (fr_flame_raw) as a NumPy array:
 * '<u4', shape (height, width, 5), so that numpy.load gives raw[y, x, c]. */
#include "core/context.h"
#include "flame/flame_frame.h"
#include "io/npy.h"

_Static_assert((int)FR_FLAME_RAW_R == (int)FR_FB_R && (int)FR_FLAME_RAW_G == (int)FR_FB_G &&
                   (int)FR_FLAME_RAW_B == (int)FR_FB_B && (int)FR_FLAME_RAW_A == (int)FR_FB_A &&
                   (int)FR_FLAME_RAW_COUNT == (int)FR_FB_CNT && (int)FR_FLAME_RAW_CHANNELS == (int)FR_FB_CHANNELS &&
                   sizeof(fr_flame_bucket_t) == 4,
               "the public raw layout is the buckets' layout");

fr_status fr_flame_raw_write_npy(fr_context *ctx, const fr_flame_raw *raw, const char *path)
{
    if (!raw || !raw->buckets || raw->width < 1 || raw->height < 1)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': no raw flame buffer", path ? path : "");
    const int64_t shape[3] = {raw->height, raw->width, FR_FLAME_RAW_CHANNELS};
    return fr_npy_write(ctx, path, raw->buckets, "<u4", 4, 3, shape);
}
