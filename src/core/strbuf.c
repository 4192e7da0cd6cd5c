/* strbuf.c - the growing string of strbuf.h. */
#include "core/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fr_strbuf_add(fr_strbuf *b, const char *s, size_t len)
{
    if (b->nomem) return;
    if (b->n + len + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->n + len + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->nomem = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, len);
    b->n += len;
    b->p[b->n] = 0;
}

void fr_strbuf_puts(fr_strbuf *b, const char *s)
{
    fr_strbuf_add(b, s, strlen(s));
}

/* Most pieces fit the stack buffer; a longer one is formatted twice, the
 * second time into a heap buffer of the length the first call reported. */
void fr_strbuf_printf(fr_strbuf *b, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->nomem = 1;
        return;
    }
    if ((size_t)n < sizeof small) {
        fr_strbuf_add(b, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        b->nomem = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    fr_strbuf_add(b, big, (size_t)n);
    free(big);
}
