import ArgumentParser
import Foundation
import Harness
import Runner
import StyleKit
import Workloads

/// `reactive-bench ab --base X --new Y`: two builds measured against each other, interleaved, cell by
/// cell: the way to gate CI on time (docs/COMPARE.md, "A/B: times you can gate on").
struct ABCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ab",
        abstract: "Measure two builds against each other, interleaved: the way to judge a time on a shared machine.",
        discussion: """
            --base and --new are each a reactive-bench executable, a directory holding one (a bin directory, or a \
            checkout with .build/release/reactive-bench), or a git revision of the repository here, built in \
            .build/ab/<commit> with the same flags as this tool. Every selected cell is measured in pairs of \
            processes, one of each build back to back (base-new, then new-base), one repetition each, each round \
            of pairs in another code layout of each build (--layouts: its objects linked again by lld in a \
            shuffled order), until its time is decided: the time is judged on the pairs' ratios (Hodges-Lehmann estimate and interval) after \
            every --pairs pairs, with alpha spent over the looks, and a cell whose interval still straddles the \
            threshold or half of it gets more pairs, up to --max-pairs, --max-cell-seconds and --max-seconds; one \
            still straddling then is undecided. Counts are compared as compare does. Writes base/ and new/ (a \
            results.csv each, the pairs' samples in order), pairs.csv and comparison.csv into a new run directory; \
            prints the report as compare does.
            Exit status: 0 when nothing regressed and every time was decided, 1 when a cell regressed, 2 on bad \
            input, 3 when the results could not be written, 4 when nothing regressed but a cell's time is \
            undecided, 130 when stopped.
            """
    )

    @Option(name: .long, help: "The build to compare against: a tool, a directory holding one, or a git revision.")
    var base: String

    @Option(name: .long, help: "The build under test: a tool, a directory holding one, or a git revision.")
    var new: String

    @Option(name: .long, parsing: .upToNextOption, help: "Implementations to compare (names or globs; default: all).")
    var implementations: [String] = []

    @Option(name: .long, parsing: .upToNextOption, help: "Workloads to compare (names or globs; default: the default run's).")
    var workloads: [String] = []

    @Flag(name: .long, help: "Every parameter value of every scenario (default: the middle values).")
    var full = false

    @Flag(name: .long, help: "Repetitions of ~10 ms instead of ~40 ms.")
    var quick = false

    @Option(name: .long, parsing: .unconditional, help: "Pairs per cell before its first look, and before each later one (at least 8; default 15).")
    var pairs = 15

    /// Enough for a 10% slowdown measured as loosely as on issue 35's noisy VM (15 pairs, an interval 25 points
    /// wide) to be a regression in 97% of simulated cells, 85 pairs on average (SequentialPairedRuleTests).
    static let defaultMaximumPairs = 180

    @Option(name: .long, parsing: .unconditional, help: "The most pairs a cell takes; one still undecided then is undecided (default 180, at most 1000).")
    var maxPairs = ABCommand.defaultMaximumPairs

    @Option(name: .long, parsing: .unconditional, help: "Seconds a cell's processes may take before it gets no more pairs (default 60).")
    var maxCellSeconds = 60.0

    @Option(name: .long, parsing: .unconditional, help: "Seconds after which no more pairs start (default: what the first look's pairs took, and as long again or 60 s more); when they cannot pay every undecided cell's way to a decision, suspected changes go first.")
    var maxSeconds: Double?

    /// Enough that a layout's luck on one side (10.9% on a 16-stage chain, docs/COMPARE.md) averages to well
    /// under half the threshold over a look's rounds; a link took 0.4 s here (16 in 6.6 s).
    static let defaultLayouts = 8

    @Option(name: .long, parsing: .unconditional, help: "Code layouts of each build, one per round in turn: its objects linked again by lld in shuffled orders (0: each build as linked).")
    var layouts = ABCommand.defaultLayouts

    @Option(name: .long, parsing: .unconditional, help: "Units per repetition instead of the base's pilot choosing them.")
    var elements: Int?

    /// Between the two things the trial of docs/COMPARE.md ("How often the verdicts err") measured: a
    /// planted 10% slowdown, which `ab` measured at +8.6% to +11.4%, and what the same planted build did to
    /// cells its change does not touch, which moved by up to 7.4% the same way in every try because
    /// everything after the change is laid out anew (real, but no regression of the change under test). At
    /// 10% a +8.6% plant was called unchanged; at 6% two untouched cells were called changed in 8 of 10
    /// tries.
    static let defaultThreshold = 8.0

    @Option(name: .long, parsing: .unconditional, help: "Time threshold: the paired ratio must differ by more than this %, and its interval by more than half of it (default 8).")
    var threshold = ABCommand.defaultThreshold

    @Option(name: .long, parsing: .unconditional, help: "Significance level of the Wilcoxon signed-rank test on the pairs.")
    var alpha = ComparisonOptions().alpha

    @Option(name: .long, parsing: .unconditional, help: "Instruction counts: relative threshold in percent.")
    var instructionsThreshold = ComparisonOptions().instructionsThresholdPercent

    @Option(name: .long, help: "all, or counts: the status and the counts only.")
    var metrics = MetricSelection.all.rawValue

    @Option(name: .long, help: "terminal, markdown (a CI step summary) or csv.")
    var format = ReportFormat.terminal.rawValue

    @Flag(name: .long, help: "List every cell and metric, not only what changed.")
    var all = false

    @Option(name: .long, parsing: .unconditional, help: "Seconds one process may take before it is killed (default 60).")
    var cellTimeout = 60.0

    @Flag(name: .long, help: "Measure a build without cross-module optimisation, whose rows run unspecialised.")
    var allowUnspecialised = false

    @Option(name: .long, help: "Directory under which a new run directory is created.")
    var output = "results/runs"

    @Option(name: .long, help: "Label appended to the run directory's name.")
    var label = "ab"

    func validate() throws {
        if pairs < ABRunner.Settings.minimumPairs {
            throw ValidationError(
                "--pairs must be at least \(ABRunner.Settings.minimumPairs): fewer can never show a change at alpha 0.01 (got \(pairs))"
            )
        }
        if maxPairs < pairs || maxPairs > 1000 {
            throw ValidationError("--max-pairs must be from --pairs (\(pairs)) to 1000 (got \(maxPairs))")
        }
        for (option, value) in [("--max-cell-seconds", maxCellSeconds), ("--max-seconds", maxSeconds)] as [(String, Double?)] {
            if let value, !(value > 0) || !value.isFinite {
                throw ValidationError("\(option) must be a positive number of seconds (got \(String(format: "%g", value)))")
            }
        }
        if !(0...64).contains(layouts) {
            throw ValidationError("--layouts must be from 0 to 64 (got \(layouts))")
        }
        let batches = RunConfiguration.standard.batches
        if let elements, let problem = RunConfiguration.elementsProblem(elements, minimum: batches, why: ", one per timed batch") {
            throw ValidationError(problem)
        }
        if !(cellTimeout > 0) || !cellTimeout.isFinite {
            throw ValidationError("--cell-timeout must be a positive number of seconds (got \(cellTimeout))")
        }
        try ComparisonArguments(
            threshold: threshold, alpha: alpha, instructionsThreshold: instructionsThreshold, metrics: metrics, format: format
        ).validate()
        try LabelOption.validate(label)
    }

    func run() throws {
        try measureInAReleaseBuild(execute)
    }

    /// Returns whether a cell regressed; exits with ``ComparisonReport/undecidedExitStatus`` when none did
    /// but a cell's time is undecided.
    private func execute() throws -> Bool {
        let cells = try selectedCells()
        let progress = ProgressLine()
        // Before the builds: a SIGINT while one compiles stops it and its compilers (ChildProcess).
        Interruption.install()
        let resolver = BuildResolver(log: progress.log)
        let baseBuild = try resolver.resolve(base, option: "--base"), newBuild = try resolver.resolve(new, option: "--new")
        let baseOptimised = try ToolHandshake.check(baseBuild.executable, option: "--base")
        let newOptimised = try ToolHandshake.check(newBuild.executable, option: "--new")
        let unspecialised = [("--base", baseOptimised), ("--new", newOptimised)].filter { $0.1 == false }.map(\.0)
        if !unspecialised.isEmpty && !allowUnspecialised {
            throw BadInput(
                "the \(unspecialised.joined(separator: " and ")) \(unspecialised.count == 1 ? "build has" : "builds have") no cross-module optimisation (built with "
                    + "REACTIVE_BENCH_CMO=0), so their rows would run unspecialised, unlike an app's code: build with "
                    + "`\(Specialisation.pluginCommand)`, or pass \(Specialisation.allowOption) to measure it anyway"
            )
        }
        let options = try ComparisonArguments(
            threshold: threshold, alpha: alpha, instructionsThreshold: instructionsThreshold, metrics: metrics, format: format
        ).options(timeVerdicts: .paired)

        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var baseSide = ToolSide(executable: baseBuild.executable, name: "base", scratch: scratch, timeLimit: cellTimeout)
        var newSide = ToolSide(executable: newBuild.executable, name: "new", scratch: scratch, timeLimit: cellTimeout)
        if let note = baseSide.placementNote { progress.log("warning: \(note)") }
        (baseSide.layouts, newSide.layouts) = try codeLayouts(
            of: baseBuild, newBuild, in: scratch, copiesCanRun: baseSide.placementNote == nil, log: progress.log
        )
        let directory = try RunDirectory.create(under: output, label: label)
        let writer = ABWriter(
            directory: directory, base: baseBuild, new: newBuild, pairs: pairs, maximumPairs: maxPairs,
            layouts: baseSide.layouts.count
        )
        try writer.start()
        progress.log(
            "writing \(directory): \(cells.count) cells, \(pairs) pairs each, up to \(maxPairs) until decided; "
                + "base \(baseBuild.description), new \(newBuild.description)"
        )

        var settings = ABRunner.Settings(pairs: pairs, maximumPairs: maxPairs, configuration: processConfiguration, comparison: options)
        settings.cellSeconds = maxCellSeconds
        settings.runSeconds = maxSeconds
        var runner = ABRunner(settings: settings)
        runner.progress = progress.log
        runner.step = progress.show
        var writeFailure: Error?
        runner.shouldStop = { Interruption.requested() || writeFailure != nil }
        runner.roundFinished = { pairs in
            do { try writer.writePairs(pairs) } catch { writeFailure = error }
        }
        baseSide.shouldStop = Interruption.requested
        newSide.shouldStop = Interruption.requested
        baseSide.logDirectory = "\(directory)/logs"
        newSide.logDirectory = "\(directory)/logs"
        let outcome = try runner.run(cells, base: baseSide, new: newSide)
        if let writeFailure { throw writeFailure }
        progress.finish()
        try writer.finish(outcome)

        guard outcome.complete else {
            FileHandle.standardError.write(Data("error: interrupted: the pairs measured so far are in \(directory) (run_complete=false)\n".utf8))
            throw ExitCode(130)
        }
        try Self.checkMeasuredSomething(outcome, directory: directory)
        let report = try ComparisonReport.checked(
            base: try RunResults.load("\(directory)/base"), new: try RunResults.load("\(directory)/new"),
            options: settings.comparison
        )
        try writer.writeComparison(ComparisonRenderer.render(report, format: .csv, showAll: true))
        print(ComparisonRenderer.render(report, format: ReportFormat(rawValue: format)!, showAll: all))
        if report.exitStatus == ComparisonReport.undecidedExitStatus { throw ExitCode(report.exitStatus) }
        return report.fails
    }

    /// `--layouts` links of each build in shuffled code layouts (``CodeLayouts``), or none for both when
    /// either build cannot be linked again (a warning says why): one side's layouts against the other's one
    /// layout would measure that layout's luck as much as running both as linked does.
    private func codeLayouts(
        of base: BuildResolver.Build, _ new: BuildResolver.Build, in scratch: ScratchDirectory, copiesCanRun: Bool,
        log: (String) -> Void
    ) throws -> ([String], [String]) {
        guard layouts > 0, copiesCanRun else { return ([], []) }
        log("linking each build again in \(layouts) code layouts (lld --shuffle-sections), a layout per round in turn")
        var made: [[String]] = []
        for (option, build) in [("--base", base), ("--new", new)] {
            let into = scratch.path("layouts-\(option.dropFirst(2))")
            switch CodeLayouts.make(build.executable, count: layouts, into: into, shouldStop: Interruption.requested) {
            case .success(let executables): made.append(executables)
            case .failure(let unavailable):
                if Interruption.requested() {
                    FileHandle.standardError.write(Data("error: interrupted while linking, nothing measured\n".utf8))
                    throw ExitCode(130)
                }
                log(
                    "warning: \(option) cannot be linked again (\(unavailable.reason)), so both builds run as linked: "
                        + "a function's place moves its time, and one layout per side cannot be told from a change "
                        + "(docs/COMPARE.md; --layouts 0 runs them so without this warning)"
                )
                return ([], [])
            }
        }
        return (made[0], made[1])
    }

    /// A side whose every cell crashed, timed out, failed or was absent measured nothing: no verdict can
    /// say "no regression" about it (`--elements` too large for the build, a side that is no longer the
    /// tool once it runs). One line and exit status 2; the pairs stay in the run directory.
    private static func checkMeasuredSomething(_ outcome: ABRunner.Outcome, directory: String) throws {
        for (side, results) in [("base", outcome.base), ("new", outcome.new)]
        where !results.contains(where: { $0.status == .ok }) {
            let statuses = Dictionary(grouping: results, by: \.status.rawValue).map { "\($0.value.count) \($0.key)" }.sorted()
            throw BadInput(
                "the \(side) side measured nothing: of its \(results.count) cells \(statuses.joined(separator: ", ")) "
                    + "(logs in \(directory)/logs)"
            )
        }
    }

    /// Workloads x implementations of this tool's tables; a build that lacks one says so per cell.
    private func selectedCells() throws -> [ABRunner.Cell] {
        let selectedImplementations = try Selection.resolve(
            implementations, among: Registry.all.map(\.id.rawValue), kind: "implementation", option: "--implementations",
            unavailable: Registry.unavailable
        ).map { Registry.implementation(ImplementationID(rawValue: $0)) }
        let selectedWorkloads = try workloads.isEmpty
            ? (full ? Scenarios.all : Scenarios.standard)
            : Selection.resolve(workloads, among: Scenarios.all.map(\.name), kind: "workload", option: "--workloads")
                .map { Scenarios.named($0)! }
        return selectedWorkloads.flatMap { workload in
            selectedImplementations.map { ABRunner.Cell(workload: workload, implementation: $0) }
        }
    }

    /// Per process: 5 repetitions of ~2 ms (standard: 7 of ~5 ms), of which the fastest is its sample,
    /// without latency or noise gate.
    private var processConfiguration: RunConfiguration {
        var configuration = quick ? RunConfiguration.quick : RunConfiguration.standard
        configuration.repetitions = quick ? 5 : 7
        configuration.targetRepetitionNanoseconds = quick ? 2_000_000 : 5_000_000
        configuration.measuresLatency = false
        configuration.noiseGate = false
        configuration.unitsPerRepetition = elements.map { $0 / configuration.batches * configuration.batches }
        return configuration
    }
}

/// The options `compare` and `ab` share, checked alike.
struct ComparisonArguments {
    var threshold: Double
    var alpha: Double
    var instructionsThreshold: Double
    var metrics: String
    var format: String

    func validate() throws {
        let percentages = ComparisonOptions.thresholdRange
        let percentage = "a percentage from \(Int(percentages.lowerBound)) to \(Int(percentages.upperBound))"
        try Self.check("--threshold", threshold, percentage, valid: percentages.contains)
        try Self.check("--instructions-threshold", instructionsThreshold, percentage, valid: percentages.contains)
        try Self.check("--alpha", alpha, "a probability strictly between 0 and 1", valid: ComparisonOptions.isValidAlpha)
        guard MetricSelection(rawValue: metrics) != nil else {
            let known = MetricSelection.allCases.map(\.rawValue).joined(separator: " or ")
            throw ValidationError("--metrics must be \(known) (got '\(metrics)')")
        }
        guard ReportFormat(rawValue: format) != nil else {
            let names = ReportFormat.allCases.map(\.rawValue)
            let known = names.dropLast().joined(separator: ", ") + " or " + names.last!
            throw ValidationError("--format must be \(known) (got '\(format)')")
        }
    }

    func options(timeVerdicts: ComparisonOptions.TimeVerdicts) throws -> ComparisonOptions {
        try validate()
        return ComparisonOptions(
            timeThresholdPercent: threshold, alpha: alpha, instructionsThresholdPercent: instructionsThreshold,
            metrics: MetricSelection(rawValue: metrics)!, timeVerdicts: timeVerdicts
        )
    }

    private static func check(_ option: String, _ value: Double, _ meaning: String, valid: (Double) -> Bool) throws {
        guard value.isFinite && valid(value) else {
            throw ValidationError("\(option) must be \(meaning) (got \(String(format: "%g", value)))")
        }
    }
}
