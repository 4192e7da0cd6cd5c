"""The library itself: cffi in ABI mode over libfractalis.so.N.

The declarations come from the public header (``_cdef.py``, generated from
``include/fractalis.h`` when the library is built), so nothing here repeats
a struct or a signature. The library is found, in order:

1. the ``FRACTALIS_LIBRARY`` environment variable (a path to the library:
   the build tree, the tests);
2. the path recorded when the module was built or installed
   (``_location.py``: the build tree's library, or the installed library
   relative to the module's folder, as ``cmake --install --prefix P`` puts
   them), when that file exists;
3. the loader's own search for ``libfractalis.so.N`` (the Debian packages
   in /usr, or ``LD_LIBRARY_PATH``).
"""

import os

import cffi

from . import _cdef

try:
    from . import _location
except ImportError:  # pragma: no cover - a source tree without a build
    _location = None

SONAME = "libfractalis.so.%d" % _cdef.SOVERSION

ffi = cffi.FFI()
ffi.cdef(_cdef.CDEF)


def _candidates():
    env = os.environ.get("FRACTALIS_LIBRARY")
    if env:
        return [env], True
    found = []
    recorded = getattr(_location, "LIBRARY", None)
    if recorded:
        here = os.path.dirname(os.path.abspath(_location.__file__))
        path = os.path.normpath(os.path.join(here, recorded))
        if os.path.exists(path):
            found.append(path)
    found.append(SONAME)
    return found, False


def _open():
    paths, explicit = _candidates()
    errors = []
    # RTLD_NODELETE: never unloaded. cffi closes the library when the
    # interpreter exits, and unloading it (and OpenMP's runtime with it)
    # under OpenMP's idle worker threads would crash the process as it ends.
    flags = ffi.RTLD_NOW | ffi.RTLD_LOCAL | getattr(ffi, "RTLD_NODELETE", 0)
    for path in paths:
        try:
            return ffi.dlopen(path, flags), path
        except OSError as e:
            errors.append("%s: %s" % (path, e))
    hint = "" if explicit else " (set FRACTALIS_LIBRARY to the library's path)"
    raise ImportError("fractalis: cannot load libfractalis%s: %s" % (hint, "; ".join(errors)))


lib, library_path = _open()

# The declarations must be the library's: a 0.x minor version may change
# the ABI (struct layouts), so the header's major.minor must match.
_have = ffi.string(lib.fr_version()).decode()
if _have.split(".")[:2] != _cdef.VERSION.split(".")[:2]:
    raise ImportError("fractalis: %s is version %s but the module was built for %s"
                      % (library_path, _have, _cdef.VERSION))


def text(p):
    """A library ``const char *`` as str ('' for NULL)."""
    return ffi.string(p).decode("utf-8", "replace") if p != ffi.NULL else ""


def take_text(pp):
    """A ``char **`` the library filled with malloc()ed text: the str, the
    memory freed (None for NULL)."""
    p = pp[0]
    if p == ffi.NULL:
        return None
    try:
        return ffi.string(p).decode("utf-8", "replace")
    finally:
        lib.fr_free(p)
        pp[0] = ffi.NULL


def encode(s):
    """Text as a C string (UTF-8)."""
    return s if isinstance(s, bytes) else str(s).encode("utf-8")


def path(p):
    """A file name (str, bytes or os.PathLike) as a C string."""
    return os.fsencode(os.fspath(p))


def struct_fields(ctype):
    """Field names of a struct type, in the header's order."""
    return [name for name, _ in ffi.typeof(ctype).fields]
