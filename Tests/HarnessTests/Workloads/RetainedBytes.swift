/// Workloads whose `retained_bytes` a per-thread probe cannot judge (the runner tests use one).
///
/// `asyncHop`: the blocks the test thread allocates for `DispatchQueue.async` are freed on the queue's
/// thread, into that thread's jemalloc cache, where a per-thread probe still counts them as live; and
/// libdispatch keeps freed continuations in a per-thread cache of its own (up to 1024, 64 KiB, per
/// thread; a compile-time limit, docs/WORKLOADS.md), which grows whenever a worker thread runs a queue it had not filled its cache on. Neither is
/// the pipeline's memory. The Rx hop's release of everything after dispose and drain is checked directly
/// (`ObserveOnTests`); the Combine rows' hop is OpenCombine's own `receive(on:)`. In the release tool the
/// probe counts every thread, and the first kind disappears (docs/WORKLOADS.md).
enum RetainedBytes {
    static func isUnreliable(_ workload: String) -> Bool {
        workload == "asyncHop"
    }
}
