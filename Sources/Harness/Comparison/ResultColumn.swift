/// The columns of a run's results.csv that `compare` reads, by name, and the schema version it reads
/// (docs/CSV.md).
///
/// The Workloads target writes the file (`ResultTable`) and depends on the Harness, not the other way
/// round, so the names are repeated here; a test checks that every name below is one `ResultTable`
/// writes and that the versions agree.
public enum ResultColumn {
    /// The only `schema_version` compare reads.
    public static let supportedSchemaVersion = 2

    public static let schemaVersion = "schema_version"
    public static let workload = "workload"
    /// The workload without its parameter and source (absent from no schema 2 file, but not required).
    public static let scenario = "scenario"
    public static let parameter = "parameter"
    /// `subject` or `direct` for a workload with the source axis, empty for one without it; absent from
    /// files written before the axis existed, whose rows are all over the subject or have no source.
    public static let source = "source"
    public static let unit = "unit"
    public static let implementation = "implementation"
    /// The implementation's family (`combine`, `rx`, ...).
    public static let family = "family"
    public static let status = "status"
    public static let detail = "detail"
    public static let nanosecondsPerUnitMedian = "ns_per_unit_median"
    public static let nanosecondsPerUnitSamples = "ns_per_unit_samples"
    public static let allocationsPerUnit = "allocations_per_unit"
    public static let bytesPerUnit = "bytes_per_unit"
    public static let allocationsPerSubscription = "allocations_per_subscription"
    public static let bytesPerSubscription = "bytes_per_subscription"
    public static let retainedBytes = "retained_bytes"
    public static let requestCallsPerUnit = "request_calls_per_unit"
    /// Taken from other rows once a run is done (`CellRatios`): computed again when shards are merged.
    public static let baselineRatio = "baseline_ratio"
    public static let demandOverheadPercent = "demand_overhead_percent"
    /// Instruction counts, written by `run --metric instructions` (empty in time runs, absent from files
    /// written before them): compared when both runs have them.
    public static let instructionsPerUnit = "instructions_per_unit"
    public static let instructionsPerSubscription = "instructions_per_subscription"
    /// `callgrind` or `perf` in an instruction run's rows; empty in a time run's.
    public static let instructionsSource = "instructions_source"

    /// What a results.csv must have for compare to read it.
    public static let required = [
        schemaVersion, workload, implementation, status, nanosecondsPerUnitMedian, nanosecondsPerUnitSamples,
        allocationsPerUnit, bytesPerUnit, allocationsPerSubscription, bytesPerSubscription, retainedBytes,
        requestCallsPerUnit,
    ]

    /// The cost anatomy's columns of `counter` (``AnatomyCounter``), per unit and per subscription.
    public static func anatomyPerUnit(_ counter: AnatomyCounter) -> String { "\(counter.columnStem)_per_unit" }
    public static func anatomyPerSubscription(_ counter: AnatomyCounter) -> String {
        "\(counter.columnStem)_per_subscription"
    }

    /// The column of instructions per unit executed in `component` (``InstructionComponent``).
    public static func componentPerUnit(_ component: InstructionComponent) -> String {
        "instructions_in_\(component.columnStem)_per_unit"
    }

    /// The column of a simulated event per unit (``SimulatedEvent``): filled by `run --metric instructions
    /// --simulate`, empty otherwise, absent from files written before it.
    public static func simulatedPerUnit(_ event: SimulatedEvent) -> String { "\(event.columnStem)_per_unit" }

    /// The counts every `ok` row has, whatever the run measured.
    public static let countsOfEveryOKRow = [
        allocationsPerUnit, bytesPerUnit, allocationsPerSubscription, bytesPerSubscription, retainedBytes,
    ]

    /// Numeric columns that may be below 0: memory given back beyond what the pipeline took.
    public static let mayBeNegative: Set<String> = [retainedBytes]

    /// The columns read as one number each, when the file has them; an empty field is a missing value.
    public static let numeric = [
        nanosecondsPerUnitMedian, allocationsPerUnit, bytesPerUnit, allocationsPerSubscription,
        bytesPerSubscription, retainedBytes, requestCallsPerUnit, instructionsPerUnit, instructionsPerSubscription,
    ] + AnatomyCounter.allCases.flatMap { [anatomyPerUnit($0), anatomyPerSubscription($0)] }
        + InstructionComponent.allCases.map(componentPerUnit) + SimulatedEvent.allCases.map(simulatedPerUnit)
}
