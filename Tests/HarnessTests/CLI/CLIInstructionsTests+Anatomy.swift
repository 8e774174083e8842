import Foundation
import Harness
import Runner
import Testing
import Workloads

/// The call anatomy of `run --metric instructions` against its controls: test-only workloads
/// (`REACTIVE_BENCH_TEST_ANATOMY=1`, Benchmarks/Workloads/AnatomyControlWorkload.swift) that do one
/// thing k times per element and k times per subscription, run by the real tool under callgrind. Counts
/// are exact, so they are compared exactly: one call too many in a whole repetition of 1000 elements
/// reads 1.001 and fails. Part of the serialized instruction suite, so that two callgrind runs never load
/// this 2-core machine at once (the crash test's 3 s cell timeout is sensitive to load).
extension CLIInstructionsTests {
    static let anatomyEnvironment = [
        "REACTIVE_BENCH_TEST_ANATOMY": "1", "REACTIVE_BENCH_INSTRUCTIONS_SOURCE": "callgrind",
    ]

    /// The anatomy columns of one counter: per element and per subscription.
    static func anatomyColumns(_ counter: AnatomyCounter) -> [String] {
        ["\(counter.columnStem)_per_unit", "\(counter.columnStem)_per_subscription"]
    }

    /// Every control's row (of `workloads`), by workload.
    static func controlRows(workloads: [String] = ["anatomyControl*"], simulate: Bool = false) async throws -> [String: [String: String]] {
        let tool = try #require(ToolBinary.release())
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let arguments = ["run", "--metric", "instructions"] + (simulate ? ["--simulate"] : []) + ["--workloads"] + workloads
            + ["--implementations", "baseline", "--elements", "1000", "--repetitions", "2", "--output", "runs"]
        let outcome = try await ToolProcess.run(
            tool, arguments, in: directory.path, timeLimit: .seconds(300), environment: anatomyEnvironment
        )
        try #require(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        let run = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.appending("runs")).first)
        let table = try CSVTable.read(from: directory.appending("runs/\(run)/results.csv"))
        var rows: [String: [String: String]] = [:]
        for row in table.rows {
            let fields = Dictionary(uniqueKeysWithValues: zip(table.header, row))
            rows[fields["workload"]!] = fields
        }
        return rows
    }

    @Test func eachControlReadsExactlyKOnItsCountersAndTheEmptyOneReadsZeroOnAll() async throws {
        let rows = try await Self.controlRows()
        #expect(rows.count == 33, "none, and 16 actions at k = 1 and 3: \(rows.keys.sorted())")
        for (workload, row) in rows {
            #expect(row["status"] == "ok", "\(workload): \(row["detail"] ?? "")")
            #expect(row["checksum"] == row["checksum_expected"], "\(workload): every element was run")
            #expect(row["instructions_source"] == "callgrind", "\(workload)")
        }

        // Every counter but `calls`: the loop that runs the elements makes calls of its own (below).
        let counted = AnatomyCounter.allCases.filter { $0 != .calls }
        let empty = try #require(rows["anatomyControl (none)"])
        for counter in counted {
            for column in Self.anatomyColumns(counter) {
                #expect(empty[column] == "0", "the harness adds nothing to a region: \(column) reads \(empty[column] ?? "nothing")")
            }
        }

        let controlled: [(action: String, counters: [AnatomyCounter])] = [
            ("retainRelease", [.retains, .releases]), ("exclusivityCheck", [.exclusivityChecks]),
            ("lock", [.lockAcquisitions]), ("metadataLookup", [.metadataLookups]), ("dynamicCast", [.dynamicCasts]),
            ("malloc", [.mallocs]), ("atomicRMW", [.atomicRMWs]), ("instructions", []), ("independentInstructions", []),
            // Written in C: branches and loads, no call any counter counts.
            ("emptyCall", []), ("conditionalBranch", []), ("mispredictedBranches", []), ("predictedBranches", []),
            ("indirectCall", []), ("l1Miss", []), ("llMiss", []),
        ]
        for (action, counters) in controlled {
            for times in [1, 3] {
                let workload = "anatomyControl (\(action) x\(times))"
                let row = try #require(rows[workload], "\(workload) is registered")
                for column in counters.flatMap(Self.anatomyColumns) {
                    #expect(Double(row[column] ?? "") == Double(times), "\(workload): \(column) reads \(row[column] ?? "nothing")")
                }
                if counters.isEmpty {
                    for column in counted.flatMap(Self.anatomyColumns) {
                        #expect(row[column] == "0", "\(workload): arithmetic only, yet \(column) reads \(row[column] ?? "nothing")")
                    }
                }
            }
        }

        // `calls` counts every call: the loop's own, the same at k = 1 and 3, and exactly what the action adds
        // per event. The C controls call their action's function through a pointer; an empty one is one call,
        // the indirect call one more; arithmetic is none.
        let callsPerEvent = ["emptyCall": 1.0, "indirectCall": 2, "instructions": 0, "independentInstructions": 0]
        for (action, perEvent) in callsPerEvent {
            let counts = try [1, 3].map { times in
                try #require(Double(rows["anatomyControl (\(action) x\(times))"]?["calls_per_unit"] ?? ""), "\(action) x\(times)")
            }
            #expect(abs(counts[1] - counts[0] - 2 * perEvent) < 1e-9, "\(action): \(counts) calls per element at k = 1 and 3")
        }
    }

    /// The price list of an instruction run (prices.csv): each action is exactly one event of what it
    /// names per event, a whole number of instructions, and the arithmetic control nothing but
    /// instructions. A time run's prices come from the same controls, so these are the events it prices.
    @Test func thePriceListPricesOneEventPerEventOfItsControl() async throws {
        let tool = try #require(ToolBinary.release())
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outcome = try await ToolProcess.run(
            tool, ["run", "--metric", "instructions", "--workloads", "map", "--implementations", "baseline", "--elements",
                   "1000", "--repetitions", "2", "--prices", "--output", "runs"],
            in: directory.path, timeLimit: .seconds(300), environment: ["REACTIVE_BENCH_INSTRUCTIONS_SOURCE": "callgrind"]
        )
        try #require(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        let run = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.appending("runs")).first)
        let table = try CSVTable.read(from: directory.appending("runs/\(run)/prices.csv"))
        #expect(table.header == PriceList.schema.header)
        let prices = Dictionary(uniqueKeysWithValues: table.rows.map { ("\($0[0]) \($0[1])", Double($0[2])) })
        let actions: [(event: String, counters: [AnatomyCounter])] = [
            ("retainRelease", [.retains, .releases]), ("exclusivityCheck", [.exclusivityChecks]),
            ("lock", [.lockAcquisitions]), ("metadataLookup", [.metadataLookups]), ("dynamicCast", [.dynamicCasts]),
            ("malloc", [.mallocs]), ("atomicRMW", [.atomicRMWs]), ("instructions", []), ("independentInstructions", []),
            ("emptyCall", []), ("conditionalBranch", []), ("mispredictedBranches", []), ("predictedBranches", []),
            ("indirectCall", []), ("l1Miss", []), ("llMiss", []),
        ]
        // Without --simulate: instructions and the anatomy, no simulated event.
        #expect(table.rows.count == actions.count * (1 + AnatomyCounter.allCases.count), "\(table.rows)")
        for (event, counters) in actions {
            for counter in counters {
                #expect(prices["\(event) \(counter.columnStem)"] == 1, "\(event): \(counter.columnStem) per event")
            }
            let instructions = try #require(prices["\(event) instructions"] ?? nil, "\(event) has an instruction price")
            #expect(instructions > 0, "\(event): \(instructions) instructions per event")
        }
        for counter in AnatomyCounter.allCases {
            #expect(prices["instructions \(counter.columnStem)"] == 0, "arithmetic only: \(counter.columnStem)")
            #expect(prices["independentInstructions \(counter.columnStem)"] == 0, "arithmetic only: \(counter.columnStem)")
        }
        #expect(prices["emptyCall calls"] == 1 && prices["indirectCall calls"] == 2, "every call, the action's own")
        #expect((prices["instructions instructions"] ?? 0) ?? 0 >= 96, "16 xorshift steps of 6 operations each, none folded")
        // Four streams of four steps: as many operations, none folded, and none merged into vector lanes.
        #expect((prices["independentInstructions instructions"] ?? 0) ?? 0 >= 96, "4 x 4 xorshift steps of 6 operations each")
    }
}

extension CLIInstructionsTests {
    /// The call-chain control (`callChainControl`, Benchmarks/Workloads/CallChainControlWorkload.swift) is a
    /// chain of exactly `depth` frames: its instructions per element grow by the same count for every 8
    /// more frames, through one function or four, and every element is checked against the reference.
    @Test func theCallChainControlIsDepthFramesDeep() async throws {
        let tool = try #require(ToolBinary.release())
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let depths = [8, 16, 24]
        let workloads = [1, 4].flatMap { functions in
            depths.map { "callChainControl (\($0) frames of \(functions == 1 ? "one function" : "4 functions"))" }
        }
        let arguments = [
            "run", "--metric", "instructions", "--workloads", workloads.joined(separator: ","),
            "--implementations", "baseline", "--elements", "1000", "--repetitions", "2", "--output", "runs",
        ]
        let outcome = try await ToolProcess.run(
            tool, arguments, in: directory.path, timeLimit: .seconds(300), environment: Self.anatomyEnvironment
        )
        try #require(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        let run = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.appending("runs")).first)
        let table = try CSVTable.read(from: directory.appending("runs/\(run)/results.csv"))
        var perElement: [String: Double] = [:]
        for row in table.rows {
            let fields = Dictionary(uniqueKeysWithValues: zip(table.header, row))
            #expect(fields["status"] == "ok" && fields["checksum"] == fields["checksum_expected"], "\(fields)")
            perElement[fields["workload"]!] = Double(fields["instructions_per_unit"] ?? "")
        }
        for functions in ["one function", "4 functions"] {
            let counts = try depths.map { depth in
                try #require(perElement["callChainControl (\(depth) frames of \(functions))"], "\(perElement)")
            }
            #expect(counts[1] - counts[0] == counts[2] - counts[1], "\(functions): \(counts)")
            #expect(counts[1] - counts[0] >= 8 * 4, "\(functions): at least a call, a return and the fold per frame: \(counts)")
        }
    }

    /// `--simulate`: each C control's simulated events minus its reference's (the same loop without the
    /// event) read k times what the control does, and its other events the reference's. Exact but for the
    /// misses, which the ring walks make about 1% more of than one per load (1.0114 per element at k = 1,
    /// 3.0136 at k = 3, measured at 20,000 elements): within 2% of an event, or 0.02 of one per element.
    /// Without `--simulate`, the columns are empty.
    @Test func simulatedEventsReadWhatEachControlDoes() async throws {
        let actions: [AnatomyControlAction] = [
            .emptyCall, .conditionalBranch, .mispredictedBranches, .predictedBranches, .indirectCall, .l1Miss, .llMiss,
        ]
        let rows = try await Self.controlRows(
            workloads: actions.map { "anatomyControl (\($0.rawValue) x*" }, simulate: true
        )
        #expect(rows.count == 14, "\(rows.keys.sorted())")
        func perUnit(_ action: AnatomyControlAction, _ times: Int, _ event: SimulatedEvent) throws -> Double {
            let workload = AnatomyControlWorkload(action, times: times).name
            let row = try #require(rows[workload], "\(workload) ran")
            #expect(row["status"] == "ok", "\(workload): \(row["detail"] ?? "")")
            return try #require(Double(row[ResultColumn.simulatedPerUnit(event).name] ?? ""), "\(workload): \(event) is filled")
        }
        for action in actions {
            guard let reference = action.simulationReference else { continue }
            for times in [1, 3] {
                for event in SimulatedEvent.allCases where event != .estimatedCycles {
                    let expected = Double(times) * (action.simulatedEvents[event] ?? 0)
                    let measured = try perUnit(action, times, event) - perUnit(reference, times, event)
                    #expect(
                        abs(measured - expected) <= max(0.02, 0.02 * expected),
                        "\(action.rawValue) x\(times) over \(reference.rawValue): \(event.rawValue) \(measured), expected \(expected)"
                    )
                }
            }
        }

        let plain = try await Self.controlRows(workloads: ["anatomyControl (emptyCall x1)"])
        let row = try #require(plain.values.first)
        for event in SimulatedEvent.allCases {
            #expect(row[ResultColumn.simulatedPerUnit(event).name] == "", "without --simulate: \(event.rawValue) is empty")
        }
    }
}
