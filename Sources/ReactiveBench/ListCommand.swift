import ArgumentParser
import Harness
import Runner
import StyleKit
import Workloads

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List implementations, workloads and run parameters."
    )

    @Option(name: .long, help: "terminal, or markdown: the implementations and the operators each supports, as docs/STYLES.md shows them.")
    var format = ReportFormat.terminal.rawValue

    func validate() throws {
        guard let format = ReportFormat(rawValue: format), format != .csv else {
            throw ValidationError("--format must be terminal or markdown (got '\(format)')")
        }
    }

    func run() {
        if format == ReportFormat.markdown.rawValue {
            print(ImplementationTables.markdown(Registry.all))
            return
        }
        // Names may contain spaces ("pipelineDepth (4)"): at least two spaces always follow one.
        let width = (Registry.all.map(\.id.rawValue) + Scenarios.all.map(\.name)).map(\.count).max()! + 1
        let familyWidth = Registry.all.map(\.family.rawValue.count).max()!
        print("Implementations:")
        for implementation in Registry.all {
            let unsupported = OperatorID.allCases.filter { !implementation.supports($0) }
            let note = unsupported.isEmpty ? "" : " [unsupported: \(unsupported.map(\.rawValue).joined(separator: ", "))]"
            print("  \(pad(implementation.id.rawValue, width)) \(implementation.family.rawValue.padding(familyWidth)) \(implementation.summary)\(note)")
        }
        print("\nWorkloads:")
        for workload in Scenarios.all {
            print("  \(pad(workload.name, width)) per \(workload.unit.rawValue.padding(12)) \(workload.summary)")
        }
        let standard = RunConfiguration.standard, quick = RunConfiguration.quick
        print("""

            Parameters (run --help for all options):
              repetitions          \(standard.repetitions) (quick: \(quick.repetitions))
              repetition length    ~\(standard.targetRepetitionNanoseconds / 1_000_000) ms (quick: ~\(quick.targetRepetitionNanoseconds / 1_000_000) ms), auto-scaled unless --elements
              timed batches        \(standard.batches) per repetition
              latency elements     \(standard.latencyUnits) (quick: \(quick.latencyUnits))
              input                \(SeededInput.defaultLength) seeded Ints (seed 0x\(String(SeededInput.defaultSeed, radix: 16)))

            \(ToolHandshake.buildLine(crossModuleOptimization: RunEnvironment.builtWithCrossModuleOptimization))
            """)
    }

    private func pad(_ text: String, _ width: Int) -> String { text.padding(width) }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
