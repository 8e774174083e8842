import Harness
import Runner
import StyleKit
import Testing
import Workloads

/// A tiny run of every multi-subscriber, threaded and churn workload over every implementation: one row
/// each, in order, `ok` with a matching checksum and nothing retained, or `unsupported` exactly where
/// the workload says so (never a crash, never a missing row).
struct MultiWorkloadCellTests {
    static let workloads = Scenarios.all.filter { MultiWorkloadReferenceTests.names.contains($0.name) }

    /// The cells these workloads cannot run, by scenario.
    static func isUnsupported(_ scenario: String, _ implementation: ImplementationID, source: SourceKind? = nil) -> Bool {
        (scenario == "contention" && implementation == .baseline)
            || (source == .direct && implementation == .asyncSequence)
            || (scenario == "fanOutCustomSubject" && [.rxSink, .simpleCombine, .asyncSequence].contains(implementation))
            || (scenario == "asyncHop" && implementation == .simpleCombine)
            || (scenario == "contention" && implementation == .asyncSequence)
    }

    @Test func everyCellIsOkOrUnsupportedWithItsReason() async throws {
        guard let results = try await RunnerFixture.run(Self.workloads, Registry.all) else { return }
        let expected = Self.workloads.flatMap { workload in Registry.all.map { (workload.name, $0.id) } }
        #expect(results.map(\.workload) == expected.map(\.0))
        #expect(results.map(\.implementation) == expected.map(\.1))
        for result in results {
            let title = RunnerFixture.title(result)
            guard !Self.isUnsupported(result.scenario, result.implementation, source: result.source) else {
                #expect(result.status == .unsupported, "\(title)")
                #expect(!result.detail.isEmpty, "\(title)")
                continue
            }
            #expect(result.status == .ok, "\(title): \(result.detail)")
            #expect(result.checksum == result.expectedChecksum, "\(title)")
            if !RetainedBytes.isUnreliable(result.workload, result.implementation) {
                #expect(result.retainedBytes == 0, "\(title) kept \(result.retainedBytes ?? -1) bytes")
            }
        }
    }

    @Test func theUnsupportedReasonsSayWhy() {
        let contention = ContentionWorkload().unsupportedReason(for: Registry.implementation(.baseline))
        #expect(contention == "baseline is not thread-safe: nothing serialises two senders")
        let custom = FanOutWorkload(.customSubject, subscribers: 10).unsupportedReason(for: Registry.implementation(.rxSink))
        #expect(custom == "CustomSubject is a Combine subject: the Rx family's PublishSubject runs in fanOut")
        let simple = AsyncHopWorkload().unsupportedReason(for: Registry.implementation(.simpleCombine))
        #expect(simple == "SimpleCombine has no scheduler and no receive(on:): nothing in it hops a thread")
        for implementation in Registry.all where implementation.isThreadSafe && implementation.id != .asyncSequence {
            #expect(ContentionWorkload().unsupportedReason(for: implementation) == nil)
        }
    }
}
