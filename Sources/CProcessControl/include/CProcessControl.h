#ifndef REACTIVE_BENCH_CPROCESSCONTROL_H
#define REACTIVE_BENCH_CPROCESSCONTROL_H

#include <sys/types.h>

/// What a parent and its cell processes need so that no process and no temporary file outlives a run:
/// a child that dies with its parent, and a clean-up that a signal handler may call.

/// Asks the kernel to send SIGKILL to this process when its parent dies (`prctl(PR_SET_PDEATHSIG)`),
/// then checks that the parent is still `expected_parent`: if it died before the request took effect,
/// the process exits at once with status 1. Returns 0, or -errno when `prctl` refuses.
int cprocess_die_with_parent(pid_t expected_parent);

/// The child process being waited for (0: none): `cprocess_cleanup_now` kills it.
void cprocess_set_child(pid_t child);

/// The scratch directory in use (NULL: none): `cprocess_cleanup_now` removes it and the files in it.
/// The path is copied; call outside a signal handler.
void cprocess_set_scratch(const char *path);

/// Starts `path` with `argv` and `envp` (NULL-terminated) in a process group of its own (its pid), in
/// `directory` (NULL: this one), with the given descriptors as its stdin, stdout and stderr and, on glibc,
/// no other descriptor of this process. Its signal mask is empty and every signal has its default action.
/// Returns the child's pid, or -errno.
pid_t cprocess_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                     int stdin_fd, int stdout_fd, int stderr_fd);

/// Waits up to `milliseconds` for `child` to exit, without collecting it: 1 when it has exited, 0 when
/// not yet. Whoever holds the child's pipes does not matter.
int cprocess_wait(pid_t child, int milliseconds);

/// Collects `child` if it has exited, after killing (SIGKILL) what is left of its process group: 1 with
/// `exit_status` (-1 when killed) and `signal` (0 when it exited) set, 0 when it is still running, -errno.
int cprocess_reap(pid_t child, int *exit_status, int *signal);

/// Sends `signal` to every process in `child`'s group (the child and what it started).
void cprocess_signal_group(pid_t child, int signal);

/// Kills the child process and its group (SIGKILL) and removes the scratch directory, using only async-signal-safe
/// calls: what a second SIGINT does before the tool exits.
void cprocess_cleanup_now(void);

#endif
