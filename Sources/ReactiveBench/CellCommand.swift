import ArgumentParser
import Foundation
import Harness
import StyleKit
import Runner
import Workloads

/// Measures one cell and writes what it measured as JSON: the child-process end of `run`, which starts
/// one of these per cell (see `IsolatedRunner`). Not for people; hidden from help.
struct CellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cell", abstract: "Measure one cell for a parent `run` (internal).", shouldDisplay: false
    )

    @Option(help: "The CellRequest JSON file.")
    var request: String

    @Option(help: "Where to write the UngatedCell JSON.")
    var result: String

    func run() throws {
        // No cell outlives its run: killed with the parent, however the parent dies.
        ProcessControl.dieWithParent()
        let request = try JSONFile.read(CellRequest.self, from: self.request)
        if let problem = request.configuration.problem {
            throw BadInput("\(self.request): \(problem)")
        }
        guard let workload = Scenarios.named(request.workload) else {
            throw BadInput("unknown workload '\(request.workload)' in \(self.request)")
        }
        let probe = try AllocationProbe.current()
        let runner = Runner(configuration: request.configuration, probe: probe)
        let measured = runner.measureUngated(
            workload, Registry.implementation(request.implementation), latency: request.latency
        )
        try JSONFile.write(measured, to: result)
    }
}
