import CostModel
import Foundation
import Harness
import Runner
import Workloads

/// What a run directory holds and what its charts need to label it, said once, by the tool: every CSV
/// file's columns (name, unit, meaning), the implementations in report order with their colours, the
/// scenarios' parameters, and the names and titles of the anatomy counters, instruction components,
/// simulated events and price-list events.
///
/// `reactive-bench schema` prints it (JSON or Markdown), every run writes it as schema.json beside
/// results.csv, docs/CSV.md's tables are generated from it, and scripts/plotting reads a run's schema.json
/// rather than naming a column, a style or a colour of its own.
public struct RunSchema: Codable, Equatable, Sendable {
    /// The version of this document's shape; bump it when a key changes meaning or disappears.
    public static let currentVersion = 1
    /// The file every run directory holds it in.
    public static let fileName = "schema.json"

    public var version: Int
    /// The implementation every row's `baseline_ratio` is over: the floor, which charts draw apart.
    public var baseline: String
    /// Every CSV file a run directory can hold, its columns in order.
    public var files: [CSVFileDeclaration]
    /// Every implementation of this build, the rows another package added included, in report order.
    public var implementations: [ImplementationEntry]
    /// Every scenario of the scenario table, in report order.
    public var scenarios: [ScenarioEntry]
    /// The cost anatomy's counters (``AnatomyCounter``), each with its results.csv columns.
    public var anatomyCounters: [Term]
    /// Where an instruction executes (``InstructionComponent``), each with its results.csv column.
    public var instructionComponents: [Term]
    /// What callgrind's cache and branch simulation counts (``SimulatedEvent``), each with its column.
    public var simulatedEvents: [Term]
    /// The price list's events (prices.csv's `event`), each with the anatomy counter that counts it in a
    /// cell, where one does.
    public var priceEvents: [Term]
    /// results.csv's latency columns, in order, each with the percentile it holds.
    public var latencies: [LatencyEntry]

    /// One implementation, as `reactive-bench list` and the charts show it.
    public struct ImplementationEntry: Codable, Equatable, Sendable {
        public var id: String
        public var family: String
        public var summary: String
        public var isThreadSafe: Bool
        /// Its colour in every chart, `#rrggbb`: its own, or a spare one given in report order.
        public var colour: String
        public var whenToUse: String?
        /// Whether its allocation counts repeat from run to run of one build: false for a row whose every
        /// workload's allocations `compare` reports without a verdict (``WorkloadTolerance``).
        public var allocationsRepeat: Bool
    }

    /// One scenario: what its unit is and, when it sweeps a parameter, what the parameter is.
    public struct ScenarioEntry: Codable, Equatable, Sendable {
        public var scenario: String
        public var unit: String
        /// What the swept parameter is, as a chart's axis names it; nil for a scenario without one.
        public var parameterTitle: String?
        /// `stage` or `subscriber` for a sweep the fits fit (fits.csv's `slope_per`); nil otherwise.
        public var sweepAxis: String?
    }

    /// A latency column and its percentile, from 0 to 1; nil for the largest latency.
    public struct LatencyEntry: Codable, Equatable, Sendable {
        public var column: String
        public var percentile: Double?
    }

    /// A named thing a run counts or prices: its name in the files, its title in tables and charts,
    /// what it is, and the results.csv columns that hold it.
    public struct Term: Codable, Equatable, Sendable {
        public var name: String
        public var title: String
        public var meaning: String
        public var columns: [String]
        /// For a price event: the anatomy counter that counts it in a cell.
        public var counter: String?
    }

    /// This build's schema.
    public static var current: RunSchema {
        RunSchema(
            version: currentVersion, baseline: ImplementationID.baseline.rawValue,
            files: [
                ResultTable.schema.declaration, FitTable.schema.declaration, PriceList.schema.declaration,
                CellEstimate.schema.declaration, StageEstimate.schema.declaration, EstimateSummary.schema.declaration,
                EstimatePart.schema.declaration, OrderAgreement.schema.declaration, ABRunner.Pair.schema.declaration,
                ComparisonCSV.schema.declaration,
            ],
            implementations: implementationEntries, scenarios: scenarioEntries,
            anatomyCounters: AnatomyCounter.allCases.map { counter in
                Term(
                    name: counter.columnStem, title: counter.title, meaning: counter.meaning,
                    columns: [ResultColumn.anatomyPerUnit(counter).name, ResultColumn.anatomyPerSubscription(counter).name]
                )
            },
            instructionComponents: InstructionComponent.allCases.map { component in
                Term(
                    name: component.columnStem, title: component.title, meaning: component.meaning,
                    columns: [ResultColumn.componentPerUnit(component).name]
                )
            },
            simulatedEvents: SimulatedEvent.allCases.map { event in
                Term(
                    name: event.columnStem, title: event.title, meaning: event.meaning,
                    columns: [ResultColumn.simulatedPerUnit(event).name]
                )
            },
            priceEvents: priceEventEntries,
            latencies: ResultColumn.latencies.map { LatencyEntry(column: $0.declaration.name, percentile: $0.percentile) }
        )
    }

    private static var implementationEntries: [ImplementationEntry] {
        let colours = Registry.colours
        return Registry.all.map { row in
            ImplementationEntry(
                id: row.id.rawValue, family: row.family.rawValue, summary: row.summary, isThreadSafe: row.isThreadSafe,
                colour: colours[row.id]!, whenToUse: row.whenToUse,
                allocationsRepeat: WorkloadTolerance.find(
                    column: ResultColumn.allocationsPerUnit.name, workload: "", implementation: row.id.rawValue
                )?.tolerance != .notGated
            )
        }
    }

    private static var scenarioEntries: [ScenarioEntry] {
        var seen: Set<String> = []
        return Scenarios.all.compactMap { workload in
            guard seen.insert(workload.scenario).inserted else { return nil }
            return ScenarioEntry(
                scenario: workload.scenario, unit: workload.unit.rawValue, parameterTitle: workload.parameterTitle,
                sweepAxis: workload.sweepAxis?.rawValue
            )
        }
    }

    private static var priceEventEntries: [Term] {
        AnatomyControlAction.allCases.filter { $0 != .none }.map { action in
            Term(
                name: action.rawValue, title: action.title, meaning: action.meaning, columns: [],
                counter: action.counters.first?.columnStem
            )
        } + [
            Term(
                name: PriceList.deepFrame, title: PriceList.deepFrameTitle,
                meaning: "a frame nested deeper than the CPU's return-address predictor holds: its `ns` beyond an ordinary "
                    + "call, and the `frames` below a cell's loop the predictor holds (time runs only)",
                columns: [ResultColumn.callDepth.name]
            ),
        ]
    }

    /// The file declared as `file`, if the schema has one.
    public func file(_ file: String) -> CSVFileDeclaration? { files.first { $0.file == file } }

    /// The schema as JSON: keys sorted, so that the same build always writes the same text.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(self), as: UTF8.self) + "\n"
    }
}
