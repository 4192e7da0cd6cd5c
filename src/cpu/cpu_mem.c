/* Huge-page buffers: an anonymous mapping (zeroed by the kernel) aligned to
 * 2 MiB and advised MADV_HUGEPAGE, so that it works in the "madvise" mode
 * that Debian's kernels default to. The mapping's size sits in the first
 * 4 KiB; the caller's data starts after it (still on huge pages: they
 * follow the virtual 2 MiB boundaries of the mapping). */
#include "cpu/cpu_mem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#define FR_HUGE (2u << 20)
#define FR_HEAD 4096u

void *fr_big_calloc(size_t bytes)
{
    if (bytes > SIZE_MAX - 2 * (size_t)FR_HUGE) return NULL;
    size_t len = (bytes + FR_HEAD + FR_HUGE - 1) & ~(size_t)(FR_HUGE - 1);
    size_t map = len + FR_HUGE;
    uint8_t *m = mmap(NULL, map, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return NULL;
    uint8_t *base = (uint8_t *)(((uintptr_t)m + FR_HUGE - 1) & ~(uintptr_t)(FR_HUGE - 1));
    /* give back the slack before and after the aligned span */
    if (base > m) munmap(m, (size_t)(base - m));
    if (m + map > base + len) munmap(base + len, (size_t)(m + map - (base + len)));
#ifdef MADV_HUGEPAGE
    madvise(base, len, MADV_HUGEPAGE);
#endif
    memcpy(base, &len, sizeof len);
    return base + FR_HEAD;
}

void fr_big_free(void *p)
{
    if (!p) return;
    uint8_t *base = (uint8_t *)p - FR_HEAD;
    size_t len;
    memcpy(&len, base, sizeof len);
    munmap(base, len);
}
#else
void *fr_big_calloc(size_t bytes) { return calloc(1, bytes ? bytes : 1); }
void fr_big_free(void *p) { free(p); }
#endif
