"""OpenEXR from Python: the same bytes as the CLI's -o x.exr, every family."""

import numpy as np
import pytest

import fractalis as fr

from test_escape import SEAHORSE, SEAHORSE_ARGS, run_cli


def test_escape_exr_identical_to_cli(cli, tmp_path):
    run_cli(cli, "render", "mandelbrot", *SEAHORSE_ARGS, "--aa", "2", "-o", tmp_path / "cli.exr")
    r = fr.render("mandelbrot", aa=2, smooth=True, **SEAHORSE)
    assert r.smooth.shape == r.counts.shape == (180, 320) and r.de is None
    interior = r.counts == 2000
    assert (r.smooth[interior] == -1).all() and (r.smooth[~interior] > 0).all()
    r.save(tmp_path / "py.exr")
    assert (tmp_path / "py.exr").read_bytes() == (tmp_path / "cli.exr").read_bytes()
    assert fr.read_scene(tmp_path / "py.exr") == r.scene
    image, counts, values, stats, scene = r   # still five fields
    with pytest.raises(ValueError, match="smooth=True"):
        fr.render("mandelbrot", **SEAHORSE).save(tmp_path / "no.exr")


def test_escape_exr_distance_identical_to_cli(cli, tmp_path):
    run_cli(cli, "render", "mandelbrot", *SEAHORSE_ARGS, "--color", "distance", "-o", tmp_path / "cli.exr")
    r = fr.render("mandelbrot", color="distance", smooth=True, de=True, **SEAHORSE)
    assert r.de.shape == (90, 160, 2) and r.de.dtype == np.float32
    outside = r.counts < 2000
    length = np.hypot(r.de[..., 0], r.de[..., 1])
    # the vector is as long as the distance estimate (the values, in the plane's
    # units), in sample spacings: 160 samples across a width of 0.012
    assert np.allclose(length[outside], r.values[outside] * 160 / 0.012, rtol=1e-4)
    assert (r.de[~outside] == 0).all()
    r.save(tmp_path / "py.exr")
    assert (tmp_path / "py.exr").read_bytes() == (tmp_path / "cli.exr").read_bytes()


def test_buddha_exr_identical_to_cli(cli, tmp_path):
    args = ["--size", "64x64", "--samples", "200000", "--iter", "200"]
    run_cli(cli, "render", "buddhabrot", *args, "-o", tmp_path / "cli.exr")
    r = fr.render("buddhabrot", size=(64, 64), samples=200000, iter=200)
    r.save(tmp_path / "py.exr")
    assert (tmp_path / "py.exr").read_bytes() == (tmp_path / "cli.exr").read_bytes()


def test_flame_exr_identical_to_cli(cli, corpus, tmp_path):
    sheep = corpus / "electricsheep.244.01031.flam3"
    run_cli(cli, "render", "flame", sheep, "--size", "80x60", "--quality", "20", "--seed", "3", "--device", "cpu",
            "--raw", tmp_path / "cli.exr", "-o", tmp_path / "cli.png")
    r = fr.render_flame(sheep, size=(80, 60), quality=20, seed=3, device="cpu")
    r.save(tmp_path / "py.exr")
    assert (tmp_path / "py.exr").read_bytes() == (tmp_path / "cli.exr").read_bytes()
