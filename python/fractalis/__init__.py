"""fractalis: fast, exact fractal renders into numpy arrays.

A thin layer (cffi, ABI mode) over libfractalis: every family renders into
numpy arrays the module owns, scenes and genomes are read and written with
the library's own formats, and failures raise :class:`FractalisError`
subclasses carrying the library's message.

>>> import fractalis as fr
>>> r = fr.render("mandelbrot", size=(640, 360), center=(-0.7436, 0.1318),
...               width=0.012, iter=2000)
>>> r.image.shape, r.image.dtype        # ((360, 640, 3), dtype('uint8'))
>>> r.counts.max(), r.values.dtype      # escape indices, smooth values
>>> r.save("seahorse.png")              # the scene embedded in the PNG

Families:

- escape time (:class:`EscapeScene`, ``render("mandelbrot" | "julia" |
  "burningship" | "tricorn" | "multibrot", ...)``): image, per-sample
  counts and smooth values; deep zoom through the same call;
- orbit density (:class:`BuddhaScene`, ``render("buddhabrot" |
  "nebulabrot" | "anti-buddhabrot", ...)``): exact hit histograms,
  continued with ``result.resume(samples=...)``, tone-mapped again with
  ``scene.tone_map(hist)``;
- fractal flames (:class:`Genomes`, :func:`render_flame`): RGBA images
  and the raw accumulation buckets.

Parameters are the library's table names as keywords (underscores for
dashes); see :mod:`fractalis.params`. Where renders run (device, threads,
progress callback): :class:`Context`.

The library is found through ``FRACTALIS_LIBRARY``, else the path recorded
at build or install time, else the loader's search (``libfractalis.so.1``);
see :mod:`fractalis._native`.
"""

# The generated files (_cdef.py, _location.py) are beside the sources when
# installed, and in the build tree's python/fractalis/ otherwise: the
# package spans every fractalis/ folder on sys.path.
from pkgutil import extend_path

__path__ = extend_path(__path__, __name__)

from ._native import ffi, lib, library_path, text as _text  # noqa: E402
from .errors import (FractalisError, InvalidArgument, NoMemory, FileError, ParseError,  # noqa: E402
                     Unsupported, DeviceError, Cancelled)
from .context import Context, DeviceInfo, cuda_built, cuda_devices, cpu_kernel_best  # noqa: E402
from .params import ParamInfo  # noqa: E402
from .escape import EscapeScene, EscapeResult, EscapeStats, render_escape, FORMULAS  # noqa: E402
from .buddha import (BuddhaScene, BuddhaResult, BuddhaStats, Histogram, render_buddhabrot,  # noqa: E402
                     load_histogram, KINDS as ORBIT_KINDS)
from .flame import Genomes, Genome, FlameOptions, FlameResult, FlameStats, read_genomes, render_flame  # noqa: E402
from .scenes import read_scene, scene_from_json, scene_from_dict  # noqa: E402
from .images import read_png, write_image  # noqa: E402

__version__ = _text(lib.fr_version())

__all__ = [
    "render", "render_escape", "render_buddhabrot", "render_flame",
    "EscapeScene", "EscapeResult", "EscapeStats", "BuddhaScene", "BuddhaResult", "BuddhaStats", "Histogram",
    "load_histogram", "Genomes", "Genome", "FlameOptions", "FlameResult", "FlameStats", "read_genomes",
    "read_scene", "scene_from_json", "scene_from_dict", "read_png", "write_image",
    "Context", "DeviceInfo", "cuda_built", "cuda_devices", "cpu_kernel_best", "palettes", "ParamInfo",
    "FractalisError", "InvalidArgument", "NoMemory", "FileError", "ParseError", "Unsupported", "DeviceError",
    "Cancelled", "FORMULAS", "ORBIT_KINDS", "ffi", "lib", "library_path",
]


def render(what, **kwargs):
    """Render a fractal by name, or a scene.

    ``what``: an escape-time formula ("mandelbrot", "julia", "burningship",
    "tricorn", "multibrot"), an orbit-density kind ("buddhabrot",
    "nebulabrot", "anti-buddhabrot"), or an :class:`EscapeScene` /
    :class:`BuddhaScene` (rendered with the keywords' parameters changed,
    itself unchanged). Keywords: the family's parameters by name
    (``size=(640, 360)``, ``center=(-0.75, 0)``, ``iter=2000``,
    ``palette_offset=0.5``, ...) and the run options (``context``,
    ``device``, ``threads``, ``progress``, ``kernel``, ``device_memory``;
    ``image``/``raw`` to leave an output out; ``smooth``/``de`` for escape
    time's extra arrays; ``histogram`` to continue one).

    Returns an :class:`EscapeResult` or a :class:`BuddhaResult`. For flames
    see :func:`render_flame`.
    """
    run_names = ("image", "raw", "smooth", "de", "histogram", "context", "device", "threads", "progress", "kernel",
                 "device_memory")
    run = {k: kwargs.pop(k) for k in list(kwargs) if k in run_names}
    if isinstance(what, (EscapeScene, BuddhaScene)):
        scene = what.replace(**kwargs)
    elif what in FORMULAS:
        scene = EscapeScene(what, **kwargs)
    elif what in ORBIT_KINDS:
        scene = BuddhaScene(what, **kwargs)
    else:
        raise ValueError("render %r: not a formula (%s), an orbit-density kind (%s) or a scene; flames: "
                         "render_flame()" % (what, ", ".join(FORMULAS), ", ".join(ORBIT_KINDS)))
    if isinstance(scene, EscapeScene):
        if "histogram" in run:
            raise TypeError("histogram= is for orbit density")
        return scene.render(**run)
    for k in ("raw", "smooth", "de"):
        if k in run:
            raise TypeError("%s= is for escape time (an orbit-density render always has its histogram)" % k)
    return scene.render(run.pop("histogram", None), **run)


def palettes():
    """The names of the built-in palettes ("classic", "ultra", ...)."""
    names = lib.fr_palette_presets()
    out = []
    i = 0
    while names[i] != ffi.NULL:
        out.append(_text(names[i]))
        i += 1
    return out
