/// One thing the cost anatomy of a unit counts (`run --metric instructions`, callgrind only): calls to a
/// group of runtime and C library functions, or the atomic read-modify-write instructions executed.
/// docs/CSV.md lists every symbol and every limit.
public enum AnatomyCounter: String, CaseIterable, Sendable, Codable {
    /// Calls that add a strong reference: `swift_retain` and the runtime's other retain entry points.
    case retains
    /// Calls that drop a strong reference: `swift_release` and the other release entry points.
    case releases
    /// Dynamic exclusivity checks: calls to `swift_beginAccess`.
    case exclusivityChecks = "exclusivity_checks"
    /// Calls that take a pthread lock (mutex, read-write lock, spin lock), through whatever wrapper.
    case lockAcquisitions = "lock_acquisitions"
    /// Calls into the runtime's type-metadata and witness-table lookups.
    case metadataLookups = "metadata_lookups"
    /// Calls into the runtime's dynamic casts and conformance lookups.
    case dynamicCasts = "dynamic_casts"
    /// Calls that allocate from the C allocator: `malloc` and its siblings.
    case mallocs
    /// Atomic read-modify-write instructions executed (`lock`-prefixed, `xchg` with memory): callgrind's
    /// global bus events (`Ge`), not calls.
    case atomicRMWs = "atomic_rmws"
    /// Every call made, to any function (callgrind's `calls=` lines, all of them): the calls the counters
    /// above count and every other, direct or indirect, including the cell's own loop's.
    case calls

    /// The stem of the counter's CSV columns (`<stem>_per_unit`, `<stem>_per_subscription`).
    public var columnStem: String { rawValue }

    /// How `profile` and the summary name it.
    public var title: String {
        switch self {
        case .retains: "retains"
        case .releases: "releases"
        case .exclusivityChecks: "exclusivity checks"
        case .lockAcquisitions: "lock acquisitions"
        case .metadataLookups: "metadata lookups"
        case .dynamicCasts: "dynamic casts"
        case .mallocs: "mallocs"
        case .atomicRMWs: "atomic RMWs"
        case .calls: "calls (all)"
        }
    }

    /// The functions whose calls the counter counts, as callgrind names them once normalised
    /// (``CallgrindCallGraph/normalizedName(_:)``); empty for ``atomicRMWs``, which counts instructions, and
    /// for ``calls``, which counts calls to every function.
    public var symbols: Set<String> {
        switch self {
        case .retains: RuntimeSymbols.retains
        case .releases: RuntimeSymbols.releases
        case .exclusivityChecks: ["swift_beginAccess"]
        case .lockAcquisitions: RuntimeSymbols.lockAcquisitions
        case .metadataLookups: RuntimeSymbols.metadataLookups
        case .dynamicCasts: RuntimeSymbols.dynamicCasts
        case .mallocs: RuntimeSymbols.mallocs
        case .atomicRMWs, .calls: []
        }
    }
}
