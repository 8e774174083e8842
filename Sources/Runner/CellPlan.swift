import Harness
import StyleKit
import Workloads

/// A supported cell waiting to be measured.
struct CellPlan {
    let index: Int
    let workload: any Workload
    let implementation: Implementation

    var title: String { "\(workload.name) / \(implementation.id.rawValue)" }

    /// Whether the noise gate judges this cell's repetitions by the sentinel
    /// (``Workload/keepsASecondThreadBusy(for:)``).
    var isGated: Bool { !workload.keepsASecondThreadBusy(for: implementation) }

    func makeCell(_ input: SeededInput) -> any Cell {
        workload.makeCell(for: implementation, input: input)
    }
}
