import Foundation
import Harness
import StyleKit
@testable import Runner
import Testing
import Workloads

/// `ab` runs each round of pairs from fresh copies of the two executables (``ToolSide/startRound()``), so
/// that the physical pages an executable's code happens to occupy cannot bias every pair of a cell alike.
struct ABPlacementTests {
    /// An "executable" of known bytes in a directory of its own, and a scratch directory for the side.
    private static func side() throws -> (ToolSide, original: String, bytes: Data) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ab-placement-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let original = "\(directory)/reactive-bench"
        let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: URL(fileURLWithPath: original))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: original)
        return (ToolSide(executable: original, name: "new", scratch: try ScratchDirectory(), timeLimit: 60), original, bytes)
    }

    @Test func eachRoundRunsAFreshCopyAndTheLastOneIsRemoved() throws {
        let (side, original, bytes) = try Self.side()
        defer { try? FileManager.default.removeItem(atPath: (original as NSString).deletingLastPathComponent) }
        #expect(side.runningExecutable == original, "before the first round: the executable itself")
        #expect(side.placementNote == nil)

        try side.startRound()
        let first = side.runningExecutable
        #expect(first != original)
        #expect(first.hasPrefix(side.scratch.root + "/"))
        #expect(FileManager.default.contents(atPath: first) == bytes)
        #expect(FileManager.default.isExecutableFile(atPath: first))

        try side.startRound()
        let second = side.runningExecutable
        #expect(second != first)
        #expect(FileManager.default.contents(atPath: second) == bytes)
        #expect(!FileManager.default.fileExists(atPath: first), "the previous round's copy is removed")
        #expect(FileManager.default.contents(atPath: original) == bytes, "the executable itself is untouched")
    }

    /// With code layouts, round r copies the (r mod K)-th layout, never the executable itself.
    @Test func eachRoundCopiesTheNextLayoutInTurn() throws {
        let (plain, original, _) = try Self.side()
        let directory = (original as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let layouts = try (1...2).map { seed in
            let path = "\(directory)/layout-\(seed)"
            try Data("layout \(seed)".utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        var side = ToolSide(executable: original, name: "base", scratch: plain.scratch, timeLimit: 60)
        side.layouts = layouts
        var ran: [String] = []
        for _ in 1...5 {
            try side.startRound()
            ran.append(String(decoding: FileManager.default.contents(atPath: side.runningExecutable) ?? Data(), as: UTF8.self))
        }
        #expect(ran == ["layout 1", "layout 2", "layout 1", "layout 2", "layout 1"])
    }

    @Test func aMissingExecutableIsOneErrorLine() throws {
        let side = ToolSide(executable: "/nonexistent/reactive-bench", name: "base", scratch: try ScratchDirectory(), timeLimit: 60)
        #expect {
            try side.startRound()
        } throws: { error in
            "\(error)".hasPrefix("cannot copy /nonexistent/reactive-bench into ") && !"\(error)".contains("\n")
        }
    }

    /// A side that measures nothing but counts the rounds it is told of, and notes its name in a log the two
    /// sides share when told.
    private final class CountingSide: ABSide {
        let name: String
        let log: Log
        var rounds = 0
        var measurements = 0

        final class Log {
            var entries: [String] = []
        }

        init(_ name: String, log: Log) {
            self.name = name
            self.log = log
        }

        func measure(
            _ request: CellRequest, workload: any Workload, implementation: Implementation
        ) throws(HarnessError) -> SideMeasurement {
            measurements += 1
            return .measured(CellResult(workload, implementation), nanosecondsPerUnit: [100])
        }

        func startRound() throws(HarnessError) {
            rounds += 1
            log.entries.append(name)
        }
    }

    @Test func theRunnerStartsEveryRoundOnBothSidesInTheRoundsOrder() throws {
        let configuration = RunConfiguration(repetitions: 1, measuresLatency: false, noiseGate: false)
        let settings = ABRunner.Settings(
            pairs: ABRunner.Settings.minimumPairs, configuration: configuration, comparison: ComparisonOptions(timeVerdicts: .paired)
        )
        let workloads: [any Workload] = [MapWorkload(), FilterWorkload()]
        let cells = workloads.map { ABRunner.Cell(workload: $0, implementation: Registry.implementation(.builtin)) }
        let log = CountingSide.Log()
        let base = CountingSide("base", log: log), new = CountingSide("new", log: log)
        let outcome = try ABRunner(settings: settings).run(cells, base: base, new: new)
        #expect(outcome.complete)
        // Equal times are unchanged at the first look: one stage, a round per pair, on each side.
        #expect(base.rounds == settings.pairs && new.rounds == settings.pairs)
        #expect(base.measurements == cells.count * (1 + settings.pairs))
        // In the round's order, as the pairs run: base first in even rounds, new first in odd ones.
        let expected = (0..<settings.pairs).flatMap { $0.isMultiple(of: 2) ? ["base", "new"] : ["new", "base"] }
        #expect(log.entries == expected)
    }
}
