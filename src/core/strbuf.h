/* A growing NUL-terminated string for writers that build text piece by
 * piece. Running out of memory is sticky: later appends do nothing and the
 * caller checks `nomem` once at the end, so a writer's code is not an
 * error check per line. Nothing here prints or fails loudly. */
#ifndef FR_CORE_STRBUF_H
#define FR_CORE_STRBUF_H

#include <stddef.h>

typedef struct fr_strbuf {
    char *p;    /* the text (malloc()ed; NULL until something is added) */
    size_t n;   /* its length */
    size_t cap; /* bytes allocated */
    int nomem;  /* an append failed: p holds what came before it */
} fr_strbuf;

void fr_strbuf_add(fr_strbuf *b, const char *s, size_t len);
void fr_strbuf_puts(fr_strbuf *b, const char *s);
void fr_strbuf_printf(fr_strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
