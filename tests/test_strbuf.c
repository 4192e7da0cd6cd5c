/* fr_strbuf: appends of every size, printf pieces longer than its stack
 * buffer, the text always NUL-terminated. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/strbuf.h"

static void test_appends(void **state)
{
    (void)state;
    fr_strbuf b;
    memset(&b, 0, sizeof b);
    fr_strbuf_puts(&b, "");
    assert_non_null(b.p);
    assert_string_equal(b.p, "");
    /* past the first allocation, and a printf piece past 512 bytes */
    char big[3000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = 0;
    for (int i = 0; i < 4; i++)
        fr_strbuf_puts(&b, big);
    fr_strbuf_printf(&b, "[%s|%d]", big, 42);
    fr_strbuf_add(&b, "abc", 2);
    assert_false(b.nomem);
    size_t n = strlen(big), want = 5 * n + 5 + 2;
    assert_int_equal(b.n, want);
    assert_int_equal(strlen(b.p), want);
    assert_true(b.cap > b.n);
    assert_memory_equal(b.p + 4 * n, "[x", 2);
    assert_string_equal(b.p + 5 * n + 1, "|42]ab");
    free(b.p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_appends),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
