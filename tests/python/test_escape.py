"""Escape time: arrays, shapes and dtypes, and the same bytes as the CLI."""

import subprocess

import numpy as np
import pytest

import fractalis as fr

SEAHORSE = dict(size=(160, 90), center=(-0.7436, 0.1318), width=0.012, iter=2000)
SEAHORSE_ARGS = ["--size", "160x90", "--center", "-0.7436,0.1318", "--width", "0.012", "--iter", "2000"]


def run_cli(cli, *args):
    subprocess.run([cli, *map(str, args), "-q"], check=True, capture_output=True)


def test_render_arrays():
    r = fr.render("mandelbrot", **SEAHORSE)
    assert r.image.shape == (90, 160, 3) and r.image.dtype == np.uint8
    assert r.counts.shape == (90, 160) and r.counts.dtype == np.uint32
    assert r.values.shape == (90, 160) and r.values.dtype == np.float32
    assert r.counts.max() == 2000 and r.counts.min() >= 1   # interior and escaping points
    interior = r.counts == 2000
    assert (r.values[interior] == -1).all() and (r.values[~interior] > 0).all()
    assert isinstance(r.stats, fr.EscapeStats) and r.stats.samples == 160 * 90
    assert r.stats.interior == interior.sum()
    assert r.scene["iter"] == 2000 and r.scene["size"] == (160, 90)
    image, counts, values, stats, scene = r   # a namedtuple
    assert scene == r.scene


def test_count_mode_aa_and_depth():
    r = fr.render("julia", size=(40, 30), aa=2, color="count", depth=16, c=-0.4 + 0.6j)
    assert r.values is None
    assert r.counts.shape == (60, 80)          # the sample grid: aa x the image
    assert r.image.shape == (30, 40, 3) and r.image.dtype == np.uint16
    assert r.image.max() > 255
    only_raw = fr.render("julia", size=(40, 30), aa=2, color="count", c=-0.4 + 0.6j, image=False)
    assert only_raw.image is None and np.array_equal(only_raw.counts, r.counts)
    only_image = fr.render("tricorn", size=(40, 30), raw=False)
    assert only_image.counts is None and only_image.image.shape == (30, 40, 3)


def test_counts_identical_to_cli(cli, tmp_path):
    run_cli(cli, "render", "mandelbrot", *SEAHORSE_ARGS, "--color", "count", "-o", tmp_path / "cli.npy")
    r = fr.render("mandelbrot", color="count", **SEAHORSE)
    r.save(tmp_path / "py.npy")
    assert (tmp_path / "py.npy").read_bytes() == (tmp_path / "cli.npy").read_bytes()
    assert np.array_equal(np.load(tmp_path / "cli.npy"), r.counts)


def test_values_and_image_identical_to_cli(cli, tmp_path):
    run_cli(cli, "render", "mandelbrot", *SEAHORSE_ARGS, "--palette", "ultra", "-o", tmp_path / "cli.npy")
    run_cli(cli, "render", "mandelbrot", *SEAHORSE_ARGS, "--palette", "ultra", "-o", tmp_path / "cli.png")
    r = fr.render("mandelbrot", palette="ultra", **SEAHORSE)
    assert np.array_equal(np.load(tmp_path / "cli.npy"), r.values)
    image, meta = fr.read_png(tmp_path / "cli.png")
    assert np.array_equal(image, r.image)
    assert fr.scene_from_json(meta) == r.scene
    r.save(tmp_path / "py.png")   # the same PNG, scene and all
    assert (tmp_path / "py.png").read_bytes() == (tmp_path / "cli.png").read_bytes()


def test_deep_zoom_identical_to_cli(cli, tmp_path):
    # a Burning Ship view at 1e-30 (tests/data/deep/ship-1e-30.view)
    re_ = "0.32949841366872126989896595519239730229263655896"
    im = "0.43933121822496169319862127358986306972351541194"
    run_cli(cli, "render", "burningship", "--size", "64x36", "--center", re_ + "," + im, "--width", "1e-30",
            "--iter", "3000", "--color", "count", "-o", tmp_path / "cli.npy")
    r = fr.render("burningship", size=(64, 36), center=(re_, im), width="1e-30", iter=3000, color="count")
    assert r.stats.deep >= 1 and r.scene.deep
    assert r.scene["center"] == (re_, im)       # every digit kept
    assert np.array_equal(np.load(tmp_path / "cli.npy"), r.counts)
    # past double's exponent range
    far = fr.render("mandelbrot", size=(16, 9), center=("-1.99999999913827011875827476290869498831680913", "0"),
                    width="1e-500", iter=500, image=False)
    assert far.scene["width"] == "1e-500" and far.stats.deep == 2


def test_save_formats(tmp_path):
    r = fr.render("multibrot", size=(32, 20), power=4)
    r.save(tmp_path / "a.ppm")
    assert (tmp_path / "a.ppm").read_bytes().startswith(b"P6\n32 20\n255\n")
    r.save(tmp_path / "a.json")
    assert fr.read_scene(tmp_path / "a.json") == r.scene
    if fr.lib.fr_have_jpeg():
        r.save(tmp_path / "a.jpg")
        assert (tmp_path / "a.jpg").read_bytes()[:2] == b"\xff\xd8"
    with pytest.raises(ValueError):
        r.save(tmp_path / "a.txt")
