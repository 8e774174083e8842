/// The allocator's counters at one instant, read by ``AllocationProbe/snapshot()``.
///
/// The values are running counters: only the difference between two snapshots of the same probe means
/// anything (`later - earlier` gives an ``AllocationDelta``). They wrap rather than trap, so a difference is
/// right even where a derived counter (``frees``) has wrapped.
public struct AllocationSnapshot: Sendable, Equatable {
    /// Allocation requests (`malloc`, `calloc`, `realloc`, aligned variants) in the probe's scope.
    public var allocations: UInt64
    /// Frees in the probe's scope, derived as requests minus the blocks that are out of the allocator's
    /// bins (jemalloc has no counter of free requests; its `ndalloc` counts cache flushes, not frees).
    public var frees: UInt64
    /// Bytes allocated by the calling thread (`thread.allocated`; usable sizes, so a 24-byte object counts 32).
    public var threadBytesAllocated: UInt64
    /// Bytes freed by the calling thread (`thread.deallocated`).
    public var threadBytesFreed: UInt64
    /// Bytes in live allocations in the probe's scope: allocated bytes minus those parked in thread caches.
    public var liveBytes: UInt64

    public init(
        allocations: UInt64, frees: UInt64, threadBytesAllocated: UInt64, threadBytesFreed: UInt64, liveBytes: UInt64
    ) {
        self.allocations = allocations
        self.frees = frees
        self.threadBytesAllocated = threadBytesAllocated
        self.threadBytesFreed = threadBytesFreed
        self.liveBytes = liveBytes
    }

    /// What happened between `earlier` and `later`: `later - earlier`.
    public static func - (later: AllocationSnapshot, earlier: AllocationSnapshot) -> AllocationDelta {
        AllocationDelta(
            allocations: difference(later.allocations, earlier.allocations),
            frees: difference(later.frees, earlier.frees),
            bytesAllocated: difference(later.threadBytesAllocated, earlier.threadBytesAllocated),
            bytesFreed: difference(later.threadBytesFreed, earlier.threadBytesFreed),
            liveBytes: difference(later.liveBytes, earlier.liveBytes)
        )
    }

    private static func difference(_ later: UInt64, _ earlier: UInt64) -> Int64 {
        Int64(bitPattern: later &- earlier)
    }
}
