import CEventControls
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
    /// A call of an empty C function through `CEventControls`' loop (one call through a table per
    /// iteration): what the loop of the five actions below costs on its own, which each of their prices
    /// and simulated counts includes.
    case emptyCall = "emptyCall"
    /// One conditional branch, never taken (`CEventControls`).
    case conditionalBranch = "conditionalBranch"
    /// 36 conditional branches of which exactly 3 are mispredicted by valgrind's predictor.
    case mispredictedBranches = "mispredictedBranches"
    /// The same 36 branches, none mispredicted: ``mispredictedBranches``' reference.
    case predictedBranches = "predictedBranches"
    /// An indirect call whose target alternates: one indirect branch, mispredicted.
    case indirectCall = "indirectCall"
    /// A load that misses the first-level cache and hits the last level (a 256 KiB ring).
    case l1Miss = "l1Miss"
    /// A load that misses both levels (a 64 MiB ring).
    case llMiss = "llMiss"

    /// How the price list's tables and charts name the event.
    public var title: String {
        switch self {
        case .none: "nothing"
        case .retainRelease: "retain+release"
        case .exclusivityCheck: "exclusivity check"
        case .lock: "lock"
        case .metadataLookup: "metadata lookup"
        case .dynamicCast: "dynamic cast"
        case .malloc: "malloc+free"
        case .atomicRMW: "atomic RMW"
        case .instructions: "dependent instructions"
        case .independentInstructions: "independent instructions"
        case .emptyCall: "empty call"
        case .conditionalBranch: "conditional branch"
        case .mispredictedBranches: "mispredicted branches"
        case .predictedBranches: "predicted branches"
        case .indirectCall: "indirect call"
        case .l1Miss: "L1 miss"
        case .llMiss: "last-level miss"
        }
    }

    /// What one event of the price list (prices.csv) is, as `reactive-bench schema` says it.
    public var meaning: String {
        switch self {
        case .none: "nothing: every counter reads 0"
        case .retainRelease: "a retain and a release of a heap object, through two calls"
        case .exclusivityCheck: "a dynamic exclusivity check (a modify of a class's stored property)"
        case .lock: "a lock and an unlock of a pthread mutex"
        case .metadataLookup: "a generic type's metadata, asked for in unspecialised code"
        case .dynamicCast: "an `as?` from `Any` to a class"
        case .malloc: "a `malloc` and a `free`"
        case .atomicRMW: "an atomic read-modify-write (`lock xadd`)"
        case .instructions: "16 xorshift steps in registers, each waiting for the last: arithmetic only"
        case .independentInstructions: "four streams of four xorshift steps: arithmetic that can run at once"
        case .emptyCall: "a call of an empty C function through the C controls' loop, whose price the five below include"
        case .conditionalBranch: "a conditional branch, never taken"
        case .mispredictedBranches: "36 conditional branches, 3 of them mispredicted by valgrind's predictor"
        case .predictedBranches: "the same 36 branches, none mispredicted"
        case .indirectCall: "an indirect call whose target alternates: one indirect branch, mispredicted"
        case .l1Miss: "a load that misses the first-level cache and hits the last level"
        case .llMiss: "a load that misses both cache levels"
        }
    }

    /// The counters that must read exactly k.
    public var counters: [AnatomyCounter] {
        switch self {
        case .none, .instructions, .independentInstructions, .emptyCall, .conditionalBranch, .mispredictedBranches,
            .predictedBranches, .indirectCall, .l1Miss, .llMiss:
            []
        case .retainRelease: [.retains, .releases]
        case .exclusivityCheck: [.exclusivityChecks]
        case .lock: [.lockAcquisitions]
        case .metadataLookup: [.metadataLookups]
        case .dynamicCast: [.dynamicCasts]
        case .malloc: [.mallocs]
        case .atomicRMW: [.atomicRMWs]
        }
    }

    /// What callgrind's simulation must count per action beyond its ``simulationReference`` (which runs
    /// in the same loop), for the events it does; every other simulated event the same as the
    /// reference's. Empty for the references and for the actions not written in `CEventControls`.
    public var simulatedEvents: [SimulatedEvent: Double] {
        switch self {
        case .conditionalBranch: [.conditionalBranches: 1]
        case .mispredictedBranches: [.conditionalMispredictions: 3]
        case .indirectCall: [.indirectBranches: 1, .indirectMispredictions: 1]
        case .l1Miss: [.l1Misses: 1]
        case .llMiss: [.l1Misses: 1, .llMisses: 1]
        case .none, .retainRelease, .exclusivityCheck, .lock, .metadataLookup, .dynamicCast, .malloc, .atomicRMW,
            .instructions, .independentInstructions, .emptyCall, .predictedBranches:
            [:]
        }
    }

    /// The action whose simulated counts ``simulatedEvents`` are measured against: ``predictedBranches``
    /// for ``mispredictedBranches``, ``emptyCall`` for the other C actions; nil for the rest.
    public var simulationReference: AnatomyControlAction? {
        switch self {
        case .mispredictedBranches: .predictedBranches
        case .conditionalBranch, .indirectCall, .l1Miss, .llMiss: .emptyCall
        default: nil
        }
    }

    /// The action as `CEventControls` names it; nil for the actions written in Swift.
    var eventControl: cevent_action? {
        switch self {
        case .emptyCall: cevent_empty
        case .conditionalBranch: cevent_conditional_branch
        case .mispredictedBranches: cevent_mispredicted_branches
        case .predictedBranches: cevent_predicted_branches
        case .indirectCall: cevent_indirect_call
        case .l1Miss: cevent_l1_miss
        case .llMiss: cevent_ll_miss
        default: nil
        }
    }
}
