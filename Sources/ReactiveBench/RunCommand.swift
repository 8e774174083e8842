import ArgumentParser
import Foundation
import Harness
import Runner
import StyleKit
import Workloads

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run workloads over implementations and write a new run directory with CSV.",
        discussion: "Names accept shell globs and comma-separated lists, e.g. --workloads 'map*' --implementations baseline,builtin."
    )

    @Option(name: .long, parsing: .upToNextOption, help: "Implementations to run (names or globs; default: all).")
    var implementations: [String] = []

    @Option(name: .long, parsing: .upToNextOption, help: "Workloads to run (names or globs; default: all).")
    var workloads: [String] = []

    @Flag(name: .long, help: "Short repetitions: the same statistics in a fraction of the time (CI).")
    var quick = false

    @Option(name: .long, help: "time (default) or instructions: count the measured regions' instructions (perf counters where they work, else callgrind).")
    var metric = "time"

    @Flag(
        name: .long,
        help: "With --metric instructions: also callgrind's cache and branch simulation (branches, mispredictions, L1 and last-level misses, estimated cycles per unit; 1.6x the time here)."
    )
    var simulate = false

    @Flag(name: .long, help: "Sweep every parameter value of every scenario (default: the middle values).")
    var full = false

    @Option(name: .long, parsing: .unconditional, help: "Measure part K of N of the selected cells (a CI matrix; `reactive-bench merge` joins the parts).")
    var shard: String?

    @Option(name: .long, parsing: .unconditional, help: "Seconds a cell may take before it is killed and marked timeout (default 300).")
    var cellTimeout: Double?

    @Flag(name: .long, help: "Run every cell in this process, interleaved, instead of one child process per cell (a crash then ends the run).")
    var inProcess = false

    @Flag(name: .long, help: "Keep repetitions timed while the machine ran slow (see docs/CSV.md, machine_slowdown).")
    var noNoiseGate = false

    @Option(name: .long, parsing: .unconditional, help: "Timed repetitions per cell (at least 1; default 11, quick 5).")
    var repetitions: Int?

    @Option(name: .long, parsing: .unconditional, help: "Units (elements or subscriptions) per repetition instead of auto-scaling.")
    var elements: Int?

    @Flag(name: .long, help: "Skip the per-event latency repetition.")
    var noLatency = false

    @Flag(
        inversion: .prefixedNo,
        help: "Measure the price list (prices.csv: what one retain, lock, malloc... costs here; default: in runs of the default selection, not with --workloads, --shard or --in-process)."
    )
    var prices: Bool?

    @Flag(name: .long, help: "Measure rows that would run unspecialised (a build without cross-module optimisation); each row's detail says so.")
    var allowUnspecialised = false

    @Option(name: .long, help: "Directory under which a new run directory is created.")
    var output = "results/runs"

    @Option(name: .long, help: "Label appended to the run directory's name.")
    var label = "run"

    func validate() throws {
        if let repetitions, repetitions < 1 {
            throw ValidationError("--repetitions must be at least 1 (got \(repetitions))")
        }
        let batches = RunConfiguration.standard.batches
        if let elements, let problem = RunConfiguration.elementsProblem(elements, minimum: batches, why: ", one per timed batch") {
            throw ValidationError(problem)
        }
        if let cellTimeout, !(cellTimeout > 0) || !cellTimeout.isFinite {
            throw ValidationError("--cell-timeout must be a positive number of seconds (got \(cellTimeout))")
        }
        if prices == true && (inProcess || shard != nil) {
            throw ValidationError("--prices needs a process per cell and the whole selection: not with --in-process or --shard")
        }
        if inProcess && cellTimeout != nil {
            throw ValidationError(
                "--cell-timeout needs a process per cell to kill: a cell measured --in-process cannot be stopped"
            )
        }
        if !["time", "instructions"].contains(metric) {
            throw ValidationError("--metric must be time or instructions (got '\(metric)')")
        }
        if simulate && metric != "instructions" {
            throw ValidationError("--simulate is callgrind's cache and branch simulation: it needs --metric instructions")
        }
        try LabelOption.validate(label)
        _ = try selectedShard()
    }

    /// `--shard`, read; nil without it.
    private func selectedShard() throws -> Shard? {
        guard let shard else { return nil }
        do throws(HarnessError) {
            return try Shard(parsing: shard)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        try measureInAReleaseBuild(execute)
    }

    /// Returns whether any cell failed.
    private func execute() throws -> Bool {
        let (selectedWorkloads, selectedImplementations) = try selection()
        let specialisation = SpecialisationGate(selectedImplementations)
        if let refusal = specialisation.refusal(allowed: allowUnspecialised) { throw BadInput(refusal) }
        let shard = try selectedShard()
        let progress = ProgressLine()
        let configuration = try runConfiguration(progress)
        let probe = try AllocationProbe.current()
        let environment = RunEnvironment.capture()
        // Before the run directory: a run that cannot start leaves nothing behind.
        let scratch = inProcess ? nil : try ScratchDirectory()
        defer { scratch?.remove() }
        // Before the run directory: a signal from the moment it exists stops the run with what it has.
        Interruption.install()
        let directory = try RunDirectory.create(under: output, label: label)
        var writer = RunWriter(
            directory: directory, environment: environment, metric: configuration.instructionSource == nil ? .time : .instructions,
            extra: shard.map { shard in
                ShardRun.environmentRows(
                    shard, workloads: selectedWorkloads.map(\.name), implementations: selectedImplementations.map(\.id.rawValue)
                )
            } ?? []
        )
        writer.specialisation = specialisation
        do {
            try writer.write([], sentinelBest: nil, complete: false)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        progress.log("writing \(directory)")
        if let shard {
            let cells = shard.cells(of: selectedWorkloads, selectedImplementations).count
            progress.log("shard \(shard): \(cells) of the \(selectedWorkloads.count * selectedImplementations.count) selected cells")
        }

        let started = Clock.now()
        let outcome: IsolatedRunner.Outcome
        if let scratch {
            outcome = try measureIsolated(
                selectedWorkloads, selectedImplementations, configuration, shard: shard ?? .whole, scratch: scratch,
                writer: writer, progress: progress
            )
        } else {
            var runner = Runner(configuration: configuration, probe: probe, progress: progress.log)
            runner.shard = shard ?? .whole
            runner.step = progress.show
            runner.shouldStop = Interruption.requested
            outcome = IsolatedRunner.Outcome(runner.measure(workloads: selectedWorkloads, implementations: selectedImplementations))
        }
        progress.finish()
        try writer.write(outcome.results, sentinelBest: outcome.sentinelBest, complete: outcome.complete)
        try writer.writeFits(rows: outcome.results.count)
        var priceList: [PriceList.Price] = []
        if let scratch, outcome.complete, prices ?? (workloads.isEmpty && shard == nil) {
            priceList = try measurePrices(configuration, scratch: scratch, writer: writer, progress: progress)
        }
        return try report(outcome, priceList, directory: directory, seconds: Double(Clock.now() - started) / 1e9)
    }

    /// The workloads and implementations the options name. Names and globs match every parameter value;
    /// without them the run is the standard set (or all, `--full`).
    private func selection() throws -> ([any Workload], [Implementation]) {
        let selectedImplementations = try Selection.resolve(
            implementations, among: Registry.all.map(\.id.rawValue), kind: "implementation", option: "--implementations",
            unavailable: Registry.unavailable
        ).map { Registry.implementation(ImplementationID(rawValue: $0)) }
        let selectedWorkloads = try workloads.isEmpty
            ? (full ? Scenarios.all : Scenarios.standard)
            : Selection.resolve(workloads, among: Scenarios.all.map(\.name), kind: "workload", option: "--workloads")
                .map { Scenarios.named($0)! }
        return (selectedWorkloads, selectedImplementations)
    }

    private func runConfiguration(_ progress: ProgressLine) throws -> RunConfiguration {
        var configuration = quick ? RunConfiguration.quick : RunConfiguration.standard
        if metric == "instructions" {
            let source = try InstructionCounting.source(inProcess: inProcess, simulate: simulate, log: progress.log)
            configuration = RunConfiguration.instructions(source, quick: quick)
            configuration.simulatesCachesAndBranches = simulate
        }
        if let repetitions { configuration.repetitions = repetitions }
        if let elements {
            configuration.unitsPerRepetition = elements
            let rounded = elements / configuration.batches * configuration.batches
            if rounded != elements {
                progress.warn("--elements \(elements) is rounded down to \(rounded), a multiple of the \(configuration.batches) timed batches")
            }
        }
        if noLatency { configuration.measuresLatency = false }
        if noNoiseGate { configuration.noiseGate = false }
        return configuration
    }

    /// Every cell in a process of its own, the files rewritten after each; a write that fails (a full disk)
    /// stops the run, since measuring on would only lose more, and ends it with status 3.
    private func measureIsolated(
        _ workloads: [any Workload], _ implementations: [Implementation], _ configuration: RunConfiguration,
        shard: Shard, scratch: ScratchDirectory, writer: RunWriter, progress: ProgressLine
    ) throws -> IsolatedRunner.Outcome {
        var writeFailure: OutputFailure?
        var runner = IsolatedRunner(
            executable: Self.executablePath, configuration: configuration, cellTimeLimit: cellTimeout ?? 300
        )
        runner.shard = shard
        runner.progress = progress.log
        runner.step = progress.show
        runner.logDirectory = writer.directory + "/logs"
        runner.shouldStop = { Interruption.requested() || writeFailure != nil }
        runner.cellFinished = { partial in
            do throws(OutputFailure) {
                try writer.write(partial, sentinelBest: nil, complete: false)
            } catch {
                writeFailure = error
            }
        }
        let outcome = try runner.run(workloads: workloads, implementations: implementations, scratch: scratch)
        if let writeFailure {
            progress.finish()
            throw writeFailure
        }
        return outcome
    }

    /// The summary table and where the rows went; 130 for a stopped run; whether a cell failed.
    private func report(
        _ outcome: IsolatedRunner.Outcome, _ prices: [PriceList.Price], directory: String, seconds: Double
    ) throws -> Bool {
        let results = outcome.results
        if !results.isEmpty {
            print(RunSummary(run: try RunResults.load(directory + "/results.csv")).render(.terminal))
            print("\nEvery cell:\n")
        }
        print(SummaryTable.render(results))
        if !prices.isEmpty {
            print("\nThe price list (prices.csv; what one event costs here, docs/CSV.md):\n")
            print(PriceList.textTable(prices).terminal())
        }
        print("\n\(results.count) cells in \(String(format: "%.1f", seconds)) s -> \(directory)/results.csv")
        if let warning = NoiseGate.slowMachineWarning(results) { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
        if !outcome.complete {
            FileHandle.standardError.write(Data("error: interrupted: \(results.count) finished cells written to \(directory)/results.csv (run_complete=false)\n".utf8))
            throw ExitCode(130)
        }
        let failures = results.filter(\.isFailure)
        for failure in failures {
            FileHandle.standardError.write(Data("error: \(failure.workload) / \(failure.implementation.rawValue): \(failure.status.rawValue): \(failure.detail)\n".utf8))
        }
        return !failures.isEmpty
    }

    /// The running tool, started again for every cell.
    static var executablePath: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }
}
