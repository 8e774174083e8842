import Harness
import Implementations
import Runner
import StyleKit
import Testing
import Workloads

/// The cells that use a second thread (`asyncHop`: the queue; `contention`: a partner sender), driven
/// as the runner drives a repetition but without it (so that the suite also runs under
/// ThreadSanitizer, where jemalloc is not the allocator): the checksum matches the reference every
/// time, every value is delivered once, and latency mode records one latency per element.
/// Nothing here asserts a time.
@Suite struct ThreadedCellConcurrencyTests {
    static let iterations = 20
    static let input = SeededInput()

    @Test(arguments: Registry.all.map(\.id))
    func asyncHopDeliversEverythingAcrossTheHopEveryTime(_ id: ImplementationID) throws {
        try Self.check(AsyncHopWorkload(), Registry.implementation(id))
    }

    @Test(arguments: Registry.all.filter(\.isThreadSafe).map(\.id))
    func contentionCountsEveryValueOfBothSendersEveryTime(_ id: ImplementationID) throws {
        try Self.check(ContentionWorkload(), Registry.implementation(id))
    }

    /// Warm-up, then two batches, half of the iterations in latency mode; then teardown.
    static func check(_ workload: some Workload, _ implementation: Implementation) throws {
        try #require(workload.unsupportedReason(for: implementation) == nil)
        for iteration in 0..<iterations {
            let cell = workload.makeCell(for: implementation, input: input)
            try cell.setUp()
            cell.run(from: 0, count: 100)
            let measuresLatency = iteration % 2 == 1
            if measuresLatency { cell.sink.latency = LatencyRecorder() }
            cell.run(from: 100, count: 100)
            cell.run(from: 200, count: 101)
            if measuresLatency {
                #expect(cell.sink.latency?.count == 201, "one latency per element")
                cell.sink.latency = nil
            }
            cell.tearDown()
            let title = "\(workload.name) / \(implementation.id.rawValue), iteration \(iteration)"
            #expect(cell.sink.checksum == workload.reference(input: input, count: 301), "\(title)")
            #expect(cell.sink.completionCount == 1, "\(title)")
        }
    }
}
