import Runner
import StyleKit
import Testing
import Workloads

/// A test-only workload that declares it needs `operators` (say `withLatestFrom`, which the builtin style
/// cannot express) and otherwise runs `map`'s cells. The runner must give every implementation lacking
/// one of those operators an `unsupported` row, without ever asking for its cell.
struct OperatorsDemandingWorkload: Workload {
    let operators: [OperatorID]
    private let cells = MapWorkload()

    init(needing operators: [OperatorID]) {
        self.operators = operators
    }

    var name: String { "map (needs \(operators.map(\.rawValue).joined(separator: "+")))" }
    var summary: String { "test only: map, declared as needing \(operators.map(\.rawValue))" }
    var unit: MeasuredUnit { cells.unit }

    func reference(input: SeededInput, count: Int) -> Checksum {
        cells.reference(input: input, count: count)
    }

    func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        if let reason = unsupportedReason(for: implementation) {
            Issue.record("the runner asked for a cell it cannot run: \(reason)")
        }
        return cells.makeCell(for: implementation, input: input)
    }
}
