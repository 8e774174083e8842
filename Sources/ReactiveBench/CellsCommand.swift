import ArgumentParser
import Foundation
import Harness
import Runner
import StyleKit
import Workloads

/// Measures several cells of one implementation together, their repetitions interleaved in rounds, and
/// writes the outcome as JSON: the child-process end of `IsolatedRunner.runInterleaved` (the timed price
/// list). Not for people; hidden from help.
struct CellsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cells", abstract: "Measure cells interleaved for a parent `run` (internal).", shouldDisplay: false
    )

    @Option(help: "The InterleavedRequest JSON file.")
    var request: String

    @Option(help: "Where to write the outcome JSON.")
    var result: String

    func run() throws {
        ProcessControl.dieWithParent()
        let request = try JSONFile.read(InterleavedRequest.self, from: self.request)
        if let problem = request.configuration.problem {
            throw BadInput("\(self.request): \(problem)")
        }
        let workloads = try request.workloads.map { name in
            guard let workload = Scenarios.named(name) else { throw BadInput("unknown workload '\(name)' in \(self.request)") }
            return workload
        }
        let runner = Runner(configuration: request.configuration, probe: try AllocationProbe.current())
        let outcome = runner.measure(workloads: workloads, implementations: [Registry.implementation(request.implementation)])
        try JSONFile.write(outcome, to: result)
    }
}
