#ifndef REACTIVE_BENCH_CJEMALLOC_SHIM_H
#define REACTIVE_BENCH_CJEMALLOC_SHIM_H
// The harness never links jemalloc itself: the `reactive-bench` executable does (so jemalloc is the
// process allocator), and test runs preload it. `mallctl` is looked up at run time through dlsym, so a
// process without jemalloc gets a clear error instead of a link failure.
#include <stddef.h>
#include <dlfcn.h>
typedef int (*reactive_bench_mallctl_fn)(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen);
#endif
