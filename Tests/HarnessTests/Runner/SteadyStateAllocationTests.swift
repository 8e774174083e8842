import Harness
import Implementations
import StyleKit
import Testing
import Workloads

/// Once a `map` pipeline is built and warmed up, pushing an element through it allocates nothing, in
/// every style; the allocations of a pipeline are all paid when it is built (`allocations_per_subscription`).
///
/// One exception exists only in unoptimised builds, and the test states it exactly rather than loosening
/// the bound: in a debug build every event the Rx `PublishSubject` sends allocates one 48-byte object.
/// `PublishSubject.on(_:)` calls each observer through `observers.forEach { $0(event) }`; the observers
/// are closures stored in the generic `Bag<Element>`, so unspecialised code receives them at the generic
/// (maximally abstract) calling convention and must wrap each one in a reabstraction thunk whose context
/// is heap-allocated on every call (seen in gdb: `swift_allocObject` under the closure at
/// PublishSubject.swift:37, once per element). A release build specialises `Bag` and inlines the call:
/// 0 allocations per element, which `CLIReleaseRunTests` checks through the release tool.
struct SteadyStateAllocationTests {
    @Test func mapAllocatesNothingPerElementInEveryStyle() throws {
        guard let runner = try RunnerFixture.runner() else { return }
        let results = runner.run(workloads: [MapWorkload()], implementations: Registry.all)
        #expect(results.map(\.implementation) == Registry.all.map(\.id))
        for result in results {
            let title = RunnerFixture.title(result)
            let (allocations, bytes) = Self.expectedPerElement(result.implementation)
            #expect(result.status == .ok, "\(title): \(result.detail)")
            #expect(result.allocationsPerUnit == allocations, "\(title): allocations per element")
            #expect(result.bytesPerUnit == bytes, "\(title): bytes per element")
        }
    }

    /// The same holds for every element workload: the chain of `mapFilterScan` and the bare `floor`;
    /// the thread hop and the fan-out state what they allocate (``MultiWorkloadAllocations``).
    @Test func everyElementWorkloadAllocatesNothingPerElement() throws {
        guard let runner = try RunnerFixture.runner() else { return }
        let workloads = Scenarios.all.filter { $0.unit == .element }
        let results = runner.run(workloads: workloads, implementations: Registry.all)
        for (result, workload) in zip(results, workloads.flatMap { w in Registry.all.map { _ in w } })
        where result.status == .ok {
            let (allocations, bytes) = MultiWorkloadAllocations.expectedPerUnit(workload, result.implementation)
                ?? Self.expectedPerElement(result.implementation)
            #expect(result.allocationsPerUnit == allocations, "\(RunnerFixture.title(result))")
            #expect(result.bytesPerUnit == bytes, "\(RunnerFixture.title(result))")
        }
    }

    /// Allocations and bytes per element in this build (see the type's documentation).
    static func expectedPerElement(_ implementation: ImplementationID) -> (Double, Double) {
        #if DEBUG
        if Registry.implementation(implementation).family == .rx { return (1, 48) }
        #endif
        return (0, 0)
    }
}
