/* flame_xml_lines.c - the line an element of a genome file starts on.
 *
 * libxml2 records the line on which an element's start tag ends, so a
 * message about a tag written over several lines would name its last
 * line, not the one a reader looks for. The start tags' lines are found
 * again by a scan of the text and kept in each element's _private. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "flame/flame_xml_read.h"

/* The index just past the first `end` at or after i (len if none), the
 * lines passed counted. */
static size_t skip_past(const char *s, size_t len, size_t i, const char *end, long *line)
{
    size_t n = strlen(end);
    for (; i < len; i++) {
        if (i + n <= len && !memcmp(s + i, end, n)) return i + n;
        if (s[i] == '\n') (*line)++;
    }
    return len;
}

/* The index just past the '>' that closes a tag whose text goes on at i,
 * the lines passed counted: a '>' in a quoted value does not close it, nor
 * (brackets 1, for <!DOCTYPE) one inside the [...] of an internal subset. */
static size_t skip_tag(const char *s, size_t len, size_t i, int brackets, long *line)
{
    int depth = 0;
    char quote = 0;
    for (; i < len; i++) {
        char c = s[i];
        if (c == '\n') (*line)++;
        if (quote) {
            if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (brackets && c == '[') {
            depth++;
        } else if (brackets && c == ']') {
            depth--;
        } else if (c == '>' && depth <= 0) {
            return i + 1;
        }
    }
    return len;
}

/* The lines of the start tags of the text, in document order (the order of
 * a pre-order walk of the elements). Returns how many there are; lines
 * gets at most max of them. */
static int start_tag_lines(const char *s, size_t len, long *lines, int max)
{
    long line = 1;
    int n = 0;
    size_t i = 0;
    while (i < len) {
        if (s[i] == '\n') {
            line++;
            i++;
        } else if (s[i] != '<') {
            i++;
        } else if (i + 4 <= len && !memcmp(s + i, "<!--", 4)) {
            i = skip_past(s, len, i + 4, "-->", &line);
        } else if (i + 9 <= len && !memcmp(s + i, "<![CDATA[", 9)) {
            i = skip_past(s, len, i + 9, "]]>", &line);
        } else if (i + 2 <= len && s[i + 1] == '?') {
            i = skip_past(s, len, i + 2, "?>", &line);
        } else if (i + 2 <= len && (s[i + 1] == '!' || s[i + 1] == '/')) {
            /* <!DOCTYPE ...[...]> or an end tag */
            i = skip_tag(s, len, i + 2, 1, &line);
        } else {
            if (n < max) lines[n] = line;
            n++;
            i = skip_tag(s, len, i + 1, 0, &line);
        }
    }
    return n;
}

static void assign_lines(xmlNodePtr node, const long *lines, int *k)
{
    for (; node; node = node->next) {
        if (node->type != XML_ELEMENT_NODE) continue;
        node->_private = (void *)(intptr_t)lines[(*k)++];
        assign_lines(node->children, lines, k);
    }
}

static int count_elements(xmlNodePtr node)
{
    int n = 0;
    for (; node; node = node->next)
        if (node->type == XML_ELEMENT_NODE) n += 1 + count_elements(node->children);
    return n;
}

/* Give each element the line its start tag begins on, when the text's
 * start tags and the tree's elements correspond one to one (else the
 * scan above misread something, and libxml2's lines are kept). */
void fr_flame_xml_mark_lines(xmlDocPtr doc, const char *text, size_t len)
{
    xmlNodePtr root = xmlDocGetRootElement(doc);
    int n = count_elements(root);
    if (n <= 0 || start_tag_lines(text, len, NULL, 0) != n) return;
    long *lines = malloc((size_t)n * sizeof *lines);
    if (!lines) return;
    start_tag_lines(text, len, lines, n);
    int k = 0;
    assign_lines(root, lines, &k);
    free(lines);
}

long fr_flame_xml_line(xmlNodePtr node)
{
    return node->_private ? (long)(intptr_t)node->_private : xmlGetLineNo(node);
}
