/* The top-level help: every command, one line each; each command prints
 * its own help (its flags from the library's parameter tables). */
#include <stdio.h>

#include "cli.h"

void print_main_help(void)
{
    printf("fractalis %s - fast, exact fractal renderer\n\n"
           "Usage: fractalis COMMAND [options]        (fractalis COMMAND --help: its options)\n\n"
           "Commands:\n"
           "  render FORMULA               escape time: mandelbrot, julia, burningship, tricorn, multibrot\n"
           "  render buddhabrot            orbit density: buddhabrot, nebulabrot, anti-buddhabrot\n"
           "  render flame FILE            fractal flames from flam3 genome files (.flam3, .flame)\n"
           "  render --from SCENE          render a .json scene, a PNG fractalis wrote, or a KF .kfr location\n"
           "  flame info FILE              the genomes of a genome file\n"
           "  flame convert FILE OUT       write genomes as flam3 XML\n"
           "  flame variations             the variations genomes may use: origin, parameters\n"
           "  flame random                 random genomes, as flam3-genome makes them (seeded)\n"
           "  flame mutate FILE            a genome of FILE mutated (--method all_vars, one_xform, ...)\n"
           "  flame cross A B              a genome of A crossed with one of B (--method union, ...)\n"
           "  flame interpolate FILE       the genome at --time T of a keyframe timeline (flam3_interpolate)\n"
           "  flame inter FILE             an Electric Sheep edge between two genomes (flam3-genome inter=)\n"
           "  flame rotate FILE            an Electric Sheep loop of a genome (flam3-genome rotate=)\n"
           "  flame sequence FILE...       loops and edges of genomes, nframes each (flam3-genome sequence=)\n"
           "  flame clone FILE             a genome with light xforms and extra variations dropped\n"
           "  flame strip FILE             a horizontal strip of every genome (flam3-genome strip=)\n"
           "  params FILE                  the scene in a PNG or .json, and the command that re-renders it\n"
           "  locate --center RE,IM --radius R   a minibrot near a point (deep zoom): its scene\n"
           "  compare A.png B.png          PSNR and mean difference of two images\n"
           "  devices                      the compute backends and GPUs\n"
           "  animate flame FILE           the frames of a genome timeline (flam3-animate), as images or video\n"
           "  animate mandelbrot           a zoom video from one scene to another\n"
           "  animate --codecs             the video encoders of this build\n"
           "  expmap FORMULA               a zoom's exponential map (log-polar strip), as PNG or EXR\n"
           "  serve                        the web explorer and its HTTP API (http://127.0.0.1:8080/)\n"
           "  bench                        time escape-time scenes on a device\n"
           "  bench orbit                  time orbit-density scenes\n"
           "  bench flame FILE...          time the chaos game of genomes\n"
           "  bench deep [FILE.kfr...]     time deep zooms (the six KF benchmark locations)\n"
           "  bench scaling --device LIST  a device list against its first device: speedup, shares\n"
           "  --version                    the version\n\n"
           "Examples:\n"
           "  fractalis render mandelbrot -o mandel.png\n"
           "  fractalis render buddhabrot --hits 2000 -o buddha.png\n"
           "  fractalis render flame sheep.flam3 --size 1920x0 --quality 200 -o sheep.png\n",
           fr_version());
}
