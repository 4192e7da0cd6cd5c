"""Fractal flames: flam3 genome files and their renders
(fr_flames_read, fr_flame_render_raw).
"""

import collections
import os
import tempfile

from ._native import ffi, lib, text, encode, path as cpath, take_text, struct_fields
from .context import using
from .errors import check, error
from .images import to_numpy, array_u32, write_image
from .params import Table, Params, scratch

#: Statistics of a flame render (``fr_flame_stats``'s fields).
FlameStats = collections.namedtuple("FlameStats", struct_fields("fr_flame_stats"))

_TABLE = Table("fr_flame_options", lib.fr_flame_option_count, lib.fr_flame_option_info,
               lib.fr_flame_option_find, lib.fr_flame_option_set, lib.fr_flame_option_get,
               lib.fr_flame_options_default)


class FlameOptions(Params):
    """Render settings over a genome's own: size, quality, supersample,
    seed, depth, transparent, earlyclip, motion_blur, strips (0 or (0, 0):
    the genome's value). ``FlameOptions(size=(400, 0), quality=50)``; a
    side of 0 keeps the genome's aspect."""

    _table = _TABLE

    def __init__(self, **options):
        self._new_struct()
        lib.fr_flame_options_default(self._p)
        self.set(**options)

    def validate(self):
        ctx = scratch()
        check(ctx, lib.fr_flame_options_check(ctx, self._p))


class Genomes:
    """The genomes of one flam3 file (.flam3, .flame: flam3, Apophysis,
    Fr0st, Fractorium, Electric Sheep), read as flam3 3.1.1 reads them.

    ``Genomes("sheep.flam3")``; ``Genomes.from_xml(text)`` reads XML text.
    ``len(g)``, ``g.names``, ``g[0]`` or ``g["name"]`` (a :class:`Genome`),
    iteration over the genomes, ``g.warnings`` (what the reader kept or
    ignored), ``g.xml(i)`` (a genome's flam3 XML), ``g.write(path)``.

    palette_file: flam3's palette file for palette="N" (None: Debian's
    flam3-palettes.xml). strict: unknown attributes and elements are errors
    (else kept, written back, and listed once each in ``warnings``).
    A malformed file raises ParseError naming the line and the element.
    """

    def __init__(self, path, palette_file=None, strict=False):
        ctx = scratch()
        out = ffi.new("fr_flames **")
        pal = cpath(palette_file) if palette_file is not None else ffi.NULL
        check(ctx, lib.fr_flames_read(ctx, cpath(path), pal, int(bool(strict)), out))
        self._f = ffi.gc(out[0], lib.fr_flames_destroy)
        self.path = os.fspath(path)

    @classmethod
    def from_xml(cls, xml, palette_file=None, strict=False):
        """Genomes from flam3 XML text. (The library reads files: the text
        goes through a temporary file, which error messages call <xml>.)"""
        with tempfile.TemporaryDirectory(prefix="fractalis-") as d:
            p = os.path.join(d, "genome.flam3")
            with open(p, "w", encoding="utf-8") as f:
                f.write(xml)
            try:
                g = cls(p, palette_file, strict)
            except Exception as e:
                msg = getattr(e, "message", None)
                if msg is None:
                    raise
                raise error(e.status, msg.replace(p, "<xml>")) from None
        g.path = None
        return g

    def __len__(self):
        return lib.fr_flames_count(self._f)

    def _index(self, key):
        if isinstance(key, str):
            i = lib.fr_flames_find(self._f, encode(key))
            if i < 0:
                raise KeyError("no genome called %r (the names: %s)" % (key, ", ".join(map(repr, self.names))))
            return i
        i = int(key)
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("genome %d of %d" % (key, n))
        return i

    def __getitem__(self, key):
        return Genome(self, self._index(key))

    def __iter__(self):
        return (Genome(self, i) for i in range(len(self)))

    @property
    def names(self):
        """Every genome's name ("" for none)."""
        return [text(lib.fr_flames_name(self._f, i)) for i in range(len(self))]

    def find(self, name):
        """The index of the genome called name, or -1."""
        return lib.fr_flames_find(self._f, encode(name))

    @property
    def warnings(self):
        """The reader's warnings, one line each."""
        out = []
        while True:
            w = lib.fr_flames_warning(self._f, len(out))
            if w == ffi.NULL:
                return out
            out.append(text(w))

    def size(self, genome=0):
        """A genome's own output size, (width, height)."""
        w, h = ffi.new("int *"), ffi.new("int *")
        lib.fr_flames_size(self._f, self._index(genome), w, h)
        return (w[0], h[0])

    def xml(self, genome=0):
        """A genome (index or name) as flam3 XML text."""
        ctx = scratch()
        out = ffi.new("char **")
        check(ctx, lib.fr_flames_xml(ctx, self._f, self._index(genome), out))
        return take_text(out)

    def write(self, path, genome=None):
        """Write one genome (index or name), or all (None), as flam3 XML that flam3 reads."""
        ctx = scratch()
        i = -1 if genome is None else self._index(genome)
        check(ctx, lib.fr_flames_write(ctx, self._f, i, cpath(path)))

    def render(self, genome=0, *, image=True, raw=True, options=None, context=None, device=None, threads=None,
               progress=None, kernel=None, device_memory=None, host_memory=None, **opts):
        """Render a genome (index or name): a :class:`FlameResult`.

        Options by name over the genome's own (``size=(400, 300)``,
        ``quality=50``, ``seed=1``, ``supersample=2``, ``depth=16``,
        ``transparent=True``, ``earlyclip``, ``motion_blur``, ``strips``),
        or ``options=`` a :class:`FlameOptions`. image: the tone-mapped
        image; raw: the accumulation buckets (at least one of them).
        """
        if not image and not raw:
            raise ValueError("render: ask for the image, the raw buckets or both")
        o = options.copy() if options is not None else FlameOptions()
        o.set(**opts)
        i = self._index(genome)
        with using(context, dict(device=device, threads=threads, progress=progress, kernel=kernel,
                                 device_memory=device_memory, host_memory=host_memory)) as ctx:
            img = ffi.new("fr_image *") if image else ffi.NULL
            r = ffi.new("fr_flame_raw *") if raw else ffi.NULL
            st = ffi.new("fr_flame_stats *")
            try:
                ctx.call(lib.fr_flame_render_raw, self._f, i, o._p, img, r, st)
                pixels = to_numpy(img) if image else None
                buckets = array_u32(r.buckets, (r.height, r.width, lib.FR_FLAME_RAW_CHANNELS)) if raw else None
                supersample = r.supersample if raw else None
            finally:
                if image:
                    lib.fr_image_free(img)
                if raw:
                    lib.fr_flame_raw_free(r)
        stats = FlameStats(*(getattr(st, f) for f in FlameStats._fields))
        return FlameResult(pixels, buckets, stats, Genome(self, i), o, supersample)


class Genome:
    """One genome of a :class:`Genomes` file: ``name``, ``index``, ``size``,
    ``xml``, ``render(**options)``."""

    def __init__(self, genomes, index):
        self.genomes, self.index = genomes, index

    @property
    def name(self):
        return text(lib.fr_flames_name(self.genomes._f, self.index))

    @property
    def size(self):
        return self.genomes.size(self.index)

    @property
    def xml(self):
        return self.genomes.xml(self.index)

    def write(self, path):
        self.genomes.write(path, self.index)

    def render(self, **kwargs):
        """Render this genome (see :meth:`Genomes.render`)."""
        return self.genomes.render(self.index, **kwargs)

    def __repr__(self):
        return "<fractalis.Genome %d %r %dx%d>" % ((self.index, self.name) + self.size)


_Result = collections.namedtuple("FlameResult", "image buckets stats genome options supersample")


class FlameResult(_Result):
    """What a flame render gives (a namedtuple).

    image: (height, width, 4) RGBA uint8 (uint16 for ``depth=16``); None
    when not asked for.
    buckets: (height*ss, width*ss, 5) uint32: the accumulation histogram
    before density estimation and tone mapping, R, G, B, A, count a bucket
    (count / 255 is the hits of opaque xforms; ss = ``supersample``); None
    when not asked for.
    stats: :class:`FlameStats`. genome: the :class:`Genome` rendered.
    options: the :class:`FlameOptions` used.
    """

    __slots__ = ()

    def save(self, path, quality=95, context=None):
        """Write the image (.png with the genome embedded under
        "flam3_genome", as flam3 does; .ppm; .jpg/.jpeg) or the buckets
        (.npy, as the CLI's --raw; .exr: the buckets / 255 as float channels
        R G B A hits, the genome in "flam3_genome", as the CLI writes it)."""
        ctx = context.ptr if context is not None else scratch()
        fmt = lib.fr_format_from_path(cpath(path))
        if fmt in (lib.FR_FMT_NPY, lib.FR_FMT_EXR):
            import numpy as np
            if self.buckets is None:
                raise ValueError("save %s: the render has no buckets (raw=False)" % (path,))
            b = np.ascontiguousarray(self.buckets, dtype=np.uint32)
            r = ffi.new("fr_flame_raw *")
            r.height, r.width = b.shape[0], b.shape[1]
            r.supersample = self.supersample
            keep = ffi.from_buffer(b)
            r.buckets = ffi.cast("uint32_t *", keep)
            if fmt == lib.FR_FMT_NPY:
                check(ctx, lib.fr_flame_raw_write_npy(ctx, r, cpath(path)))
            else:
                check(ctx, lib.fr_flame_raw_write_exr(ctx, r, cpath(path), encode(self.genome.xml)))
        else:
            if self.image is None:
                raise ValueError("save %s: the render has no image (image=False)" % (path,))
            write_image(path, self.image, self.genome.xml, key="flam3_genome", quality=quality, context=context)


def read_genomes(path, palette_file=None, strict=False):
    """The genomes of a flam3 file (see :class:`Genomes`)."""
    return Genomes(path, palette_file, strict)


def render_flame(source, genome=0, **kwargs):
    """Render a genome of a file (a path, XML text starting with '<', or a
    :class:`Genomes`): ``render_flame("sheep.flam3", quality=50)``. The
    keywords are :meth:`Genomes.render`'s."""
    if isinstance(source, Genomes):
        g = source
    elif isinstance(source, str) and source.lstrip().startswith("<"):
        g = Genomes.from_xml(source)
    else:
        g = Genomes(source)
    return g.render(genome, **kwargs)
