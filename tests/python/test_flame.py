"""Flames: genomes read and written, renders, and the CLI's bytes."""

import subprocess

import numpy as np
import pytest

import fractalis as fr


@pytest.fixture(scope="module")
def sheep(corpus):
    return corpus / "electricsheep.244.01031.flam3"


def test_genomes(data):
    g = fr.read_genomes(data / "motion-triangle.flam3")
    assert len(g) == 1 and g.names == ["motion-triangle"]
    assert g.size(0) == (200, 150) and g["motion-triangle"].index == 0 and g[-1].index == 0
    assert [x.name for x in g] == ["motion-triangle"]
    with pytest.raises(KeyError):
        g["no such genome"]
    with pytest.raises(IndexError):
        g[1]


def test_genome_round_trip(sheep, tmp_path):
    g = fr.read_genomes(sheep)
    xml = g.xml(0)
    assert xml.lstrip().startswith("<flame")
    again = fr.Genomes.from_xml(xml)
    assert again.xml(0) == xml and again.names == g.names
    g.write(tmp_path / "out.flam3")
    assert fr.read_genomes(tmp_path / "out.flam3").xml(0) == xml
    g[0].write(tmp_path / "one.flam3")
    assert fr.read_genomes(tmp_path / "one.flam3").xml(0) == xml


def test_render_arrays(sheep):
    r = fr.render_flame(sheep, size=(80, 60), quality=20, supersample=2)
    assert r.image.shape == (60, 80, 4) and r.image.dtype == np.uint8
    assert r.buckets.shape == (120, 160, 5) and r.buckets.dtype == np.uint32
    assert r.supersample == 2 and r.options["quality"] == 20
    assert (r.image[..., 3] == 255).all()     # opaque without transparent=True
    assert r.buckets[..., 4].sum() > 0 and isinstance(r.stats, fr.FlameStats)
    t = fr.render_flame(sheep, size=(40, 30), quality=5, transparent=True, depth=16, raw=False)
    assert t.buckets is None and t.image.dtype == np.uint16 and t.image[..., 3].min() < 65535
    b = fr.read_genomes(sheep).render(0, size=(40, 30), quality=5, image=False)
    assert b.image is None and b.buckets.shape[2] == 5


def test_identical_to_cli(sheep, cli, tmp_path):
    subprocess.run([cli, "render", "flame", sheep, "--size", "80x60", "--quality", "20", "--seed", "3", "-q",
                    "--device", "cpu", "-o", tmp_path / "cli.png", "--raw", tmp_path / "cli.npy"], check=True)
    r = fr.render_flame(sheep, size=(80, 60), quality=20, seed=3, device="cpu")
    assert np.array_equal(np.load(tmp_path / "cli.npy"), r.buckets)
    r.save(tmp_path / "py.png")
    r.save(tmp_path / "py.npy")
    assert (tmp_path / "py.png").read_bytes() == (tmp_path / "cli.png").read_bytes()
    assert (tmp_path / "py.npy").read_bytes() == (tmp_path / "cli.npy").read_bytes()


def test_xml_text_render(data):
    xml = (data / "motion-triangle.flam3").read_text()
    r = fr.render_flame(xml, size=(40, 30), quality=5)
    assert r.image.shape == (30, 40, 4)


def test_corrupt_genomes(tmp_path):
    bad = tmp_path / "bad.flam3"
    bad.write_text('<flames>\n<flame name="x">\n<xform weight="1" coefs="1 0 0"/>\n</flame>\n</flames>\n')
    with pytest.raises(fr.ParseError) as e:
        fr.read_genomes(bad)
    assert "bad.flam3:3" in str(e.value) and "xform" in str(e.value)
    with pytest.raises(fr.ParseError) as e:
        fr.Genomes.from_xml("<flames><flame")
    assert "<xml>" in str(e.value)
    with pytest.raises(fr.FileError):
        fr.read_genomes(tmp_path / "missing.flam3")
    bad.write_bytes(b"\x00\xff garbage \x89PNG")
    with pytest.raises(fr.FractalisError):
        fr.read_genomes(bad)
    with pytest.raises(fr.InvalidArgument) as e:
        fr.FlameOptions(quality=-1)
    assert "quality" in str(e.value)
