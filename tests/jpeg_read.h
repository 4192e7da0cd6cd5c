/* Test helper: decode a JPEG file with libjpeg into 8-bit RGB, so that the
 * tests check what any JPEG reader sees. Built only where libjpeg was found
 * (FR_HAVE_JPEG; see tests/CMakeLists.txt). */
#ifndef FR_TESTS_JPEG_READ_H
#define FR_TESTS_JPEG_READ_H

#include <stddef.h>

/* The pixels (malloc()ed, width*height*3 bytes, top row first) with *width
 * and *height set, or NULL with the reason in err. */
unsigned char *test_jpeg_read(const char *path, int *width, int *height, char *err, size_t errlen);

#endif
