import ArgumentParser
import Foundation
import Harness
import Runner
import StyleKit
import Workloads

/// `reactive-bench profile IMPLEMENTATION WORKLOAD`: where one cell's instructions go.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Profile one cell's element loop under callgrind: its hottest functions, and a file for kcachegrind.",
        discussion: """
            Writes a new run directory holding callgrind.out (kcachegrind, callgrind_annotate) and profile.txt \
            (the top functions by self and by inclusive instructions, Swift names demangled). Only the timed \
            element batches of one repetition are collected: set-up, warm-up and teardown are left out. \
            SIGINT or SIGTERM stops it with status 130 and leaves no run directory.
            """
    )

    @Argument(help: "The implementation, e.g. builtin (reactive-bench list).")
    var implementation: String

    @Argument(help: "The workload, e.g. map or 'pipelineDepth (4)'.")
    var workload: String

    @Option(name: .long, parsing: .unconditional, help: "Units to profile (default 20000 elements or 2000 subscriptions).")
    var elements: Int?

    @Option(name: .long, parsing: .unconditional, help: "Functions listed per table (default 25).")
    var top = 25

    @Option(name: .long, help: "Directory under which a new run directory is created.")
    var output = "results/runs"

    @Option(name: .long, help: "Label appended to the run directory's name.")
    var label = "profile"

    func validate() throws {
        if let elements, let problem = RunConfiguration.elementsProblem(elements, minimum: 1, why: "") {
            throw ValidationError(problem)
        }
        if top < 1 { throw ValidationError("--top must be at least 1 (got \(top))") }
        try LabelOption.validate(label)
    }

    func run() throws {
        #if DEBUG
        FileHandle.standardError.write(Data("error: reactive-bench measures release builds only: build with `swift build -c release`\n".utf8))
        throw ExitCode(2)
        #else
        // Bad input and harness errors end in ReactiveBench.main: one `error:` line, exit status 2.
        try execute()
        #endif
    }

    private func execute() throws {
        let implementation = Registry.implementation(
            ImplementationID(rawValue: try Self.one(self.implementation, among: Registry.all.map(\.id.rawValue), kind: "implementation"))
        )
        let workload = Scenarios.named(try Self.one(self.workload, among: Scenarios.all.map(\.name), kind: "workload"))!
        if let reason = workload.unsupportedReason(for: implementation) { throw BadInput(reason) }
        do { _ = try Callgrind.valgrind() } catch { throw BadInput(error.message) }

        let directory = try RunDirectory.create(under: output, label: label)
        let title = "\(workload.name) / \(implementation.id.rawValue)"
        FileHandle.standardError.write(Data("[reactive-bench] profiling \(title) under callgrind into \(directory)\n".utf8))
        var profiler = CellProfiler(executable: RunCommand.executablePath, units: elements, timeLimit: 600)
        Interruption.install()
        profiler.shouldStop = Interruption.requested
        let callgrindFile = "\(directory)/callgrind.out"
        let profiled: CellProfiler.Outcome?
        do {
            profiled = try profiler.profile(workload, implementation, callgrindFile: callgrindFile)
        } catch {
            RunDirectory.removeIfEmpty(directory)
            throw error
        }
        guard let outcome = profiled else {
            RunDirectory.removeIfEmpty(directory)
            FileHandle.standardError.write(Data("error: interrupted: \(title) not profiled, nothing written\n".utf8))
            throw ExitCode(130)
        }
        // Some more inclusive lines than shown: the report drops the frames that hold the whole loop.
        let annotation = try CallgrindAnnotation.read(callgrindFile, top: top + 15)
        let report = ProfileReport(
            title: title, unit: workload.unit, outcome: outcome, annotation: annotation,
            components: try InstructionComponents.read(callgrindFile), top: top
        )
        try AtomicFile.write(Array(report.text.utf8), to: "\(directory)/profile.txt")
        print(report.text)
        print("-> \(directory)/profile.txt, \(callgrindFile)")
        if outcome.result.isFailure {
            throw BadInput("\(title): \(outcome.result.status.rawValue): \(outcome.result.detail)")
        }
    }

    /// The one known name `pattern` means; an unknown one suggests the closest, a glob must match one.
    private static func one(_ pattern: String, among names: [String], kind: String) throws -> String {
        if names.contains(pattern) { return pattern }
        let matches = try Selection.resolve(
            [pattern], among: names, kind: kind, unavailable: kind == "implementation" ? Registry.unavailable : [:]
        )
        guard matches.count == 1 else {
            throw BadInput("profile takes one \(kind); '\(pattern)' matches \(matches.count): \(matches.joined(separator: ", "))")
        }
        return matches[0]
    }
}
