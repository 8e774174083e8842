import Foundation
import Harness
import Runner
import StyleKit
import Testing
import Workloads

/// The rows a real run writes: complete, readable back exactly, empty where there is nothing to say, and
/// with the baseline ratio filled in.
struct ResultTableCSVTests {
    /// The columns that describe a row rather than measure it: filled for every status.
    static let describing = Set([
        ResultColumn.schemaVersion, ResultColumn.workload, ResultColumn.scenario, ResultColumn.unit,
        ResultColumn.implementation, ResultColumn.family, ResultColumn.threads, ResultColumn.status, ResultColumn.detail,
    ].map(\.name))
    /// Columns filled only where they apply, whatever the status: a swept parameter, the noise gate's
    /// findings (the tiny configuration runs without it), the Combine family's demand traffic, and
    /// instruction counts, the call anatomy and where the instructions execute (`run --metric instructions`
    /// only; CLIInstructionsTests checks them).
    static let conditional = Set(([
        ResultColumn.parameter, ResultColumn.source, ResultColumn.repetitionsDisturbed, ResultColumn.machineSlowdown,
        ResultColumn.requestCallsPerUnit, ResultColumn.demandReturnsPerUnit, ResultColumn.demandOverheadPercent,
        ResultColumn.instructionsPerUnit, ResultColumn.instructionsPerSubscription, ResultColumn.instructionsSource,
    ] + AnatomyCounter.allCases.flatMap { [ResultColumn.anatomyPerUnit($0), ResultColumn.anatomyPerSubscription($0)] }
        + InstructionComponent.allCases.map(ResultColumn.componentPerUnit)
        + SimulatedEvent.allCases.map(ResultColumn.simulatedPerUnit)).map(\.name))

    /// A small real run with ok rows, unsupported rows and a detail holding a comma (quoted in CSV).
    private func run(_ implementations: [Implementation]) async throws -> [CellResult]? {
        let workloads: [any Workload] = [
            MapWorkload(), SubscribeChurnWorkload(), OperatorsDemandingWorkload(needing: [.withLatestFrom, .sample]),
        ]
        return try await RunnerFixture.run(workloads, implementations)
    }

    @Test func everyRowHasEveryColumnAndTheCSVReadsBackExactly() async throws {
        guard let results = try await run(RunnerFixture.implementations(.baseline, .builtin, .rxSink)) else { return }
        let table = ResultTable.table(results)
        #expect(table.header == ResultTable.columns)
        #expect(table.rows.count == results.count)
        for row in table.rows {
            #expect(row.count == ResultTable.columns.count)
        }
        #expect(try CSVTable.decode(table.encoded()) == table)

        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try table.write(to: directory.appending("results.csv"))
        #expect(try CSVTable.read(from: directory.appending("results.csv")) == table)
        #expect(table.encoded().contains("\"builtin does not implement withLatestFrom, sample\""))
    }

    @Test func unsupportedRowsLeaveEveryNumericFieldEmpty() async throws {
        guard let results = try await run(RunnerFixture.implementations(.baseline, .builtin)) else { return }
        let table = ResultTable.table(results)
        let status = try #require(table.column("status"))
        let unsupported = table.rows.filter { $0[status] == "unsupported" }
        #expect(unsupported.count == 1)
        for row in unsupported {
            for (name, field) in zip(table.header, row) {
                if Self.conditional.contains(name) {
                    let describesTheRow = name == "parameter" || name == "source"
                    #expect(field.isEmpty || describesTheRow, "\(name) is '\(field)' on an unsupported row")
                } else if Self.describing.contains(name) {
                    #expect(!field.isEmpty, "\(name) is filled on an unsupported row")
                } else {
                    #expect(field.isEmpty, "\(name) is '\(field)' on an unsupported row")
                }
            }
        }
    }

    @Test func okRowsFillEveryMeasurementWithANumber() async throws {
        guard let results = try await run(RunnerFixture.implementations(.baseline, .structBridge)) else { return }
        let table = ResultTable.table(results)
        let unitColumn = try #require(table.column("unit")), status = try #require(table.column("status"))
        let perElementOnly = table.header.filter { $0.hasPrefix("latency_") || $0 == "call_depth" }
        let numeric = Set(table.header).subtracting(Self.describing).subtracting(Self.conditional)
            .subtracting(["checksum", "checksum_expected", "ns_per_unit_samples"])
        for row in table.rows where row[status] == "ok" {
            for (name, field) in zip(table.header, row) where numeric.contains(name) {
                if row[unitColumn] == "subscription" && perElementOnly.contains(name) {
                    #expect(field.isEmpty, "\(name): latency and call depth are per element only")
                } else {
                    #expect(Double(field) != nil, "\(name) is '\(field)' on an ok row")
                }
            }
            let family = row[try #require(table.column("family"))]
            let requests = row[try #require(table.column("request_calls_per_unit"))]
            #expect(["combine", "simpleCombine"].contains(family) == !requests.isEmpty,
                "request calls are counted for the families with Combine's demand only")
            let samples = row[try #require(table.column("ns_per_unit_samples"))].split(separator: ";")
            #expect(samples.count == RunnerFixture.tiny.repetitions)
            #expect(samples.allSatisfy { Double($0) != nil })
            #expect(row[try #require(table.column("schema_version"))] == String(ResultTable.schemaVersion))
        }
    }

    @Test func baselineRatiosAreFilledAndTheBaselinesOwnIsOne() async throws {
        guard let results = try await run(Registry.all) else { return }
        for workload in Set(results.map(\.workload)) {
            let rows = results.filter { $0.workload == workload && $0.status == .ok }
            guard let baseline = rows.first(where: { $0.implementation == .baseline }) else { continue }
            let baselineMedian = try #require(baseline.statistics?.median)
            #expect(baseline.baselineRatio == 1)
            for row in rows {
                let median = try #require(row.statistics?.median)
                #expect(row.baselineRatio == median / baselineMedian, "\(RunnerFixture.title(row))")
            }
        }
        let table = ResultTable.table(results)
        let implementation = try #require(table.column("implementation")), status = try #require(table.column("status"))
        let ratio = try #require(table.column("baseline_ratio"))
        for row in table.rows where row[status] == "ok" {
            #expect(!row[ratio].isEmpty)
            if row[implementation] == "baseline" { #expect(row[ratio] == "1") }
        }
    }

    /// docs/CSV.md is the schema's reference: it names every column (the latency percentiles as the range
    /// `latency_p50_ns` ... `latency_p9999_ns`) and the schema version.
    @Test func docsCSVDescribesEveryColumn() throws {
        let document = try String(contentsOfFile: "\(ToolBinary.packageRoot)/docs/CSV.md", encoding: .utf8)
        #expect(document.contains("## results.csv (schema_version \(ResultTable.schemaVersion))"))
        let percentiles = document.contains("`latency_p50_ns` ... `latency_p9999_ns`")
        for column in ResultTable.columns where !document.contains("`\(column)`") {
            let inPercentileRange = column.hasPrefix("latency_p") && column.hasSuffix("_ns") && percentiles
            #expect(inPercentileRange, "docs/CSV.md does not describe \(column)")
        }
    }

    /// `source` follows `parameter`: `subject` or `direct` for a workload with the source axis, empty for
    /// one without it.
    @Test func theSourceColumnSaysWhereTheElementsCameFrom() throws {
        guard let runner = try RunnerFixture.runner() else { return }
        let workloads: [any Workload] = [MapWorkload(), MapWorkload(source: .direct), FanOutWorkload.sweep[0]]
        let table = ResultTable.table(runner.run(workloads: workloads, implementations: RunnerFixture.implementations(.builtin)))
        let source = try #require(table.column("source")), workload = try #require(table.column("workload"))
        #expect(source == (try #require(table.column("parameter"))) + 1)
        #expect(table.rows.map { [$0[workload], $0[source]] } == [["map", "subject"], ["map [direct]", "direct"], ["fanOut (1)", ""]])
    }

    @Test func withoutTheBaselineInTheRunNoRatioIsInvented() async throws {
        guard let results = try await run(RunnerFixture.implementations(.builtin, .rxSink)) else { return }
        #expect(results.contains { $0.status == .ok })
        #expect(results.allSatisfy { $0.baselineRatio == nil })
    }
}
