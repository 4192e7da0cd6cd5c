"""Images between the library and numpy, and the image files it writes.

Arrays are (height, width, channels), channels 3 (RGB) or 4 (RGBA), dtype
uint8 or uint16, top row first: what every render returns and what the
writers take.
"""

import numpy as np

from ._native import ffi, lib, encode, path as cpath, take_text
from .errors import check
from .params import scratch


def to_numpy(img):
    """A library ``fr_image`` as a new numpy array (the library's pixels
    are not freed here)."""
    channels = 4 if img.channels == 4 else 3
    dtype = np.uint16 if img.depth == 16 else np.uint8
    n = img.width * img.height * channels
    buf = ffi.buffer(ffi.cast("uint8_t *", img.pixels), n * np.dtype(dtype).itemsize)
    return np.frombuffer(buf, dtype=dtype).reshape(img.height, img.width, channels).copy()


def take_image(img):
    """A library ``fr_image *`` the library filled: the array, the image freed."""
    try:
        return to_numpy(img)
    finally:
        lib.fr_image_free(img)


def array_u32(ptr, shape):
    """A copy of ``prod(shape)`` uint32 values at ``ptr``."""
    n = int(np.prod(shape))
    return np.frombuffer(ffi.buffer(ptr, 4 * n), dtype=np.uint32).reshape(shape).copy()


def array_f32(ptr, shape):
    n = int(np.prod(shape))
    return np.frombuffer(ffi.buffer(ptr, 4 * n), dtype=np.float32).reshape(shape).copy()


class ImageView:
    """An ``fr_image`` over a numpy array's memory (for the writers): keep
    the object alive while the library uses ``.ptr``."""

    def __init__(self, array):
        a = np.asarray(array)
        if a.ndim == 2:
            a = np.repeat(a[:, :, None], 3, axis=2)
        if a.ndim != 3 or a.shape[2] not in (3, 4):
            raise ValueError("an image is (height, width, 3 or 4), not %s" % (a.shape,))
        if a.dtype not in (np.uint8, np.uint16):
            raise TypeError("an image is uint8 or uint16, not %s" % a.dtype)
        self.array = np.ascontiguousarray(a)
        self.ptr = ffi.new("fr_image *")
        self.ptr.width, self.ptr.height = a.shape[1], a.shape[0]
        self.ptr.channels = a.shape[2]
        self.ptr.depth = 16 if a.dtype == np.uint16 else 8
        self._buf = ffi.from_buffer(self.array)
        self.ptr.pixels = ffi.cast("void *", self._buf)


def write_image(path, image, meta=None, key="fractalis", quality=95, context=None):
    """Write an image array to a file, the format by the extension: .png
    (``meta``, a text or a Scene, embedded under ``key``: "fractalis" for a
    scene, "flam3_genome" for a flame), .ppm, .jpg/.jpeg (``quality``
    1..100). Written atomically (a failure leaves no file)."""
    from .params import Scene
    if isinstance(meta, Scene):
        meta = meta.to_json()
    ctx = context.ptr if context is not None else scratch()
    fmt = lib.fr_format_from_path(cpath(path))
    if fmt == lib.FR_FMT_PPM and np.ndim(image) == 3 and np.shape(image)[2] == 4:
        image = np.asarray(image)[:, :, :3]  # (PPM has no alpha)
    view = ImageView(image)
    if fmt == lib.FR_FMT_PNG:
        m = encode(meta) if meta is not None else ffi.NULL
        if key == "fractalis":
            s = lib.fr_image_write_png(ctx, view.ptr, cpath(path), m)
        else:
            s = lib.fr_image_write_png_keyed(ctx, view.ptr, cpath(path), encode(key), m)
    elif fmt == lib.FR_FMT_PPM:
        s = lib.fr_image_write_ppm(ctx, view.ptr, cpath(path))
    elif fmt == lib.FR_FMT_JPEG:
        s = lib.fr_image_write_jpeg(ctx, view.ptr, cpath(path), int(quality))
    else:
        raise ValueError("%s: write_image takes .png, .ppm, .jpg or .jpeg" % (path,))
    check(ctx, s)


def read_png(path, context=None):
    """Read a PNG (any bit depth and colour type, as RGB at its depth):
    ``(image, meta)``, meta the "fractalis" text chunk (a scene's JSON) or
    None."""
    ctx = context.ptr if context is not None else scratch()
    img = ffi.new("fr_image *")
    meta = ffi.new("char **")
    check(ctx, lib.fr_image_read_png(ctx, cpath(path), img, meta))
    text_ = take_text(meta)
    return take_image(img), text_
