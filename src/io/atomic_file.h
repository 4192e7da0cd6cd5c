/* Internal file helpers shared by the writers and readers in src/io.
 *
 * Every output file is written to a temporary name in its own folder and
 * renamed over the target only once everything has been written and closed
 * without error: a reader never sees a half-written image, and a failure
 * (full disk, libpng error, bad argument found late) leaves the previous
 * file, or nothing, behind. The temporary name is ".<base>.XXXXXX" so that
 * it sits on the same file system as the target (rename is atomic only
 * there) and is hidden from ordinary listings if a crash ever leaves one.
 */
#ifndef FR_IO_ATOMIC_FILE_H
#define FR_IO_ATOMIC_FILE_H

#include <stdio.h>

#include "core/context.h"

typedef struct fr_atomic_file {
    FILE *fp;  /* open for writing ("wb") on the temporary file */
    char *path; /* the final name */
    char *tmp;  /* the temporary name, NULL once renamed or removed */
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

/* Close and remove the temporary file and release `af`. Safe on a zeroed
 * `af`, after a failed open, after commit and when called twice. */
void fr_atomic_abort(fr_atomic_file *af);

/* Open `path` for reading ("rb") with a clear message when it is missing,
 * a directory or unreadable (FR_ERR_IO). */
fr_status fr_open_read(fr_context *ctx, const char *path, FILE **fp);

#endif
