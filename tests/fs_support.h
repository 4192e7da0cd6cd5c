/* File-system checks shared by the I/O tests (include after cmocka.h). */
#ifndef FR_TEST_FS_SUPPORT_H
#define FR_TEST_FS_SUPPORT_H

#include <dirent.h>
#include <string.h>
#include <sys/stat.h>

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
