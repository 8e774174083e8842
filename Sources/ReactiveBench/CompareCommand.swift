import ArgumentParser
import Foundation
import Harness

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two runs cell by cell, or two implementations inside one run.",
        discussion: """
            compare BASE NEW: each a run directory or a results.csv. Counts are compared exactly or within small \
            tolerances (docs/COMPARE.md). Times of two separate runs only inform (slower, faster): a whole run \
            moves by 5-10% on a shared machine. They are judged net of the new run's overall shift: the medians \
            differ by more than --threshold percent and the Mann-Whitney U test gives p < --alpha. \
            --gate-time makes such a change a regression; `reactive-bench ab` measures two builds interleaved, \
            the way to gate on time.
            --metrics counts judges only the status and the counts, and shows no time.
            compare --implementations A B RUN: B's median time over A's for every workload both ran ok.
            Exit status: 0 when nothing regressed, 1 when a cell regressed, 2 on bad input.
            """
    )

    @Argument(help: "BASE and NEW: run directories or results.csv files (one RUN with --implementations).")
    var runs: [String] = []

    @Option(
        name: .long, parsing: .upToNextOption,
        help: "Two implementations to compare inside one run: --implementations A B RUN."
    )
    var implementations: [String] = []

    @Option(name: .long, parsing: .unconditional, help: "Time threshold: medians must differ by more than this %.")
    var threshold = ComparisonOptions().timeThresholdPercent

    @Option(name: .long, parsing: .unconditional, help: "Significance level of the Mann-Whitney U test on the times.")
    var alpha = ComparisonOptions().alpha

    @Option(name: .long, parsing: .unconditional, help: "Instruction counts: relative threshold in percent.")
    var instructionsThreshold = ComparisonOptions().instructionsThresholdPercent

    @Option(name: .long, help: "all, or counts: the status and the counts only, no times (CI on a shared machine).")
    var metrics = MetricSelection.all.rawValue

    @Option(name: .long, help: "terminal or markdown (a CI step summary).")
    var format = ReportFormat.terminal.rawValue

    @Flag(name: .long, help: "List every cell and metric, not only what changed.")
    var all = false

    @Flag(name: .long, help: "Let a time change fail the comparison (two separate runs: see docs/COMPARE.md).")
    var gateTime = false

    @Flag(name: .long, help: "Judge only the cells both runs have: without it, a new run that lacks cells of the base fails.")
    var onlyCommon = false

    @Flag(name: .long, help: "Compare a run whose rows ran unspecialised with one whose rows did not.")
    var allowUnspecialised = false

    func validate() throws {
        try arguments.validate()
        _ = try request()
    }

    private var arguments: ComparisonArguments {
        ComparisonArguments(
            threshold: threshold, alpha: alpha, instructionsThreshold: instructionsThreshold, metrics: metrics, format: format
        )
    }

    func run() throws {
        // Bad input and harness errors end in ReactiveBench.main: one `error:` line, exit status 2.
        if try execute() { throw ExitCode(1) }
    }

    /// Prints the report; returns whether it fails (a regression, or cells the new run lost).
    private func execute() throws -> Bool {
        let format = ReportFormat(rawValue: format)!
        switch try request() {
        case .runs(let basePath, let newPath):
            let base = try RunResults.load(basePath), new = try RunResults.load(newPath)
            try Specialisation.checkComparable(base: base.environment, new: new.environment, allowed: allowUnspecialised)
            var options = try arguments.options(timeVerdicts: gateTime ? .gated : .informational)
            options.onlyCommon = onlyCommon
            let report = try ComparisonReport.checked(base: base, new: new, options: options)
            print(ComparisonRenderer.render(report, format: format, showAll: all))
            return report.fails
        case .implementations(let first, let second, let path):
            let run = try RunResults.load(path)
            try Self.checkImplementations([first, second], in: run)
            let report = ImplementationRatioReport(run: run, first: first, second: second)
            // Rows compiled unlike an app's code (another package's, or no cross-module optimisation).
            for warning in EnvironmentNote.compilation(run.environment) {
                FileHandle.standardError.write(Data("\(warning)\n".utf8))
            }
            print(RatioRenderer.render(report, format: format))
            return false
        }
    }
}

// MARK: - Arguments

extension CompareCommand {
    private enum Request {
        case runs(base: String, new: String)
        case implementations(first: String, second: String, run: String)
    }

    /// What the positional arguments and `--implementations` ask for. `--implementations A B RUN` gives
    /// the option all three values (it takes values up to the next option), so the run may come last.
    private func request() throws -> Request {
        let names = implementations.flatMap { $0.split(separator: ",").map(String.init) }
        if names.isEmpty {
            guard runs.count == 2 else {
                throw ValidationError(
                    "compare takes two runs, BASE and NEW (got \(runs.count)); or --implementations A B RUN"
                )
            }
            return .runs(base: runs[0], new: runs[1])
        }
        let values = names + runs
        guard values.count == 3 else {
            throw ValidationError(
                "--implementations takes two implementations and one run: --implementations A B RUN "
                    + "(got \(values.count) values: \(values.joined(separator: " ")))"
            )
        }
        return .implementations(first: values[0], second: values[1], run: values[2])
    }

    /// Names must be implementations the run has rows for; an unknown one suggests the closest.
    private static func checkImplementations(_ names: [String], in run: RunResults) throws {
        let known = run.cells.map(\.key.implementation).reduce(into: [String]()) { known, name in
            if !known.contains(name) { known.append(name) }
        }
        for name in names where !known.contains(name) {
            let hint = Selection.closest(to: name, among: known).map { " (did you mean '\($0)'?)" } ?? ""
            let has = known.isEmpty ? "it has no rows" : "it has \(known.joined(separator: ", "))"
            throw BadInput("unknown implementation '\(name)' in \(run.source)\(hint); \(has)")
        }
    }
}
