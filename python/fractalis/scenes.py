"""Scenes of any family: from files, JSON text and dicts.
"""

import json
import os

from ._native import ffi, lib, encode, path as cpath, take_text
from .errors import check, ParseError
from .escape import EscapeScene
from .buddha import BuddhaScene
from .params import scratch

_FAMILIES = {"escape": EscapeScene, "buddhabrot": BuddhaScene}


def scene_from_json(text_):
    """A scene (EscapeScene or BuddhaScene, by its "fractalis" key) from JSON text."""
    ctx = scratch()
    kind = ffi.new("char[64]")
    check(ctx, lib.fr_scene_kind(ctx, encode(text_), kind, 64))
    name = ffi.string(kind).decode()
    cls = _FAMILIES.get(name)
    if cls is None:
        raise ParseError("a scene of family '%s', which this module does not know" % name)
    return cls.from_json(text_)


def scene_from_dict(d):
    """A scene from a dict (a JSON scene's keys and values; "fractalis" names the family)."""
    return scene_from_json(json.dumps(d))


def read_scene(path, **params):
    """The scene of a file: a .json scene, a PNG that fractalis wrote (its
    "fractalis" text chunk), an OpenEXR file that fractalis wrote (its
    "fractalis" attribute, where the library writes EXR), or a Kalles
    Fraktaler .kfr location. Parameters given are set over the file's
    (for a .kfr, the size first: KF's zoom fixes the view's height)."""
    ctx = scratch()
    out = ffi.new("char **")
    ext = os.path.splitext(os.fspath(path))[1].lower()
    if ext == ".kfr":
        check(ctx, lib.fr_read_text_file(ctx, cpath(path), out))
        return EscapeScene.from_kfr(take_text(out), **params)
    if ext == ".png":
        check(ctx, lib.fr_image_read_png(ctx, cpath(path), ffi.NULL, out))
    elif ext == ".exr" and getattr(lib, "fr_exr_read_meta", None) is not None:
        check(ctx, lib.fr_exr_read_meta(ctx, cpath(path), b"fractalis", out))
    else:
        check(ctx, lib.fr_read_text_file(ctx, cpath(path), out))
    text_ = take_text(out)
    if text_ is None:
        raise ParseError("%s holds no fractalis scene" % os.fspath(path))
    return scene_from_json(text_).set(**params)
