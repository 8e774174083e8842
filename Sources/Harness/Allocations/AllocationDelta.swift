/// What the allocator did between two snapshots (see ``AllocationSnapshot/-(_:_:)``).
public struct AllocationDelta: Sendable, Equatable, CustomStringConvertible {
    /// Allocation requests in the probe's scope.
    public var allocations: Int64
    /// Frees in the probe's scope.
    public var frees: Int64
    /// Bytes allocated by the calling thread.
    public var bytesAllocated: Int64
    /// Bytes freed by the calling thread.
    public var bytesFreed: Int64
    /// Change in live bytes in the probe's scope: positive when memory was kept, negative when released.
    public var liveBytes: Int64

    public init(allocations: Int64, frees: Int64, bytesAllocated: Int64, bytesFreed: Int64, liveBytes: Int64) {
        self.allocations = allocations
        self.frees = frees
        self.bytesAllocated = bytesAllocated
        self.bytesFreed = bytesFreed
        self.liveBytes = liveBytes
    }

    /// Nothing allocated, freed, or kept.
    public static let zero = AllocationDelta(allocations: 0, frees: 0, bytesAllocated: 0, bytesFreed: 0, liveBytes: 0)

    /// True when every count is zero.
    public var isZero: Bool { self == .zero }

    /// Sums two deltas, e.g. to total several measured batches.
    public static func + (lhs: AllocationDelta, rhs: AllocationDelta) -> AllocationDelta {
        AllocationDelta(
            allocations: lhs.allocations + rhs.allocations,
            frees: lhs.frees + rhs.frees,
            bytesAllocated: lhs.bytesAllocated + rhs.bytesAllocated,
            bytesFreed: lhs.bytesFreed + rhs.bytesFreed,
            liveBytes: lhs.liveBytes + rhs.liveBytes
        )
    }

    /// Takes a fixed offset (see ``AllocationProbe/calibrate(rounds:)``) away from a measured delta.
    public static func - (lhs: AllocationDelta, rhs: AllocationDelta) -> AllocationDelta {
        AllocationDelta(
            allocations: lhs.allocations - rhs.allocations,
            frees: lhs.frees - rhs.frees,
            bytesAllocated: lhs.bytesAllocated - rhs.bytesAllocated,
            bytesFreed: lhs.bytesFreed - rhs.bytesFreed,
            liveBytes: lhs.liveBytes - rhs.liveBytes
        )
    }

    public var description: String {
        "allocations \(allocations), frees \(frees), bytes allocated \(bytesAllocated), "
            + "bytes freed \(bytesFreed), live bytes \(liveBytes)"
    }
}
