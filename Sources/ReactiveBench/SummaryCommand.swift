import ArgumentParser
import Foundation
import Harness
import Runner

struct SummaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Print what a run says: the cost of one more stage per implementation, then every workload ranked.",
        discussion: """
            The same summary a run prints when it ends, for any run directory (or results.csv): the per-stage \
            fits (fits.csv's slopes, computed again from results.csv) and, per workload, the implementations \
            fastest first with each one's ratio to the fastest and whether the difference is significant.
            """
    )

    @Argument(help: "A run directory or its results.csv.")
    var runDirectory: String

    @Option(name: .long, help: "An instruction run (run --metric instructions) of the same build: adds instructions per stage.")
    var instructions: String?

    @Option(name: .long, help: "terminal or markdown.")
    var format = ReportFormat.terminal.rawValue

    @Flag(name: .long, help: "Only the per-stage tables (the README's lead), not the workload rankings.")
    var stagesOnly = false

    @Option(name: .long, help: "Another run of the same suite: check that it keeps the order of every pair this run calls significantly different (exit 1 when one is reversed).")
    var checkOrder: String?

    @Option(name: .long, help: "Also write the run's fits as CSV to this new file (for a run made before fits.csv existed).")
    var fits: String?

    func validate() throws {
        guard let format = ReportFormat(rawValue: format), format != .csv else {
            throw ValidationError("--format must be terminal or markdown (got '\(format)')")
        }
    }

    func run() throws {
        let results = try RunResults.load(runDirectory)
        let instructionRun = try instructions.map { try RunResults.load($0) }
        if let instructionRun, instructionRun.metric != .instructions {
            throw BadInput(
                "--instructions \(instructionRun.source) holds \(instructionRun.metric.description), not instruction counts: "
                    + "give a run of run --metric instructions"
            )
        }
        // Read before anything is printed: a reference that cannot be read is one line, not a summary and then it.
        let orderReference = try checkOrder.map { try RunResults.load($0) }
        if let orderReference, orderReference.metric != results.metric {
            throw BadInput(
                "--check-order \(orderReference.source) holds \(orderReference.metric.description) and "
                    + "\(results.source) \(results.metric.description): check the order against a run of the same metric"
            )
        }
        // A run merged from shards of several machines, rows compiled unlike an app's code, or another
        // processor than the order's reference ran on.
        let hardware = orderReference.flatMap {
            EnvironmentNote.hardware(base: $0.environment, new: results.environment)
        }
        let warnings = [EnvironmentNote.mixedMachines(results.environment), hardware].compactMap { $0 }
            + EnvironmentNote.compilation(results.environment)
        for warning in warnings {
            FileHandle.standardError.write(Data("\(warning)\n".utf8))
        }
        if let fits {
            guard !FileManager.default.fileExists(atPath: fits) else { throw BadInput("\(fits) exists: --fits writes a new file, never over one") }
            try FitTable.table(FitTable.fits(results)).write(to: fits)
        }
        var summary = RunSummary(run: results, instructionRun: instructionRun)
        if stagesOnly { summary.rankings = [] }
        print(summary.render(ReportFormat(rawValue: format)!))
        if let checkOrder, let orderReference {
            let (reversed, checked) = StyleRanking.reversedPairs(results, in: orderReference)
            print("\n\(checked) significantly different pairs checked against \(checkOrder): \(reversed.count) reversed")
            for pair in reversed { print("  reversed: \(pair.workload): \(pair.faster) < \(pair.slower)") }
            guard checked > 0 else {
                // Nothing checked is no pass: the runs share no significantly different pair.
                FileHandle.standardError.write(Data(
                    "error: no significantly different pair of \(runDirectory) is in \(checkOrder): nothing was checked\n".utf8
                ))
                throw ExitCode(1)
            }
            if !reversed.isEmpty { throw ExitCode(1) }
        }
    }
}
