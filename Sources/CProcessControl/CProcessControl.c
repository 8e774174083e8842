#define _GNU_SOURCE
#include "CProcessControl.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

int cprocess_die_with_parent(pid_t expected_parent) {
#ifdef __linux__
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) {
        return -errno;
    }
#endif
    // The parent may have died between fork and prctl: then nothing would ever send the signal.
    if (getppid() != expected_parent) {
        _exit(1);
    }
    return 0;
}

static volatile pid_t running_child = 0;
static char *volatile scratch_path = NULL;

void cprocess_set_child(pid_t child) { running_child = child; }

void cprocess_set_scratch(const char *path) {
    char *previous = scratch_path;
    scratch_path = path == NULL ? NULL : strdup(path);
    free(previous);
}

#ifdef __linux__
/// The layout of the records getdents64 returns (glibc declares no such type).
struct linux_dirent64 {
    ino64_t d_ino;
    off64_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

/// Removes the files directly in `path`, then `path`: getdents64 and unlinkat instead of opendir, which
/// allocates and so cannot run in a signal handler.
static void remove_flat_directory(const char *path) {
    int directory = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory < 0) {
        return;
    }
    char buffer[4096];
    for (;;) {
        long count = syscall(SYS_getdents64, directory, buffer, sizeof buffer);
        if (count <= 0) {
            break;
        }
        for (long offset = 0; offset < count;) {
            struct linux_dirent64 *entry = (struct linux_dirent64 *)(buffer + offset);
            offset += entry->d_reclen;
            const char *name = entry->d_name;
            if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
                continue;
            }
            unlinkat(directory, name, 0);
        }
    }
    close(directory);
    rmdir(path);
}
#else
/// Elsewhere only the directory itself, once empty: the cells' files stay (no getdents64).
static void remove_flat_directory(const char *path) { rmdir(path); }
#endif

void cprocess_cleanup_now(void) {
    pid_t child = running_child;
    if (child > 0) {
        kill(child, SIGKILL);
    }
    char *path = scratch_path;
    if (path != NULL) {
        remove_flat_directory(path);
    }
}
