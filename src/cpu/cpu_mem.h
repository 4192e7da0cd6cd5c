/* Large zeroed buffers (flame buckets and accumulators: hundreds of MB hit
 * at random) on transparent huge pages: one TLB entry covers 2 MiB instead
 * of 4 KiB, and a page fault maps (and the kernel zeroes) 2 MiB at a time.
 * Where huge pages are not available this is plain zeroed memory. */
#ifndef FR_CPU_CPU_MEM_H
#define FR_CPU_CPU_MEM_H

#include <stddef.h>

/* `bytes` of zeroed memory, 4096-aligned, or NULL. */
void *fr_big_calloc(size_t bytes);
/* Frees what fr_big_calloc returned; NULL is a no-op. */
void fr_big_free(void *p);

#endif
