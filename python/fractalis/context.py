"""Contexts: where and how renders run (device, threads, progress, memory).

Every render function takes either ``context=`` (a :class:`Context`, kept
and reused) or the same settings as keywords (``device=``, ``threads=``,
``progress=``, ``kernel=``, ``device_memory=``, ``host_memory=``), which
make a context for that call alone.
"""

import collections
import contextlib
import weakref

from ._native import ffi, lib, text, encode, struct_fields
from .errors import NoMemory, check

_KERNELS = {text(lib.fr_cpu_kernel_name(k)): k
            for k in (lib.FR_CPU_KERNEL_AUTO, lib.FR_CPU_KERNEL_SCALAR, lib.FR_CPU_KERNEL_AVX2)}

#: The keywords that make a context for one call (see :class:`Context`).
RUN_OPTIONS = ("device", "threads", "progress", "kernel", "device_memory", "host_memory")


class Context:
    """A libfractalis context: the device, CPU threads, progress callback
    and memory budgets that renders run with, and the message of the last
    error.

    Args:
        device: "auto" (the default: a usable GPU when the library has the
            CUDA backend, else the CPU), "cpu", "cuda", "cuda:N", or a list
            that spreads every render over several devices with the same
            result ("cuda:all", "cuda:0,2,3", "cuda:all,cpu").
        threads: CPU worker threads (0 or None: OpenMP decides, honouring
            OMP_NUM_THREADS).
        progress: a callable ``progress(done, stage)`` called during a
            render with ``done`` in [0, 1] and ``stage`` the stage's name
            (deep zoom: "reference orbit", then "pixels") or None. Returning
            a true value stops the render, which raises
            :class:`~fractalis.errors.Cancelled` (orbit density stops
            cleanly instead: see ``BuddhaResult.stats.stopped``). An
            exception raised by the callback stops the render and is raised
            again from the render call (so Ctrl-C works mid-render).
        kernel: the CPU kernel: "auto", "scalar" (the reference) or "avx2".
        device_memory: GPU memory a render may use, in bytes (0: automatic).
        host_memory: host memory a flame render may use, in bytes (0: automatic).

    A context is used by one thread at a time; use one per thread. It is
    freed when garbage-collected, or at once with :meth:`close` or a
    ``with`` block.
    """

    def __init__(self, device="auto", threads=None, progress=None, kernel=None,
                 device_memory=None, host_memory=None):
        ptr = lib.fr_context_create()
        if ptr == ffi.NULL:
            raise NoMemory("out of memory for a context")
        self._ptr = ffi.gc(ptr, lib.fr_context_destroy)
        self._progress = None
        self._progress_error = None
        # The library calls back from the thread that made the call; the
        # callback is always installed, so a signal (Ctrl-C) raised in it
        # stops the render and is raised again after it.
        self._callback = _progress_callback(weakref.ref(self))
        lib.fr_context_set_progress(self._ptr, self._callback, ffi.NULL)
        if device is not None:
            self.device = device
        if threads is not None:
            self.threads = threads
        if progress is not None:
            self.progress = progress
        if kernel is not None:
            self.kernel = kernel
        if device_memory is not None:
            self.device_memory = device_memory
        if host_memory is not None:
            self.host_memory = host_memory

    # -- life time
    def close(self):
        """Free the context now (it cannot be used afterwards)."""
        if self._ptr is not None:
            lib.fr_context_set_progress(self._ptr, ffi.NULL, ffi.NULL)
            ffi.release(self._ptr)
            self._ptr = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @property
    def ptr(self):
        """The ``fr_context *`` (for calling the library through ``fractalis.lib``)."""
        if self._ptr is None:
            raise ValueError("the context is closed")
        return self._ptr

    def __repr__(self):
        if self._ptr is None:
            return "<fractalis.Context closed>"
        return "<fractalis.Context device=%r threads=%d>" % (self.device, self.threads)

    # -- settings
    @property
    def device(self):
        """The devices in use ("cpu", "cuda:0", "cuda:0,1,cpu"); set it to
        pick them (see the class's ``device`` argument)."""
        return text(lib.fr_context_device(self.ptr))

    @device.setter
    def device(self, spec):
        self.check(lib.fr_context_set_device(self.ptr, encode(spec)))

    @property
    def device_note(self):
        """Why "auto" fell back to the CPU ("" when it did not)."""
        return text(lib.fr_context_device_note(self.ptr))

    @property
    def device_count(self):
        """How many devices a render spreads over."""
        return lib.fr_context_device_count(self.ptr)

    @property
    def device_shares(self):
        """After a render over a device list: each device's share ("cuda:0 52 %, ...")."""
        return text(lib.fr_context_device_shares(self.ptr))

    @property
    def flame_kernel(self):
        """After a flame render on a GPU: the chaos-game kernel that ran
        ("genome (5 variations, cached)", "classic", "full (...)")."""
        return text(lib.fr_context_flame_kernel(self.ptr))

    @property
    def threads(self):
        """CPU worker threads (0: OpenMP decides)."""
        return lib.fr_context_threads(self.ptr)

    @threads.setter
    def threads(self, n):
        self.check(lib.fr_context_set_threads(self.ptr, int(n)))

    @property
    def kernel(self):
        """The CPU kernel set ("auto", "scalar", "avx2"); write-only in the
        library, so this reads back what was set here."""
        return getattr(self, "_kernel", "auto")

    @kernel.setter
    def kernel(self, name):
        if name not in _KERNELS:
            raise ValueError("kernel %r is not one of %s" % (name, "|".join(_KERNELS)))
        self.check(lib.fr_context_set_cpu_kernel(self.ptr, _KERNELS[name]))
        self._kernel = name

    @property
    def device_memory(self):
        return getattr(self, "_device_memory", 0)

    @device_memory.setter
    def device_memory(self, nbytes):
        self.check(lib.fr_context_set_device_memory(self.ptr, int(nbytes)))
        self._device_memory = int(nbytes)

    @property
    def host_memory(self):
        return getattr(self, "_host_memory", 0)

    @host_memory.setter
    def host_memory(self, nbytes):
        self.check(lib.fr_context_set_host_memory(self.ptr, int(nbytes)))
        self._host_memory = int(nbytes)

    @property
    def progress(self):
        """The progress callable, or None (see the class's ``progress`` argument)."""
        return self._progress

    @progress.setter
    def progress(self, fn):
        if fn is not None and not callable(fn):
            raise TypeError("progress must be callable, not %r" % (fn,))
        self._progress = fn

    @property
    def stage(self):
        """Inside a progress callback: the stage being done, or None."""
        p = lib.fr_progress_stage(self.ptr)
        return text(p) if p != ffi.NULL else None

    @property
    def last_error(self):
        """The message of the last failed call ("" if none)."""
        return text(lib.fr_last_error(self.ptr))

    # -- calling the library
    def _on_progress(self, done):
        if self._progress is not None:
            return 1 if self._progress(done, self.stage) else 0
        return 0

    def check(self, status):
        """Raise the library's error for a failed status (else nothing)."""
        check(self.ptr, status)

    def call(self, fn, *args):
        """Call library function ``fn(ctx, *args)``; raise its error, or the
        exception the progress callback raised."""
        self._progress_error = None
        status = fn(self.ptr, *args)
        err, self._progress_error = self._progress_error, None
        if err is not None:
            raise err
        self.check(status)
        return status


def _progress_callback(ref):
    """The C progress callback of the context ``ref()`` (a weak reference:
    no cycle, so a context is freed as soon as it is dropped). An exception
    in it (the user's callable, or a signal such as Ctrl-C arriving while
    Python runs it) cancels the work and is kept for ``Context.call`` to
    raise."""

    def on_progress(done, user):
        return ref()._on_progress(done)

    def on_error(exc_type, exc, tb):
        ctx = ref()
        if ctx is not None and ctx._progress_error is None:
            ctx._progress_error = exc if exc is not None else exc_type()
        return 1

    return ffi.callback("fr_progress_fn", on_progress, onerror=on_error)


@contextlib.contextmanager
def using(context, options):
    """The context of one call: ``context`` itself, or one made of the run
    options (device=..., threads=..., ...) and closed after the call."""
    options = {k: v for k, v in options.items() if v is not None}
    if context is None:
        ctx = Context(**options)
        try:
            yield ctx
        finally:
            ctx.close()
        return
    if options:
        raise TypeError("give %s to the Context, not beside context=" % ", ".join(sorted(options)))
    yield context


#: One CUDA device (``fr_device_info``'s fields).
DeviceInfo = collections.namedtuple("DeviceInfo", struct_fields("fr_device_info"))


def cuda_built():
    """True when this library has the CUDA backend."""
    return bool(lib.fr_cuda_built())


def cuda_devices():
    """The CUDA devices present, as :class:`DeviceInfo` tuples ([] when
    there is none or the library has no CUDA backend)."""
    if not lib.fr_cuda_built():
        return []
    ctx = Context(device=None)
    n = ffi.new("int *")
    ctx.check(lib.fr_cuda_devices(ctx.ptr, n))
    out = []
    info = ffi.new("fr_device_info *")
    for i in range(n[0]):
        ctx.check(lib.fr_cuda_device_info(ctx.ptr, i, info))
        values = []
        for name in DeviceInfo._fields:
            v = getattr(info, name)
            values.append(ffi.string(v).decode() if name == "name" else v)
        out.append(DeviceInfo(*values))
    return out


def cpu_kernel_best():
    """The CPU kernel "auto" picks on this processor ("avx2" or "scalar")."""
    return text(lib.fr_cpu_kernel_name(lib.fr_cpu_kernel_best()))

