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

/// Kills the child process (SIGKILL) and removes the scratch directory, using only async-signal-safe
/// calls: what a second SIGINT does before the tool exits.
void cprocess_cleanup_now(void);

#endif
