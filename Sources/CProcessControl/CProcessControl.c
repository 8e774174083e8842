#define _GNU_SOURCE
#include "CProcessControl.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <poll.h>
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
        kill(-child, SIGKILL);
        kill(child, SIGKILL);
    }
    char *path = scratch_path;
    if (path != NULL) {
        remove_flat_directory(path);
    }
}

// MARK: - Spawning and reaping

pid_t cprocess_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                     int stdin_fd, int stdout_fd, int stderr_fd) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int error = posix_spawn_file_actions_init(&actions);
    if (error != 0) {
        return -error;
    }
    error = posix_spawnattr_init(&attributes);
    if (error != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return -error;
    }
    sigset_t none, every;
    sigemptyset(&none);
    sigfillset(&every);
    // A group of its own, so that the deadline reaches whatever the child starts; no blocked signal and
    // every handler at its default, whatever the tool's own mask (an `&` in a script ignores SIGINT).
    short flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
    if (error == 0) error = posix_spawnattr_setflags(&attributes, flags);
    if (error == 0) error = posix_spawnattr_setpgroup(&attributes, 0);
    if (error == 0) error = posix_spawnattr_setsigmask(&attributes, &none);
    if (error == 0) error = posix_spawnattr_setsigdefault(&attributes, &every);
    if (error == 0) error = posix_spawn_file_actions_adddup2(&actions, stdin_fd, STDIN_FILENO);
    if (error == 0) error = posix_spawn_file_actions_adddup2(&actions, stdout_fd, STDOUT_FILENO);
    if (error == 0) error = posix_spawn_file_actions_adddup2(&actions, stderr_fd, STDERR_FILENO);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    // No other descriptor of the tool's reaches the child, and so none reaches a grandchild.
    if (error == 0) error = posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1);
#endif
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 29))
    if (error == 0 && directory != NULL) error = posix_spawn_file_actions_addchdir_np(&actions, directory);
#else
    if (error == 0 && directory != NULL) error = ENOTSUP;
#endif
    pid_t child = 0;
    if (error == 0) error = posix_spawn(&child, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return error == 0 ? child : -error;
}

int cprocess_wait(pid_t child, int milliseconds) {
#if defined(__linux__) && defined(SYS_pidfd_open)
    // A pidfd becomes readable when the child exits, whoever holds its pipes: no polling delay.
    int pidfd = (int)syscall(SYS_pidfd_open, child, 0);
    if (pidfd >= 0) {
        struct pollfd watched = {.fd = pidfd, .events = POLLIN, .revents = 0};
        int ready;
        do {
            ready = poll(&watched, 1, milliseconds);
        } while (ready < 0 && errno == EINTR);
        close(pidfd);
        return ready > 0 ? 1 : 0;
    }
#endif
    // No pidfd: look, then sleep a little, at most `milliseconds`.
    siginfo_t info;
    for (int slept = 0;; slept += 5) {
        memset(&info, 0, sizeof info);
        if (waitid(P_PID, (id_t)child, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == child) {
            return 1;
        }
        if (slept >= milliseconds) {
            return 0;
        }
        struct timespec pause = {.tv_sec = 0, .tv_nsec = 5 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
}

int cprocess_reap(pid_t child, int *exit_status, int *signal) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)child, &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
        return -errno;
    }
    if (info.si_pid != child) {
        return 0;
    }
    // The exited child still holds its pid, so the group cannot be another's yet: end whatever it left
    // running (a backtracer blocked on a pipe), then collect the child.
    kill(-child, SIGKILL);
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
        if (errno != EINTR) {
            return -errno;
        }
    }
    *exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    *signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return 1;
}

void cprocess_signal_group(pid_t child, int signal) {
    if (child > 0) {
        kill(-child, signal);
    }
}
