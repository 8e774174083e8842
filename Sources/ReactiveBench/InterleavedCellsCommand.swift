import ArgumentParser
import Foundation
import Harness
import Runner
import StyleKit
import Workloads

/// Measures a group of cells in one process, their repetitions interleaved, and writes what it measured as
/// JSON: the child-process end of the price list's time controls (see `InterleavedRunner`). Not for people;
/// hidden from help.
struct InterleavedCellsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interleaved-cells", abstract: "Measure cells interleaved for a parent `run` (internal).",
        shouldDisplay: false
    )

    @Option(help: "The InterleavedRequest JSON file.")
    var request: String

    @Option(help: "Where to write the InterleavedCells JSON.")
    var result: String

    func run() throws {
        // No cell outlives its run: killed with the parent, however the parent dies.
        ProcessControl.dieWithParent()
        let request = try JSONFile.read(InterleavedRequest.self, from: self.request)
        if let problem = request.configuration.problem {
            throw BadInput("\(self.request): \(problem)")
        }
        if request.configuration.instructionSource != nil {
            throw BadInput("\(self.request): cells are interleaved in a time run only")
        }
        let workloads = try request.workloads.map { name in
            guard let workload = Scenarios.named(name) else { throw BadInput("unknown workload '\(name)' in \(self.request)") }
            return workload
        }
        let runner = Runner(configuration: request.configuration, probe: try AllocationProbe.current())
        let measured = runner.measureInterleaved(workloads, Registry.implementation(request.implementation))
        try JSONFile.write(measured, to: result)
    }
}
