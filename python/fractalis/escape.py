"""Escape-time fractals: Mandelbrot, Julia, Burning Ship, Tricorn, Multibrot,
and their deep zooms (fr_escape_render).
"""

import collections

from ._native import ffi, lib, encode, path as cpath, struct_fields
from .context import using
from .errors import check
from .images import to_numpy, array_u32, array_f32, write_image
from .params import Table, Scene, scratch

FORMULAS = ("mandelbrot", "julia", "burningship", "tricorn", "multibrot")

#: Statistics of an escape-time render (``fr_escape_stats``'s fields).
EscapeStats = collections.namedtuple("EscapeStats", struct_fields("fr_escape_stats"))

_TABLE = Table("fr_escape_params", lib.fr_escape_param_count, lib.fr_escape_param_info,
               lib.fr_escape_param_find, lib.fr_escape_param_set, lib.fr_escape_param_get,
               lambda p: lib.fr_escape_params_default(p, lib.FR_MANDELBROT))


class EscapeScene(Scene):
    """An escape-time scene: formula, view, iterations, colouring.

    ``EscapeScene("julia", c=(-0.4, 0.6), palette="ultra")`` starts from
    the formula's own default view and sets parameters by name (see
    ``EscapeScene.parameters()`` and :mod:`fractalis.params` for the
    values they take). Deep zoom needs nothing special: give the centre as
    decimal text of any length and the width with any exponent
    (``center=("-1.74995...", "0.00000...")``, ``width="1e-500"``).
    """

    kind = "escape"
    _table = _TABLE
    _to_json = lib.fr_escape_params_to_json
    _from_json = lib.fr_escape_params_from_json

    def __init__(self, formula="mandelbrot", **params):
        self._new_struct()
        f = ffi.new("fr_formula *")
        ctx = scratch()
        check(ctx, lib.fr_formula_parse(ctx, encode(formula), f))
        lib.fr_escape_params_default(self._p, f[0])
        self._formula = formula
        self.set(**params)

    def _defaults(self):
        d = EscapeScene(self["formula"])
        return dict(d.items())

    @classmethod
    def from_json(cls, text_):
        """A scene from JSON text (keys not given: the formula's defaults)."""
        import json
        formula = json.loads(text_).get("formula", "mandelbrot")
        return cls(formula if formula in FORMULAS else "mandelbrot").update_json(text_)

    @classmethod
    def from_dict(cls, d):
        import json
        return cls.from_json(json.dumps(d))

    @classmethod
    def from_kfr(cls, text_, **params):
        """A scene from a Kalles Fraktaler location (.kfr text): its centre,
        zoom, iterations, rotation and palette over the Mandelbrot
        defaults. KF's zoom fixes the view's height, so the size comes
        first: ``from_kfr(text, size=(1920, 1080))``; the other parameters
        given override the location's, as on the command line."""
        s = cls("mandelbrot", **params)
        data = encode(text_)
        ctx = scratch()
        check(ctx, lib.fr_escape_params_from_kfr(ctx, data, len(data), s._p))
        return s.set(**params)

    def validate(self):
        """Check the whole scene (ranges, memory, a finite view); raises InvalidArgument."""
        ctx = scratch()
        check(ctx, lib.fr_escape_params_validate(ctx, self._p))

    @property
    def deep(self):
        """True when the centre carries more digits than doubles (a deep-zoom view)."""
        return lib.fr_escape_center_text(self._p) != ffi.NULL

    def render(self, *, image=True, raw=True, smooth=False, de=False, context=None, device=None, threads=None,
               progress=None, kernel=None, device_memory=None):
        """Render the scene: an :class:`EscapeResult`.

        image: compute the RGB image (False: the raw arrays only);
        raw: return the per-sample arrays (counts, values);
        smooth: also the smooth value of every sample in any colouring
        (``result.smooth``; needed to save .exr);
        de: also the directional distance estimate (``result.de``, two
        floats a sample; the distance-estimating kernel runs).
        context / device / threads / progress / kernel / device_memory:
        where it runs (see :class:`fractalis.Context`).
        """
        if not image and not raw:
            raise ValueError("render: ask for the image, the raw arrays or both")
        want = (lib.FR_RAW_SMOOTH if smooth else 0) | (lib.FR_RAW_DE if de else 0)
        if want and not raw:
            raise ValueError("render: smooth and de come with the raw arrays (raw=True)")
        with using(context, dict(device=device, threads=threads, progress=progress, kernel=kernel,
                                 device_memory=device_memory)) as ctx:
            img = ffi.new("fr_image *") if image else ffi.NULL
            r = ffi.new("fr_escape_raw *") if raw else ffi.NULL
            st = ffi.new("fr_escape_stats *")
            x = ffi.new("fr_escape_extra *")
            try:
                ctx.call(lib.fr_escape_render_raw, self._p, img, r, want, x if want else ffi.NULL, st)
                counts = values = sm = dv = None
                if raw:
                    shape = (r.height, r.width)
                    counts = array_u32(r.counts, shape)
                    if r.values != ffi.NULL:
                        values = array_f32(r.values, shape)
                    if x.smooth != ffi.NULL:
                        sm = array_f32(x.smooth, shape)
                    if x.de != ffi.NULL:
                        dv = array_f32(x.de, shape + (2,))
                pixels = to_numpy(img) if image else None
            finally:
                if image:
                    lib.fr_image_free(img)
                if raw:
                    lib.fr_escape_raw_free(r)
                lib.fr_escape_extra_free(x)
            stats = EscapeStats(*(getattr(st, f) for f in EscapeStats._fields))
            result = EscapeResult(pixels, counts, values, stats, self.copy())
            result.smooth, result.de = sm, dv
            return result


_Result = collections.namedtuple("EscapeResult", "image counts values stats scene")


class EscapeResult(_Result):
    """What an escape-time render gives (a namedtuple).

    image: (height, width, 3) uint8, or uint16 for ``depth=16``; None
    when not asked for.
    counts: (height*aa, width*aa) uint32, the escape index of every sample
    (``iter`` for points that never escape).
    values: (height*aa, width*aa) float32: the smooth value (or the distance
    estimate for ``color="distance"``), -1 for interior; None for
    ``color="count"``.
    stats: :class:`EscapeStats` (samples, iterations, interior, seconds, deep zoom's reference).
    scene: the :class:`EscapeScene` rendered (a copy).
    smooth: (height*aa, width*aa) float32 smooth values, -1 for interior,
    when rendered with ``smooth=True``; else None.
    de: (height*aa, width*aa, 2) float32 directional distance estimates
    (x right, y down, in sample spacings; 0 for interior), when rendered
    with ``de=True``; else None.
    """

    # (no __slots__: smooth and de ride beside the five fields, which
    # unpack as before)
    smooth = None
    de = None

    def save(self, path, quality=95, context=None):
        """Write the result, the format by the extension: .png (the scene
        embedded, so ``fractalis render --from`` and ``read_scene`` take it
        back), .ppm, .jpg/.jpeg, .npy (the raw array, as the CLI writes it:
        uint32 counts for count and histogram colouring, float32 values
        otherwise), .json (the scene), .exr (every sample in Kalles
        Fraktaler's channels, as the CLI writes it: R G B, N NF, and DEX DEY
        when rendered with ``de=True``; needs ``smooth=True``)."""
        ctx = context.ptr if context is not None else scratch()
        fmt = lib.fr_format_from_path(cpath(path))
        if fmt == lib.FR_FMT_JSON:
            self.scene.save_json(path)
        elif fmt == lib.FR_FMT_EXR:
            self._save_exr(ctx, path)
        elif fmt == lib.FR_FMT_NPY:
            import numpy as np
            if self.counts is None:
                raise ValueError("save %s: the render has no raw arrays (raw=False)" % (path,))
            a = self.values if self.values is not None and self.scene["color"] in ("smooth", "distance") \
                else self.counts
            a = np.ascontiguousarray(a)
            h, w = a.shape
            if a.dtype == np.float32:
                s = lib.fr_npy_write_f32(ctx, cpath(path), ffi.cast("float *", ffi.from_buffer(a)), w, h)
            else:
                s = lib.fr_npy_write_u32(ctx, cpath(path), ffi.cast("uint32_t *", ffi.from_buffer(a)), w, h)
            check(ctx, s)
        else:
            if self.image is None:
                raise ValueError("save %s: the render has no image (image=False)" % (path,))
            write_image(path, self.image, self.scene.to_json(), quality=quality, context=context)

    def _save_exr(self, ctx, path):
        import numpy as np
        if self.counts is None or self.smooth is None:
            raise ValueError("save %s: .exr needs the smooth values: render with smooth=True" % (path,))
        keep = []

        def buf(a, dtype, ctype):
            if a is None:
                return ffi.NULL
            a = np.ascontiguousarray(a, dtype=dtype)
            keep.append(a)
            return ffi.cast(ctype, ffi.from_buffer(a))
        r = ffi.new("fr_escape_raw *")
        r.height, r.width = self.counts.shape
        r.counts = buf(self.counts, np.uint32, "uint32_t *")
        r.values = buf(self.values, np.float32, "float *")
        x = ffi.new("fr_escape_extra *")
        x.smooth = buf(self.smooth, np.float32, "float *")
        x.de = buf(self.de, np.float32, "float *")
        check(ctx, lib.fr_escape_write_exr(ctx, self.scene._p, r, x, cpath(path)))


def render_escape(formula="mandelbrot", *, image=True, raw=True, smooth=False, de=False, context=None, device=None,
                  threads=None, progress=None, kernel=None, device_memory=None, **params):
    """Render an escape-time fractal: ``render_escape("julia", c=(-0.4, 0.6))``."""
    return EscapeScene(formula, **params).render(image=image, raw=raw, smooth=smooth, de=de, context=context,
                                                 device=device, threads=threads, progress=progress, kernel=kernel,
                                                 device_memory=device_memory)
