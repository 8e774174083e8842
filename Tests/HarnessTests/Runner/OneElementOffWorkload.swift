import Runner
import StyleKit
import Workloads

/// A deliberately wrong implementation that exists only in the tests: it runs a shipped workload's real
/// cells, except that for the chosen implementations one unit of the timed region is dropped or sent
/// twice. Its reference is the shipped one, so those cells must end in `checksum_mismatch` and every
/// other cell of the same run must stay `ok`.
struct OneElementOffWorkload: Workload {
    enum Fault: String, Sendable, CaseIterable {
        /// Unit `faultyUnit` never reaches the pipeline.
        case dropsOne
        /// Unit `faultyUnit` goes through the pipeline twice in a row.
        case repeatsOne
    }

    let wrapped: any Workload
    let fault: Fault
    let faultyImplementations: Set<ImplementationID>
    /// Inside the timed batches of ``RunnerFixture/tiny`` (100 warm-up units, then units 100..<300).
    let faultyUnit: Int

    init(wrapping wrapped: any Workload, fault: Fault, in implementations: Set<ImplementationID>, at unit: Int = 250) {
        self.wrapped = wrapped
        self.fault = fault
        self.faultyImplementations = implementations
        self.faultyUnit = unit
    }

    var name: String { "\(wrapped.name) (\(fault.rawValue))" }
    var summary: String { "test only: \(wrapped.name) with one unit off" }
    var unit: MeasuredUnit { wrapped.unit }
    var operators: [OperatorID] { wrapped.operators }

    func reference(input: SeededInput, count: Int) -> Checksum {
        wrapped.reference(input: input, count: count)
    }

    func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        let cell = wrapped.makeCell(for: implementation, input: input)
        guard faultyImplementations.contains(implementation.id) else { return cell }
        return OneElementOffCell(wrapping: cell, fault: fault, at: faultyUnit)
    }

    /// The units the faulty cells actually send for a repetition of `count` units, in order.
    func unitsSent(count: Int) -> [Int] {
        (0..<count).flatMap { index -> [Int] in
            guard index == faultyUnit else { return [index] }
            switch fault {
            case .dropsOne: return []
            case .repeatsOne: return [index, index]
            }
        }
    }
}

// MARK: - Cell

/// Forwards to a real cell, with one unit dropped or repeated.
private final class OneElementOffCell: Cell {
    private let wrapped: any Cell
    private let fault: OneElementOffWorkload.Fault
    private let faultyUnit: Int

    init(wrapping wrapped: any Cell, fault: OneElementOffWorkload.Fault, at unit: Int) {
        self.wrapped = wrapped
        self.fault = fault
        self.faultyUnit = unit
    }

    var sink: OutputSink { wrapped.sink }

    func setUp() throws { try wrapped.setUp() }

    func run(from start: Int, count: Int) {
        guard (start..<(start + count)).contains(faultyUnit) else {
            return wrapped.run(from: start, count: count)
        }
        let end = start + count
        switch fault {
        case .dropsOne:
            wrapped.run(from: start, count: faultyUnit - start)
            wrapped.run(from: faultyUnit + 1, count: end - faultyUnit - 1)
        case .repeatsOne:
            wrapped.run(from: start, count: faultyUnit + 1 - start)
            wrapped.run(from: faultyUnit, count: end - faultyUnit)
        }
    }

    func tearDown() { wrapped.tearDown() }
}
