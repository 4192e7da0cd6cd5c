/* Internal file helpers shared by the writers and readers in src/io.
 *
 * Every output file is written where no reader sees it and gets its name
 * only once everything has been written and flushed without error: a reader
 * never sees a half-written image, and a failure (full disk, libpng error,
 * bad argument found late) leaves the previous file, or nothing, behind.
 * Where the kernel and file system allow, the file is unnamed (O_TMPFILE in
 * the target's folder) until the commit links it in, so even a process
 * killed midway leaves nothing; elsewhere it is ".<base>.XXXXXX" in the
 * target's folder (rename is atomic only within one file system), hidden
 * from ordinary listings. An existing symbolic link is followed (its target
 * is replaced, the link stays); a character device or FIFO (/dev/null, a
 * pipe) is written into in place; a folder, block device or socket is
 * refused.
 */
#ifndef FR_IO_ATOMIC_FILE_H
#define FR_IO_ATOMIC_FILE_H

#include <stdio.h>

#include "core/context.h"

typedef struct fr_atomic_file {
    FILE *fp;   /* open for writing ("wb") */
    char *path; /* the final name (a symbolic link's target) */
    char *tmp;  /* the temporary name, or NULL: an unnamed file, written in place, or done */
    int direct; /* writing into a character device or FIFO in place */
} fr_atomic_file;

/* Create the temporary file next to `path`. Fails with FR_ERR_IO if the
 * folder is missing or unwritable or `path` is a directory, FR_ERR_INVALID
 * for an empty path. On failure `af` is left so that fr_atomic_abort() is a
 * harmless no-op. */
fr_status fr_atomic_open(fr_context *ctx, fr_atomic_file *af, const char *path);

/* Flush and close the temporary file, give it the mode a newly created file
 * would get (0644 less the umask) and rename it to the final name. On any
 * failure the temporary file is removed and FR_ERR_IO returned with a
 * message naming the final path. Either way `af` is released afterwards. */
fr_status fr_atomic_commit(fr_context *ctx, fr_atomic_file *af);

/* Commit n files together: all their data is written and flushed before
 * the first takes its name, so a failure while writing (a full disk)
 * leaves every one of them as it was; on any failure those not yet named
 * are removed. */
fr_status fr_atomic_commit_all(fr_context *ctx, fr_atomic_file *af, int n);

/* Close and remove the temporary file and release `af`. Safe on a zeroed
 * `af`, after a failed open, after commit and when called twice. */
void fr_atomic_abort(fr_atomic_file *af);

/* Open `path` for reading ("rb") with a clear message when it is missing,
 * a directory or unreadable (FR_ERR_IO). */
fr_status fr_open_read(fr_context *ctx, const char *path, FILE **fp);

#endif
