"""Orbit density: Buddhabrot, Nebulabrot, anti-Buddhabrot
(fr_buddha_render, fr_buddha_tone_map).

The histogram is exact (integers, each sample's random numbers keyed by
the seed and its index), so a render can be continued: ``result.resume(
samples=10**7)`` draws the next samples into a copy of the histogram, the
same as one longer render.
"""

import collections

import numpy as np

from ._native import ffi, lib, path as cpath, struct_fields
from .context import using
from .errors import check
from .images import take_image, write_image
from .params import Table, Scene, scratch

KINDS = ("buddhabrot", "nebulabrot", "anti-buddhabrot")

#: Statistics of an orbit-density render (``fr_buddha_stats``'s fields).
BuddhaStats = collections.namedtuple("BuddhaStats", struct_fields("fr_buddha_stats"))

_TABLE = Table("fr_buddha_params", lib.fr_buddha_param_count, lib.fr_buddha_param_info,
               lib.fr_buddha_param_find, lib.fr_buddha_param_set, lib.fr_buddha_param_get,
               lambda p: lib.fr_buddha_params_default(p, 0, 0))


def _kind_flags(kind):
    if kind not in KINDS:
        raise ValueError("orbit density %r is not one of %s" % (kind, ", ".join(KINDS)))
    return int(kind == "nebulabrot"), int(kind == "anti-buddhabrot")


class BuddhaScene(Scene):
    """An orbit-density scene: view, sampling region, channels' bands,
    sampling, tone mapping.

    ``BuddhaScene("nebulabrot", size=(512, 512), samples=10**7)`` starts
    from the kind's defaults ("buddhabrot", "nebulabrot": red 5000, green
    500, blue 50, or "anti-buddhabrot") and sets parameters by name (see
    ``BuddhaScene.parameters()``). ``samples``, ``time`` or ``hits`` says
    when sampling stops (none: 1000 hits a pixel).
    """

    kind = "buddhabrot"
    _table = _TABLE
    _to_json = lib.fr_buddha_params_to_json
    _from_json = lib.fr_buddha_params_from_json

    def __init__(self, kind="buddhabrot", **params):
        self._new_struct()
        nebula, anti = _kind_flags(kind)
        lib.fr_buddha_params_default(self._p, nebula, anti)
        self._kind_name = kind
        self.set(**params)

    def _defaults(self):
        return dict(BuddhaScene(self._kind_name).items())

    @classmethod
    def from_json(cls, text_):
        """A scene from JSON text (keys not given: the Buddhabrot's defaults)."""
        return cls().update_json(text_)

    @classmethod
    def from_dict(cls, d):
        import json
        return cls.from_json(json.dumps(d))

    @property
    def channels(self):
        """1 (grey) or 3 (red, green, blue)."""
        return self._p.channels

    @property
    def shape(self):
        """The histogram's shape: (channels, height, width)."""
        return (self._p.channels, self._p.height, self._p.width)

    def validate(self):
        """Check the whole scene; raises InvalidArgument."""
        ctx = scratch()
        check(ctx, lib.fr_buddha_params_validate(ctx, self._p))

    def _hist(self, counts, samples):
        h = ffi.new("fr_buddha_hist *")
        h.channels, h.height, h.width = counts.shape
        h.samples = samples
        h.counts = ffi.cast("uint64_t *", ffi.from_buffer(counts))
        return h

    def render(self, histogram=None, *, image=True, context=None, device=None, threads=None, progress=None,
               kernel=None, device_memory=None):
        """Sample the scene: a :class:`BuddhaResult`.

        histogram: continue this one (a :class:`Histogram` or a
        BuddhaResult of the same scene: the render draws the samples after
        those it holds, and adds ``samples`` more); it is not changed.
        image: tone-map the histogram into an image too.
        A progress callback that returns True stops sampling cleanly (the
        histogram holds whole batches; ``stats.stopped`` is 1).
        """
        if histogram is not None:
            counts = np.array(histogram.hist if isinstance(histogram, BuddhaResult) else histogram.counts,
                              dtype=np.uint64, order="C", copy=True)
            if counts.ndim == 2:
                counts = counts[None]
            if counts.shape != self.shape:
                raise ValueError("the histogram is %s, the scene's is %s (channels, height, width)"
                                 % (counts.shape, self.shape))
            samples = histogram.samples
        else:
            counts = np.zeros(self.shape, dtype=np.uint64)
            samples = 0
        h = self._hist(counts, samples)
        st = ffi.new("fr_buddha_stats *")
        with using(context, dict(device=device, threads=threads, progress=progress, kernel=kernel,
                                 device_memory=device_memory)) as ctx:
            ctx.call(lib.fr_buddha_render, self._p, h, st)
            pixels = self._tone_map(ctx.ptr, h) if image else None
        stats = BuddhaStats(*(getattr(st, f) for f in BuddhaStats._fields))
        return BuddhaResult(pixels, counts, int(h.samples), stats, self.copy())

    def _tone_map(self, ctx, h):
        img = ffi.new("fr_image *")
        check(ctx, lib.fr_buddha_tone_map(ctx, self._p, h, img))
        return take_image(img)

    def tone_map(self, histogram):
        """The image of a histogram with this scene's tone mapping (tone,
        gamma, percentile, ...: change them with ``replace`` and tone-map
        again, no sampling): (height, width, 3) uint8 or uint16."""
        counts = histogram.hist if isinstance(histogram, BuddhaResult) else \
            getattr(histogram, "counts", histogram)
        counts = np.ascontiguousarray(counts, dtype=np.uint64)
        if counts.ndim == 2:
            counts = counts[None]
        if counts.shape != self.shape:
            raise ValueError("the histogram is %s, the scene's is %s" % (counts.shape, self.shape))
        return self._tone_map(scratch(), self._hist(counts, getattr(histogram, "samples", 0)))


class Histogram(collections.namedtuple("Histogram", "counts samples scene")):
    """A histogram and the samples it holds (0 .. samples-1), with its scene:
    what :func:`load_histogram` reads and ``BuddhaScene.render(histogram=)``
    continues. counts: (channels, height, width) uint64."""

    __slots__ = ()


_Result = collections.namedtuple("BuddhaResult", "image hist samples stats scene")


class BuddhaResult(_Result):
    """What an orbit-density render gives (a namedtuple).

    image: (height, width, 3) uint8 (uint16 for ``depth=16``): grey for one
    channel, RGB for three; None when not asked for.
    hist: (channels, height, width) uint64, the hits of every pixel.
    samples: how many samples the histogram holds (with earlier ones when
    continued).
    stats: :class:`BuddhaStats` of this render (samples drawn, orbits,
    hits, max/min, seconds, ``stopped``).
    scene: the :class:`BuddhaScene` rendered (a copy).
    """

    __slots__ = ()

    @property
    def histogram(self):
        """The histogram as a :class:`Histogram` (counts, samples, scene)."""
        return Histogram(self.hist, self.samples, self.scene)

    def resume(self, **kwargs):
        """Draw more samples into a copy of the histogram: ``resume(samples=
        10**7)`` (the scene's other parameters may change too, the view and
        bands not); run options as for render. A new BuddhaResult."""
        run = {k: kwargs.pop(k) for k in list(kwargs) if k in
               ("image", "context", "device", "threads", "progress", "kernel", "device_memory")}
        return self.scene.replace(**kwargs).render(self, **run)

    def save(self, path, quality=95, context=None):
        """Write the result, the format by the extension: .png (scene
        embedded), .ppm, .jpg/.jpeg, .npy (the histogram and PATH.json, its
        scene and sample count, as ``fractalis render --resume`` and
        :func:`load_histogram` take them), .json (the scene), .exr (the
        image and the hits as UINT channels, as the CLI writes it)."""
        ctx = context.ptr if context is not None else scratch()
        fmt = lib.fr_format_from_path(cpath(path))
        if fmt == lib.FR_FMT_NPY:
            counts = np.ascontiguousarray(self.hist, dtype=np.uint64)
            check(ctx, lib.fr_buddha_hist_save(ctx, self.scene._p, self.scene._hist(counts, self.samples),
                                               cpath(path)))
        elif fmt == lib.FR_FMT_JSON:
            self.scene.save_json(path)
        elif fmt == lib.FR_FMT_EXR:
            counts = np.ascontiguousarray(self.hist, dtype=np.uint64)
            check(ctx, lib.fr_buddha_hist_write_exr(ctx, self.scene._p, self.scene._hist(counts, self.samples),
                                                    cpath(path)))
        else:
            if self.image is None:
                raise ValueError("save %s: the render has no image (image=False)" % (path,))
            write_image(path, self.image, self.scene.to_json(), quality=quality, context=context)


def load_histogram(path):
    """A histogram written by ``BuddhaResult.save("x.npy")`` or the CLI
    (``-o x.npy``): a :class:`Histogram` with its scene (from PATH.json)."""
    ctx = scratch()
    scene = BuddhaScene()
    h = ffi.new("fr_buddha_hist *")
    check(ctx, lib.fr_buddha_hist_load(ctx, cpath(path), scene._p, h))
    try:
        n = h.channels * h.height * h.width
        counts = np.frombuffer(ffi.buffer(h.counts, 8 * n), dtype=np.uint64).reshape(
            h.channels, h.height, h.width).copy()
        samples = int(h.samples)
    finally:
        lib.fr_buddha_hist_free(h)
    return Histogram(counts, samples, scene)


def render_buddhabrot(kind="buddhabrot", *, histogram=None, image=True, context=None, device=None, threads=None,
                      progress=None, kernel=None, device_memory=None, **params):
    """Render an orbit-density fractal: ``render_buddhabrot("nebulabrot", samples=10**7)``."""
    return BuddhaScene(kind, **params).render(histogram, image=image, context=context, device=device,
                                              threads=threads, progress=progress, kernel=kernel,
                                              device_memory=device_memory)
