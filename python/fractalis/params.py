"""Parameter tables: every family's settings by name, from Python values.

The library describes each family's settings in a table (name, type,
range, default, help) and sets them from text (``fr_escape_param_set(ctx,
p, "center", "-0.75,0")``). Here they are keyword arguments: names take
underscores for dashes (``palette_offset=0.5`` is "palette-offset") and
values are Python values, turned into the text the table takes:

=============  ==============================  ============================
type           Python value                    text
=============  ==============================  ============================
size           ``(640, 360)``                  ``"640x360"``
complex        ``(-0.75, 0.1)``, ``-0.75+0.1j``  ``"-0.75,0.1"``
               ``("-1.7499...", "0.0...")``    every digit kept (deep zoom)
double, int    ``0.012``, ``2000``, ``"1e-500"``  ``repr()``: exact
bool           ``True`` / ``False``            ``"on"`` / ``"off"``
color          ``(255, 128, 0)``               ``"#ff8000"``
palette        ``"ultra"``, ``["#000000", (255, 255, 255)]``  a preset or colours
text           ``"r:0:5000"``, a list          joined with commas
duration       ``90``, ``timedelta(minutes=5)``  ``"90"``, ``"300"``
=============  ==============================  ============================

A str is always passed as it is, so anything the command line takes works.
Values read back (``scene["center"]``) come as the same Python types: a
number where a double holds it exactly, else the exact decimal text (a
deep-zoom centre, a width of 1e-500).
"""

import collections
import datetime
import json
import math
import numbers
import re
import threading

import numpy as np

from ._native import ffi, lib, text, encode, take_text
from .errors import check

TYPE_NAMES = {
    lib.FR_PT_ENUM: "enum", lib.FR_PT_INT: "int", lib.FR_PT_UINT: "uint", lib.FR_PT_DOUBLE: "double",
    lib.FR_PT_BOOL: "bool", lib.FR_PT_SIZE: "size", lib.FR_PT_COMPLEX: "complex", lib.FR_PT_COLOR: "color",
    lib.FR_PT_PALETTE: "palette", lib.FR_PT_U64: "u64", lib.FR_PT_DURATION: "duration", lib.FR_PT_TEXT: "text",
}

#: One row of a parameter table.
ParamInfo = collections.namedtuple("ParamInfo", "name type help range default choices alias")
ParamInfo.__doc__ = """One parameter of a family's table.

name: the table's name ("palette-offset"; as a keyword: palette_offset);
type: "enum", "int", "uint", "u64", "double", "duration", "bool", "size",
"complex", "color", "palette" or "text"; help: what it is; range: its
allowed values as text ("1..2147483647"); default: the family's default as a
Python value (None for an alias); choices: an enum's values (else None);
alias: True for an input-only parameter that sets others ("zoom")."""

_local = threading.local()


def scratch():
    """This thread's context for parameter calls (their errors are read at once)."""
    ctx = getattr(_local, "ctx", None)
    if ctx is None:
        ctx = _local.ctx = ffi.gc(lib.fr_context_create(), lib.fr_context_destroy)
    return ctx


def table_name(key):
    """A keyword as the table's name: underscores are dashes."""
    return key.replace("_", "-")


# ------------------------------------------------------------ Python -> text

def _number_text(v):
    if isinstance(v, str):
        return v
    if isinstance(v, (bool, np.bool_)):
        return "1" if v else "0"
    if isinstance(v, numbers.Integral):
        return str(int(v))
    if isinstance(v, numbers.Real):
        return repr(float(v))
    if isinstance(v, numbers.Number) or type(v).__name__ == "Decimal":
        return str(v)
    raise TypeError("%r is not a number" % (v,))


def _color_text(c):
    if isinstance(c, str):
        return c
    if len(c) == 3 and all(isinstance(x, numbers.Integral) for x in c):
        return "#%02x%02x%02x" % tuple(int(x) for x in c)
    raise TypeError("%r is not a colour: give '#rrggbb' or (r, g, b) in 0..255" % (c,))


def _sequence(v):
    return isinstance(v, (list, tuple, np.ndarray))


def to_text(info_type, name, value):
    """The text the table takes for a Python value (see the module's table)."""
    if isinstance(value, str):
        return value
    if isinstance(value, bytes):
        return value.decode()
    t = info_type
    try:
        if isinstance(value, (bool, np.bool_)):
            return "on" if value else "off"
        if t == "size" and _sequence(value) and len(value) == 2:
            return "%dx%d" % (int(value[0]), int(value[1]))
        if t == "complex":
            if isinstance(value, numbers.Complex) and not isinstance(value, numbers.Real):
                return "%s,%s" % (repr(float(value.real)), repr(float(value.imag)))
            if _sequence(value) and len(value) == 2:
                return ",".join(_number_text(x) for x in value)
        if t == "color" and _sequence(value):
            return _color_text(value)
        if t == "palette" and _sequence(value):
            return ",".join(_color_text(c) for c in value)
        if t == "duration" and isinstance(value, datetime.timedelta):
            return repr(value.total_seconds())
        if t == "text" and _sequence(value):
            return ",".join(_number_text(x) for x in value)
        if isinstance(value, numbers.Number) or type(value).__name__ == "Decimal":
            return _number_text(value)
    except (TypeError, ValueError) as e:
        raise TypeError("%s: %s" % (name, e)) from None
    raise TypeError("%s: cannot take %r (a %s parameter)" % (name, value, t))


# ------------------------------------------------------------ text -> Python

_DIGITS = re.compile(r"^[+-]?(\d*)\.?(\d*)(?:[eE][+-]?\d+)?$")


def _real(s):
    """A decimal text as float where a double holds it (else the text)."""
    m = _DIGITS.match(s.strip())
    if not m:
        return s
    digits = (m.group(1) + m.group(2)).lstrip("0").rstrip("0")
    v = float(s)
    if len(digits) > 17 or math.isinf(v) or (v == 0 and digits):
        return s
    return v


def from_text(info_type, s):
    """A parameter's text as a Python value (see the module's table)."""
    t = info_type
    if t in ("int", "uint", "u64"):
        return int(s)
    if t in ("double", "duration"):
        return _real(s)
    if t == "bool":
        return s == "on"
    if t == "size":
        w, h = s.split("x")
        return (int(w), int(h))
    if t == "complex":
        parts = [_real(x) for x in s.split(",")]
        if any(isinstance(x, str) for x in parts):
            return tuple(s.split(","))
        return tuple(parts)
    return s


# ------------------------------------------------------------------ tables

class Table:
    """A family's parameter table: the library's count/info/find/set/get
    functions and its parameter struct."""

    def __init__(self, ctype, count, info, find, set_, get, default):
        self.ctype, self.count, self.info, self.find = ctype, count, info, find
        self.set, self.get, self.default = set_, get, default
        self._rows = None

    def rows(self):
        """The table's rows as ParamInfo (defaults from ``default()``)."""
        if self._rows is None:
            p = ffi.new(self.ctype + " *")
            self.default(p)
            rows = []
            buf = ffi.new("char[512]")
            for i in range(self.count()):
                info = self.info(i)
                rows.append(self._row(info, p, buf))
            self._rows = rows
        return list(self._rows)

    def _row(self, info, p, buf):
        name = text(info.name)
        t = TYPE_NAMES.get(info.type, "text")
        alias = bool(info.flags & lib.FR_PARAM_ALIAS)
        choices = None
        if info.type == lib.FR_PT_ENUM and info.names != ffi.NULL:
            choices = []
            i = 0
            while info.names[i] != ffi.NULL:
                choices.append(text(info.names[i]))
                i += 1
            choices = tuple(choices)
        default = None if alias else self.value(p, name, t)
        return ParamInfo(name, t, text(info.help), text(lib.fr_param_range_text(info, buf, 512)),
                         default, choices, alias)

    def type_of(self, name):
        info = self.find(encode(name))
        return TYPE_NAMES.get(info.type, "text") if info != ffi.NULL else None

    def set_value(self, p, key, value):
        """Set one parameter from a Python value (raises the library's error)."""
        name = table_name(key)
        t = self.type_of(name)
        value = to_text(t or "text", name, value)
        ctx = scratch()
        check(ctx, self.set(ctx, p, encode(name), encode(value)))

    def text(self, p, name):
        ctx = scratch()
        out = ffi.new("char **")
        check(ctx, self.get(ctx, p, encode(table_name(name)), out))
        return take_text(out)

    def value(self, p, name, t=None):
        name = table_name(name)
        return from_text(t or self.type_of(name) or "text", self.text(p, name))


class Params:
    """A set of parameters of one table, by name (the base of the scenes
    and of the flame options).

    ``obj["iter"]`` reads a value, ``obj["iter"] = 500`` or
    ``obj.set(iter=500, color="histogram")`` sets them (names with
    underscores or dashes), ``obj.text("center")`` is the exact text;
    ``keys()``, ``items()`` and ``dict(obj.items())`` see every parameter
    (aliases such as "zoom" are input only). ``parameters()`` lists the
    table (names, types, ranges, defaults, help).
    """

    _table = None  # a Table

    def _new_struct(self):
        self._p = ffi.new(self._table.ctype + " *")

    @property
    def struct(self):
        """The library's parameter struct (cffi cdata), for calling ``fractalis.lib`` directly."""
        return self._p

    @classmethod
    def parameters(cls):
        """The table: a list of :class:`ParamInfo`."""
        return cls._table.rows()

    def set(self, **params):
        """Set parameters by name (``palette_offset=0.5``); returns self.

        Raises InvalidArgument with the library's message naming the
        parameter when a name is unknown or a value is out of range.
        """
        for key, value in params.items():
            self._table.set_value(self._p, key, value)
        return self

    def __setitem__(self, name, value):
        self._table.set_value(self._p, name, value)

    def __getitem__(self, name):
        return self._table.value(self._p, name)

    def text(self, name):
        """A parameter's value as the exact text the library gives (and takes)."""
        return self._table.text(self._p, name)

    def keys(self):
        """The parameters' names (aliases left out), in the table's order."""
        return [r.name for r in self._table.rows() if not r.alias]

    def items(self):
        return [(k, self[k]) for k in self.keys()]

    def __iter__(self):
        return iter(self.keys())

    def __contains__(self, name):
        return table_name(name) in self.keys()

    def copy(self):
        """An independent copy."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._new_struct()
        ffi.memmove(other._p, self._p, ffi.sizeof(self._table.ctype))
        return other

    def replace(self, **params):
        """A copy with some parameters changed."""
        return self.copy().set(**params)

    def _defaults(self):
        return {r.name: r.default for r in self._table.rows() if not r.alias}

    def __repr__(self):
        defaults = self._defaults()
        changed = ", ".join("%s=%r" % (k.replace("-", "_"), v) for k, v in self.items() if v != defaults.get(k))
        return "%s(%s)" % (type(self).__name__, changed)


class Scene(Params):
    """A scene: everything that determines an image of one family, as the
    library's JSON scene files and PNG metadata hold it.

    ``to_json()`` / ``to_dict()`` give the scene file's content;
    ``from_json()`` / ``from_dict()`` read one (keys not given keep their
    values); ``save_json(path)`` writes one; ``==`` compares scenes.
    """

    kind = None      # the scene's "fractalis" key: "escape", "buddhabrot"
    _to_json = None  # fr_*_params_to_json
    _from_json = None

    def to_json(self):
        """The scene as JSON text (the library's scene file format)."""
        ctx = scratch()
        out = ffi.new("char **")
        check(ctx, type(self)._to_json(ctx, self._p, out))
        return take_text(out)

    def to_dict(self):
        """The scene as a dict (the JSON file's keys and values)."""
        return json.loads(self.to_json())

    def update_json(self, text_):
        """Read a JSON scene into this one (keys not given keep their values); returns self."""
        ctx = scratch()
        check(ctx, type(self)._from_json(ctx, encode(text_), self._p))
        return self

    def save_json(self, path):
        """Write the scene as a .json file (atomically)."""
        from ._native import path as cpath
        ctx = scratch()
        check(ctx, lib.fr_write_text_file(ctx, cpath(path), encode(self.to_json())))

    def __eq__(self, other):
        return type(other) is type(self) and other.to_json() == self.to_json()

    __hash__ = None
