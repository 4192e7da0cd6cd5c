"""Scenes and parameters: Python values, JSON, PNG metadata, errors."""

import datetime
import json
import subprocess

import numpy as np
import pytest

import fractalis as fr


def test_python_values_to_parameters():
    s = fr.EscapeScene("julia", size=(320, 200), c=-0.4 + 0.6j, palette_offset=0.25, interior=(255, 128, 0),
                       interior_test=False, palette=["#000000", (255, 255, 255), "ff0000"], iter=np.int64(300),
                       width=np.float32(2.5))
    assert s["formula"] == "julia" and s["size"] == (320, 200)
    assert s["c"] == (-0.4, 0.6) and s["palette-offset"] == 0.25 and s["palette_offset"] == 0.25
    assert s["interior"] == "#ff8000" and s["interior_test"] is False
    assert s.text("size") == "320x200" and s["iter"] == 300 and s["width"] == 2.5
    assert s["palette"] == "#000000,#ffffff,#ff0000"
    s["center"] = ("-0.1", 0.5)
    assert s["center"] == (-0.1, 0.5)
    s.set(zoom=2)                                 # an alias: sets width
    assert s["width"] == 2.0 and "zoom" not in s.keys()
    b = fr.BuddhaScene(channel=["r:0:500", "g:0:50", "b:0:5"], region=(-2, 1, -1.5, 1.5), time=datetime.timedelta(minutes=5))
    assert b.channels == 3 and b["channel"] == "r:0:500,g:0:50,b:0:5"
    assert b["region"] == "-2,1,-1.5,1.5" and b["time"] == 300.0
    b.set(iter=200)
    assert b["channel"] == "r:0:200,g:0:200,b:0:200"
    with pytest.raises(TypeError):
        fr.EscapeScene(size=object())


def test_parameter_table():
    rows = {p.name: p for p in fr.EscapeScene.parameters()}
    assert rows["iter"].type == "uint" and rows["iter"].default == 1000 and rows["iter"].range == "1..2147483647"
    assert rows["color"].choices == ("count", "smooth", "histogram", "distance")
    assert rows["zoom"].alias and rows["zoom"].default is None
    assert {p.name for p in fr.BuddhaScene.parameters()} >= {"channel", "samples", "tone"}
    assert fr.FlameOptions().keys()[:2] == ["size", "quality"]


def test_errors_carry_the_librarys_message():
    with pytest.raises(fr.InvalidArgument) as e:
        fr.render("mandelbrot", iter=0)
    assert str(e.value) == "iter 0 is out of range 1..2147483647"
    assert e.value.status == fr.lib.FR_ERR_INVALID and e.value.status_name == "invalid argument"
    assert isinstance(e.value, ValueError)
    with pytest.raises(fr.InvalidArgument, match="unknown parameter 'no-such'"):
        fr.EscapeScene(no_such=1)
    with pytest.raises(fr.InvalidArgument, match="^center"):
        fr.EscapeScene(center="1,2,3")
    with pytest.raises(fr.InvalidArgument, match="channel 'q:0:9'"):
        fr.BuddhaScene(channel="q:0:9")
    with pytest.raises(fr.InvalidArgument, match="formula"):
        fr.EscapeScene("mandelbox")
    with pytest.raises(ValueError):
        fr.render("mandelbox")


def test_json_round_trip():
    s = fr.EscapeScene("burningship", size=(64, 48), center=("-1.762", "-0.028"), width=0.09, color="histogram")
    text = s.to_json()
    assert json.loads(text)["fractalis"] == "escape"
    again = fr.scene_from_json(text)
    assert isinstance(again, fr.EscapeScene) and again == s and again.to_json() == text
    d = s.to_dict()
    assert d["formula"] == "burningship" and d["size"] == "64x48"
    assert fr.scene_from_dict(d) == s
    b = fr.BuddhaScene("nebulabrot", samples=1000)
    assert fr.scene_from_json(b.to_json()) == b and fr.scene_from_dict(b.to_dict()) == b
    assert b != s and s.copy() == s and s.replace(iter=5) != s
    deep = fr.EscapeScene(center=("-1." + "1" * 80, "0." + "2" * 80), width="1e-70")
    assert fr.scene_from_json(deep.to_json())["center"] == ("-1." + "1" * 80, "0." + "2" * 80)


def test_png_metadata_round_trip(tmp_path, cli):
    r = fr.render("julia", size=(48, 32), c=(-0.8, 0.156), palette="fire")
    r.save(tmp_path / "j.png")
    assert fr.read_scene(tmp_path / "j.png") == r.scene
    image, meta = fr.read_png(tmp_path / "j.png")
    assert np.array_equal(image, r.image) and fr.scene_from_json(meta) == r.scene
    # the CLI renders the same image from the PNG's scene
    subprocess.run([cli, "render", "--from", tmp_path / "j.png", "-q", "-o", tmp_path / "cli.png"], check=True)
    assert (tmp_path / "cli.png").read_bytes() == (tmp_path / "j.png").read_bytes()
    fr.write_image(tmp_path / "w.png", r.image, r.scene)
    assert fr.read_scene(tmp_path / "w.png") == r.scene
    fr.write_image(tmp_path / "plain.png", np.zeros((4, 5, 4), np.uint16))
    image, meta = fr.read_png(tmp_path / "plain.png")
    assert meta is None and image.dtype == np.uint16 and image.shape == (4, 5, 3)
    with pytest.raises(fr.ParseError, match="no fractalis scene"):
        fr.read_scene(tmp_path / "plain.png")


def test_corrupt_files(tmp_path):
    (tmp_path / "bad.json").write_text('{"fractalis": "escape", "iter": ')
    with pytest.raises(fr.ParseError):
        fr.read_scene(tmp_path / "bad.json")
    (tmp_path / "bad.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 40)
    with pytest.raises(fr.FractalisError):
        fr.read_png(tmp_path / "bad.png")
    with pytest.raises(fr.FractalisError):
        fr.read_scene(tmp_path / "bad.png")
    with pytest.raises(fr.FileError) as e:
        fr.read_scene(tmp_path / "missing.json")
    assert isinstance(e.value, OSError) and "missing.json" in str(e.value)
    with pytest.raises(fr.ParseError):
        fr.scene_from_json('{"fractalis": "escape", "iter": "many"}')
    (tmp_path / "h.npy").write_bytes(b"\x93NUMPY garbage")
    with pytest.raises(fr.FractalisError):
        fr.load_histogram(tmp_path / "h.npy")


def test_kfr_location(cli, corpus, tmp_path):
    kfr = corpus.parent / "kfr" / "1e14.kfr"
    subprocess.run([cli, "render", "--from", kfr, "--size", "64x36", "-q", "-o", tmp_path / "cli.png"], check=True)
    s = fr.read_scene(kfr, size=(64, 36))
    assert s["size"] == (64, 36) and s.deep
    assert s == fr.read_scene(tmp_path / "cli.png")
    with pytest.raises(fr.FractalisError):
        fr.EscapeScene.from_kfr("not a location")


@pytest.mark.skipif(getattr(fr.lib, "fr_exr_read_meta", None) is None, reason="this library has no OpenEXR")
def test_exr_scene(cli, tmp_path):
    subprocess.run([cli, "render", "julia", "--size", "32x18", "--iter", "300", "-q", "-o", tmp_path / "j.exr"],
                   check=True)
    assert fr.read_scene(tmp_path / "j.exr") == fr.EscapeScene("julia", size=(32, 18), iter=300)
    (tmp_path / "bad.exr").write_bytes(b"v/1\x01 not an exr")
    with pytest.raises(fr.ParseError):
        fr.read_scene(tmp_path / "bad.exr")
