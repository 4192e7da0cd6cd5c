/* The build is strict C11 (no GNU extensions); mkstemp, fdopen, fchmod and
 * strdup are POSIX. */
#define _POSIX_C_SOURCE 200809L

#include "io/atomic_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#define FR_TEXT_FILE_MAX ((size_t)64 << 20)

/* Keeps ".<base>.XXXXXX" within NAME_MAX (255) even for very long names. */
#define FR_TMP_BASE_MAX 200

static void atomic_release(fr_atomic_file *af)
{
    free(af->path);
    free(af->tmp);
    af->fp = NULL;
    af->path = NULL;
    af->tmp = NULL;
}

fr_status fr_atomic_open(fr_context *ctx, fr_atomic_file *af, const char *path)
{
    memset(af, 0, sizeof *af);
    if (!path || !*path) return fr_fail(ctx, FR_ERR_INVALID, "output path is empty");

    /* Caught here rather than at rename time so that nothing is written
     * before the error is known. */
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", path, strerror(EISDIR));

    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    const char *base = path + dirlen;
    size_t baselen = strlen(base);
    if (baselen == 0)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': the path names a folder, not a file",
                       path);
    if (baselen > FR_TMP_BASE_MAX) baselen = FR_TMP_BASE_MAX;

    char *tmp = malloc(dirlen + 1 + baselen + sizeof ".XXXXXX");
    char *dup = strdup(path);
    if (!tmp || !dup) {
        free(tmp);
        free(dup);
        return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", path);
    }
    memcpy(tmp, path, dirlen);
    tmp[dirlen] = '.';
    memcpy(tmp + dirlen + 1, base, baselen);
    memcpy(tmp + dirlen + 1 + baselen, ".XXXXXX", sizeof ".XXXXXX");

    int fd = mkstemp(tmp);
    if (fd < 0) {
        int err = errno;
        free(tmp);
        free(dup);
        return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", path, strerror(err));
    }
    FILE *fp = fdopen(fd, "wb");
    if (!fp) {
        int err = errno;
        close(fd);
        unlink(tmp);
        free(tmp);
        free(dup);
        return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", path, strerror(err));
    }
    af->fp = fp;
    af->path = dup;
    af->tmp = tmp;
    return FR_OK;
}

/* The umask can only be read atomically from /proc: umask() itself sets it,
 * and setting then restoring it would race with other threads creating
 * files. Without /proc the common default 022 is assumed. */
static mode_t current_umask(void)
{
    mode_t mask = 022;
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return mask;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        unsigned v;
        if (strncmp(line, "Umask:", 6) == 0 && sscanf(line + 6, "%o", &v) == 1) {
            mask = (mode_t)(v & 0777);
            break;
        }
    }
    fclose(f);
    return mask;
}

fr_status fr_atomic_commit(fr_context *ctx, fr_atomic_file *af)
{
    if (!af->fp || !af->tmp) {
        fr_atomic_abort(af);
        return fr_fail(ctx, FR_ERR_INVALID, "internal error: commit of a file that is not open");
    }
    int err = 0;
    errno = 0;
    if (fflush(af->fp) != 0 || ferror(af->fp)) err = errno ? errno : EIO;
    /* mkstemp creates 0600; the result should look like any other new file. */
    if (!err && fchmod(fileno(af->fp), 0644 & ~current_umask()) != 0) err = errno;
    if (fclose(af->fp) != 0 && !err) err = errno ? errno : EIO;
    af->fp = NULL;
    if (!err && rename(af->tmp, af->path) != 0) err = errno;
    if (err) {
        unlink(af->tmp);
        fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", af->path, strerror(err));
        atomic_release(af);
        return FR_ERR_IO;
    }
    atomic_release(af);
    return FR_OK;
}

void fr_atomic_abort(fr_atomic_file *af)
{
    if (!af) return;
    if (af->fp) fclose(af->fp);
    if (af->tmp) unlink(af->tmp);
    atomic_release(af);
}

fr_status fr_open_read(fr_context *ctx, const char *path, FILE **fp)
{
    *fp = NULL;
    if (!path || !*path) return fr_fail(ctx, FR_ERR_INVALID, "input path is empty");
    FILE *f = fopen(path, "rb");
    if (!f) return fr_fail(ctx, FR_ERR_IO, "cannot read '%s': %s", path, strerror(errno));
    /* fopen() happily opens a directory for reading; the first read would
     * then fail with a less obvious message. */
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        return fr_fail(ctx, FR_ERR_IO, "cannot read '%s': %s", path, strerror(EISDIR));
    }
    *fp = f;
    return FR_OK;
}

fr_status fr_write_text_file(fr_context *ctx, const char *path, const char *text)
{
    if (!text) return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': no text given", path ? path : "");
    fr_atomic_file af;
    fr_status s = fr_atomic_open(ctx, &af, path);
    if (s != FR_OK) return s;
    errno = 0;
    size_t n = strlen(text);
    if (n && fwrite(text, 1, n, af.fp) != n) {
        int err = errno;
        fr_atomic_abort(&af);
        return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", path, strerror(err));
    }
    return fr_atomic_commit(ctx, &af);
}

static fr_status too_large(fr_context *ctx, const char *path)
{
    return fr_fail(ctx, FR_ERR_IO, "cannot read '%s': larger than the 64 MiB limit for text files",
                   path);
}

fr_status fr_read_text_file(fr_context *ctx, const char *path, char **text)
{
    if (!text) return fr_fail(ctx, FR_ERR_INVALID, "fr_read_text_file: text is NULL");
    *text = NULL;
    FILE *f;
    fr_status s = fr_open_read(ctx, path, &f);
    if (s != FR_OK) return s;

    /* The size is only a hint: pipes and /proc files report 0, and a file
     * may grow while it is read, so the cap is enforced on what is read. */
    size_t cap = 4096;
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        if ((unsigned long long)st.st_size > FR_TEXT_FILE_MAX) {
            fclose(f);
            return too_large(ctx, path);
        }
        cap = (size_t)st.st_size + 1;
    }
    char *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        return fr_fail(ctx, FR_ERR_NOMEM, "cannot read '%s': out of memory", path);
    }
    /* Room for one byte beyond the cap (to notice it) plus the NUL. */
    const size_t limit = FR_TEXT_FILE_MAX + 2;
    size_t len = 0;
    for (;;) {
        if (len + 1 >= cap) {
            if (cap >= limit) break;
            size_t ncap = cap > limit / 2 ? limit : cap * 2;
            char *nbuf = realloc(buf, ncap);
            if (!nbuf) {
                free(buf);
                fclose(f);
                return fr_fail(ctx, FR_ERR_NOMEM, "cannot read '%s': out of memory", path);
            }
            buf = nbuf;
            cap = ncap;
        }
        size_t got = fread(buf + len, 1, cap - 1 - len, f);
        len += got;
        if (got == 0) break;
    }
    int failed = ferror(f);
    int err = errno;
    fclose(f);
    if (failed) {
        free(buf);
        return fr_fail(ctx, FR_ERR_IO, "cannot read '%s': %s", path, strerror(err ? err : EIO));
    }
    if (len > FR_TEXT_FILE_MAX) {
        free(buf);
        return too_large(ctx, path);
    }
    /* The caller gets a C string; an embedded NUL would silently cut it. */
    if (memchr(buf, '\0', len)) {
        free(buf);
        return fr_fail(ctx, FR_ERR_PARSE, "cannot read '%s': it contains NUL bytes (not a text file)",
                       path);
    }
    buf[len] = '\0';
    *text = buf;
    return FR_OK;
}
