/* Unit tests of src/io: PNG/PPM/NPY writers and readers, text files, and the
 * write-to-temporary-then-rename guarantee. Every test works in its own
 * fresh folder under $FR_TEST_TMP so that leftover temporary files can be
 * detected by listing it. */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "fs_support.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <png.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fractalis.h"
#include "io/atomic_file.h"

/* ------------------------------------------------------------------ helpers */

typedef struct fixture {
    fr_context *ctx;
    char dir[PATH_MAX];
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    fs_tmpdir_make(f->dir, "test_io");
    f->ctx = fr_context_create();
    assert_non_null(f->ctx);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    fs_tree_remove(f->dir);
    fr_context_destroy(f->ctx);
    free(f);
    return 0;
}

static const char *tpath(const fixture *f, const char *name)
{
    /* A few rotating buffers: tests hold up to three paths at once. */
    static char buf[4][PATH_MAX + 64];
    static int next;
    char *p = buf[next++ & 3];
    snprintf(p, sizeof buf[0], "%s/%s", f->dir, name);
    return p;
}

/* Entries of the folder whose name starts with '.', i.e. our temporaries. */
static int count_hidden(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (e->d_name[0] == '.' && strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
    closedir(d);
    return n;
}

static long file_size(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return (long)st.st_size;
}

static unsigned char *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    fseek(fp, 0, SEEK_END);
    long n = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    unsigned char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, fp), (size_t)n);
    fclose(fp);
    *len = (size_t)n;
    return buf;
}

static void put_file(const char *path, const void *data, size_t n)
{
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(data, 1, n, fp), n);
    assert_int_equal(fclose(fp), 0);
}

static fr_image make_image(int w, int h, int depth)
{
    fr_image img = {w, h, depth, NULL, 3};
    size_t n = (size_t)w * h * 3;
    img.pixels = malloc(n * (size_t)(depth / 8));
    assert_non_null(img.pixels);
    for (size_t i = 0; i < n; i++) {
        uint32_t v = (uint32_t)(i * 2654435761u) ^ (uint32_t)(i >> 3);
        if (depth == 8)
            ((uint8_t *)img.pixels)[i] = (uint8_t)(v >> 13);
        else
            ((uint16_t *)img.pixels)[i] = (uint16_t)(v >> 7);
    }
    return img;
}

static char *long_meta(void)
{
    const char *piece = "{\"fractalis\": \"escape\", \"name\": \"caf\xc3\xa9 \xe2\x9c\x93 "
                        "\xf0\x9f\x8c\x80\",\n  \"quote\": \"say \\\"hi\\\"\", 'single',\t"
                        "\"center\": \"-0.743643887037151,0.131825904205330\"}\n";
    size_t plen = strlen(piece);
    size_t n = 300;
    char *s = malloc(plen * n + 1);
    assert_non_null(s);
    for (size_t i = 0; i < n; i++) memcpy(s + i * plen, piece, plen);
    s[plen * n] = '\0';
    return s;
}

/* A minimal libpng writer, independent of the code under test, for colour
 * types and chunk placements fractalis itself never writes. */
typedef struct raw_png {
    int w, h, bit_depth, color_type, interlace;
    const unsigned char *data; /* packed rows in PNG byte order */
    size_t rowbytes;
    png_color palette[16];
    int npalette;
    unsigned char trans[16];
    int ntrans;
    const char *text;     /* "fractalis" chunk, or NULL */
    int text_compression; /* PNG_TEXT_COMPRESSION_NONE, _zTXt, PNG_ITXT_... */
    int text_after_idat;
} raw_png;

static void raw_png_write(const char *path, raw_png *r)
{
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    assert_non_null(info);
    if (setjmp(png_jmpbuf(png))) fail_msg("raw_png_write: libpng error");
    png_init_io(png, fp);
    png_set_IHDR(png, info, (png_uint_32)r->w, (png_uint_32)r->h, r->bit_depth, r->color_type,
                 r->interlace, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (r->npalette) png_set_PLTE(png, info, r->palette, r->npalette);
    if (r->ntrans) png_set_tRNS(png, info, r->trans, r->ntrans, NULL);
    png_text t;
    memset(&t, 0, sizeof t);
    t.compression = r->text_compression;
    t.key = (png_charp) "fractalis";
    t.text = (png_charp)r->text;
    if (r->text && !r->text_after_idat) png_set_text(png, info, &t, 1);
    png_write_info(png, info);
    int passes = png_set_interlace_handling(png);
    for (int p = 0; p < passes; p++)
        for (int y = 0; y < r->h; y++) png_write_row(png, r->data + (size_t)y * r->rowbytes);
    if (r->text && r->text_after_idat) png_set_text(png, info, &t, 1);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    assert_int_equal(fclose(fp), 0);
}

static uint32_t crc32_of(const unsigned char *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
    }
    return c ^ 0xffffffffu;
}

static void be32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/* --------------------------------------------------------------------- PNG */

static void test_png_roundtrip_8(void **state)
{
    fixture *f = *state;
    const char *path = tpath(f, "a.png");
    fr_image img = make_image(37, 23, 8);
    char *meta = long_meta();
    assert_int_equal(fr_image_write_png(f->ctx, &img, path, meta), FR_OK);
    assert_int_equal(count_hidden(f->dir), 0);

    fr_image back;
    char *meta_back = NULL;
    assert_int_equal(fr_image_read_png(f->ctx, path, &back, &meta_back), FR_OK);
    assert_int_equal(back.width, 37);
    assert_int_equal(back.height, 23);
    assert_int_equal(back.depth, 8);
    assert_memory_equal(back.pixels, img.pixels, 37 * 23 * 3);
    assert_non_null(meta_back);
    assert_string_equal(meta_back, meta);

    /* Meta only: answered from the chunk before IDAT. */
    char *meta_only = NULL;
    assert_int_equal(fr_image_read_png(f->ctx, path, NULL, &meta_only), FR_OK);
    assert_string_equal(meta_only, meta);

    /* Overwriting an existing file goes through the same rename. */
    assert_int_equal(fr_image_write_png(f->ctx, &img, path, NULL), FR_OK);
    assert_int_equal(count_entries(f->dir), 1);

    free(meta_only);
    free(meta_back);
    free(meta);
    fr_image_free(&back);
    assert_null(back.pixels);
    assert_int_equal(back.width, 0);
    fr_image_free(&img);
}

static void test_png_roundtrip_16(void **state)
{
    fixture *f = *state;
    const char *path = tpath(f, "b.png");
    fr_image img = make_image(19, 11, 16);
    uint16_t *px = img.pixels;
    px[0] = 0x1234;
    px[1] = 0xff00;
    px[2] = 0x00ff;
    const char *meta = "{\"a\": 1}";
    assert_int_equal(fr_image_write_png(f->ctx, &img, path, meta), FR_OK);

    fr_image back;
    char *meta_back = NULL;
    assert_int_equal(fr_image_read_png(f->ctx, path, &back, &meta_back), FR_OK);
    assert_int_equal(back.depth, 16);
    assert_int_equal(back.width, 19);
    assert_int_equal(back.height, 11);
    assert_memory_equal(back.pixels, img.pixels, 19 * 11 * 3 * 2);
    assert_string_equal(meta_back, meta);
    free(meta_back);
    fr_image_free(&back);

    /* Read with plain libpng, no swap: the file must hold big-endian samples
     * (a swap missing on both sides would still round-trip) and the
     * Software text. */
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) fail_msg("libpng error");
    png_init_io(png, fp);
    png_read_info(png, info);
    assert_int_equal(png_get_bit_depth(png, info), 16);
    assert_int_equal(png_get_color_type(png, info), PNG_COLOR_TYPE_RGB);
    png_textp text;
    int ntext = 0;
    png_get_text(png, info, &text, &ntext);
    int seen_software = 0, seen_meta = 0;
    for (int i = 0; i < ntext; i++) {
        if (!strcmp(text[i].key, "Software")) {
            assert_string_equal(text[i].text, "fractalis " FR_VERSION_STRING);
            seen_software = 1;
        }
        if (!strcmp(text[i].key, "fractalis")) {
            assert_true(text[i].compression == PNG_ITXT_COMPRESSION_NONE ||
                        text[i].compression == PNG_ITXT_COMPRESSION_zTXt);
            seen_meta = 1;
        }
    }
    assert_true(seen_software);
    assert_true(seen_meta);
    unsigned char row[19 * 6];
    png_read_row(png, row, NULL);
    assert_int_equal(row[0], 0x12);
    assert_int_equal(row[1], 0x34);
    assert_int_equal(row[2], 0xff);
    assert_int_equal(row[3], 0x00);
    assert_int_equal(row[4], 0x00);
    assert_int_equal(row[5], 0xff);
    png_destroy_read_struct(&png, &info, NULL);
    fclose(fp);
    fr_image_free(&img);
}

static void test_png_no_meta(void **state)
{
    fixture *f = *state;
    const char *path = tpath(f, "c.png");
    fr_image img = make_image(4, 3, 8);
    assert_int_equal(fr_image_write_png(f->ctx, &img, path, NULL), FR_OK);
    fr_image back;
    char *meta = (char *)"sentinel";
    assert_int_equal(fr_image_read_png(f->ctx, path, &back, &meta), FR_OK);
    assert_null(meta);
    assert_memory_equal(back.pixels, img.pixels, 4 * 3 * 3);
    fr_image_free(&back);
    /* Meta only, none present: the whole file is read to look after IDAT. */
    meta = (char *)"sentinel";
    assert_int_equal(fr_image_read_png(f->ctx, path, NULL, &meta), FR_OK);
    assert_null(meta);
    /* Neither output: still a validation of the file. */
    assert_int_equal(fr_image_read_png(f->ctx, path, NULL, NULL), FR_OK);
    fr_image_free(&img);
    fr_image_free(&img);
    fr_image_free(NULL);
}

static void test_png_meta_chunk_kinds(void **state)
{
    fixture *f = *state;
    unsigned char data[2 * 3] = {10, 20, 30, 40, 50, 60};
    const int kinds[3] = {PNG_TEXT_COMPRESSION_NONE, PNG_TEXT_COMPRESSION_zTXt,
                          PNG_ITXT_COMPRESSION_zTXt};
    for (int k = 0; k < 3; k++) {
        for (int after = 0; after < 2; after++) {
            const char *path = tpath(f, "k.png");
            raw_png r = {.w = 2, .h = 3, .bit_depth = 8, .color_type = PNG_COLOR_TYPE_GRAY,
                         .data = data, .rowbytes = 2, .text = "{\"k\": \"v\"}",
                         .text_compression = kinds[k], .text_after_idat = after};
            raw_png_write(path, &r);
            char *meta = NULL;
            assert_int_equal(fr_image_read_png(f->ctx, path, NULL, &meta), FR_OK);
            assert_non_null(meta);
            assert_string_equal(meta, "{\"k\": \"v\"}");
            free(meta);
            fr_image img;
            assert_int_equal(fr_image_read_png(f->ctx, path, &img, &meta), FR_OK);
            assert_string_equal(meta, "{\"k\": \"v\"}");
            assert_int_equal(img.depth, 8);
            const uint8_t *p = img.pixels;
            for (int i = 0; i < 6; i++)
                for (int c = 0; c < 3; c++) assert_int_equal(p[i * 3 + c], data[i]);
            free(meta);
            fr_image_free(&img);
        }
    }
}

static void test_png_color_types(void **state)
{
    fixture *f = *state;
    const char *path = tpath(f, "ct.png");
    fr_image img;

    /* 1-bit gray: 0 -> 0, 1 -> 255. Row of 10 pixels, bits 1011001110. */
    {
        unsigned char data[2 * 2] = {0xB3, 0x80, 0x00, 0x00};
        raw_png r = {.w = 10, .h = 2, .bit_depth = 1, .color_type = PNG_COLOR_TYPE_GRAY,
                     .data = data, .rowbytes = 2};
        raw_png_write(path, &r);
        assert_int_equal(fr_image_read_png(f->ctx, path, &img, NULL), FR_OK);
        assert_int_equal(img.depth, 8);
        const int bits[10] = {1, 0, 1, 1, 0, 0, 1, 1, 1, 0};
        const uint8_t *p = img.pixels;
        for (int x = 0; x < 10; x++)
            for (int c = 0; c < 3; c++) assert_int_equal(p[x * 3 + c], bits[x] ? 255 : 0);
        for (int i = 30; i < 60; i++) assert_int_equal(p[i], 0);
        fr_image_free(&img);
    }
    /* 4-bit palette with tRNS: colours kept, transparency dropped. */
    {
        unsigned char data[2] = {0x01, 0x23};
        raw_png r = {.w = 4, .h = 1, .bit_depth = 4, .color_type = PNG_COLOR_TYPE_PALETTE,
                     .data = data, .rowbytes = 2, .npalette = 4, .ntrans = 2,
                     .trans = {0, 128}};
        const png_color pal[4] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {250, 251, 252}};
        memcpy(r.palette, pal, sizeof pal);
        raw_png_write(path, &r);
        assert_int_equal(fr_image_read_png(f->ctx, path, &img, NULL), FR_OK);
        assert_int_equal(img.depth, 8);
        const uint8_t want[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 250, 251, 252};
        assert_memory_equal(img.pixels, want, 12);
        fr_image_free(&img);
    }
    /* 8-bit gray + alpha, interlaced. */
    {
        enum { W = 9, H = 7 };
        unsigned char data[W * H * 2];
        for (int i = 0; i < W * H; i++) {
            data[2 * i] = (unsigned char)(i * 3);
            data[2 * i + 1] = (unsigned char)(255 - i);
        }
        raw_png r = {.w = W, .h = H, .bit_depth = 8, .color_type = PNG_COLOR_TYPE_GRAY_ALPHA,
                     .interlace = PNG_INTERLACE_ADAM7, .data = data, .rowbytes = W * 2};
        raw_png_write(path, &r);
        assert_int_equal(fr_image_read_png(f->ctx, path, &img, NULL), FR_OK);
        assert_int_equal(img.width, W);
        assert_int_equal(img.height, H);
        const uint8_t *p = img.pixels;
        for (int i = 0; i < W * H; i++)
            for (int c = 0; c < 3; c++) assert_int_equal(p[i * 3 + c], (uint8_t)(i * 3));
        fr_image_free(&img);
    }
    /* 16-bit RGBA: alpha dropped, samples native. */
    {
        enum { W = 3, H = 2 };
        unsigned char data[W * H * 8];
        for (int i = 0; i < W * H * 4; i++) {
            data[2 * i] = (unsigned char)(0x10 + i);
            data[2 * i + 1] = (unsigned char)(0xA0 + i);
        }
        raw_png r = {.w = W, .h = H, .bit_depth = 16, .color_type = PNG_COLOR_TYPE_RGB_ALPHA,
                     .data = data, .rowbytes = W * 8};
        raw_png_write(path, &r);
        assert_int_equal(fr_image_read_png(f->ctx, path, &img, NULL), FR_OK);
        assert_int_equal(img.depth, 16);
        const uint16_t *p = img.pixels;
        for (int px = 0; px < W * H; px++)
            for (int c = 0; c < 3; c++) {
                int i = px * 4 + c;
                assert_int_equal(p[px * 3 + c], ((0x10 + i) << 8) | (0xA0 + i));
            }
        fr_image_free(&img);
    }
}

static void test_png_not_png(void **state)
{
    fixture *f = *state;
    const char *path = tpath(f, "x.png");
    put_file(path, "hello, this is not a png at all\n", 32);
    fr_image img = {1, 2, 8, (void *)&img, 3};
    char *meta = (char *)"sentinel";
    assert_int_equal(fr_image_read_png(f->ctx, path, &img, &meta), FR_ERR_PARSE);
    assert_non_null(strstr(fr_last_error(f->ctx), "is not a PNG file"));
    assert_non_null(strstr(fr_last_error(f->ctx), path));
    assert_null(img.pixels);
    assert_int_equal(img.width, 0);
    assert_null(meta);
    /* Meta-only and validation-only reads check the file too. */
    assert_int_equal(fr_image_read_png(f->ctx, path, NULL, &meta), FR_ERR_PARSE);
    assert_int_equal(fr_image_read_png(f->ctx, path, NULL, NULL), FR_ERR_PARSE);
    put_file(path, "", 0);
    assert_int_equal(fr_image_read_png(f->ctx, path, &img, NULL), FR_ERR_PARSE);
    /* Missing file and directory: I/O errors naming the path. */
    assert_int_equal(fr_image_read_png(f->ctx, tpath(f, "none.png"), &img, NULL), FR_ERR_IO);
    assert_non_null(strstr(fr_last_error(f->ctx), "none.png"));
    assert_int_equal(fr_image_read_png(f->ctx, f->dir, &img, NULL), FR_ERR_IO);
}

static void test_png_truncated(void **state)
{
    fixture *f = *state;
    const char *path = tpath(f, "t.png");
    fr_image img = make_image(64, 64, 8);
    assert_int_equal(fr_image_write_png(f->ctx, &img, path, "{}"), FR_OK);
    fr_image_free(&img);
    size_t len;
    unsigned char *bytes = slurp(path, &len);
    put_file(path, bytes, len / 2);
    char *meta = NULL;
    assert_int_equal(fr_image_read_png(f->ctx, path, &img, &meta), FR_ERR_PARSE);
    assert_non_null(strstr(fr_last_error(f->ctx), "truncated"));
    assert_null(img.pixels);
    assert_null(meta);
    /* A corrupted IDAT is a parse error with libpng's reason. */
    put_file(path, bytes, len);
    for (size_t i = len / 2; i < len / 2 + 64; i++) bytes[i] ^= 0x5a;
    put_file(path, bytes, len);
    assert_int_equal(fr_image_read_png(f->ctx, path, &img, NULL), FR_ERR_PARSE);
    assert_non_null(strstr(fr_last_error(f->ctx), "not a valid PNG"));
    assert_null(img.pixels);
    free(bytes);
}

static void test_png_too_big(void **state)
{
    fixture *f = *state;
    const char *path = tpath(f, "big.png");
    /* Signature, an IHDR claiming 2000000 x 4 RGB8, an empty IDAT and IEND:
     * the size must be refused before any image data is needed. */
    unsigned char buf[8 + 25 + 12 + 12] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    unsigned char *c = buf + 8;
    be32(c, 13);
    memcpy(c + 4, "IHDR", 4);
    be32(c + 8, 2000000);
    be32(c + 12, 4);
    c[16] = 8; /* depth */
    c[17] = 2; /* RGB */
    c[18] = c[19] = c[20] = 0;
    be32(c + 21, crc32_of(c + 4, 17));
    unsigned char *idat = c + 25, *iend = idat + 12;
    be32(idat, 0);
    memcpy(idat + 4, "IDAT", 4);
    be32(idat + 8, crc32_of(idat + 4, 4));
    be32(iend, 0);
    memcpy(iend + 4, "IEND", 4);
    be32(iend + 8, crc32_of(iend + 4, 4));
    put_file(path, buf, sizeof buf);
    fr_image img;
    assert_int_equal(fr_image_read_png(f->ctx, path, &img, NULL), FR_ERR_PARSE);
    assert_non_null(strstr(fr_last_error(f->ctx), "2000000x4"));
    /* 65536 x 65536 is within the side limit but 2^32 pixels. */
    be32(c + 8, 65536);
    be32(c + 12, 65536);
    be32(c + 21, crc32_of(c + 4, 17));
    put_file(path, buf, sizeof buf);
    assert_int_equal(fr_image_read_png(f->ctx, path, &img, NULL), FR_ERR_PARSE);
    assert_non_null(strstr(fr_last_error(f->ctx), "65536x65536"));
}

static void test_png_write_errors(void **state)
{
    fixture *f = *state;
    fr_image img = make_image(8, 8, 8);
    const char *missing = tpath(f, "nope/x.png");
    assert_int_equal(fr_image_write_png(f->ctx, &img, missing, NULL), FR_ERR_IO);
    assert_non_null(strstr(fr_last_error(f->ctx), missing));
    assert_non_null(strstr(fr_last_error(f->ctx), "No such file or directory"));
    assert_false(exists(missing));
    assert_int_equal(count_entries(f->dir), 0);

    /* The target is a directory. */
    assert_int_equal(fr_image_write_png(f->ctx, &img, f->dir, NULL), FR_ERR_IO);
    assert_int_equal(count_entries(f->dir), 0);

    /* Bad images are refused before anything is created. */
    const char *path = tpath(f, "bad.png");
    img.depth = 12;
    assert_int_equal(fr_image_write_png(f->ctx, &img, path, NULL), FR_ERR_INVALID);
    assert_int_equal(fr_image_write_ppm(f->ctx, &img, path), FR_ERR_INVALID);
    img.depth = 8;
    img.width = 0;
    assert_int_equal(fr_image_write_png(f->ctx, &img, path, NULL), FR_ERR_INVALID);
    img.width = 8;
    assert_int_equal(fr_image_write_png(f->ctx, NULL, path, NULL), FR_ERR_INVALID);
    assert_int_equal(fr_image_write_png(f->ctx, &img, "", NULL), FR_ERR_INVALID);
    assert_int_equal(count_entries(f->dir), 0);
    fr_image_free(&img);
}

/* --------------------------------------------------------------------- PPM */

static void test_ppm(void **state)
{
    fixture *f = *state;
    fr_image img = make_image(3, 2, 8);
    const char *path = tpath(f, "a.ppm");
    assert_int_equal(fr_image_write_ppm(f->ctx, &img, path), FR_OK);
    size_t len;
    unsigned char *b = slurp(path, &len);
    const char *hdr = "P6\n3 2\n255\n";
    assert_int_equal(len, strlen(hdr) + 3 * 2 * 3);
    assert_memory_equal(b, hdr, strlen(hdr));
    assert_memory_equal(b + strlen(hdr), img.pixels, 18);
    free(b);
    fr_image_free(&img);

    img = make_image(3, 2, 16);
    ((uint16_t *)img.pixels)[0] = 0xABCD;
    path = tpath(f, "b.ppm");
    assert_int_equal(fr_image_write_ppm(f->ctx, &img, path), FR_OK);
    b = slurp(path, &len);
    hdr = "P6\n3 2\n65535\n";
    assert_int_equal(len, strlen(hdr) + 3 * 2 * 3 * 2);
    assert_memory_equal(b, hdr, strlen(hdr));
    const unsigned char *d = b + strlen(hdr);
    assert_int_equal(d[0], 0xAB);
    assert_int_equal(d[1], 0xCD);
    const uint16_t *px = img.pixels;
    for (int i = 0; i < 18; i++) assert_int_equal((d[2 * i] << 8) | d[2 * i + 1], px[i]);
    free(b);
    fr_image_free(&img);

    assert_int_equal(fr_image_write_ppm(f->ctx, &img, path), FR_ERR_INVALID);
    assert_int_equal(count_hidden(f->dir), 0);
}

/* --------------------------------------------------------------------- NPY */

static void check_npy(const char *path, const char *descr, int w, int h, const void *data)
{
    size_t len;
    unsigned char *b = slurp(path, &len);
    assert_true(len >= 10);
    assert_memory_equal(b, "\x93NUMPY\x01\x00", 8);
    size_t hlen = b[8] | ((size_t)b[9] << 8);
    size_t total = 10 + hlen;
    assert_int_equal(total % 64, 0);
    assert_int_equal(b[total - 1], '\n');
    char *dict = malloc(hlen + 1);
    memcpy(dict, b + 10, hlen);
    dict[hlen] = '\0';
    char want[128];
    snprintf(want, sizeof want, "'descr': '%s'", descr);
    assert_non_null(strstr(dict, want));
    assert_non_null(strstr(dict, "'fortran_order': False"));
    snprintf(want, sizeof want, "'shape': (%d, %d)", h, w);
    assert_non_null(strstr(dict, want));
    assert_int_equal(dict[0], '{');
    free(dict);
    assert_int_equal(len, total + (size_t)w * h * 4);
    /* Little-endian on disk whatever the host. */
    const uint32_t *v = data;
    for (int i = 0; i < w * h; i++) {
        const unsigned char *e = b + total + 4 * (size_t)i;
        uint32_t got = e[0] | ((uint32_t)e[1] << 8) | ((uint32_t)e[2] << 16) | ((uint32_t)e[3] << 24);
        assert_int_equal(got, v[i]);
    }
    free(b);
}

static void test_npy(void **state)
{
    fixture *f = *state;
    enum { W = 5, H = 3 };
    uint32_t u[W * H];
    for (int i = 0; i < W * H; i++) u[i] = 0x01020304u * (uint32_t)(i + 1);
    const char *path = tpath(f, "a.npy");
    assert_int_equal(fr_npy_write_u32(f->ctx, path, u, W, H), FR_OK);
    check_npy(path, "<u4", W, H, u);

    union { float f[W * H]; uint32_t bits[W * H]; } fl;
    for (int i = 0; i < W * H; i++) fl.f[i] = (float)i * 0.25f - 1.0f;
    path = tpath(f, "b.npy");
    assert_int_equal(fr_npy_write_f32(f->ctx, path, fl.f, W, H), FR_OK);
    check_npy(path, "<f4", W, H, fl.bits);

    /* Large shapes make a longer dict: still a multiple of 64. */
    static uint32_t one[123457];
    path = tpath(f, "c.npy");
    assert_int_equal(fr_npy_write_u32(f->ctx, path, one, 123457, 1), FR_OK);
    check_npy(path, "<u4", 123457, 1, one);

    assert_int_equal(fr_npy_write_u32(f->ctx, path, NULL, W, H), FR_ERR_INVALID);
    assert_int_equal(fr_npy_write_u32(f->ctx, path, u, 0, H), FR_ERR_INVALID);
    assert_int_equal(fr_npy_write_f32(f->ctx, path, fl.f, W, -1), FR_ERR_INVALID);
    assert_int_equal(fr_npy_write_u32(f->ctx, tpath(f, "no/a.npy"), u, W, H), FR_ERR_IO);
    assert_int_equal(count_hidden(f->dir), 0);
}

/* ------------------------------------------------------------------ formats */

static void test_format_from_path(void **state)
{
    (void)state;
    assert_int_equal(fr_format_from_path("a.png"), FR_FMT_PNG);
    assert_int_equal(fr_format_from_path("dir/A.PNG"), FR_FMT_PNG);
    assert_int_equal(fr_format_from_path("x.Ppm"), FR_FMT_PPM);
    assert_int_equal(fr_format_from_path("/tmp/raw.npy"), FR_FMT_NPY);
    assert_int_equal(fr_format_from_path("scene.JSON"), FR_FMT_JSON);
    assert_int_equal(fr_format_from_path("a.tar.png"), FR_FMT_PNG);
    assert_int_equal(fr_format_from_path("a.png.bak"), FR_FMT_UNKNOWN);
    assert_int_equal(fr_format_from_path("a.jpg"), FR_FMT_JPEG);
    assert_int_equal(fr_format_from_path("b.JPEG"), FR_FMT_JPEG);
    assert_int_equal(fr_format_from_path("a.gif"), FR_FMT_UNKNOWN);
    assert_int_equal(fr_format_from_path("a.jpgx"), FR_FMT_UNKNOWN);
    assert_int_equal(fr_format_from_path("png"), FR_FMT_UNKNOWN);
    assert_int_equal(fr_format_from_path("a."), FR_FMT_UNKNOWN);
    assert_int_equal(fr_format_from_path("a.pngx"), FR_FMT_UNKNOWN);
    assert_int_equal(fr_format_from_path("out.png/file"), FR_FMT_UNKNOWN);
    assert_int_equal(fr_format_from_path(".png"), FR_FMT_UNKNOWN);
    assert_int_equal(fr_format_from_path(""), FR_FMT_UNKNOWN);
    assert_int_equal(fr_format_from_path(NULL), FR_FMT_UNKNOWN);
}

/* --------------------------------------------------------------- text files */

static void test_text_files(void **state)
{
    fixture *f = *state;
    const char *path = tpath(f, "s.json");
    char *meta = long_meta();
    assert_int_equal(fr_write_text_file(f->ctx, path, meta), FR_OK);
    char *back = NULL;
    assert_int_equal(fr_read_text_file(f->ctx, path, &back), FR_OK);
    assert_string_equal(back, meta);
    free(back);
    assert_int_equal(fr_write_text_file(f->ctx, path, ""), FR_OK);
    assert_int_equal(fr_read_text_file(f->ctx, path, &back), FR_OK);
    assert_string_equal(back, "");
    free(back);
    free(meta);

    const char *missing = tpath(f, "missing.json");
    back = (char *)"sentinel";
    assert_int_equal(fr_read_text_file(f->ctx, missing, &back), FR_ERR_IO);
    assert_null(back);
    assert_non_null(strstr(fr_last_error(f->ctx), missing));
    assert_non_null(strstr(fr_last_error(f->ctx), "No such file or directory"));
    assert_int_equal(fr_read_text_file(f->ctx, f->dir, &back), FR_ERR_IO);
    assert_non_null(strstr(fr_last_error(f->ctx), "directory"));

    /* A sparse file just over the cap: refused without reading it. */
    const char *huge = tpath(f, "huge.txt");
    put_file(huge, "", 0);
    assert_int_equal(truncate(huge, ((off_t)64 << 20) + 1), 0);
    assert_int_equal(fr_read_text_file(f->ctx, huge, &back), FR_ERR_IO);
    assert_non_null(strstr(fr_last_error(f->ctx), "64 MiB"));
    assert_null(back);
    unlink(huge);

    put_file(path, "a\0b", 3);
    assert_int_equal(fr_read_text_file(f->ctx, path, &back), FR_ERR_PARSE);

    assert_int_equal(fr_write_text_file(f->ctx, tpath(f, "no/s.json"), "x"), FR_ERR_IO);
    assert_int_equal(fr_write_text_file(f->ctx, path, NULL), FR_ERR_INVALID);
    assert_int_equal(count_hidden(f->dir), 0);
}

/* ------------------------------------------------------- atomic replacement */

static void test_atomic_file(void **state)
{
    fixture *f = *state;
    const char *path = tpath(f, "x");
    fr_atomic_file af;

    /* Nothing visible until commit: the file is unnamed where the kernel
     * allows (O_TMPFILE), else hidden. */
    assert_int_equal(fr_atomic_open(f->ctx, &af, path), FR_OK);
    if (af.tmp) {
        assert_int_equal(count_hidden(f->dir), 1);
        assert_non_null(strstr(af.tmp, "/.x."));
    } else {
        assert_int_equal(count_entries(f->dir), 0);
    }
    fputs("partial", af.fp);
    assert_false(exists(path));
    fr_atomic_abort(&af);
    fr_atomic_abort(&af);
    assert_int_equal(count_entries(f->dir), 0);

    /* Commit fails when the final name became a directory meanwhile. */
    assert_int_equal(fr_atomic_open(f->ctx, &af, path), FR_OK);
    fputs("data", af.fp);
    assert_int_equal(mkdir(path, 0755), 0);
    assert_int_equal(fr_atomic_commit(f->ctx, &af), FR_ERR_IO);
    assert_non_null(strstr(fr_last_error(f->ctx), path));
    assert_null(af.fp);
    assert_null(af.tmp);
    fr_atomic_abort(&af);
    assert_int_equal(count_hidden(f->dir), 0);
    assert_int_equal(rmdir(path), 0);

    /* Commit makes the file, with the mode of a new file. */
    mode_t old = umask(022);
    assert_int_equal(fr_atomic_open(f->ctx, &af, path), FR_OK);
    fputs("data", af.fp);
    assert_int_equal(fr_atomic_commit(f->ctx, &af), FR_OK);
    fr_atomic_abort(&af);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0644);
    umask(077);
    assert_int_equal(fr_write_text_file(f->ctx, path, "x"), FR_OK);
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
    umask(old);
    assert_int_equal(count_entries(f->dir), 1);

    /* A relative name without a folder part. */
    char cwd[PATH_MAX];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(f->dir), 0);
    assert_int_equal(fr_write_text_file(f->ctx, "rel.txt", "r"), FR_OK);
    assert_int_equal(chdir(cwd), 0);
    assert_true(exists(tpath(f, "rel.txt")));
    assert_int_equal(count_hidden(f->dir), 0);
}

/* What is at an output path: a symbolic link is followed (the link stays,
 * its target gets the file), a character device or FIFO is written into, a
 * dangling link and a socket are refused. Nothing is replaced by a regular
 * file but a regular file. */
static void test_special_outputs(void **state)
{
    fixture *f = *state;
    const char *target = tpath(f, "target.txt"), *link = tpath(f, "link.txt");
    assert_int_equal(fr_write_text_file(f->ctx, target, "old"), FR_OK);
    assert_int_equal(symlink("target.txt", link), 0);
    assert_int_equal(fr_write_text_file(f->ctx, link, "new"), FR_OK);
    struct stat st;
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    size_t n;
    unsigned char *text = slurp(target, &n);
    assert_int_equal(n, 3);
    assert_memory_equal(text, "new", 3);
    free(text);
    /* a link to nothing */
    const char *dangling = tpath(f, "dangling.txt");
    assert_int_equal(symlink("nowhere/x.txt", dangling), 0);
    assert_int_equal(fr_write_text_file(f->ctx, dangling, "x"), FR_ERR_IO);
    assert_non_null(strstr(fr_last_error(f->ctx), "symbolic link"));
    assert_int_equal(lstat(dangling, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    /* /dev/null stays the device */
    assert_int_equal(fr_write_text_file(f->ctx, "/dev/null", "into the device"), FR_OK);
    assert_int_equal(stat("/dev/null", &st), 0);
    assert_true(S_ISCHR(st.st_mode));
    fr_image img = make_image(4, 4, 8);
    assert_int_equal(fr_image_write_png(f->ctx, &img, "/dev/null", NULL), FR_OK);
    assert_int_equal(stat("/dev/null", &st), 0);
    assert_true(S_ISCHR(st.st_mode));
    /* a FIFO receives the bytes, and stays a FIFO */
    const char *fifo = tpath(f, "fifo");
    assert_int_equal(mkfifo(fifo, 0600), 0);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) _exit(fr_write_text_file(NULL, fifo, "through the pipe") == FR_OK ? 0 : 1);
    FILE *r = fopen(fifo, "rb");
    assert_non_null(r);
    char got[64] = "";
    size_t len = fread(got, 1, sizeof got - 1, r);
    fclose(r);
    int ws;
    assert_int_equal(waitpid(child, &ws, 0), child);
    assert_true(WIFEXITED(ws) && WEXITSTATUS(ws) == 0);
    assert_int_equal(len, strlen("through the pipe"));
    assert_int_equal(lstat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    /* a socket is refused */
    const char *sock = tpath(f, "sock");
    int sfd = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(sa.sun_path, sizeof sa.sun_path, "%s", sock);
    assert_int_equal(bind(sfd, (struct sockaddr *)&sa, sizeof sa), 0);
    assert_int_equal(fr_image_write_png(f->ctx, &img, sock, NULL), FR_ERR_IO);
    assert_non_null(strstr(fr_last_error(f->ctx), "socket"));
    close(sfd);
    assert_int_equal(lstat(sock, &st), 0);
    assert_true(S_ISSOCK(st.st_mode));
    fr_image_free(&img);
    /* a process killed before its commit leaves nothing behind */
    child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        fr_atomic_file af;
        if (fr_atomic_open(NULL, &af, tpath(f, "killed.png"))) _exit(2);
        fputs("half of an image", af.fp);
        fflush(af.fp);
        _exit(af.tmp ? 3 : 0); /* as SIGKILL would: no commit, no clean-up */
    }
    assert_int_equal(waitpid(child, &ws, 0), child);
    assert_true(WIFEXITED(ws));
    if (WEXITSTATUS(ws) == 3) print_message("no O_TMPFILE here: a killed writer leaves its hidden file\n");
    else assert_int_equal(WEXITSTATUS(ws), 0);
    assert_false(exists(tpath(f, "killed.png")));
    if (WEXITSTATUS(ws) == 0) assert_int_equal(count_hidden(f->dir), 0);
}

/* Two files committed together: a failure while writing the second leaves
 * the first as it was. */
static void test_commit_together(void **state)
{
    fixture *f = *state;
    const char *a = tpath(f, "a.txt"), *b = tpath(f, "b.txt");
    assert_int_equal(fr_write_text_file(f->ctx, a, "old a"), FR_OK);
    fr_atomic_file af[2];
    assert_int_equal(fr_atomic_open(f->ctx, &af[0], a), FR_OK);
    assert_int_equal(fr_atomic_open(f->ctx, &af[1], b), FR_OK);
    fputs("new a", af[0].fp);
    fputs("new b", af[1].fp);
    assert_int_equal(fr_atomic_commit_all(f->ctx, af, 2), FR_OK);
    size_t n;
    unsigned char *t = slurp(b, &n);
    assert_memory_equal(t, "new b", 5);
    free(t);
    /* writing b fails: a keeps its old bytes, b is not made */
    const char *sub = tpath(f, "sub");
    assert_int_equal(mkdir(sub, 0755), 0);
    char bsub[PATH_MAX];
    snprintf(bsub, sizeof bsub, "%s/b.txt", sub);
    assert_int_equal(fr_atomic_open(f->ctx, &af[0], a), FR_OK);
    assert_int_equal(fr_atomic_open(f->ctx, &af[1], bsub), FR_OK);
    fputs("newer a", af[0].fp);
    fputs("newer b", af[1].fp);
    /* a write error on the second (a full disk: /dev/full): nothing is committed */
    fclose(af[1].fp);
    af[1].fp = fopen("/dev/full", "wb");
    assert_non_null(af[1].fp);
    fputs("newer b", af[1].fp);
    assert_int_equal(fr_atomic_commit_all(f->ctx, af, 2), FR_ERR_IO);
    t = slurp(a, &n);
    assert_int_equal(n, 5);
    assert_memory_equal(t, "new a", 5);
    free(t);
    assert_false(exists(bsub));
    assert_int_equal(rmdir(sub), 0);
}

/* Writes that fail midway (here: the file size limit, as a full disk would)
 * leave neither the file nor a temporary behind, and keep an old file. */
static void test_failed_write_leaves_nothing(void **state)
{
    fixture *f = *state;
    const char *path = tpath(f, "y.png");
    const char *text = tpath(f, "y.txt");
    const char *npy = tpath(f, "y.npy");
    const char *keep = tpath(f, "keep.ppm");
    fr_image img = make_image(128, 128, 16); /* noise: ~100 KB as PNG */
    fr_image small = make_image(2, 2, 8);
    assert_int_equal(fr_image_write_ppm(f->ctx, &small, keep), FR_OK);
    long keep_size = file_size(keep);
    char *big = malloc(100000);
    memset(big, 'a', 99999);
    big[99999] = '\0';
    uint32_t *arr = calloc(100 * 100, sizeof *arr);

    struct rlimit old, lim;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
    lim = old;
    lim.rlim_cur = 1000;
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);

    fr_status s_png = fr_image_write_png(f->ctx, &img, path, NULL);
    char msg_png[FR_ERROR_MAX];
    snprintf(msg_png, sizeof msg_png, "%s", fr_last_error(f->ctx));
    fr_status s_text = fr_write_text_file(f->ctx, text, big);
    fr_status s_ppm = fr_image_write_ppm(f->ctx, &img, keep);
    fr_status s_npy = fr_npy_write_u32(f->ctx, npy, arr, 100, 100);

    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, old_handler);

    assert_int_equal(s_png, FR_ERR_IO);
    assert_non_null(strstr(msg_png, path));
    assert_int_equal(s_text, FR_ERR_IO);
    assert_int_equal(s_ppm, FR_ERR_IO);
    assert_int_equal(s_npy, FR_ERR_IO);
    assert_false(exists(path));
    assert_false(exists(text));
    assert_false(exists(npy));
    assert_int_equal(file_size(keep), keep_size);
    assert_int_equal(count_hidden(f->dir), 0);
    assert_int_equal(count_entries(f->dir), 1);

    free(arr);
    free(big);
    fr_image_free(&img);
    fr_image_free(&small);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_png_roundtrip_8, setup, teardown),
        cmocka_unit_test_setup_teardown(test_png_roundtrip_16, setup, teardown),
        cmocka_unit_test_setup_teardown(test_png_no_meta, setup, teardown),
        cmocka_unit_test_setup_teardown(test_png_meta_chunk_kinds, setup, teardown),
        cmocka_unit_test_setup_teardown(test_png_color_types, setup, teardown),
        cmocka_unit_test_setup_teardown(test_png_not_png, setup, teardown),
        cmocka_unit_test_setup_teardown(test_png_truncated, setup, teardown),
        cmocka_unit_test_setup_teardown(test_png_too_big, setup, teardown),
        cmocka_unit_test_setup_teardown(test_png_write_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ppm, setup, teardown),
        cmocka_unit_test_setup_teardown(test_npy, setup, teardown),
        cmocka_unit_test(test_format_from_path),
        cmocka_unit_test_setup_teardown(test_text_files, setup, teardown),
        cmocka_unit_test_setup_teardown(test_atomic_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_special_outputs, setup, teardown),
        cmocka_unit_test_setup_teardown(test_commit_together, setup, teardown),
        cmocka_unit_test_setup_teardown(test_failed_write_leaves_nothing, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
