"""Orbit density: histograms, images, resuming, and the CLI's bytes."""

import subprocess

import numpy as np
import pytest

import fractalis as fr

VIEW = dict(size=(64, 64), samples=100000, seed=7)


def test_render_arrays():
    r = fr.render("buddhabrot", **VIEW)
    assert r.hist.shape == (1, 64, 64) and r.hist.dtype == np.uint64
    assert r.image.shape == (64, 64, 3) and r.image.dtype == np.uint8
    assert (r.image[..., 0] == r.image[..., 1]).all()   # grey for one channel
    assert r.samples == 100000 and r.stats.samples == 100000
    assert r.stats.total == r.hist.sum() and r.stats.max == r.hist.max()
    neb = fr.render("nebulabrot", size=(48, 32), samples=50000, depth=16)
    assert neb.hist.shape == (3, 32, 48) and neb.image.dtype == np.uint16
    assert neb.scene["channel"] == "r:0:5000,g:0:500,b:0:50"
    anti = fr.render("anti-buddhabrot", size=(32, 32), samples=20000, image=False)
    assert anti.image is None and anti.scene["anti"] is True and anti.hist.sum() > 0


def test_identical_to_cli(cli, tmp_path):
    subprocess.run([cli, "render", "buddhabrot", "--size", "64x64", "--samples", "100000", "--seed", "7", "-q",
                    "-o", tmp_path / "cli.npy", "-o", tmp_path / "cli.png"], check=True)
    r = fr.render("buddhabrot", **VIEW)
    assert np.array_equal(np.load(tmp_path / "cli.npy"), r.hist[0])
    image, meta = fr.read_png(tmp_path / "cli.png")
    assert np.array_equal(image, r.image)
    assert fr.scene_from_json(meta) == r.scene


def test_resume_is_one_longer_render(tmp_path):
    whole = fr.render("nebulabrot", size=(40, 40), samples=60000)
    half = fr.render("nebulabrot", size=(40, 40), samples=30000)
    before = half.hist.copy()
    rest = half.resume(samples=30000)
    assert np.array_equal(half.hist, before)              # the first result is left alone
    assert rest.samples == 60000 and rest.stats.samples == 30000
    assert np.array_equal(rest.hist, whole.hist)
    assert np.array_equal(rest.image, whole.image)
    # through files, as the CLI's --resume
    half.save(tmp_path / "h.npy")
    h = fr.load_histogram(tmp_path / "h.npy")
    assert h.samples == 30000 and np.array_equal(h.counts, half.hist) and h.scene == half.scene
    again = h.scene.replace(samples=30000).render(h)
    assert np.array_equal(again.hist, whole.hist)
    with pytest.raises(ValueError):
        fr.render("buddhabrot", size=(8, 8), samples=10, histogram=half)   # another shape


def test_tone_map_again():
    r = fr.render("buddhabrot", **VIEW)
    assert np.array_equal(r.scene.tone_map(r.hist), r.image)
    log = r.scene.replace(tone="log").tone_map(r)
    assert log.shape == r.image.shape and not np.array_equal(log, r.image)


def test_progress_stops_cleanly():
    calls = []

    def stop(done, stage):
        calls.append(done)
        return True

    r = fr.render("buddhabrot", size=(32, 32), samples=10**9, device="cpu", progress=stop)
    assert calls and r.stats.stopped == 1
    assert 0 < r.samples < 10**9 and r.hist.sum() == r.stats.total
