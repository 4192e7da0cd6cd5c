/* File-system checks shared by the I/O tests (include after cmocka.h). */
#ifndef FR_TEST_FS_SUPPORT_H
#define FR_TEST_FS_SUPPORT_H

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A fresh folder for one test's files, NAME.XXXXXX under FR_TEST_TMP (or
 * /tmp), into dir (PATH_MAX). */
static inline void fs_tmpdir_make(char *dir, const char *name)
{
    const char *base = getenv("FR_TEST_TMP");
    if (!base || !*base) base = "/tmp";
    snprintf(dir, PATH_MAX, "%s/%s.XXXXXX", base, name);
    assert_non_null(mkdtemp(dir));
}

/* Remove a test's folder: tests create only plain files and folders. */
static inline void fs_tree_remove(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    char p[PATH_MAX + 256];
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        if (snprintf(p, sizeof p, "%s/%s", dir, e->d_name) >= (int)sizeof p) continue;
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
            fs_tree_remove(p);
        else
            unlink(p);
    }
    closedir(d);
    rmdir(dir);
}

/* Entries of a folder, temporaries (".name.XXXXXX") included. */
static inline int count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
    closedir(d);
    return n;
}

static inline int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

#endif
