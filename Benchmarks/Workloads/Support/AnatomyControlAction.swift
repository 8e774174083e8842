import Harness

/// What a test-only control (``AnatomyControlWorkload``) does k times per element and k times per
/// subscription, so that the anatomy counters it names must read exactly k. Each action is one call of
/// a function that is never inlined, on values the optimiser cannot see through, so it can neither drop
/// the work nor merge k of them into one.
public enum AnatomyControlAction: String, CaseIterable, Sendable {
    /// Nothing: every counter must read 0 (the harness adds nothing to a region).
    case none
    /// `Unmanaged.retain()` then `release()` on a heap object: one retain and one release.
    case retainRelease = "retainRelease"
    /// A modify of a class's stored property across a call the optimiser cannot see into.
    case exclusivityCheck = "exclusivityCheck"
    /// `pthread_mutex_lock` and `pthread_mutex_unlock` on a mutex of its own.
    case lock
    /// The metadata of a generic type, asked for inside a generic function that is never specialised.
    case metadataLookup = "metadataLookup"
    /// `as?` from `Any` to a class.
    case dynamicCast = "dynamicCast"
    /// `malloc` of a size the optimiser cannot see, then `free`.
    case malloc
    /// A relaxed `wrappingAdd` on an `Atomic<Int>`: one `lock xadd`.
    case atomicRMW = "atomicRMW"
    /// Plain arithmetic in registers: 16 xorshift steps on a value the optimiser cannot see, no call, no
    /// memory, nothing any counter counts (the price list's instruction-only control). Each step waits
    /// for the one before: the price of an instruction on a chain of dependent ones.
    case instructions
    /// As ``instructions``, but four xorshift streams side by side, four steps each, none waiting for
    /// another: the price of an instruction where the CPU can run several at once, as it can most of a
    /// pipeline's loads, compares and calls.
    case independentInstructions = "independentInstructions"

    /// The counters that must read exactly k.
    public var counters: [AnatomyCounter] {
        switch self {
        case .none, .instructions, .independentInstructions: []
        case .retainRelease: [.retains, .releases]
        case .exclusivityCheck: [.exclusivityChecks]
        case .lock: [.lockAcquisitions]
        case .metadataLookup: [.metadataLookups]
        case .dynamicCast: [.dynamicCasts]
        case .malloc: [.mallocs]
        case .atomicRMW: [.atomicRMWs]
        }
    }
}
