/* Help text, generated from the library's parameter table so every flag
 * shows its default and range. */
#include <stdio.h>

#include "cli.h"

static void print_run_options(void)
{
    printf("Run options:\n"
           "  -o, --output FILE      output file; the extension picks the format:\n"
           "                         .png (parameters embedded), .ppm, .jpg/.jpeg (8-bit), .npy (raw:\n"
           "                         uint32 counts for count/histogram, float32 smooth values or\n"
           "                         distances otherwise), .json (writes the scene, renders nothing)\n"
           "                         [default: FORMULA.png]\n"
           "      --jpeg-quality N   JPEG quality 1..100             [default: 95]\n"
           "      --from FILE        start from a scene: a .json scene or a PNG rendered by fractalis;\n"
           "                         flags after it override its values\n"
           "      --threads N        CPU threads; 0 = all (OMP_NUM_THREADS honoured) [default: 0]\n"
           "      --device D         compute device                [default: auto; auto|cpu|cuda[:N]]\n"
           "      --kernel K         CPU kernel (all give identical counts) [default: auto; auto|scalar|avx2]\n"
           "      --device-memory MIB  GPU memory a render may use; larger images render in strips\n"
           "                         [default: 0 = most of what is free]\n"
           "  -q, --quiet            no progress bar, no statistics\n"
           "  -h, --help             this help\n");
}

void print_render_help(void)
{
    printf("Usage: fractalis render FORMULA [options]\n"
           "       fractalis render --from IMAGE.png|SCENE.json [options]\n\n"
           "FORMULA: mandelbrot | julia | burningship | tricorn | multibrot\n\n"
           "Scene parameters (also the keys of a .json scene):\n");
    for (int i = 0; i < fr_escape_param_count(); i++) {
        const fr_param_info *in = fr_escape_param_info(i);
        if (i == 0) continue; /* the formula is the positional word */
        printf("  --%-16s %s\n  %-18s   [default: %s; %s]\n", in->name, in->help, "", in->def, in->range);
    }
    const fr_param_info *z = fr_escape_param_find("zoom");
    printf("  --%-16s %s\n  %-18s   [%s]\n\n", z->name, z->help, "", z->range);
    print_run_options();
    printf("\nExamples:\n"
           "  fractalis render mandelbrot -o mandel.png\n"
           "  fractalis render mandelbrot --center -0.743643887037151,0.13182590420533 --width 1e-6 \\\n"
           "      --iter 5000 --size 1920x1080 --aa 3 -o seahorse.png\n"
           "  fractalis render julia --c -0.4,0.6 --palette ultra --depth 16 -o julia.png\n"
           "  fractalis render --from mandel.png --size 3840x2160 -o mandel-4k.png\n");
}

void print_buddha_help(void)
{
    printf("Usage: fractalis render buddhabrot|nebulabrot|anti-buddhabrot [options]\n"
           "       fractalis render --resume HIST.npy [options]\n\n"
           "Orbit density: sample c, iterate z -> z^2 + c from 0, and count every point of the orbits\n"
           "that qualify. buddhabrot: escaping orbits; nebulabrot: three channels (red 5000, green 500,\n"
           "blue 50 iterations); anti-buddhabrot: orbits that never escape (cycles credited exactly).\n\n"
           "Scene parameters (also the keys of a .json scene):\n");
    for (int i = 0; i < fr_buddha_param_count(); i++) {
        const fr_param_info *in = fr_buddha_param_info(i);
        printf("  --%-16s %s\n  %-18s   [default: %s; %s]\n", in->name, in->help, "", in->def, in->range);
    }
    printf("\nRun options:\n"
           "  -o, --output FILE      output, repeatable; by extension: .png (8/16-bit, parameters\n"
           "                         embedded), .ppm, .jpg/.jpeg (8-bit), .npy (the raw histogram, uint32\n"
           "                         or uint64, with its scene in FILE.npy.json), .json (the scene)\n"
           "                         [default: FAMILY.png]\n"
           "      --jpeg-quality N   JPEG quality 1..100             [default: 95]\n"
           "      --resume HIST.npy  add samples to a histogram written earlier (its scene comes along;\n"
           "                         the result is written back to HIST.npy unless -o names a .npy)\n"
           "      --from SCENE.json  start from a scene\n"
           "      --threads N        CPU threads; 0 = all            [default: 0]\n"
           "      --device D         compute device                  [default: auto; auto|cpu|cuda[:N]]\n"
           "      --device-memory MIB  GPU memory a render may use  [default: 0 = most of what is free]\n"
           "  -q, --quiet            no progress bar, no statistics\n"
           "Ctrl-C or --time ends sampling cleanly and still writes every output.\n\n"
           "Examples:\n"
           "  fractalis render buddhabrot --hits 2000 -o buddha.png -o buddha.npy\n"
           "  fractalis render buddhabrot --resume buddha.npy --time 60s -o buddha.png\n"
           "  fractalis render nebulabrot --size 2048x2048 --time 5m -o nebula.png\n"
           "  fractalis render buddhabrot --channel r:0:2000 --channel g:0:200 --channel b:0:20 -o n.png\n"
           "  fractalis render anti-buddhabrot --iter 200 --tone log -o anti.png\n");
}

void print_main_help(void)
{
    printf("fractalis %s - fast, exact fractal renderer\n\n"
           "Usage: fractalis COMMAND [options]\n\n"
           "Commands:\n"
           "  render FORMULA ...   render an escape-time fractal (see 'fractalis render --help')\n"
           "  render buddhabrot    orbit density: buddhabrot, nebulabrot, anti-buddhabrot\n"
           "                       (see 'fractalis render buddhabrot --help')\n"
           "  params FILE          print the parameters embedded in a PNG (or a .json scene)\n"
           "  devices              list compute backends and GPUs\n"
           "  bench                time a fixed set of scenes on a device (see 'fractalis bench --help')\n"
           "  --version            print the version\n\n",
           fr_version());
    print_render_help();
}
