"""The frame loop of fractalis animate (tools/fractalis/animate/animate_frames.c)
through tests/animate_driver.c, a stand-in family of small Mandelbrot frames
rendered by the library: PNG patterns, --resume, video, the frames folder,
errors and Ctrl-C."""
import os
import re
import shutil
import signal
import subprocess
import time

from animate_support import DRIVER, PROBE, listing, need_video, png, probe, run, tmpdir


def rendered(r):
    m = re.search(r"rendered=(\d+)", r.stdout)
    assert m, r.stdout + r.stderr
    return int(m.group(1))


def test_pattern_8_and_16_bits():
    d = tmpdir("loop")
    r = run([DRIVER, "5", "-o", f"{d}/f-%03d.png", "--quiet"])
    assert r.returncode == 0, r.stderr
    assert listing(d) == [f"f-{k:03d}.png" for k in range(5)]
    for k in range(5):
        w, h, depth, meta = png(f"{d}/f-{k:03d}.png")
        assert (w, h, depth) == (64, 48, 8)
        assert meta == f"driver frame {k} 64x48 iter 200 depth 8"
    r = run([DRIVER, "2", "-o", f"{d}/s%d.png", "--depth", "16", "--quiet"])
    assert r.returncode == 0, r.stderr
    assert png(f"{d}/s1.png")[2] == 16


def test_pattern_checked():
    d = tmpdir("loop")
    for bad, why in [("f-%s.png", "integer conversion"), ("f.png", "one integer conversion"),
                     ("f-%d-%d.png", "several"), ("f-%05d.jpg", "PNG"), ("f-%n.png", "integer conversion")]:
        r = run([DRIVER, "2", "-o", f"{d}/{bad}"])
        assert r.returncode == 2, bad
        assert why in r.stderr, r.stderr
    assert listing(d) == []
    r = run([DRIVER, "2", "-o", f"{d}/100%%-%d.png", "--quiet"])  # %% is a percent sign
    assert r.returncode == 0, r.stderr
    assert listing(d) == ["100%-0.png", "100%-1.png"]
    for bad in (["--depth", "12"], ["--fps", "0"], ["--crf", "x"], ["--fps"]):
        r = run([DRIVER, "2", "-o", f"{d}/g%d.png"] + bad)
        assert r.returncode == 2, bad


def test_resume_reuses_verified_frames():
    d = tmpdir("loop")
    pat = f"{d}/f-%02d.png"
    assert run([DRIVER, "6", "-o", pat, "--quiet"]).returncode == 0
    before = {k: os.stat(f"{d}/f-{k:02d}.png").st_mtime_ns for k in range(6)}
    # frame 1 truncated, frame 2 gone, frame 3 another frame's picture (its meta differs)
    with open(f"{d}/f-01.png", "r+b") as f:
        f.truncate(os.path.getsize(f"{d}/f-01.png") // 2)
    os.unlink(f"{d}/f-02.png")
    shutil.copyfile(f"{d}/f-04.png", f"{d}/f-03.png")
    before[4] = os.stat(f"{d}/f-04.png").st_mtime_ns
    r = run([DRIVER, "6", "-o", pat, "--resume", "--quiet"])
    assert r.returncode == 0, r.stderr
    assert rendered(r) == 3  # 1, 2, 3
    assert listing(d) == [f"f-{k:02d}.png" for k in range(6)]
    for k in range(6):
        assert png(f"{d}/f-{k:02d}.png")[3] == f"driver frame {k} 64x48 iter 200 depth 8"
    for k in (0, 4, 5):
        assert os.stat(f"{d}/f-{k:02d}.png").st_mtime_ns == before[k]
    # another depth or another scene: nothing matches
    r = run([DRIVER, "6", "-o", pat, "--resume", "--quiet", "--iter", "300"])
    assert rendered(r) == 6
    r = run([DRIVER, "6", "-o", pat, "--resume", "--quiet", "--iter", "300", "--depth", "16"])
    assert rendered(r) == 6
    # without the family's meta function: any complete PNG of the depth is kept
    with open(f"{d}/f-04.png", "r+b") as f:
        f.truncate(100)
    r = run([DRIVER, "6", "-o", pat, "--resume", "--quiet", "--no-meta-fn", "--depth", "16"])
    assert rendered(r) == 1


def test_video_mp4_and_mkv():
    need_video()
    d = tmpdir("loop")
    r = run([DRIVER, "7", "-o", f"{d}/z.mp4", "--fps", "24", "--quiet"])
    assert r.returncode == 0, r.stderr
    assert listing(d) == ["z.mp4"]  # the frames folder is gone
    v = probe(f"{d}/z.mp4")
    assert (v["frames"], v["width"], v["height"], v["codec"], v["pix_fmt"]) == ("7", "64", "48", "h264", "yuv420p")
    assert abs(float(v["fps"]) - 24) < 1e-3
    r = run([DRIVER, "5", "-o", f"{d}/z.mkv", "--keep-frames", "--depth", "16", "--quiet"])
    assert r.returncode == 0, r.stderr
    v = probe(f"{d}/z.mkv")
    assert (v["frames"], v["codec"]) == ("5", "ffv1")
    assert listing(f"{d}/z.mkv.frames") == [f"frame-{k:05d}.png" for k in range(5)]
    assert png(f"{d}/z.mkv.frames/frame-00004.png")[2:] == (16, "driver frame 4 64x48 iter 200 depth 16")
    # --resume takes the kept frames and renders the missing one
    os.unlink(f"{d}/z.mkv.frames/frame-00002.png")
    r = run([DRIVER, "5", "-o", f"{d}/z.mkv", "--resume", "--depth", "16", "--quiet"])
    assert r.returncode == 0, r.stderr
    assert rendered(r) == 1
    assert probe(f"{d}/z.mkv")["frames"] == "5"
    assert not os.path.exists(f"{d}/z.mkv.frames")
    r = run([DRIVER, "3", "-o", f"{d}/z.webm", "--codec", "libvpx-vp9", "--crf", "40", "--quiet"])
    assert r.returncode == 0, r.stderr
    assert probe(f"{d}/z.webm")["codec"] == "vp9"


def test_writers_keep_the_order():
    """Several writer threads write PNGs at once; the encoder still takes
    the frames in order: the same video and frames as one writer."""
    need_video()
    d = tmpdir("loop")
    out = {}
    for n in ("1", "4"):
        env = dict(os.environ, FRACTALIS_WRITERS=n)
        r = subprocess.run([DRIVER, "9", "-o", f"{d}/w{n}.mkv", "--keep-frames", "--quiet"], capture_output=True,
                           text=True, timeout=120, env=env)
        assert r.returncode == 0, r.stderr
        with open(f"{d}/w{n}.mkv", "rb") as f:
            video = f.read()
        frames = []
        for k in range(9):
            with open(f"{d}/w{n}.mkv.frames/frame-{k:05d}.png", "rb") as f:
                frames.append(f.read())
        v = probe(f"{d}/w{n}.mkv")
        assert v["frames"] == "9"
        out[n] = (v["digest"], frames)  # the digest runs over the decoded frames in order
    assert len(set(out["1"][1])) == 9  # the frames differ: an out-of-order video would not match
    assert out["1"] == out["4"]
    env = dict(os.environ, FRACTALIS_WRITERS="9")
    r = subprocess.run([DRIVER, "2", "-o", f"{d}/bad.mkv", "--quiet"], capture_output=True, text=True, timeout=120,
                       env=env)
    assert r.returncode == 2 and "FRACTALIS_WRITERS '9'" in r.stderr, r.stderr
    assert not os.path.exists(f"{d}/bad.mkv") and not os.path.exists(f"{d}/bad.mkv.frames")


def test_video_errors_leave_no_video():
    need_video()
    d = tmpdir("loop")
    r = run([DRIVER, "3", "--size", "65x48", "-o", f"{d}/odd.mp4", "--quiet"])
    assert r.returncode == 1
    assert "even" in r.stderr, r.stderr
    assert not os.path.exists(f"{d}/odd.mp4")
    # the frame rendered is kept for --resume (here: as .mkv would take it)
    assert listing(f"{d}/odd.mp4.frames") == ["frame-00000.png"]
    r = run([DRIVER, "5", "-o", f"{d}/f.mkv", "--fail-at", "3", "--quiet"])
    assert r.returncode == 1
    assert "fails" in r.stderr
    assert not os.path.exists(f"{d}/f.mkv")
    assert listing(f"{d}/f.mkv.frames") == [f"frame-{k:05d}.png" for k in range(3)]
    r = run([DRIVER, "5", "-o", f"{d}/f.mkv", "--resume", "--quiet"])
    assert rendered(r) == 2 and probe(f"{d}/f.mkv")["frames"] == "5"
    # refused before any frame is rendered
    r = run([DRIVER, "2", "-o", f"{d}/c.mkv", "--codec", "nosuch", "--quiet"])
    assert r.returncode == 1 and "nosuch" in r.stderr
    assert rendered(r) == 0 and not os.path.exists(f"{d}/c.mkv") and not os.path.exists(f"{d}/c.mkv.frames")
    r = run([DRIVER, "2", "-o", f"{d}/c.webm", "--codec", "libx264", "--quiet"])
    assert r.returncode == 1 and "cannot hold libx264" in r.stderr and rendered(r) == 0
    r = run([DRIVER, "2", "-o", f"{d}/c.mkv", "--crf", "20", "--quiet"])  # FFV1 has none
    assert r.returncode == 1 and "crf" in r.stderr and rendered(r) == 0
    r = run([DRIVER, "2", "-o", f"{d}/nofolder/c.mkv", "--quiet"])
    assert r.returncode == 1 and "nofolder" in r.stderr


def interrupt(cmd, folder, frames_before):
    """Run cmd, send SIGINT once `frames_before` PNGs are in folder; the
    completed process and the seconds from the signal to its end."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    t0 = time.time()
    while time.time() - t0 < 120:
        if os.path.isdir(folder) and len([f for f in os.listdir(folder) if f.endswith(".png")]) >= frames_before:
            break
        if p.poll() is not None:
            break
        time.sleep(0.02)
    assert p.poll() is None, "the run ended before it could be interrupted: make the frames slower"
    p.send_signal(signal.SIGINT)
    t1 = time.time()
    out, err = p.communicate(timeout=120)
    return p.returncode, out, err, time.time() - t1


SLOW = ["--size", "360x240", "--iter", "5000", "--sleep", "150"]


def test_ctrl_c_video():
    need_video()
    d = tmpdir("loop")
    n = 40
    rc, out, err, _ = interrupt([DRIVER, str(n), "-o", f"{d}/c.mkv"] + SLOW, f"{d}/c.mkv.frames", 3)
    assert rc == 128 + signal.SIGINT, err
    assert "interrupted" in err
    frames = [f for f in listing(f"{d}/c.mkv.frames")]
    kept = len(frames)
    assert 3 <= kept < n
    assert frames == [f"frame-{k:05d}.png" for k in range(kept)]  # no temporary left either
    for f in frames:
        png(f"{d}/c.mkv.frames/{f}")
    assert listing(d) == ["c.mkv", "c.mkv.frames"]
    v = probe(f"{d}/c.mkv")  # playable, with every finished frame
    assert v["frames"] == str(kept) and v["width"] == "360"
    r = run([DRIVER, str(kept + 2), "-o", f"{d}/c.mkv", "--resume", "--quiet"] + SLOW)
    assert r.returncode == 0, r.stderr
    assert rendered(r) == 2
    assert probe(f"{d}/c.mkv")["frames"] == str(kept + 2)


def test_ctrl_c_pattern():
    d = tmpdir("loop")
    rc, out, err, took = interrupt([DRIVER, "40", "-o", f"{d}/p-%04d.png"] + SLOW, d, 2)
    assert rc == 128 + signal.SIGINT, err
    assert took < 2, "the frame being rendered should stop at once"
    frames = listing(d)
    assert 2 <= len(frames) < 40
    assert frames == [f"p-{k:04d}.png" for k in range(len(frames))]
    for f in frames:
        png(f"{d}/{f}")


def test_video_without_ffmpeg_is_refused():
    """A build without video says so before rendering anything."""
    if PROBE:
        return
    d = tmpdir("loop")
    r = run([DRIVER, "2", "-o", f"{d}/v.mp4"])
    assert r.returncode == 1 and "no video support" in r.stderr, r.stderr
    assert rendered(r) == 0 and listing(d) == []


def test_quiet_and_ffmpeg_silent():
    """--quiet prints nothing; FFmpeg's own log (x264's "using cpu
    capabilities", ...) never reaches stderr."""
    need_video()
    d = tmpdir("loop")
    for name, extra in (("q.mp4", []), ("q.mkv", []), ("q.webm", []), ("h.mp4", ["--codec", "libx265"])):
        r = run([DRIVER, "3", "-o", f"{d}/{name}", "--quiet"] + extra)
        assert r.returncode == 0 and r.stderr == "", (name, r.stderr)


def test_frames_folder_must_be_a_folder():
    need_video()
    d = tmpdir("loop")
    open(f"{d}/v.mkv.frames", "w").close()
    r = run([DRIVER, "2", "-o", f"{d}/v.mkv", "--quiet"])
    assert r.returncode == 1 and "not a folder" in r.stderr, r.stderr
    assert rendered(r) == 0 and listing(d) == ["v.mkv.frames"]


def test_progress_bar_on_a_terminal():
    """On a terminal: frame i/N, this frame's and the last frame's time, an ETA."""
    import pty
    d = tmpdir("loop")
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(DRIVER, [DRIVER, "6", "--sleep", "300", "-o", f"{d}/p-%d.png"])
    out = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    text = out.decode(errors="replace")
    assert re.search(r"frame 6/6 \[#+\.*\]", text), text
    assert "ETA" in text and "last 0.3s" in text, text
    assert "6 frames -> " in text


def test_video_into_a_fifo():
    """A FIFO is written in place (fragmented MP4, no probe header ahead)."""
    need_video()
    import threading
    d = tmpdir("loop")
    os.mkfifo(f"{d}/f.mp4")
    got = {}

    def reader():
        with open(f"{d}/f.mp4", "rb") as f:
            got["data"] = f.read()

    t = threading.Thread(target=reader)
    t.start()
    r = run([DRIVER, "4", "-o", f"{d}/f.mp4", "--quiet"])
    t.join(60)
    assert r.returncode == 0, r.stderr
    with open(f"{d}/out.mp4", "wb") as f:
        f.write(got["data"])
    assert probe(f"{d}/out.mp4")["frames"] == "4"
