import Harness
import Implementations
import StyleKit
import Workloads

/// Test-only: wraps a shipped workload and, when `dropsElement` is set, makes every cell skip one
/// element: a deliberately wrong implementation whose checksum must not match the reference.
struct DeliberatelyWrongWorkload: Workload {
    let wrapped: any Workload
    let dropsElement: Bool
    var operators: [OperatorID] = [.map]

    var name: String { dropsElement ? "wrong-\(wrapped.name)" : "wrapped-\(wrapped.name)" }
    var summary: String { "test only" }
    var unit: MeasuredUnit { wrapped.unit }

    func reference(input: SeededInput, count: Int) -> Checksum {
        wrapped.reference(input: input, count: count)
    }

    func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        SkippingCell(base: wrapped.makeCell(for: implementation, input: input), skips: dropsElement ? 7 : nil)
    }
}

/// Forwards to a real cell, leaving out unit `skips` if set.
final class SkippingCell: Cell {
    let base: any Cell
    let skips: Int?

    init(base: any Cell, skips: Int?) {
        self.base = base
        self.skips = skips
    }

    var sink: OutputSink { base.sink }

    func setUp() throws { try base.setUp() }

    func run(from start: Int, count: Int) {
        guard let skips, (start..<(start + count)).contains(skips) else {
            return base.run(from: start, count: count)
        }
        base.run(from: start, count: skips - start)
        base.run(from: skips + 1, count: start + count - skips - 1)
    }

    func tearDown() { base.tearDown() }
}
