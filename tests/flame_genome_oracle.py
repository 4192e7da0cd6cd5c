#!/usr/bin/env python3
"""fractalis's flame interpolation and genome tools against flam3-genome.

Each case runs /usr/bin/flam3-genome (Debian's flam3 3.1.1) with its
environment variables and `fractalis flame ...` with the matching options,
parses both outputs and compares the NUMBERS of every genome: camera, tone
and filter values, every xform's weight, colour, speeds, variation weights
and parameters, coefs, post, chaos, and the 256 palette entries. flam3
prints 6 significant digits (%g), so a value agrees when
|ours - flam3| <= 6e-6 |flam3| + 1e-9. Then everything fractalis wrote is
rendered by /usr/bin/flam3-render (a tiny image; exit 0 needed).

flam3-genome's animate= (flam3_interpolate at whole times; a keyframe's
own time prints the keyframe itself, so those times are left out) is the
oracle of `fractalis flame interpolate`; inter=, rotate=, sequence=,
clone=, strip= of the tools of the same names.

Usage: flame_genome_oracle.py --fractalis BIN --data DIR --corpus DIR CASE...
       (CASE 'list' prints the cases). Exit 0 when every case agrees.
A missing flam3-genome, flam3-render or input fails.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

FLAM3_GENOME = "/usr/bin/flam3-genome"
FLAM3_RENDER = "/usr/bin/flam3-render"
REL, ABS = 6e-6, 1e-9

# <flame> attributes compared as numbers, and as words
NUM_ATTRS = ["time", "size", "center", "scale", "zoom", "rotate", "supersample", "filter", "quality", "passes",
             "temporal_samples", "temporal_filter_width", "background", "brightness", "gamma", "highlight_power",
             "vibrancy", "estimator_radius", "estimator_minimum", "estimator_curve", "gamma_threshold",
             "hsv_rgb_palette_blend"]
FLAME_DEFAULTS = {"zoom": "0", "hsv_rgb_palette_blend": "0"}
WORD_ATTRS = ["filter_shape", "temporal_filter_type", "palette_mode", "interpolation", "interpolation_type",
              "palette_interpolation"]
WORD_DEFAULTS = {"interpolation": "linear"}
VARIATIONS, PARAMS = set(), set()  # from `fractalis flame variations`
XFORM_DEFAULTS = {"weight": "0", "color": "0", "color_speed": "0.5", "animate": "1", "opacity": "1",
                  "post": "1 0 0 1 0 0"}


def fail(msg):
    print("FAIL: " + msg)
    return 1


def nums(text):
    return [float(v) for v in text.split()]


WORST = [0.0]  # the largest relative difference seen (flam3's value above 1e-6)


def close(a, b):
    if abs(b) > 1e-6:
        WORST[0] = max(WORST[0], abs(a - b) / abs(b))
    return abs(a - b) <= REL * abs(b) + ABS


def palette_of(flame):
    """The 256 entries (r, g, b, a in 0..255) of a <flame>'s <color>s / <palette>."""
    pal = {}
    for c in flame.findall("color"):
        i = int(float(c.get("index")))
        if c.get("rgba") is not None:
            pal[i] = nums(c.get("rgba"))
        else:
            pal[i] = nums(c.get("rgb")) + [255.0]
    for p in flame.findall("palette"):
        text = "".join(p.text.split())
        fmt = p.get("format", "RGB").upper()
        w = 8 if fmt == "RGBA" else 6
        count = int(p.get("count", "256"))
        for i in range(min(count, len(text) // w)):
            if i in pal:
                continue
            v = [int(text[i * w + k:i * w + k + 2], 16) for k in range(0, w, 2)]
            pal[i] = [float(x) for x in v[:3]] + [float(v[3]) if w == 8 else 255.0]
    return pal


def xforms_of(flame):
    return [x for x in flame if x.tag in ("xform", "finalxform")]


def compare_xform(where, xa, xb, nstd):
    """xa: ours, xb: flam3's."""
    bad = []
    keys = set(xa.attrib) | set(xb.attrib)
    for k in sorted(keys):
        va, vb = xa.get(k), xb.get(k)
        if k in ("name",) or (k == "animate" and xb.tag == "finalxform" and vb is None):
            continue  # flam3_print leaves a final xform's animate out
        va, vb = xa.get(k), xb.get(k)
        if k == "chaos":
            ones = " ".join(["1"] * nstd)
            va, vb = va or ones, vb or ones
            la, lb = nums(va), nums(vb)
            la += [1.0] * (len(lb) - len(la))
            lb += [1.0] * (len(la) - len(lb))
        else:
            if va is None:
                va = XFORM_DEFAULTS.get(k)
            if vb is None:
                vb = XFORM_DEFAULTS.get(k)
            if va is None or vb is None:
                if k in VARIATIONS:
                    va, vb = va or "0", vb or "0"  # a variation left out has weight 0
                elif k in PARAMS:
                    continue  # a parameter is written only with its variation
                else:
                    bad.append("%s %s: %r vs flam3 %r" % (where, k, va, vb))
                    continue
            try:
                la, lb = nums(va), nums(vb)
            except ValueError:
                if va != vb:
                    bad.append("%s %s: %r vs flam3 %r" % (where, k, va, vb))
                continue
        if len(la) != len(lb) or not all(close(p, q) for p, q in zip(la, lb)):
            bad.append("%s %s: %s vs flam3 %s" % (where, k, va, vb))
    return bad


def compare_flame(where, fa, fb, opts):
    bad = []
    for k in NUM_ATTRS:
        if k in opts.get("skip", ()):
            continue
        va = fa.get(k, FLAME_DEFAULTS.get(k))
        vb = fb.get(k, FLAME_DEFAULTS.get(k))
        if va is None or vb is None:
            if va != vb:
                bad.append("%s %s: %r vs flam3 %r" % (where, k, va, vb))
            continue
        la, lb = nums(va), nums(vb)
        if len(la) != len(lb) or not all(close(p, q) for p, q in zip(la, lb)):
            bad.append("%s %s: %s vs flam3 %s" % (where, k, va, vb))
    for k in WORD_ATTRS:
        if k in opts.get("skip", ()):
            continue
        va = fa.get(k, WORD_DEFAULTS.get(k))
        vb = fb.get(k, WORD_DEFAULTS.get(k))
        if va != vb:
            bad.append("%s %s: %r vs flam3 %r" % (where, k, va, vb))
    if "name" not in opts.get("skip", ()) and (fa.get("name") or "") != (fb.get("name") or ""):
        bad.append("%s name: %r vs flam3 %r" % (where, fa.get("name"), fb.get("name")))
    xa, xb = xforms_of(fa), xforms_of(fb)
    if [x.tag for x in xa] != [x.tag for x in xb]:
        return bad + ["%s xforms: %s vs flam3 %s" % (where, [x.tag for x in xa], [x.tag for x in xb])]
    nstd = sum(1 for x in xb if x.tag == "xform")
    for i, (p, q) in enumerate(zip(xa, xb)):
        bad += compare_xform("%s %s %d" % (where, p.tag, i), p, q, nstd)
    pa, pb = palette_of(fa), palette_of(fb)
    if sorted(pa) != list(range(256)) or sorted(pb) != list(range(256)):
        bad.append("%s palette: %d entries vs flam3 %d" % (where, len(pa), len(pb)))
    else:
        for i in range(256):
            # flam3 prints colour * 255 with %.6g: 6 digits of a number below 256
            if not all(abs(p - q) <= 5e-4 + REL * abs(q) for p, q in zip(pa[i], pb[i])):
                bad.append("%s palette[%d]: %s vs flam3 %s" % (where, i, pa[i], pb[i]))
                break
    return bad


def flames_of(path):
    root = ET.parse(path).getroot()
    return [root] if root.tag == "flame" else list(root.iter("flame"))


class Runner:
    def __init__(self, args, tmp):
        self.fr, self.data, self.corpus, self.tmp = os.path.abspath(args.fractalis), args.data, args.corpus, tmp
        self.n = 0
        self.values = 0

    def path(self, name):
        p = os.path.join(self.data, name)
        if not os.path.exists(p):
            p = os.path.join(self.corpus, name)
        if not os.path.exists(p):
            raise FileNotFoundError(name)
        return os.path.abspath(p)

    def variant(self, src, **attrs):
        """A copy of src with <flame> attributes set on every genome."""
        text = open(src).read()

        def fix(m):
            tag = m.group(0)
            for k, v in attrs.items():
                if re.search(r'\s%s="[^"]*"' % k, tag):
                    tag = re.sub(r'(\s%s=)"[^"]*"' % k, r'\1"%s"' % v, tag)
                else:
                    tag = tag[:-1] + ' %s="%s">' % (k, v)
            return tag
        text = re.sub(r"<flame\s[^>]*>", fix, text)
        self.n += 1
        out = os.path.join(self.tmp, "v%d-%s" % (self.n, os.path.basename(src)))
        open(out, "w").write(text)
        return out

    def joined(self, files):
        """One file holding the genomes of files (flam3-genome reads one)."""
        body = []
        for f in files:
            t = open(f).read()
            t = re.sub(r"<\?xml[^>]*\?>", "", t)
            body.append(t)
        self.n += 1
        out = os.path.join(self.tmp, "joined%d.flam3" % self.n)
        open(out, "w").write("<joined>\n" + "\n".join(body) + "\n</joined>\n")
        return out

    def flam3(self, env):
        self.n += 1
        out = os.path.join(self.tmp, "flam3-%d.xml" % self.n)
        e = {k: v for k, v in os.environ.items() if k not in ("stagger", "frame", "nframes", "loops", "template")}
        e.update({k: str(v) for k, v in env.items()})
        with open(out, "w") as fo:
            r = subprocess.run([FLAM3_GENOME], env=e, stdout=fo, stderr=subprocess.PIPE, cwd=self.tmp)
        if r.returncode != 0:
            raise RuntimeError("flam3-genome %s failed: %s" % (env, r.stderr.decode()[-500:]))
        return out

    def ours(self, argv):
        self.n += 1
        out = os.path.join(self.tmp, "fractalis-%d.flam3" % self.n)
        r = subprocess.run([self.fr, "flame"] + argv + ["-q", "-o", out], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
        if r.returncode != 0:
            raise RuntimeError("fractalis flame %s failed: %s" % (" ".join(argv), r.stderr.decode()[-500:]))
        return out

    def render(self, path):
        """flam3-render reads back what fractalis wrote (tiny image)."""
        pre = os.path.join(self.tmp, "render%d-" % self.n)
        minh = min(int(f.get("size", "100 100").split()[1]) for f in flames_of(path))
        ss = min(1.0, max(0.05, 8.0 / max(minh, 1)))
        e = dict(os.environ, **{"in": path, "prefix": pre, "ss": "%g" % ss, "qs": "0.02", "format": "png",
                                "verbose": "0"})
        r = subprocess.run([FLAM3_RENDER], env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
        if r.returncode != 0:
            raise RuntimeError("flam3-render could not render %s: %s" % (path, r.stderr.decode()[-500:]))

    def compare(self, label, ours, ref, keep=None, **opts):
        fa, fb = flames_of(ours), flames_of(ref)
        if keep is not None:
            fb = [f for f in fb if keep(f)]
        if len(fa) != len(fb):
            return ["%s: %d genomes vs flam3 %d" % (label, len(fa), len(fb))]
        bad = []
        for i, (p, q) in enumerate(zip(fa, fb)):
            bad += compare_flame("%s genome %d (time %s)" % (label, i, q.get("time")), p, q, opts)
        self.values += sum(len(f.attrib) + sum(len(x.attrib) for x in f) for f in fb)
        self.render(ours)
        return bad


def animate_case(r, src, begin, end, stagger=0.0, **attrs):
    """fractalis flame interpolate at every whole time in begin..end that is
    not a keyframe's time, against flam3-genome animate=."""
    f = r.variant(r.path(src), **attrs) if attrs else r.path(src)
    keys = {float(x.get("time", "0")) for x in flames_of(f)}
    times = [t for t in range(begin, end + 1) if float(t) not in keys]
    ref = r.flam3({"animate": f, "begin": begin, "end": end, "stagger": stagger})
    argv = ["interpolate", f, "--stagger", str(stagger)]
    for t in times:
        argv += ["--time", str(t)]
    ours = r.ours(argv)
    # animate= prints interpolation_type="linear" for most interpolated
    # frames (flam3-genome's own edit) and leaves the name as it was
    return r.compare("animate %s %s" % (src, attrs), ours, ref,
                     keep=lambda fl: float(fl.get("time")) not in keys, skip=("interpolation_type", "name"))


ITYPES = ["linear", "log", "old", "older"]


def cases():
    c = {}
    for it in ITYPES:
        c["interp_" + it] = lambda r, it=it: animate_case(r, "interp-keys.flam3", -2, 12, interpolation_type=it)
        c["padding_" + it] = lambda r, it=it: animate_case(r, "interp-padding.flam3", 1, 9, interpolation_type=it)
    for pi in ["hsv", "sweep", "rgb", "hsv_circular"]:
        c["palette_" + pi] = lambda r, pi=pi: animate_case(r, "interp-keys.flam3", 1, 9, palette_interpolation=pi)
    c["palette_hsv_rgb_blend"] = lambda r: animate_case(r, "interp-keys.flam3", 1, 9,
                                                        palette_interpolation="hsv_circular",
                                                        hsv_rgb_palette_blend="0.4")
    c["stagger_log"] = lambda r: animate_case(r, "interp-keys.flam3", 1, 9, stagger=0.6)
    c["stagger_linear"] = lambda r: animate_case(r, "interp-keys.flam3", 1, 9, stagger=1.0,
                                                 interpolation_type="linear")
    c["smooth"] = lambda r: animate_case(r, "interp-smooth.flam3", 1, 29)
    c["interp_corpus"] = lambda r: animate_case(
        r, r.joined([r.variant(r.path("electricsheep.244.01031.flam3"), time="0"),
                     r.variant(r.path("electricsheep.244.10471.flam3"), time="20")]), 1, 19)

    def inter(r, files, frames, nframes, stagger=0.0, **attrs):
        f = r.joined([r.variant(r.path(x), **attrs) if attrs else r.path(x) for x in files])
        bad = []
        for fr in frames:
            ref = r.flam3({"inter": f, "frame": fr, "nframes": nframes, "stagger": stagger})
            ours = r.ours(["inter", f, "--frame", str(fr), "--nframes", str(nframes), "--stagger", str(stagger)])
            bad += r.compare("inter frame %d" % fr, ours, ref)
        return bad
    sheep = ["electricsheep.244.01031.flam3", "electricsheep.244.10471.flam3"]
    c["inter_corpus"] = lambda r: inter(r, sheep, [0, 7, 19], 20)
    c["inter_corpus_stagger"] = lambda r: inter(r, sheep, [5, 13], 20, stagger=0.5)
    for it in ITYPES:
        c["inter_keys_" + it] = lambda r, it=it: inter(r, ["interp-keys.flam3"], [1, 4, 9], 10,
                                                       interpolation_type=it)
    c["inter_padding"] = lambda r: inter(r, ["interp-padding.flam3"], [2, 6], 10)
    c["inter_final"] = lambda r: inter(r, ["electricsheep.244.22018.flam3", "electricsheep.244.33532.flam3"],
                                       [3, 6], 8)

    def rotate(r, src, frames, nframes):
        bad = []
        for fr in frames:
            ref = r.flam3({"rotate": r.path(src), "frame": fr, "nframes": nframes})
            ours = r.ours(["rotate", r.path(src), "--frame", str(fr), "--nframes", str(nframes)])
            bad += r.compare("rotate frame %d" % fr, ours, ref)
        return bad
    c["rotate_corpus"] = lambda r: rotate(r, "electricsheep.244.01031.flam3", [0, 10, 57], 100)
    c["rotate_motion"] = lambda r: rotate(r, "interp-motion.flam3", [1, 3, 6], 8)
    c["rotate_final"] = lambda r: rotate(r, "electricsheep.244.23669.flam3", [13], 40)

    def sequence(r, files, nframes, loops=1, stagger=0.0):
        f = r.joined([r.path(x) for x in files])
        ref = r.flam3({"sequence": f, "nframes": nframes, "loops": loops, "stagger": stagger})
        ours = r.ours(["sequence"] + [r.path(x) for x in files] + ["--nframes", str(nframes), "--loops",
                                                                    str(loops), "--stagger", str(stagger)])
        return r.compare("sequence", ours, ref)
    c["sequence_corpus"] = lambda r: sequence(r, sheep + ["electricsheep.244.32737.flam3"], 4)
    # (flam3-genome crashes on an edge into interp-motion.flam3: loops only)
    c["sequence_keys"] = lambda r: sequence(r, ["interp-keys.flam3", "interp-padding.flam3"], 5, loops=0,
                                            stagger=0.3)
    c["sequence_motion"] = lambda r: sequence(r, ["interp-motion.flam3", "electricsheep.244.33532.flam3"], 3)
    c["sequence_padding"] = lambda r: sequence(r, ["interp-padding.flam3"], 3)

    def templated(r, mode, files, extra_env, extra_argv):
        f = r.joined([r.path(x) for x in files]) if len(files) > 1 else r.path(files[0])
        t = r.path("interp-template.flam3")
        env = dict(extra_env, template=t)
        env[mode] = f
        ref = r.flam3(env)
        ours = r.ours([mode, f, "--template", t] + extra_argv)
        return r.compare("%s with a template" % mode, ours, ref)
    c["template_sequence"] = lambda r: templated(r, "sequence", ["interp-keys.flam3", "interp-padding.flam3"],
                                                 {"nframes": 3}, ["--nframes", "3"])
    c["template_inter"] = lambda r: templated(r, "inter", ["interp-keys.flam3"], {"frame": 4, "nframes": 10},
                                              ["--frame", "4", "--nframes", "10"])
    c["template_rotate"] = lambda r: templated(r, "rotate", ["interp-motion.flam3"], {"frame": 2, "nframes": 9},
                                               ["--frame", "2", "--nframes", "9"])
    c["template_clone"] = lambda r: templated(r, "clone", ["interp-clone.flam3"], {}, [])
    c["template_strip"] = lambda r: templated(r, "strip", ["electricsheep.244.01031.flam3"],
                                              {"nframes": 2, "frame": 1}, ["--nframes", "2", "--frame", "1"])

    def clone(r, src):
        ref = r.flam3({"clone": r.path(src)})
        ours = r.ours(["clone", r.path(src)])
        return r.compare("clone", ours, ref)
    c["clone_truncate"] = lambda r: clone(r, "interp-clone.flam3")
    c["clone_corpus"] = lambda r: clone(r, "electricsheep.244.33532.flam3")

    def strip(r, src, n, k):
        ref = r.flam3({"strip": r.path(src), "nframes": n, "frame": k})
        ours = r.ours(["strip", r.path(src), "--nframes", str(n), "--frame", str(k)])
        return r.compare("strip %d/%d" % (k, n), ours, ref)
    c["strip_corpus"] = lambda r: strip(r, "electricsheep.244.01031.flam3", 3, 1)
    c["strip_keys"] = lambda r: strip(r, "interp-keys.flam3", 4, 3)
    return c


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fractalis", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    ap.add_argument("case", nargs="+")
    a = ap.parse_args()
    all_cases = cases()
    if a.case == ["list"]:
        print("\n".join(all_cases))
        return 0
    for tool in (FLAM3_GENOME, FLAM3_RENDER):
        if not os.access(tool, os.X_OK):
            return fail("%s is missing (Debian package flam3-utils)" % tool)
    listing = subprocess.run([a.fractalis, "flame", "variations"], stdout=subprocess.PIPE, check=True)
    for line in listing.stdout.decode().splitlines():
        f = line.split("\t")
        VARIATIONS.add(f[0])
        if len(f) > 2:
            PARAMS.update(p.split("=")[0] for p in f[2].split())
    names = list(all_cases) if a.case == ["all"] else a.case
    tmp = tempfile.mkdtemp(prefix="fr-genome-oracle-")
    rc = 0
    try:
        for name in names:
            if name not in all_cases:
                rc |= fail("no case %r" % name)
                continue
            r = Runner(a, tmp)
            WORST[0] = 0.0
            try:
                bad = all_cases[name](r)
            except (RuntimeError, FileNotFoundError, ET.ParseError, subprocess.TimeoutExpired) as e:
                bad = ["%s" % e]
            if bad:
                rc = 1
                print("FAIL %s: %d disagreements" % (name, len(bad)))
                for b in bad[:25]:
                    print("  " + b)
            else:
                print("ok %s: %d values agree with flam3-genome (largest relative difference %.2g); flam3-render "
                      "read the output" % (name, r.values, WORST[0]))
    finally:
        if a.keep:
            print("kept " + tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return rc


if __name__ == "__main__":
    sys.exit(main())
