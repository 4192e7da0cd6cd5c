"""fractalis animate end to end through the real families (escape-time
zoom, flame timeline) and the frame loop: PNG sequences (8 and 16 bits),
videos read back, --resume and Ctrl-C."""
import os
import signal
import subprocess
import time

from animate_support import FRACTALIS, SOURCE, listing, need_video, png, probe, run, tmpdir

ZOOM = [FRACTALIS, "animate", "mandelbrot", "--size", "64x48", "--zoom-to", "1e-3", "--device", "cpu"]
FLAME = [FRACTALIS, "animate", "flame", os.path.join(SOURCE, "tests/data/motion-triangle-keys.flam3"),
         "--size", "64x48", "--quality", "20", "--device", "cpu"]


def test_help_and_codecs():
    r = run([FRACTALIS, "animate", "--help"])
    assert r.returncode == 0
    for word in ("flame", "mandelbrot", "--codec", "--crf", "--fps", "--depth", "--resume", "--keep-frames"):
        assert word in r.stdout, word
    r = run([FRACTALIS, "animate", "--codecs"])
    assert r.returncode == 0
    if os.environ.get("VIDEO_PROBE"):
        assert "libx264" in r.stdout and "ffv1" in r.stdout


def test_zoom_pattern_and_resume():
    d = tmpdir("fam")
    r = run(ZOOM + ["--frames", "5", "-o", f"{d}/m-%03d.png", "--quiet"])
    assert r.returncode == 0, r.stderr
    assert listing(d) == [f"m-{k:03d}.png" for k in range(5)]
    metas = [png(f"{d}/m-{k:03d}.png")[3] for k in range(5)]
    assert all(metas) and len(set(metas)) == 5  # each frame carries its own scene
    before = {k: os.stat(f"{d}/m-{k:03d}.png").st_mtime_ns for k in range(5)}
    os.unlink(f"{d}/m-002.png")
    with open(f"{d}/m-003.png", "r+b") as f:
        f.truncate(60)
    time.sleep(0.01)
    r = run(ZOOM + ["--frames", "5", "-o", f"{d}/m-%03d.png", "--resume", "--quiet"])
    assert r.returncode == 0, r.stderr
    for k in (0, 1, 4):
        assert os.stat(f"{d}/m-{k:03d}.png").st_mtime_ns == before[k]
    assert [png(f"{d}/m-{k:03d}.png")[3] for k in range(5)] == metas
    r = run(ZOOM + ["--frames", "2", "-o", f"{d}/d-%d.png", "--depth", "16", "--quiet"])
    assert r.returncode == 0, r.stderr
    assert png(f"{d}/d-1.png")[2] == 16
    assert '"depth": 16' in png(f"{d}/d-1.png")[3]  # rendered at 16 bits, not widened from 8
    # --scenes takes a name pattern as -o does: nothing else reaches printf
    for bad in ("s-%s%s.json", "s-%n.json", "s-%d.png"):
        r = run(ZOOM + ["--frames", "2", "--scenes", f"{d}/{bad}"])
        assert r.returncode == 2 and "--scenes" in r.stderr, (bad, r.stderr)
    r = run(ZOOM + ["--frames", "2", "--scenes", f"{d}/s-%02d.json"])
    assert r.returncode == 0 and os.path.exists(f"{d}/s-01.json"), r.stderr


def test_flame_frames_and_video():
    d = tmpdir("fam")
    r = run(FLAME + ["--frames", "0:2", "-o", f"{d}/f-%02d.png", "--quiet"])
    assert r.returncode == 0, r.stderr
    assert listing(d) == ["f-00.png", "f-01.png", "f-02.png"]
    # --resume reuses a frame only when the render options are the same too
    r = run([a if a != "64x48" else "96x72" for a in FLAME] + ["--frames", "0:2", "-o", f"{d}/f-%02d.png",
                                                              "--resume", "--quiet"])
    assert r.returncode == 0, r.stderr
    assert png(f"{d}/f-01.png")[:2] == (96, 72)
    need_video()
    r = run(FLAME + ["--frames", "0:2", "-o", f"{d}/f.mp4", "--quiet"])
    assert r.returncode == 0, r.stderr
    v = probe(f"{d}/f.mp4")
    assert (v["frames"], v["width"], v["height"]) == ("3", "64", "48")
    assert not os.path.exists(f"{d}/f.mp4.frames")


def test_zoom_video_ctrl_c():
    need_video()
    d = tmpdir("fam")
    cmd = ZOOM[:3] + ["--size", "160x120", "--zoom-to", "1e-9", "--device", "cpu", "--frames", "400",
                      "-o", f"{d}/z.mkv"]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    folder = f"{d}/z.mkv.frames"
    t0 = time.time()
    while time.time() - t0 < 120 and p.poll() is None:
        if os.path.isdir(folder) and len(os.listdir(folder)) >= 3:
            break
        time.sleep(0.01)
    assert p.poll() is None, "the zoom ended before it could be interrupted"
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 128 + signal.SIGINT, err
    kept = listing(folder)
    assert kept == [f"frame-{k:05d}.png" for k in range(len(kept))]
    assert probe(f"{d}/z.mkv")["frames"] == str(len(kept))
