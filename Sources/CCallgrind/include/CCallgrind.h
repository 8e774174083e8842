#ifndef REACTIVE_BENCH_CCALLGRIND_H
#define REACTIVE_BENCH_CCALLGRIND_H

/// Callgrind's client requests and a hardware instruction counter, for measuring instructions in a
/// region of a cell only (setup and the element loop stay apart, everything else is left out).
///
/// Built with Debian's valgrind headers when they are installed; without them the requests are no-ops
/// and `ccallgrind_has_client_requests` says 0.

/// 1 when the process runs under valgrind (any tool), 0 otherwise.
int ccallgrind_running_on_valgrind(void);

/// 1 when this build holds callgrind's client requests (valgrind's headers were found).
int ccallgrind_has_client_requests(void);

/// Switches callgrind's event collection on if it was off and off if it was on.
void ccallgrind_toggle_collect(void);

/// Writes what callgrind collected since the last dump into a new part file, whose `desc:` line
/// carries `label`, and zeroes the counters.
void ccallgrind_dump(const char *label);

/// Opens a counter of the instructions this thread retires in user space, disabled; returns its file
/// descriptor, or -errno when the kernel or the virtual machine refuses (`perf_event_open`).
int ccallgrind_perf_open(void);

/// Enables (1) or disables (0) the counter; 0 on success, -errno on failure.
int ccallgrind_perf_enable(int descriptor, int enable);

/// The counter's value so far, or -errno.
long long ccallgrind_perf_read(int descriptor);

#endif
