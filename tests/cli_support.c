/* Shared support for the end-to-end CLI tests: see cli_support.h. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "cli_support.h"
#include "fs_support.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* ------------------------------------------------------------ CLI runner */

#define CLI_TIMEOUT_S 120
#define CLI_CAPTURE_MAX (256 * 1024)

void cli_result_free(cli_result *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}

const char *cli_path(void)
{
    const char *p = getenv("FR_CLI");
    return p && *p ? p : NULL;
}

/* A copy of the environment with `extra` ("NAME=value" strings, NULL-ended)
 * replacing any variable of the same name. */
static char **make_env(const char *const *extra)
{
    size_t n = 0, k = 0;
    while (environ[n]) n++;
    while (extra && extra[k]) k++;
    char **env = calloc(n + k + 1, sizeof *env);
    if (!env) return NULL;
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        int replaced = 0;
        for (size_t j = 0; j < k; j++) {
            size_t len = strcspn(extra[j], "=");
            if (!strncmp(environ[i], extra[j], len) && environ[i][len] == '=') replaced = 1;
        }
        if (!replaced) env[m++] = environ[i];
    }
    for (size_t j = 0; j < k; j++) env[m++] = (char *)extra[j];
    env[m] = NULL;
    return env;
}

static void append(char **buf, size_t *len, size_t *cap, const char *data, size_t n)
{
    if (*len + n + 1 > *cap) {
        size_t c = *cap ? *cap : 4096;
        while (c < *len + n + 1) c *= 2;
        char *b = realloc(*buf, c);
        assert_non_null(b);
        *buf = b;
        *cap = c;
    }
    memcpy(*buf + *len, data, n);
    *len += n;
    (*buf)[*len] = 0;
}

void run_prog_env(cli_result *r, const char *cli, const char *const *env_extra, const char *const *args)
{
    assert_non_null(cli);
    size_t n = 0;
    while (args[n]) n++;
    char **argv = calloc(n + 2, sizeof *argv);
    assert_non_null(argv);
    argv[0] = (char *)cli;
    for (size_t i = 0; i < n; i++) argv[i + 1] = (char *)args[i];
    argv[n + 1] = NULL;
    char **envp = make_env(env_extra);
    assert_non_null(envp);

    int po[2], pe[2];
    assert_int_equal(pipe(po), 0);
    assert_int_equal(pipe(pe), 0);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, po[1], 1);
    posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
    posix_spawn_file_actions_addclose(&fa, po[0]);
    posix_spawn_file_actions_addclose(&fa, pe[0]);
    posix_spawn_file_actions_addclose(&fa, po[1]);
    posix_spawn_file_actions_addclose(&fa, pe[1]);
    pid_t pid;
    int rc = posix_spawn(&pid, cli, &fa, NULL, argv, envp);
    posix_spawn_file_actions_destroy(&fa);
    close(po[1]);
    close(pe[1]);
    free(envp);
    free(argv);
    if (rc != 0) {
        close(po[0]);
        close(pe[0]);
        fail_msg("posix_spawn(%s): %s", cli, strerror(rc));
    }

    char *bufs[2] = {NULL, NULL};
    size_t lens[2] = {0, 0}, caps[2] = {0, 0};
    append(&bufs[0], &lens[0], &caps[0], "", 0);
    append(&bufs[1], &lens[1], &caps[1], "", 0);
    struct pollfd fds[2] = {{.fd = po[0], .events = POLLIN}, {.fd = pe[0], .events = POLLIN}};
    time_t deadline = time(NULL) + CLI_TIMEOUT_S;
    int open_fds = 2, timed_out = 0;
    while (open_fds > 0) {
        int left = (int)(deadline - time(NULL));
        if (left <= 0) {
            timed_out = 1;
            break;
        }
        int pr = poll(fds, 2, left * 1000);
        if (pr < 0 && errno == EINTR) continue;
        if (pr < 0) break;
        for (int i = 0; i < 2; i++) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            char chunk[4096];
            ssize_t got = read(fds[i].fd, chunk, sizeof chunk);
            if (got > 0) {
                if (lens[i] < CLI_CAPTURE_MAX) append(&bufs[i], &lens[i], &caps[i], chunk, (size_t)got);
            } else if (got == 0 || errno != EINTR) {
                close(fds[i].fd);
                fds[i].fd = -1;
                open_fds--;
            }
        }
    }
    if (timed_out) kill(pid, SIGKILL);
    for (int i = 0; i < 2; i++)
        if (fds[i].fd >= 0) close(fds[i].fd);
    int ws;
    while (waitpid(pid, &ws, 0) < 0 && errno == EINTR) {
    }
    r->out = bufs[0];
    r->err = bufs[1];
    r->status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + (WIFSIGNALED(ws) ? WTERMSIG(ws) : 0);
    if (timed_out) fail_msg("fractalis did not finish within %d s", CLI_TIMEOUT_S);
    if (WIFSIGNALED(ws)) fail_msg("fractalis was killed by signal %d; stderr:\n%s", WTERMSIG(ws), r->err);
}

void run_cli_env(cli_result *r, const char *const *env_extra, const char *const *args)
{
    run_prog_env(r, cli_path(), env_extra, args);
}

/* --------------------------------------------------------------- fixture */

int cli_setup(void **state, const char *subdir)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f) return -1;
    f->param = *state; /* the initial state given in the test table */
    const char *base = getenv("FR_TEST_TMP");
    if (!base || !*base) base = "/tmp";
    char parent[PATH_MAX];
    if (snprintf(parent, sizeof parent, "%s/%s", base, subdir) >= (int)sizeof parent) return -1;
    if (mkdir(parent, 0777) != 0 && errno != EEXIST) return -1;
    if (snprintf(f->dir, sizeof f->dir, "%s/t.XXXXXX", parent) >= (int)sizeof f->dir) return -1;
    if (!mkdtemp(f->dir)) return -1;
    f->ctx = fr_context_create();
    if (!f->ctx) return -1;
    *state = f;
    return 0;
}

int cli_teardown(void **state)
{
    fixture *f = *state;
    if (!f) return 0;
    fs_tree_remove(f->dir);
    fr_context_destroy(f->ctx);
    free(f);
    return 0;
}

const char *P(fixture *f, const char *name)
{
    char *b = f->paths[f->next++ % CLI_FIXTURE_PATHS];
    if (snprintf(b, PATH_MAX, "%s/%s", f->dir, name) >= PATH_MAX) fail_msg("path too long");
    return b;
}

/* --------------------------------------------------------------- helpers */

void write_bytes(const char *path, const void *data, size_t n)
{
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(data, 1, n, fp), n);
    assert_int_equal(fclose(fp), 0);
}

void write_text(const char *path, const char *text)
{
    write_bytes(path, text, strlen(text));
}

unsigned char *read_file(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, fp)) > 0) {
        n += got;
        if (n == cap) {
            unsigned char *b = realloc(buf, cap *= 2);
            if (!b) free(buf);
            buf = b;
        }
    }
    fclose(fp);
    if (buf) *len = n;
    return buf;
}

void assert_same_file(const char *a, const char *b)
{
    size_t na = 0, nb = 0;
    unsigned char *x = read_file(a, &na), *y = read_file(b, &nb);
    assert_non_null(x);
    assert_non_null(y);
    assert_int_equal(na, nb);
    assert_memory_equal(x, y, na);
    free(x), free(y);
}
