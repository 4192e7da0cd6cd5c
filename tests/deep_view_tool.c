/* deep_view_tool DEPTH: a view with structure at depth 10^-DEPTH, made with
 * the feature finder (tests/deep_views.c), printed as the three words the
 * deep-zoom tests pass on: "RE,IM WIDTH ITER". */
#include <stdio.h>
#include <stdlib.h>

#include "deep_views.h"

int main(int argc, char **argv)
{
    if (argc != 2) return fprintf(stderr, "usage: deep_view_tool DEPTH\n"), 2;
    deep_view v;
    if (deep_view_make(atoi(argv[1]), &v)) return fprintf(stderr, "deep_view_tool: %s\n", deep_view_error()), 1;
    printf("%s,%s %s %u\n", v.re, v.im, v.width, v.max_iter);
    deep_view_free(&v);
    return 0;
}
