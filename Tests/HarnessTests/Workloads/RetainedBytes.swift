import StyleKit

/// Cells whose `retained_bytes` cannot be judged (the runner tests' per-thread probe, or the release
/// tool's all-threads count).
///
/// `asyncHop`: the blocks the test thread allocates for `DispatchQueue.async` are freed on the queue's
/// thread, into that thread's jemalloc cache, where a per-thread probe still counts them as live; and
/// libdispatch keeps freed continuations in a per-thread cache of its own (up to 1024, 64 KiB, per
/// thread; a compile-time limit, docs/WORKLOADS.md), which grows whenever a worker thread runs a queue it
/// had not filled its cache on. Neither is the pipeline's memory. The Rx hop's release of everything after
/// dispose and drain is checked directly (`ObserveOnTests`); the Combine rows' hop is OpenCombine's own
/// `receive(on:)`. In the release tool the probe counts every thread, and the first kind disappears
/// (docs/WORKLOADS.md).
///
/// Every `asyncSequence` cell: its consumer tasks run on the concurrent executor's threads, which
/// libdispatch starts and caches for as the run goes (seen: 0.5 to 160 KB in one run, in no order of the
/// cells). That the pipelines themselves are released is checked under LeakSanitizer
/// (AsyncSequenceStyleTests) and by every async cell ending its task (`ConsumerTask`).
enum RetainedBytes {
    static func isUnreliable(_ workload: String, _ implementation: String) -> Bool {
        workload == "asyncHop" || implementation == ImplementationID.asyncSequence.rawValue
    }

    static func isUnreliable(_ workload: String, _ implementation: ImplementationID) -> Bool {
        isUnreliable(workload, implementation.rawValue)
    }
}
