import Harness
import Runner
import StyleKit
import Testing
import Workloads

/// The cells that use a second thread (`asyncHop`: the queue; `contention`: a partner sender; every
/// `asyncSequence` cell: the consumer task), driven
/// as the runner drives a repetition but without it (so that the suite also runs under
/// ThreadSanitizer, where jemalloc is not the allocator): the checksum matches the reference every
/// time, every value is delivered once, and latency mode records one latency per element.
/// Nothing here asserts a time.
@Suite struct ThreadedCellConcurrencyTests {
    static let iterations = 20
    static let input = SeededInput()

    @Test(arguments: Self.runnable(AsyncHopWorkload()))
    func asyncHopDeliversEverythingAcrossTheHopEveryTime(_ id: ImplementationID) async throws {
        try await Self.check(AsyncHopWorkload(), Registry.implementation(id))
    }

    @Test(arguments: Self.runnable(ContentionWorkload()))
    func contentionCountsEveryValueOfBothSendersEveryTime(_ id: ImplementationID) async throws {
        try await Self.check(ContentionWorkload(), Registry.implementation(id))
    }

    /// Every kind of `asyncSequence` cell: the stream with and without operators, a reduction at the end, a
    /// chain, a bounded buffer, the channel (with and without a slow consumer), churn (a task per unit),
    /// and fan-out (one stream shared by several consumer tasks).
    @Test(arguments: [
        "floor", "map", "scan", "modulus", "histogram", "pipelineDepth (4)", "demand (batch8)",
        "demand (max1Requested)", "demand (max1Requested, slowConsumer)", "subscribeChurn (4)",
        "fanOut (1)", "fanOut (10)",
    ])
    func asyncSequenceCellsDeliverEverythingAcrossTheTaskHopEveryTime(_ name: String) async throws {
        try await Self.check(try #require(Scenarios.named(name)), Registry.implementation(.asyncSequence))
    }

    /// The implementations that can run `workload`.
    static func runnable(_ workload: some Workload) -> [ImplementationID] {
        Registry.all.filter { workload.unsupportedReason(for: $0) == nil }.map(\.id)
    }

    /// Warm-up, then two batches, half of the iterations in latency mode; then teardown. Driven on a
    /// thread of its own (``onOwnThread(_:)``); what went wrong comes back as messages.
    static func check(_ workload: any Workload, _ implementation: Implementation) async throws {
        try #require(workload.unsupportedReason(for: implementation) == nil)
        let cells = UncheckedCellWork(workload: workload, implementation: implementation)
        let failures = try await onOwnThread { try cells.drive() }
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
    }
}

/// One workload's cells driven ``ThreadedCellConcurrencyTests/iterations`` times on the calling thread.
private struct UncheckedCellWork: @unchecked Sendable {
    let workload: any Workload
    let implementation: Implementation

    func drive() throws -> [String] {
        var failures: [String] = []
        let input = ThreadedCellConcurrencyTests.input
        for iteration in 0..<ThreadedCellConcurrencyTests.iterations {
            let cell = workload.makeCell(for: implementation, input: input)
            try cell.setUp()
            cell.run(from: 0, count: 100)
            let measuresLatency = iteration % 2 == 1 && workload.measuresLatency
            if measuresLatency { cell.sink.latency = LatencyRecorder() }
            cell.run(from: 100, count: 100)
            cell.run(from: 200, count: 101)
            let title = "\(workload.name) / \(implementation.id.rawValue), iteration \(iteration)"
            if measuresLatency {
                let count = cell.sink.latency?.count ?? 0
                let expected = Self.deliveries(workload, units: 100..<301)
                if count != expected { failures.append("\(title): \(count) latencies, not \(expected), one per delivery") }
                cell.sink.latency = nil
            }
            cell.tearDown()
            if cell.sink.checksum != workload.reference(input: input, count: 301) {
                failures.append("\(title): checksum \(cell.sink.checksum), not the reference's")
            }
            if cell.sink.completionCount != 1 { failures.append("\(title): \(cell.sink.completionCount) completions") }
        }
        return failures
    }

    /// Deliveries of the units `units`: one per unit, but in `fanOut` one per subscriber of each element
    /// whose first unit they hold.
    static func deliveries(_ workload: any Workload, units: Range<Int>) -> Int {
        guard let fanOut = workload as? FanOutWorkload else { return units.count }
        return FanOutWorkload.elements(units: units, subscribers: fanOut.subscribers).count * fanOut.subscribers
    }
}
