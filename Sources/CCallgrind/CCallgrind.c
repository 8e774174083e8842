#include "CCallgrind.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#include <valgrind/valgrind.h>
#define HAS_CLIENT_REQUESTS 1
#else
#define HAS_CLIENT_REQUESTS 0
#endif

int ccallgrind_running_on_valgrind(void) {
#if HAS_CLIENT_REQUESTS
    return RUNNING_ON_VALGRIND ? 1 : 0;
#else
    return 0;
#endif
}

int ccallgrind_has_client_requests(void) { return HAS_CLIENT_REQUESTS; }

void ccallgrind_toggle_collect(void) {
#if HAS_CLIENT_REQUESTS
    CALLGRIND_TOGGLE_COLLECT;
#endif
}

void ccallgrind_dump(const char *label) {
#if HAS_CLIENT_REQUESTS
    CALLGRIND_DUMP_STATS_AT(label);
#else
    (void)label;
#endif
}

int ccallgrind_perf_open(void) {
    struct perf_event_attr attributes;
    memset(&attributes, 0, sizeof attributes);
    attributes.size = sizeof attributes;
    attributes.type = PERF_TYPE_HARDWARE;
    attributes.config = PERF_COUNT_HW_INSTRUCTIONS;
    attributes.disabled = 1;
    attributes.exclude_kernel = 1;
    attributes.exclude_hv = 1;
    // The calling thread only: what other threads do (a cell's receiving queue) is not counted.
    long descriptor = syscall(SYS_perf_event_open, &attributes, 0, -1, -1, 0);
    return descriptor < 0 ? -errno : (int)descriptor;
}

int ccallgrind_perf_enable(int descriptor, int enable) {
    int request = enable ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE;
    return ioctl(descriptor, request, 0) < 0 ? -errno : 0;
}

long long ccallgrind_perf_read(int descriptor) {
    long long value = 0;
    ssize_t got = read(descriptor, &value, sizeof value);
    if (got != (ssize_t)sizeof value) return got < 0 ? -errno : -EIO;
    return value;
}
