"""Contexts: devices, threads, progress and cancelling; the library's loading."""

import gc
import os
import signal
import subprocess
import sys

import numpy as np
import pytest

import fractalis as fr


def test_device_and_threads():
    with fr.Context(device="cpu", threads=2, kernel="scalar") as ctx:
        assert ctx.device == "cpu" and ctx.threads == 2 and ctx.device_count == 1
        scalar = fr.render("mandelbrot", size=(48, 27), context=ctx)
        ctx.kernel = "auto"
        auto = fr.render("mandelbrot", size=(48, 27), context=ctx)
        assert np.array_equal(scalar.counts, auto.counts)
        with pytest.raises(fr.InvalidArgument, match="threads"):
            ctx.threads = -1
        with pytest.raises(TypeError):
            fr.render("mandelbrot", context=ctx, threads=1)
    with pytest.raises(ValueError):
        ctx.device
    assert fr.Context().device in ("cpu", "cuda:0") or fr.Context().device.startswith("cuda")
    if not fr.cuda_built():
        with pytest.raises(fr.Unsupported) as e:
            fr.Context(device="cuda")
        assert str(e.value)
        assert fr.cuda_devices() == []
    assert fr.cpu_kernel_best() in ("avx2", "scalar")


def test_progress_cancels():
    seen = []

    def cancel(done, stage):
        seen.append(done)
        return True

    # (one thread: the library calls back at least at the end of the work;
    # with more, at most 20 times a second from the calling thread)
    with pytest.raises(fr.Cancelled) as e:
        fr.render("mandelbrot", size=(320, 180), device="cpu", threads=1, progress=cancel)
    assert seen and e.value.status == fr.lib.FR_ERR_CANCELLED
    with pytest.raises(fr.Cancelled):
        fr.render_flame(fr.Genomes.from_xml(FLAME), size=(40, 30), quality=50, device="cpu", progress=cancel)


def test_progress_reports_and_exceptions_propagate():
    seen = []
    r = fr.render("mandelbrot", size=(64, 36), device="cpu", threads=1,
                  progress=lambda done, stage: seen.append(done))
    assert r.image is not None and seen and all(0 <= d <= 1 for d in seen)

    class Boom(Exception):
        pass

    def boom(done, stage):
        raise Boom("from the callback")

    with pytest.raises(Boom):
        fr.render("mandelbrot", size=(64, 36), device="cpu", threads=1, progress=boom)

    def interrupt(done, stage):   # Ctrl-C during a render
        os.kill(os.getpid(), signal.SIGINT)

    with pytest.raises(KeyboardInterrupt):
        fr.render("mandelbrot", size=(64, 36), device="cpu", threads=1, progress=interrupt)
    with fr.Context(device="cpu", progress=boom, threads=1) as ctx:
        with pytest.raises(Boom):
            fr.render("julia", size=(16, 9), context=ctx)
        ctx.progress = None
        fr.render("julia", size=(16, 9), context=ctx)


def test_contexts_are_freed():
    for _ in range(200):
        fr.Context()
    gc.collect()


def test_library_location(tmp_path):
    env = dict(os.environ, FRACTALIS_LIBRARY=str(tmp_path / "nothing.so"))
    p = subprocess.run([sys.executable, "-c", "import fractalis"], env=env, capture_output=True, text=True)
    assert p.returncode != 0 and "nothing.so" in p.stderr
    assert os.path.samefile(fr.library_path, os.environ["FRACTALIS_LIBRARY"])


FLAME = """<flames><flame name="t" size="64 48" center="0 0" scale="20" quality="50" brightness="4">
<xform weight="0.5" color="0" linear="1" coefs="0.5 0 0 0.5 0 0"/>
<xform weight="0.5" color="1" linear="1" coefs="0.5 0 0 0.5 0.5 0.5"/>
<color index="0" rgb="255 0 0"/><color index="255" rgb="0 0 255"/>
</flame></flames>"""
