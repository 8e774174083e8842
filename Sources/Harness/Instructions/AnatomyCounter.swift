/// One thing the cost anatomy of a unit counts (`run --metric instructions`, callgrind only): calls to a
/// group of runtime and C library functions, or the atomic read-modify-write instructions executed.
/// docs/CSV.md lists every symbol and every limit.
public enum AnatomyCounter: String, CaseIterable, Sendable, Codable {
    case retains
    case releases
    case exclusivityChecks = "exclusivity_checks"
    case lockAcquisitions = "lock_acquisitions"
    case metadataLookups = "metadata_lookups"
    case dynamicCasts = "dynamic_casts"
    case mallocs
    case atomicRMWs = "atomic_rmws"
    case calls

    /// The stem of the counter's CSV columns (`<stem>_per_unit`, `<stem>_per_subscription`).
    public var columnStem: String { rawValue }

    /// What the counter counts, as results.csv's columns and `reactive-bench schema` say it.
    public var meaning: String {
        switch self {
        case .retains: "calls that add a strong reference (`swift_retain` and the runtime's other retain entry points)"
        case .releases: "calls that drop a strong reference (`swift_release` and the other release entry points)"
        case .exclusivityChecks: "dynamic exclusivity checks (`swift_beginAccess`; static ones cost nothing at run time)"
        case .lockAcquisitions: "calls that take a pthread lock (mutex, read-write lock, spin lock), through whatever wrapper"
        case .metadataLookups: "calls into the runtime's type-metadata and witness-table lookups"
        case .dynamicCasts: "casts the compiler could not decide (`as?`, `as!`, `is`) and conformance lookups"
        case .mallocs: "calls that allocate from the C allocator (`malloc` and its siblings)"
        case .atomicRMWs: "atomic read-modify-write instructions executed (`lock`-prefixed, `xchg` with memory: callgrind's `Ge`), not calls"
        case .calls: "every call made, direct or through a pointer, to any function, the cell's own loop's included"
        }
    }

    /// How `profile`, the summary and the charts name it.
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
