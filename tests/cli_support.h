/* Shared support for the end-to-end CLI tests (tests/test_cli_*.c): a runner
 * that spawns the real binary ($FR_CLI) without a shell and captures its exit
 * status, stdout and stderr; a per-test fixture that works in a fresh folder
 * under $FR_TEST_TMP/<subdir>; and small file helpers. Compiled into every
 * test_cli_* executable (see tests/CMakeLists.txt). */
#ifndef FR_TESTS_CLI_SUPPORT_H
#define FR_TESTS_CLI_SUPPORT_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>

#include "fractalis.h"

/* ------------------------------------------------------------ CLI runner */

typedef struct cli_result {
    int status; /* exit status, or 128 + signal if killed */
    char *out;  /* captured stdout, NUL-terminated */
    char *err;  /* captured stderr, NUL-terminated */
} cli_result;

void cli_result_free(cli_result *r);

/* $FR_CLI, or NULL where it is unset or empty. */
const char *cli_path(void);

/* Run the program `cli` with args (NULL-terminated, not counting argv[0]),
 * stdin from /dev/null, capturing stdout and stderr. `env_extra`
 * ("NAME=value" strings, NULL-ended, replacing variables of the same name)
 * may be NULL. Fails the test on a timeout or a signal. */
void run_prog_env(cli_result *r, const char *cli, const char *const *env_extra, const char *const *args);

/* Run $FR_CLI with args (NULL-terminated, not counting argv[0]). */
void run_cli_env(cli_result *r, const char *const *env_extra, const char *const *args);

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})
/* run_cli(&r, "render", "mandelbrot", ...) */
#define run_cli(r, ...) run_cli_env((r), NULL, ARGS(__VA_ARGS__))

/* Run and require success; stderr is shown when it fails. */
#define run_ok(...)                                                                                          \
    do {                                                                                                     \
        cli_result r_ok_;                                                                                    \
        run_cli(&r_ok_, __VA_ARGS__);                                                                        \
        if (r_ok_.status != 0) {                                                                             \
            print_error("fractalis exited %d; stderr:\n%s\n", r_ok_.status, r_ok_.err);                      \
            cli_result_free(&r_ok_);                                                                         \
            fail();                                                                                          \
        }                                                                                                    \
        cli_result_free(&r_ok_);                                                                             \
    } while (0)

/* --------------------------------------------------------------- fixture */

#define CLI_FIXTURE_PATHS 16

typedef struct fixture {
    fr_context *ctx;
    char dir[PATH_MAX];
    char paths[CLI_FIXTURE_PATHS][PATH_MAX];
    int next;
    const void *param; /* the case, for table-driven tests */
} fixture;

/* cmocka setup body: a fresh folder $FR_TEST_TMP/<subdir>/t.XXXXXX (/tmp
 * where FR_TEST_TMP is unset) and a context; the initial state given in the
 * test table becomes f->param. Wrap it in a static setup(void **) per file. */
int cli_setup(void **state, const char *subdir);

/* cmocka teardown: removes the folder and frees the fixture. */
int cli_teardown(void **state);

/* A path in the test's folder (CLI_FIXTURE_PATHS rotating buffers). */
const char *P(fixture *f, const char *name);

/* --------------------------------------------------------------- helpers */

void write_bytes(const char *path, const void *data, size_t n);
void write_text(const char *path, const char *text);

/* The whole file (malloc'ed, *len set), or NULL. */
unsigned char *read_file(const char *path, size_t *len);

/* Fails the test unless files a and b hold the same bytes. */
void assert_same_file(const char *a, const char *b);

#endif
