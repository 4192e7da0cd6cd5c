/* Reading OpenEXR files back in the tests with OpenEXRCore's own decoder
 * (not the library's code): every channel of the first part, with its type,
 * and the header's attributes. */
#ifndef FR_TESTS_EXR_READ_H
#define FR_TESTS_EXR_READ_H

#include <stddef.h>
#include <stdint.h>

#define EXR_READ_MAX_CHANNELS 16

typedef struct exr_read_channel {
    char name[64];
    int type;    /* EXR_PIXEL_UINT (0), EXR_PIXEL_HALF (1), EXR_PIXEL_FLOAT (2) */
    uint32_t *u; /* UINT samples (width * height), else NULL */
    float *f;    /* HALF (converted) and FLOAT samples, else NULL */
} exr_read_channel;

typedef struct exr_read_image {
    int width, height, n;
    exr_read_channel ch[EXR_READ_MAX_CHANNELS]; /* in the header's (alphabetical) order */
    void *ctx;                                  /* the open file, for the attributes */
} exr_read_image;

/* Load the file; 0 on success, else an error with the reason in err. */
int exr_read(const char *path, exr_read_image *img, char *err, size_t n);
void exr_read_free(exr_read_image *img);
/* A channel by name, or NULL. */
const exr_read_channel *exr_read_find(const exr_read_image *img, const char *name);
/* A string attribute (owned by img; NULL when absent or not a string). */
const char *exr_read_string(const exr_read_image *img, const char *name);
/* An int attribute into *v: 0, or -1 when absent or not an int. */
int exr_read_int(const exr_read_image *img, const char *name, int *v);
/* The channel names, comma-separated ("B,G,N,NF,R"), into buf. */
const char *exr_read_names(const exr_read_image *img, char *buf, size_t n);

#endif
