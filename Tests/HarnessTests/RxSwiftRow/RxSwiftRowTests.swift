#if REACTIVE_BENCH_RXSWIFT
import Harness
import Runner
import StyleKit
import Testing
import Workloads

/// The `rxSwift` row, in builds given an RxSwift checkout (`REACTIVE_BENCH_RXSWIFT`; CI has none): the Rx
/// workloads, written once over ``RxLibrary``, run over RxSwift with the reference checksums, and make the
/// allocations `rxSink` makes where the two cores are meant to match (docs/RX-FIDELITY.md).
struct RxSwiftRowTests {
    static let configuration = ShippedCellsTests.configuration

    /// Every workload over the subject that the `rxSink` row runs, the `rxSwift` row runs too.
    static var shared: [any Workload] {
        Scenarios.all.filter { $0.sourceAxis == .subject && $0.unsupportedReason(for: Registry.implementation(.rxSink)) == nil }
    }

    @Test func runsEveryRxWorkloadOverTheSubjectWithTheReferenceChecksum() throws {
        guard let runner = try RunnerFixture.runner(Self.configuration) else { return }
        let workloads = Self.shared
        #expect(workloads.count > 20)
        let results = runner.run(workloads: workloads, implementations: [Registry.implementation(.rxSwift)])
        for result in results {
            let title = RunnerFixture.title(result)
            #expect(result.status == .ok, "\(title): \(result.detail)")
            #expect(result.checksum == result.expectedChecksum, "\(title)")
        }
    }

    #if !DEBUG
    /// The cells of issue 14 whose set-up and elements allocate alike in both cores; `withLatestFrom`'s two
    /// more set-up allocations in RxSwift are explained in docs/RX-FIDELITY.md. Release builds only: a debug
    /// RxSwift registers every subscription with its `SynchronizationTracker`, which the core does not copy
    /// (`REACTIVE_BENCH_RXSWIFT=... swift build -c release --build-tests -Xswiftc -enable-testing ...`, then
    /// `swift test -c release --skip-build` with the same arguments).
    @Test(arguments: ["floor", "map", "mapFilterScan", "pipelineDepth (4)", "subscribeChurn (1)", "subscribeChurn (4)"])
    func allocatesAsTheRxCoreDoes(_ name: String) throws {
        guard let runner = try RunnerFixture.runner(Self.configuration) else { return }
        let workload = try #require(Scenarios.named(name))
        let results = runner.run(
            workloads: [workload], implementations: [Registry.implementation(.rxSink), Registry.implementation(.rxSwift)]
        )
        try #require(results.count == 2)
        let (core, rxSwift) = (results[0], results[1])
        #expect(core.allocationsPerSubscription == rxSwift.allocationsPerSubscription, "\(name)")
        #expect(core.allocationsPerUnit == rxSwift.allocationsPerUnit, "\(name)")
    }
    #endif
}
#endif
