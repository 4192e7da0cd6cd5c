#!/usr/bin/env python3
# Draws docs/images/layers.svg (the picture in docs/ARCHITECTURE.md): run it after the layers change.
# The layers of fractalis as an SVG: boxes top to bottom, arrows for "includes / calls".
W, H = 960, 620
out = []
def box(x, y, w, h, title, lines, fill, stroke="#334"):
    out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>')
    out.append(f'<text x="{x+10}" y="{y+20}" font-weight="bold" font-size="14">{title}</text>')
    for i, l in enumerate(lines):
        out.append(f'<text x="{x+10}" y="{y+40+i*16}" font-size="12">{l}</text>')
def arrow(x1, y1, x2, y2, label=""):
    out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#556" stroke-width="1.5" marker-end="url(#a)"/>')
    if label:
        out.append(f'<text x="{(x1+x2)/2+6}" y="{(y1+y2)/2+4}" font-size="11" fill="#445">{label}</text>')
box(20, 15, 920, 80, "tools/fractalis — the CLI (main.c dispatches; one file a command)",
    ["cmd_escape.c  cmd_buddha.c  cmd_flame.c  cmd_params.c  cmd_bench*.c  cmd_compare.c  cmd_devices.c",
     "options.c: the run options (one table, one set of ranges) + every family's flags and help from the library's tables",
     "scene.c (scene files, family of a scene)   outputs.c (format by extension, writable folder)   progress.c"], "#eef4ff")
arrow(480, 95, 480, 128, "include/fractalis.h: the public API, the spec")
fam = [("src/escape — escape time", ["escape_params.c: parameter table", "escape_render.c: the driver", "escape_step.h: canonical steps", "escape_reference.c: the oracle", "escape_ops.h: THE CONTRACT"]),
       ("src/buddha — orbit density", ["buddha_params.c: parameter table", "buddha_render.c: the driver", "buddha_job.h: per-sample pieces", "buddha_reference.c: the oracle", "buddha_ops.h: THE CONTRACT"]),
       ("src/flame — fractal flames", ["flame_genome_attrs.h: genome attributes", "flame_options.c: options table", "flame_render.c: the driver", "flame_xml_*.c: read / write", "flame_ops.h: THE CONTRACT"])]
for i, (t, ls) in enumerate(fam):
    box(20 + i*310, 130, 300, 125, t, ls, "#f3fbef")
arrow(480, 255, 480, 300, "FR_BACKEND_OPS(ctx, family): the backend's contract, or the CPU's")
box(20, 300, 920, 95, "src/core — knows no family",
    ["backend.h: fr_backend_iface = name + devices + one pointer per family contract (forward-declared)",
     "params.c: parameter-table machinery (typed defaults, ranges, parse, format, check)   scene.c: JSON scenes",
     "context.c (errors, threads, device)   palette.c   philox.h (counter-based RNG)   hd.h (FR_HD: C and CUDA)"], "#fff8e8")
box(20, 420, 450, 125, "src/cpu — the CPU backend (every family)",
    ["cpu_backend.c: fr_cpu_backend, kernel choice",
     "cpu_escape.c  cpu_buddha.c  cpu_flame.c: the contracts",
     "escape_avx2*.c  buddha_avx2*.c  flame_simd.c: SIMD kernels",
     "cpu_flame_chaos.c: walkers over threads, buckets", "OpenMP + AVX2/FMA"], "#fdeef0")
box(490, 420, 450, 125, "src/cuda — the CUDA backend (every family)",
    ["cuda_backend.c: fr_cuda_backend, devices, errors",
     "cuda_escape.c  cuda_buddha.c  cuda_flame.c: the contracts",
     "*.cu: every __global__, C launchers (cuda_launch.h ...)",
     "built only when nvcc is found", "CUDA runtime, sm_90 + PTX"], "#fdeef0")
arrow(245, 420, 245, 395, "fills every family's contract")
arrow(715, 420, 715, 395, "fills every family's contract")
box(20, 565, 920, 45, "src/io — PNG (with the scene), PPM, JPEG, .npy, atomic files: used by the families and the CLI", [], "#f1f1f1")
svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="DejaVu Sans, Arial, sans-serif">',
       '<defs><marker id="a" markerWidth="10" markerHeight="8" refX="9" refY="4" orient="auto"><path d="M0,0 L10,4 L0,8 z" fill="#556"/></marker></defs>',
       f'<rect width="{W}" height="{H}" fill="white"/>'] + out + ['</svg>']
open(__import__('os').path.join(__import__('os').path.dirname(__file__), 'layers.svg'), 'w').write("\n".join(svg) + "\n")
