import Runner
import StyleKit
import Workloads

/// Allocations and bytes per unit that the multi-subscriber and threaded workloads make in steady state
/// under ``RunnerFixture/tiny``, stated exactly, with the reason for every one (nil: none, as for every
/// other element workload). Counts are the test thread's own (the fixture's probe is per thread).
enum MultiWorkloadAllocations {
    static func expectedPerUnit(
        _ workload: any Workload, _ implementation: ImplementationID
    ) -> (allocations: Double, bytes: Double)? {
        let family = Registry.implementation(implementation).family
        switch workload {
        case is AsyncHopWorkload:
            // The hop allocates in every row (AsyncHopWorkload): `DispatchQueue.async`'s closure context,
            // its block copy and libdispatch's continuation (64 B); the Combine rows' closure is larger,
            // as it captures `receive(on:)`'s inner; RxSwift's scheduler adds its `SingleAssignmentDisposable`,
            // whose flag is an `AtomicInt`, an `NSLock` (the object and its mutex: 2 more), and a closure
            // around the scheduled state. A debug build adds the Rx subject's per-event thunk
            // (SteadyStateAllocationTests).
            switch family {
            case .loop: return (3, 144)
            case .combine: return (3, 192)
            case .rx: return isDebug ? (8, 448) : (7, 400)
            case .simpleCombine, .asyncSequence: return nil
            }
        case is ContentionWorkload:
            // Nothing in a release build. In a debug build, the Rx subject's per-event thunk; the probe
            // counts the test thread, which sends half of the units.
            // SimpleCombine's subject's `for conduit in conduits` does the same in a debug build
            // (`SteadyStateAllocationTests`).
            return [.rx, .simpleCombine].contains(family) && isDebug ? (0.5, 24) : (0, 0)
        case let fanOut as FanOutWorkload:
            return fanOutPerUnit(fanOut, family)
        default:
            return nil
        }
    }

    /// Nothing in a release build. In a debug build, `for x in array` runs the unspecialised
    /// `IndexingIterator.next`, which calls `Array`'s `subscript` read coroutine through its witness,
    /// and the coroutine's frame is malloc'd (48 B) per iteration: once per subscriber in the loop's
    /// `for tally in tallies`. The Rx subject's `dispatch` (RxSwift's `Bag+Rx.swift`) indexes its array
    /// tier and allocates a 48-byte reabstraction thunk per event for the observer in the bag's field and
    /// for each observer in its dictionary tier, past the first 31 (callgrind: `swift_allocObject` called
    /// from `dispatch`, 70 per element with 100 observers).
    private static func fanOutPerUnit(_ workload: FanOutWorkload, _ family: Family) -> (Double, Double) {
        guard isDebug else { return (0, 0) }
        let subscribers = workload.subscribers
        let perElement: Int
        switch family {
        // SimpleCombine's subject visits its conduits with `for conduit in conduits`, as the loop its tallies.
        case .loop, .simpleCombine: perElement = subscribers
        case .combine, .asyncSequence: perElement = 0
        case .rx: perElement = 1 + max(0, subscribers - 31)
        }
        // Element k is sent by the batch holding unit k * N: the timed units may hold none of them.
        let timed = RunnerFixture.unitsSentPerRepetition - RunnerFixture.tiny.unitsPerRepetition!
        let elements = FanOutWorkload.elements(
            units: timed..<RunnerFixture.unitsSentPerRepetition, subscribers: subscribers
        ).count
        let units = Double(RunnerFixture.tiny.unitsPerRepetition!)
        return (Double(perElement * elements) / units, Double(48 * perElement * elements) / units)
    }

    private static var isDebug: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }
}
