"""Exceptions: one class per ``fr_status``, carrying the library's message.

Every failing call raises a subclass of :class:`FractalisError` whose text
is the library's one-line message (``fr_last_error``), which names the
parameter, file or line at fault::

    >>> fractalis.render("mandelbrot", iter=0)
    Traceback (most recent call last):
    fractalis.errors.InvalidArgument: iter 0 is out of range 1..2147483647

Each class also derives from the matching built-in exception, so
``except ValueError`` catches a bad parameter and ``except OSError`` a file
that cannot be read.
"""

from ._native import lib, text


class FractalisError(Exception):
    """A call into libfractalis failed.

    Attributes:
        status: the library's ``fr_status`` code (negative int).
        status_name: its short name ("invalid argument", ...).
        message: the library's message (also ``str(e)``).
    """

    status = None

    def __init__(self, message):
        super().__init__(message)
        self.message = message

    @property
    def status_name(self):
        return text(lib.fr_status_name(self.status)) if self.status is not None else ""


class InvalidArgument(FractalisError, ValueError):
    """A parameter is out of range, malformed or unknown (FR_ERR_INVALID)."""
    status = lib.FR_ERR_INVALID


class NoMemory(FractalisError, MemoryError):
    """An allocation failed or would not fit (FR_ERR_NOMEM)."""
    status = lib.FR_ERR_NOMEM


class FileError(FractalisError, OSError):
    """A file could not be read or written (FR_ERR_IO)."""
    status = lib.FR_ERR_IO

    def __str__(self):
        return self.message


class ParseError(FractalisError, ValueError):
    """A file or text could not be parsed (FR_ERR_PARSE)."""
    status = lib.FR_ERR_PARSE


class Unsupported(FractalisError, NotImplementedError):
    """The request needs something this build or machine lacks (FR_ERR_UNSUPPORTED)."""
    status = lib.FR_ERR_UNSUPPORTED


class DeviceError(FractalisError, RuntimeError):
    """A compute device failed (FR_ERR_DEVICE)."""
    status = lib.FR_ERR_DEVICE


class Cancelled(FractalisError):
    """The progress callback asked to stop (FR_ERR_CANCELLED)."""
    status = lib.FR_ERR_CANCELLED


_BY_STATUS = {cls.status: cls for cls in
              (InvalidArgument, NoMemory, FileError, ParseError, Unsupported, DeviceError, Cancelled)}


def error(status, message):
    """The exception for a status and message."""
    cls = _BY_STATUS.get(status, FractalisError)
    if not message:
        message = text(lib.fr_status_name(status))
    e = cls(message)
    e.status = status
    return e


def check(ctx, status):
    """Raise the exception for a failed call on context ``ctx`` (a ``fr_context *``)."""
    if status != lib.FR_OK:
        raise error(status, text(lib.fr_last_error(ctx)))
