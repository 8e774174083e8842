import Harness
import Runner
import StyleKit
import Testing
import Workloads

/// Once a pipeline is built and warmed up, pushing an element through it allocates nothing, in every
/// style; the allocations of a pipeline are all paid when it is built (`allocations_per_subscription`).
/// The exceptions are stated exactly, each with its cause, rather than loosening the bound (see
/// ``expectedPerElement(_:_:)``).
///
/// One of them exists only in unoptimised builds: in a debug build every event the Rx `PublishSubject`
/// sends allocates one 48-byte object. `PublishSubject.on(_:)` calls its observers through RxCore's
/// `dispatch(_:_:)` (RxSwift's `Bag+Rx.swift`); the observers are closures stored in the generic `Bag`,
/// so unspecialised code reads the one in the bag's first field at the generic (maximally abstract)
/// calling convention and must wrap it in a reabstraction thunk whose context is heap-allocated on every
/// call (callgrind: `swift_allocObject` called from `dispatch`, once per event; observers past the 31st,
/// in the bag's dictionary, cost one each too, see ``MultiWorkloadAllocations``). A release build
/// specialises `Bag` and inlines the call: 0 allocations per element, which `CLIReleaseRunTests` checks
/// through the release tool.
struct SteadyStateAllocationTests {
    @Test func mapAllocatesNothingPerElementInEveryStyle() async throws {
        guard let results = try await RunnerFixture.run([MapWorkload()], Registry.all) else { return }
        #expect(results.map(\.implementation) == Registry.all.map(\.id))
        for result in results {
            let title = RunnerFixture.title(result)
            #expect(result.status == .ok, "\(title): \(result.detail)")
            guard result.implementation != .asyncSequence else {
                try Self.checkAsyncSequence(result)
                continue
            }
            let expected = Self.expectedPerElement(result.implementation, MapWorkload())
            #expect(result.allocationsPerUnit == expected.allocations, "\(title): allocations per element")
            #expect(result.bytesPerUnit == expected.bytes, "\(title): bytes per element")
        }
    }

    /// The same holds for every element workload, but for what ``expectedPerElement(_:_:)`` states; the
    /// thread hop and the fan-out state what they allocate (``MultiWorkloadAllocations``).
    @Test func everyElementWorkloadAllocatesOnlyWhatItStates() async throws {
        let workloads = Scenarios.all.filter { $0.unit == .element }
        guard let results = try await RunnerFixture.run(workloads, Registry.all) else { return }
        let workloadOfRow = workloads.flatMap { workload in Registry.all.map { _ in workload } }
        for (result, workload) in zip(results, workloadOfRow) where result.status == .ok {
            guard result.implementation != .asyncSequence else {
                try Self.checkAsyncSequence(result)
                continue
            }
            let expected = MultiWorkloadAllocations.expectedPerUnit(workload, result.implementation)
                ?? Self.expectedPerElement(result.implementation, workload)
            let title = RunnerFixture.title(result)
            if workload is AsyncHopWorkload {
                // The hop's counts are a floor, not exact: when the receiving thread falls behind (a loaded
                // machine), libdispatch's per-thread continuation cache runs dry and the sender allocates
                // a continuation it would have reused, a few per thousand elements (seen: 3.015 for 3).
                let allocations = try #require(result.allocationsPerUnit), bytes = try #require(result.bytesPerUnit)
                #expect(allocations >= expected.allocations && allocations <= expected.allocations * 1.05, "\(title)")
                #expect(bytes >= expected.bytes && bytes <= expected.bytes * 1.05, "\(title)")
                continue
            }
            #expect(result.allocationsPerUnit == expected.allocations, "\(title)")
            #expect(result.bytesPerUnit == expected.bytes, "\(title)")
        }
    }

    /// `asyncSequence` allocates on the sending thread whenever a send resumes the consumer task, which
    /// depends on the race between the two (docs/STYLES.md): no exact count, but a bound (the count gate's
    /// tolerance, `WorkloadTolerance`) that a pipeline allocating per stage would exceed.
    static func checkAsyncSequence(_ result: CellResult) throws {
        let allocations = try #require(result.allocationsPerUnit), bytes = try #require(result.bytesPerUnit)
        #expect(allocations <= 16 && bytes <= 2048, "\(RunnerFixture.title(result)): \(allocations), \(bytes) B")
    }

    /// Allocations and bytes per element of `workload` in this build, with ``RunnerFixture/tiny``.
    static func expectedPerElement(
        _ implementation: ImplementationID, _ workload: any Workload
    ) -> (allocations: Double, bytes: Double) {
        let units = RunnerFixture.tiny.unitsPerRepetition!
        let secondaryValues = secondaryValuesTimed(workload)
        var allocations = 0, bytes = 0
        if workload is MapObjectWorkload {
            // The transform makes a new 32-byte `ObjectElement` per element, in every implementation;
            // a release build of the hand loop keeps it off the heap (its release row shows 0).
            allocations += units
            bytes += 32 * units
        }
        if workload is HistogramWorkload && implementation == .builtin {
            // The composition pattern: OpenCombine's `reduce` passes the 16-key dictionary to the
            // closure by value while holding it, so counting copies its 640-byte storage every element.
            allocations += units
            bytes += 640 * units
        }
        if implementation == .classSubscription && (workload is WithLatestFromWorkload || workload is SampleWithFromWorkload) {
            // The style keeps the latest secondary value in a new 32-byte `ValueBox` per value, so that
            // a box handed out of the lock is never written (ClassSubscription/Helpers/LatestFromInner).
            allocations += secondaryValues
            bytes += 32 * secondaryValues
        }
        #if DEBUG
        if workload is HistogramWorkload {
            // Every implementation counts with `counts[key, default: 0] += 1` (`HistogramBin.counting`).
            // Unoptimised, that statement makes three 16-byte allocations on a `[Int: Int]` (measured
            // alone with the probe; the unspecialised `Dictionary` accessors it goes through); a release
            // build makes none.
            allocations += 3 * units
            bytes += 48 * units
        }
        let overSubject = workload.sourceAxis != .direct && !(workload is FanOutWorkload) && !(workload is ContentionWorkload)
        if implementation == .simpleCombine && overSubject {
            // `SimplePassthroughSubject.send` visits its conduits with `for conduit in conduits`, which in an
            // unoptimised build runs `IndexingIterator.next` unspecialised: a 48-byte coroutine frame per
            // event (as the loop's fan-out, ``MultiWorkloadAllocations``); a release build makes none.
            allocations += units + secondaryValues
            bytes += 48 * (units + secondaryValues)
        }
        if Registry.implementation(implementation).family == .rx && workload.sourceAxis != .direct {
            // The reabstraction thunk per event a `PublishSubject` sends (see the type's documentation);
            // the direct source calls its observers without one.
            allocations += units + secondaryValues
            bytes += 48 * (units + secondaryValues)
        }
        #endif
        return (Double(allocations) / Double(units), Double(bytes) / Double(units))
    }

    /// How many values the secondary of a two-input workload sends during the timed batches of one
    /// repetition of ``RunnerFixture/tiny`` (0 for other workloads).
    private static func secondaryValuesTimed(_ workload: any Workload) -> Int {
        guard let period = (workload as? any TwoInputWorkload)?.schedule.period else { return 0 }
        let timed = (RunnerFixture.unitsSentPerRepetition - RunnerFixture.tiny.unitsPerRepetition!)..<RunnerFixture.unitsSentPerRepetition
        return timed.filter { $0 % period == 0 }.count
    }
}
