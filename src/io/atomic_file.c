/* The build is strict C11; mkstemp, fdopen, fchmod, realpath and strdup
 * are POSIX, O_TMPFILE is Linux's. */
#define _GNU_SOURCE /* O_TMPFILE, linkat with AT_SYMLINK_FOLLOW */

#include "io/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <limits.h>
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
    af->direct = 0;
}

/* What an existing path is, for an output: a regular file or nothing
 * (replaced atomically), a character device or FIFO (written into in
 * place), a symbolic link (followed: its target is what is written), or
 * refused (a folder, a block device, a socket). *target receives the path
 * to write (malloc()ed). */
static fr_status output_target(fr_context *ctx, const char *path, char **target, int *direct)
{
    struct stat st;
    *direct = 0;
    *target = NULL;
    const char *what = NULL;
    if (lstat(path, &st) != 0) return (*target = strdup(path)) ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    if (S_ISLNK(st.st_mode)) {
        char *real = realpath(path, NULL);
        if (!real)
            return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': a symbolic link to nothing that exists (%s)", path,
                           strerror(errno));
        fr_status s = output_target(ctx, real, target, direct);
        free(real);
        return s;
    }
    if (S_ISREG(st.st_mode)) return (*target = strdup(path)) ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) {
        *direct = 1;
        return (*target = strdup(path)) ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    }
    if (S_ISDIR(st.st_mode)) return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", path, strerror(EISDIR));
    what = S_ISBLK(st.st_mode) ? "a block device" : S_ISSOCK(st.st_mode) ? "a socket" : "not a regular file";
    return fr_fail(ctx, FR_ERR_IO,
                   "cannot write '%s': it is %s (outputs go to files, character devices and FIFOs)", path, what);
}

/* An unnamed file in the folder of `path` (O_TMPFILE): nothing is ever
 * visible, and a process killed before the commit leaves nothing behind.
 * -1 where the file system or kernel has none, or /proc (to name it at the
 * commit) is missing. */
static int unnamed_file(const char *path)
{
#ifdef O_TMPFILE
    if (access("/proc/self/fd", X_OK) != 0) return -1;
    const char *slash = strrchr(path, '/');
    char dir[4096];
    if (!slash) snprintf(dir, sizeof dir, ".");
    else if (slash == path) snprintf(dir, sizeof dir, "/");
    else if ((size_t)(slash - path) < sizeof dir) snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    else return -1;
    return open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
#else
    (void)path;
    return -1;
#endif
}

fr_status fr_atomic_open(fr_context *ctx, fr_atomic_file *af, const char *path)
{
    memset(af, 0, sizeof *af);
    if (!path || !*path) return fr_fail(ctx, FR_ERR_INVALID, "output path is empty");

    /* Caught here rather than at rename time so that nothing is written
     * before the error is known. */
    char *target;
    int direct;
    fr_status s = output_target(ctx, path, &target, &direct);
    if (s) return s;
    if (direct) {
        FILE *fp = fopen(target, "wb");
        if (!fp) {
            fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", path, strerror(errno));
            free(target);
            return FR_ERR_IO;
        }
        af->fp = fp, af->path = target, af->direct = 1;
        return FR_OK;
    }

    const char *slash = strrchr(target, '/');
    size_t dirlen = slash ? (size_t)(slash - target) + 1 : 0;
    const char *base = target + dirlen;
    size_t baselen = strlen(base);
    if (baselen == 0) {
        free(target);
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': the path names a folder, not a file", path);
    }
    if (baselen > FR_TMP_BASE_MAX) baselen = FR_TMP_BASE_MAX;

    int fd = unnamed_file(target);
    char *tmp = NULL;
    if (fd < 0) { /* a hidden named temporary, renamed at the commit */
        tmp = malloc(dirlen + 1 + baselen + sizeof ".XXXXXX");
        if (!tmp) {
            free(target);
            return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", path);
        }
        memcpy(tmp, target, dirlen);
        tmp[dirlen] = '.';
        memcpy(tmp + dirlen + 1, base, baselen);
        memcpy(tmp + dirlen + 1 + baselen, ".XXXXXX", sizeof ".XXXXXX");
        fd = mkstemp(tmp);
    }
    if (fd < 0) {
        int err = errno;
        free(tmp);
        free(target);
        return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", path, strerror(err));
    }
    FILE *fp = fdopen(fd, "wb");
    if (!fp) {
        int err = errno;
        close(fd);
        if (tmp) unlink(tmp);
        free(tmp);
        free(target);
        return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", path, strerror(err));
    }
    af->fp = fp;
    af->path = target;
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

/* Flush the data and give the file its final mode; 0 or an errno. */
static int finish_data(fr_atomic_file *af)
{
    int err = 0;
    errno = 0;
    if (fflush(af->fp) != 0 || ferror(af->fp)) err = errno ? errno : EIO;
    /* mkstemp and O_TMPFILE create 0600; the result should look like any
     * other new file. */
    if (!err && !af->direct && fchmod(fileno(af->fp), 0644 & ~current_umask()) != 0) err = errno;
    return err;
}

/* Give the unnamed file (open as fd) the name `path`: a link where no file
 * is, else a link under a hidden name renamed over the old file. */
static int name_unnamed(int fd, const char *path)
{
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    if (linkat(AT_FDCWD, proc, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0) return 0;
    if (errno != EEXIST) return errno;
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    size_t baselen = strlen(path + dirlen);
    if (baselen > FR_TMP_BASE_MAX) baselen = FR_TMP_BASE_MAX;
    char *tmp = malloc(dirlen + baselen + 40);
    if (!tmp) return ENOMEM;
    int err = EEXIST;
    for (int k = 0; k < 1000 && err == EEXIST; k++) {
        sprintf(tmp, "%.*s.%.*s.%ld-%d", (int)dirlen, path, (int)baselen, path + dirlen, (long)getpid(), k);
        err = linkat(AT_FDCWD, proc, AT_FDCWD, tmp, AT_SYMLINK_FOLLOW) == 0 ? 0 : errno;
    }
    if (!err && rename(tmp, path) != 0) {
        err = errno;
        unlink(tmp);
    }
    free(tmp);
    return err;
}

/* Everything that can fail before the name changes hands: data, mode. */
static int prepare(fr_atomic_file *af) { return af->fp ? finish_data(af) : EINVAL; }

/* The name: rename or link; closes the file. 0 or an errno. */
static int publish(fr_atomic_file *af)
{
    int err = 0;
    if (!af->direct && !af->tmp) err = name_unnamed(fileno(af->fp), af->path);
    if (fclose(af->fp) != 0 && !err) err = errno ? errno : EIO;
    af->fp = NULL;
    if (!err && af->tmp && rename(af->tmp, af->path) != 0) err = errno;
    if (err && af->tmp) unlink(af->tmp);
    return err;
}

fr_status fr_atomic_commit(fr_context *ctx, fr_atomic_file *af)
{
    return fr_atomic_commit_all(ctx, af, 1);
}

fr_status fr_atomic_commit_all(fr_context *ctx, fr_atomic_file *af, int n)
{
    int err = 0, bad = 0;
    if (fr_shared(ctx) && ctx->share_index != 0) {
        /* a shared render: process 0 alone names the files */
        for (int i = 0; i < n; i++) fr_atomic_abort(&af[i]);
        return FR_OK;
    }
    for (int i = 0; i < n && !err; i++)
        if ((err = prepare(&af[i]))) bad = i;
    for (int i = 0; i < n && !err; i++)
        if ((err = publish(&af[i]))) bad = i;
    if (err) {
        if (!af[bad].fp && !af[bad].path)
            fr_fail(ctx, FR_ERR_INVALID, "internal error: commit of a file that is not open");
        else
            fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", af[bad].path, strerror(err));
        for (int i = 0; i < n; i++) fr_atomic_abort(&af[i]);
        return FR_ERR_IO;
    }
    for (int i = 0; i < n; i++) atomic_release(&af[i]);
    return FR_OK;
}

void fr_atomic_abort(fr_atomic_file *af)
{
    if (!af) return;
    if (af->fp) fclose(af->fp); /* an unnamed file vanishes with its descriptor */
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
