/* The built front end, read into memory when the server starts: a request
 * is matched against the names read, never turned into a path. Symbolic
 * links and hidden files are not followed or served. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "serve.h"

#define STATIC_MAX_BYTES (256u << 20)
#define STATIC_MAX_FILES 4096

typedef struct file {
    char *url; /* "/index.html" */
    unsigned char *data;
    size_t len;
    const char *type;
} file;

struct serve_static {
    file *f;
    int n, cap;
    size_t bytes;
};

static const char *type_of(const char *name)
{
    static const struct {
        const char *ext, *type;
    } types[] = {{".html", "text/html; charset=utf-8"},
                 {".js", "text/javascript; charset=utf-8"},
                 {".mjs", "text/javascript; charset=utf-8"},
                 {".css", "text/css; charset=utf-8"},
                 {".json", "application/json"},
                 {".svg", "image/svg+xml"},
                 {".png", "image/png"},
                 {".jpg", "image/jpeg"},
                 {".ico", "image/x-icon"},
                 {".woff2", "font/woff2"},
                 {".map", "application/json"},
                 {".txt", "text/plain; charset=utf-8"},
                 {".webmanifest", "application/manifest+json"}};
    const char *dot = strrchr(name, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(dot, types[i].ext)) return types[i].type;
    return "application/octet-stream";
}

static int add_file(serve_static *s, int dirfd, const char *name, const char *url, char *err, size_t errn)
{
    int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st)) {
        if (fd >= 0) close(fd);
        return snprintf(err, errn, "%s: %s", url, strerror(errno)), -1;
    }
    if (s->n == STATIC_MAX_FILES || s->bytes + (size_t)st.st_size > STATIC_MAX_BYTES) {
        close(fd);
        return snprintf(err, errn, "the front end is larger than %u files or %u MiB", STATIC_MAX_FILES,
                        STATIC_MAX_BYTES >> 20),
               -1;
    }
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 64;
        file *f = realloc(s->f, (size_t)cap * sizeof *f);
        if (!f) return close(fd), snprintf(err, errn, "out of memory"), -1;
        s->f = f, s->cap = cap;
    }
    file *f = &s->f[s->n];
    f->len = (size_t)st.st_size;
    f->data = malloc(f->len ? f->len : 1);
    f->url = strdup(url);
    f->type = type_of(name);
    ssize_t got = f->data ? read(fd, f->data, f->len) : -1;
    close(fd);
    if (!f->data || !f->url || got != (ssize_t)f->len) {
        free(f->data);
        free(f->url);
        return snprintf(err, errn, "%s: cannot read it", url), -1;
    }
    s->n++;
    s->bytes += f->len;
    return 0;
}

static int add_dir(serve_static *s, int dirfd, const char *prefix, int depth, char *err, size_t errn)
{
    if (depth > 8) return 0;
    int dfd = dup(dirfd);
    DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
    if (!d) {
        if (dfd >= 0) close(dfd);
        return snprintf(err, errn, "%s: %s", prefix[0] ? prefix : "/", strerror(errno)), -1;
    }
    int rc = 0;
    struct dirent *e;
    while (!rc && (e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        struct stat st;
        if (fstatat(dirfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW)) continue;
        char url[1024];
        if (snprintf(url, sizeof url, "%s/%s", prefix, e->d_name) >= (int)sizeof url) continue;
        if (S_ISREG(st.st_mode)) {
            rc = add_file(s, dirfd, e->d_name, url, err, errn);
        } else if (S_ISDIR(st.st_mode)) {
            int sub = openat(dirfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (sub >= 0) {
                rc = add_dir(s, sub, url, depth + 1, err, errn);
                close(sub);
            }
        }
    }
    closedir(d);
    return rc;
}

serve_static *serve_static_load(const char *dir, char *err, size_t errn)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return snprintf(err, errn, "--web '%s': %s", dir, strerror(errno)), NULL;
    serve_static *s = calloc(1, sizeof *s);
    if (!s || add_dir(s, fd, "", 0, err, errn)) {
        close(fd);
        serve_static_free(s);
        return NULL;
    }
    close(fd);
    const unsigned char *d;
    size_t n;
    const char *t;
    if (serve_static_find(s, "/", &d, &n, &t)) {
        snprintf(err, errn, "--web '%s' has no index.html (build the front end: scripts/web-build.sh)", dir);
        serve_static_free(s);
        return NULL;
    }
    return s;
}

void serve_static_free(serve_static *s)
{
    if (!s) return;
    for (int i = 0; i < s->n; i++) {
        free(s->f[i].url);
        free(s->f[i].data);
    }
    free(s->f);
    free(s);
}

int serve_static_find(const serve_static *s, const char *url, const unsigned char **data, size_t *len, const char **type)
{
    char buf[1100];
    size_t n = strlen(url);
    if (n + 16 > sizeof buf) return -1;
    memcpy(buf, url, n + 1);
    if (n == 0 || buf[n - 1] == '/') strcat(buf, "index.html");
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->f[i].url, buf)) {
            *data = s->f[i].data, *len = s->f[i].len, *type = s->f[i].type;
            return 0;
        }
    return -1;
}
