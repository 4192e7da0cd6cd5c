/* The tiles' caches, keyed by the SHA-256 (nettle) of the tile's scene
 * JSON: an in-memory LRU bounded in bytes, and optionally a folder of
 * PNGs named by that digest. The folder is opened once; files are reached
 * relative to it (openat, O_NOFOLLOW) under names made only of hex digits,
 * written to a temporary name and renamed, so nothing a request says can
 * reach another path, and a reader never sees half a file. */
#include <errno.h>
#include <fcntl.h>
#include <nettle/sha2.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "serve.h"

#define BUCKETS 8192
#define DISK_FILE_MAX (16u << 20)

typedef struct entry {
    uint8_t digest[SHA256_DIGEST_SIZE];
    unsigned char *png;
    size_t len;
    struct entry *prev, *next; /* LRU: head is the most recent */
    struct entry *chain;       /* hash bucket */
} entry;

struct serve_cache {
    pthread_mutex_t lock;
    entry *bucket[BUCKETS];
    entry *head, *tail;
    uint64_t bytes, limit, count;
    int dirfd; /* -1: no disk cache */
    unsigned seq;
};

static void digest_of(const char *key, uint8_t d[SHA256_DIGEST_SIZE])
{
    struct sha256_ctx c;
    sha256_init(&c);
    sha256_update(&c, strlen(key), (const uint8_t *)key);
    sha256_digest(&c, SHA256_DIGEST_SIZE, d);
}

static unsigned bucket_of(const uint8_t d[SHA256_DIGEST_SIZE]) { return (d[0] | (unsigned)d[1] << 8) % BUCKETS; }

serve_cache *serve_cache_create(uint64_t memory_bytes, const char *dir, char *err, size_t errn)
{
    serve_cache *c = calloc(1, sizeof *c);
    if (!c) return snprintf(err, errn, "out of memory"), NULL;
    pthread_mutex_init(&c->lock, NULL);
    c->limit = memory_bytes;
    c->dirfd = -1;
    if (dir) {
        if (mkdir(dir, 0755) && errno != EEXIST) {
            snprintf(err, errn, "--cache '%s': cannot create it: %s", dir, strerror(errno));
            free(c);
            return NULL;
        }
        c->dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (c->dirfd < 0) {
            snprintf(err, errn, "--cache '%s': %s", dir, strerror(errno));
            free(c);
            return NULL;
        }
    }
    return c;
}

void serve_cache_destroy(serve_cache *c)
{
    if (!c) return;
    for (entry *e = c->head, *n; e; e = n) {
        n = e->next;
        free(e->png);
        free(e);
    }
    if (c->dirfd >= 0) close(c->dirfd);
    free(c);
}

static void unlink_lru(serve_cache *c, entry *e)
{
    if (e->prev) e->prev->next = e->next;
    else c->head = e->next;
    if (e->next) e->next->prev = e->prev;
    else c->tail = e->prev;
    e->prev = e->next = NULL;
}

static void push_front(serve_cache *c, entry *e)
{
    e->next = c->head;
    e->prev = NULL;
    if (c->head) c->head->prev = e;
    c->head = e;
    if (!c->tail) c->tail = e;
}

static entry *find(serve_cache *c, const uint8_t d[SHA256_DIGEST_SIZE])
{
    for (entry *e = c->bucket[bucket_of(d)]; e; e = e->chain)
        if (!memcmp(e->digest, d, SHA256_DIGEST_SIZE)) return e;
    return NULL;
}

static void evict(serve_cache *c, entry *e)
{
    unlink_lru(c, e);
    entry **l = &c->bucket[bucket_of(e->digest)];
    while (*l != e) l = &(*l)->chain;
    *l = e->chain;
    c->bytes -= e->len + sizeof *e;
    c->count--;
    free(e->png);
    free(e);
}

/* Memory only; takes png. */
static void remember(serve_cache *c, const uint8_t d[SHA256_DIGEST_SIZE], unsigned char *png, size_t len)
{
    if (len + sizeof(entry) > c->limit) {
        free(png);
        return;
    }
    pthread_mutex_lock(&c->lock);
    if (find(c, d)) {
        pthread_mutex_unlock(&c->lock);
        free(png);
        return;
    }
    while (c->tail && c->bytes + len + sizeof(entry) > c->limit) evict(c, c->tail);
    entry *e = calloc(1, sizeof *e);
    if (!e) {
        pthread_mutex_unlock(&c->lock);
        free(png);
        return;
    }
    memcpy(e->digest, d, SHA256_DIGEST_SIZE);
    e->png = png, e->len = len;
    unsigned b = bucket_of(d);
    e->chain = c->bucket[b];
    c->bucket[b] = e;
    push_front(c, e);
    c->bytes += len + sizeof *e;
    c->count++;
    pthread_mutex_unlock(&c->lock);
}

static void file_name(const uint8_t d[SHA256_DIGEST_SIZE], char name[2 * SHA256_DIGEST_SIZE + 8])
{
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++) sprintf(name + 2 * i, "%02x", d[i]);
    strcpy(name + 2 * SHA256_DIGEST_SIZE, ".png");
}

static int disk_read(serve_cache *c, const uint8_t d[SHA256_DIGEST_SIZE], unsigned char **png, size_t *len)
{
    char name[2 * SHA256_DIGEST_SIZE + 8];
    file_name(d, name);
    int fd = openat(c->dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return 0;
    struct stat s;
    unsigned char *buf = NULL;
    if (fstat(fd, &s) || !S_ISREG(s.st_mode) || s.st_size < 8 || (uint64_t)s.st_size > DISK_FILE_MAX ||
        !(buf = malloc((size_t)s.st_size)) || read(fd, buf, (size_t)s.st_size) != s.st_size ||
        memcmp(buf, "\x89PNG\r\n\x1a\n", 8)) {
        free(buf);
        close(fd);
        return 0;
    }
    close(fd);
    *png = buf;
    *len = (size_t)s.st_size;
    return 1;
}

static void disk_write(serve_cache *c, const uint8_t d[SHA256_DIGEST_SIZE], const unsigned char *png, size_t len)
{
    char name[2 * SHA256_DIGEST_SIZE + 8], tmp[2 * SHA256_DIGEST_SIZE + 40];
    file_name(d, name);
    pthread_mutex_lock(&c->lock);
    unsigned seq = c->seq++;
    pthread_mutex_unlock(&c->lock);
    snprintf(tmp, sizeof tmp, ".%.*s.%ld.%u.tmp", 2 * SHA256_DIGEST_SIZE, name, (long)getpid(), seq);
    int fd = openat(c->dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) return;
    int ok = write(fd, png, len) == (ssize_t)len;
    ok &= close(fd) == 0;
    if (!ok || renameat(c->dirfd, tmp, c->dirfd, name)) unlinkat(c->dirfd, tmp, 0);
}

int serve_cache_get(serve_cache *c, const char *key, unsigned char **png, size_t *len)
{
    uint8_t d[SHA256_DIGEST_SIZE];
    digest_of(key, d);
    pthread_mutex_lock(&c->lock);
    entry *e = find(c, d);
    if (e) {
        unsigned char *copy = malloc(e->len);
        if (copy) {
            memcpy(copy, e->png, e->len);
            unlink_lru(c, e);
            push_front(c, e);
            *png = copy;
            *len = e->len;
        }
        pthread_mutex_unlock(&c->lock);
        return copy ? 1 : 0;
    }
    pthread_mutex_unlock(&c->lock);
    if (c->dirfd < 0 || !disk_read(c, d, png, len)) return 0;
    unsigned char *copy = malloc(*len);
    if (copy) {
        memcpy(copy, *png, *len);
        remember(c, d, copy, *len);
    }
    return 2;
}

void serve_cache_put(serve_cache *c, const char *key, const unsigned char *png, size_t len)
{
    uint8_t d[SHA256_DIGEST_SIZE];
    digest_of(key, d);
    unsigned char *copy = malloc(len);
    if (copy) {
        memcpy(copy, png, len);
        remember(c, d, copy, len);
    }
    if (c->dirfd >= 0) disk_write(c, d, png, len);
}

void serve_cache_usage(serve_cache *c, uint64_t *entries, uint64_t *bytes)
{
    pthread_mutex_lock(&c->lock);
    *entries = c->count;
    *bytes = c->bytes;
    pthread_mutex_unlock(&c->lock);
}
