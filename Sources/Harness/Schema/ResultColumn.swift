/// The columns of a run's results.csv, each declared once: its name, unit and meaning
/// (``ColumnDeclaration``). `ResultTable` (Runner) writes them in its order, from a cell's result; `compare`
/// and the shard merge read them here; `reactive-bench schema` and docs/CSV.md describe them.
///
/// They are declared in the Harness, which reads the file, because the Runner, which writes it, depends on
/// the Harness and not the other way round.
public enum ResultColumn {
    /// The `schema_version` results.csv is written with, and the only one `compare` reads. Bump it when a
    /// column changes meaning or disappears; adding a column does not.
    public static let supportedSchemaVersion = 2

    // MARK: - The cell

    public static let schemaVersion = ColumnDeclaration(
        "schema_version",
        "`\(supportedSchemaVersion)`. Changes whenever a column changes meaning or disappears; `compare` refuses other versions"
    )
    public static let workload = ColumnDeclaration(
        "workload", namesTheRow: true,
        "the workload's stable key: the scenario, then the swept parameter in parentheses, then ` [direct]` for a row over "
            + "the direct source (`map`, `demand (max1Requested)`, `pipelineDepth (4) [direct]`; `reactive-bench list`)"
    )
    public static let scenario = ColumnDeclaration(
        "scenario",
        "the workload without its parameter and source (`demand`, `pipelineDepth`): the rows of one scenario, one source "
            + "and one implementation form a series"
    )
    public static let parameter = ColumnDeclaration(
        "parameter", "the swept parameter's value (`max1Requested`, `4`); empty for a scenario without one"
    )
    public static let source = ColumnDeclaration(
        "source",
        "where the elements come from, when the source is not itself under test: `subject` (the family's subject) or "
            + "`direct` (the project's direct source: delivery and demand only, so the row costs its operators and its sink); "
            + "empty for the scenarios whose subjects are what they measure (`fanOut`, `asyncHop`, ...)"
    )
    public static let unit = ColumnDeclaration(
        "unit", namesTheRow: true,
        "what one unit is: `element` (one value pushed through the pipeline; in `fanOut`, one value reaching one "
            + "subscriber) or `subscription` (one subscribe ... cancel cycle)"
    )
    public static let implementation = ColumnDeclaration(
        "implementation", namesTheRow: true, "the implementation measured (the implementations table: `reactive-bench schema`)"
    )
    public static let family = ColumnDeclaration(
        "family", "the implementation's family: `loop`, `combine` (OpenCombine), `simpleCombine`, `rx` or `asyncSequence`"
    )
    public static let threads = ColumnDeclaration(
        "threads", unit: .count,
        "the threads the cell keeps busy while it is timed: `1`, or `2` where its work needs a second CPU (`asyncHop`'s "
            + "queue thread, `contention`'s second sender, every `asyncSequence` row's consumer task). Beside a neighbour "
            + "that takes one of a 2-core machine's CPUs, a cell of 2 runs as on one CPU and reads another number "
            + "(docs/MEASURING.md); the noise gate judges it by the other processes' CPUs"
    )
    public static let status = ColumnDeclaration(
        "status", namesTheRow: true,
        "`ok`; `unsupported` (the style cannot express the workload: see `detail`); `checksum_mismatch`; `failed` "
            + "(set-up threw); `crashed` (the cell's process died: `detail` names the signal and the reason); `timeout` "
            + "(the cell's process outlived `--cell-timeout` and was killed)"
    )
    public static let detail = ColumnDeclaration("detail", "why a row is not `ok`, or what the noise gate did, in one line")

    // MARK: - Time

    public static let repetitions = ColumnDeclaration(
        "repetitions", unit: .count, "timed repetitions behind the time statistics: the quiet ones (see `machine_slowdown`)"
    )
    public static let repetitionsDisturbed = ColumnDeclaration(
        "repetitions_disturbed", unit: .count,
        "repetitions timed while the machine ran slow, or while the cell's thread had a CPU for less than \(CPUShare.leastText) of the "
            + "time (another process shared its core), or, for a cell that keeps a second thread busy, while other processes "
            + "used half a CPU or more, left out of the time statistics (their counts and checksums "
            + "still count), unless fewer than half were quiet: then every repetition is kept, `detail` says "
            + "`machine disturbed`, and `machine_slowdown` shows how slow; empty with `--no-noise-gate`"
    )
    public static let machineSlowdown = ColumnDeclaration(
        "machine_slowdown", unit: .ratio,
        "median, over the kept repetitions, of the noise gate's sentinel time around each repetition over the quiet "
            + "machine's, divided by the share of the repetition's time the cell's thread had a CPU: 1 is a quiet machine, "
            + "2 a cell that shared its core throughout (docs/CSV.md, \"The noise gate\"). Empty for the cells that keep a "
            + "second thread busy"
    )
    public static let unitsPerRepetition = ColumnDeclaration(
        "units_per_repetition", unit: .count, "units timed per repetition (scaled to the target length unless `--elements`)"
    )
    public static let nanosecondsPerUnitMedian = ColumnDeclaration(
        "ns_per_unit_median", unit: .nanoseconds, "median over repetitions of (time of the timed batches / units)"
    )
    public static let nanosecondsPerUnitMin = ColumnDeclaration("ns_per_unit_min", unit: .nanoseconds, "the fastest repetition")
    public static let nanosecondsPerUnitMax = ColumnDeclaration("ns_per_unit_max", unit: .nanoseconds, "the slowest repetition")
    public static let nanosecondsPerUnitMAD = ColumnDeclaration(
        "ns_per_unit_mad", unit: .nanoseconds, "median absolute deviation of the repetitions"
    )
    public static let nanosecondsPerUnitLow = ColumnDeclaration(
        "ns_per_unit_ci95_low", unit: .nanoseconds,
        "the median's distribution-free 95% confidence interval, low end (order statistics; the fastest repetition below 6)"
    )
    public static let nanosecondsPerUnitHigh = ColumnDeclaration(
        "ns_per_unit_ci95_high", unit: .nanoseconds, "its high end (the slowest repetition below 6)"
    )
    public static let unitsPerSecondMedian = ColumnDeclaration(
        "units_per_second_median", unit: .perSecond, "`1e9 / ns_per_unit_median`"
    )
    /// Taken from other rows once a run is done (`CellRatios`): computed again when shards are merged.
    public static let baselineRatio = ColumnDeclaration(
        "baseline_ratio", unit: .ratio, "`ns_per_unit_median` over the `baseline` row's on the same workload, same run"
    )
    public static let setupNanosecondsMedian = ColumnDeclaration(
        "setup_ns_median", unit: .nanoseconds, "median time to build the pipeline and subscribe (outside the timed region)"
    )
    public static let nanosecondsPerUnitSamples = ColumnDeclaration(
        "ns_per_unit_samples", unit: .nanoseconds, separator: ";",
        "every kept repetition's ns per unit, `;`-separated, in order: what `compare` runs its statistics on"
    )

    // MARK: - Allocations and demand

    public static let allocationsPerUnit = ColumnDeclaration(
        "allocations_per_unit", unit: .count,
        "allocations (all threads, jemalloc `nmalloc`) during the timed batches / units; the largest over repetitions"
    )
    public static let bytesPerUnit = ColumnDeclaration(
        "bytes_per_unit", unit: .bytes,
        "bytes the measuring thread allocated (jemalloc `thread.allocated`) during the timed batches / units"
    )
    public static let allocationsPerSubscription = ColumnDeclaration(
        "allocations_per_subscription", unit: .count,
        "`element` workloads: allocations made building and subscribing the pipeline; `subscription` workloads: the "
            + "same as `allocations_per_unit`"
    )
    public static let bytesPerSubscription = ColumnDeclaration(
        "bytes_per_subscription", unit: .bytes, "the same in bytes (`subscription` workloads: `bytes_per_unit`)"
    )
    public static let teardownAllocations = ColumnDeclaration(
        "teardown_allocations", unit: .count, "allocations made completing or cancelling and releasing the pipeline"
    )
    public static let retainedBytes = ColumnDeclaration(
        "retained_bytes", unit: .bytes, signed: true,
        "live bytes after teardown less live bytes before set-up (jemalloc `stats.allocated`): above 0 is memory the "
            + "pipeline did not give back"
    )
    public static let requestCallsPerUnit = ColumnDeclaration(
        "request_calls_per_unit", unit: .count,
        "calls to `Subscription.request` the downstream made per unit in steady state (`demand (max1Requested)`: 1); "
            + "Combine family and `simpleCombine` only. Requests operators make upstream are not counted"
    )
    public static let demandReturnsPerUnit = ColumnDeclaration(
        "demand_returns_per_unit", unit: .count,
        "non-zero demands the downstream returned from `receive(_:)` per unit (1 for `max1Returned`, 1/k for `batchK`)"
    )
    public static let demandOverheadPercent = ColumnDeclaration(
        "demand_overhead_percent", unit: .percent, signed: true,
        "`demand` rows: the median over the same implementation's `demand (unlimited)` median, minus 1, in percent"
    )

    // MARK: - Latency, checksums, call depth

    /// A latency column: which of an element's send-to-receive latencies it holds.
    public struct Latency: Sendable {
        public let declaration: ColumnDeclaration
        /// The percentile it holds, from 0 to 1 (0.99); nil for the largest.
        public let percentile: Double?
        /// The column's value in a cell's latencies.
        public let value: @Sendable (LatencySummary) -> UInt64
    }

    /// The latency columns, the percentiles, then the largest.
    public static let latencies: [Latency] = [
        Latency(
            declaration: ColumnDeclaration(
                "latency_p50_ns", unit: .nanoseconds,
                "the median of an element's send-to-receive latency, from one extra repetition with a timestamp per element "
                    + "(HdrHistogram, 3 significant digits); `element` workloads but `histogram`"
            ),
            percentile: 0.5
        ) { $0.p50 },
        percentile("p90", "90th", 0.9, \.p90), percentile("p99", "99th", 0.99, \.p99),
        percentile("p999", "99.9th", 0.999, \.p999), percentile("p9999", "99.99th", 0.9999, \.p9999),
        Latency(
            declaration: ColumnDeclaration("latency_max_ns", unit: .nanoseconds, "the largest of those latencies"), percentile: nil
        ) { $0.max },
    ]

    private static func percentile(
        _ name: String, _ ordinal: String, _ percentile: Double, _ value: KeyPath<LatencySummary, UInt64> & Sendable
    ) -> Latency {
        Latency(
            declaration: ColumnDeclaration("latency_\(name)_ns", unit: .nanoseconds, "the \(ordinal) percentile of the same latencies"),
            percentile: percentile
        ) { $0[keyPath: value] }
    }

    public static let latencyElements = ColumnDeclaration(
        "latency_elements", unit: .count,
        "how many elements' latencies the percentiles are read from: the latency repetition's (200,000, quick 20,000, or "
            + "a timed repetition's units where those are fewer), or, where recording them all would take longer than ten "
            + "timed repetitions, as many as fit, down to 20,000. A percentile p has `latency_elements x (1 - p)` "
            + "latencies beyond it: at 20,000, 20 beyond `latency_p999_ns` and 2 beyond `latency_p9999_ns`"
    )

    public static let latencyRecordingOverhead = ColumnDeclaration(
        "latency_recording_overhead_ns", unit: .nanoseconds,
        "the measured cost of one timestamp and record with nothing between: subtract it from small percentiles"
    )
    public static let checksum = ColumnDeclaration(
        "checksum", unit: .hex, "FNV-1a fold of everything the downstream received"
    )
    public static let checksumExpected = ColumnDeclaration(
        "checksum_expected", unit: .hex,
        "the same fold computed by the workload's plain reference loop: it differs from `checksum` only in "
            + "`checksum_mismatch` rows"
    )
    public static let callDepth = ColumnDeclaration(
        "call_depth", unit: .frames,
        "how many frames below the cell's loop its sink receives an element: the calls one delivery nests, as the "
            + "frame-pointer chain has them (an inlined call makes none), measured once per cell process outside every "
            + "timed region. Empty where the sink records no latency or receives on another thread"
    )

    // MARK: - What compare reads

    /// What a results.csv must have for compare to read it.
    public static let required = [
        schemaVersion, workload, implementation, status, nanosecondsPerUnitMedian, nanosecondsPerUnitSamples,
        allocationsPerUnit, bytesPerUnit, allocationsPerSubscription, bytesPerSubscription, retainedBytes,
        requestCallsPerUnit,
    ].map(\.name)

    /// The counts every `ok` row has, whatever the run measured.
    public static let countsOfEveryOKRow = [
        allocationsPerUnit, bytesPerUnit, allocationsPerSubscription, bytesPerSubscription, retainedBytes,
    ].map(\.name)

    /// Numeric columns that may be below 0: memory given back beyond what the pipeline took.
    public static let mayBeNegative = Set(numericDeclarations.filter(\.signed).map(\.name))

    /// The columns read as one number each, when the file has them; an empty field is a missing value.
    public static let numeric = numericDeclarations.map(\.name)

    private static let numericDeclarations = [
        threads, nanosecondsPerUnitMedian, allocationsPerUnit, bytesPerUnit, allocationsPerSubscription,
        bytesPerSubscription, retainedBytes, requestCallsPerUnit, instructionsPerUnit, instructionsPerSubscription,
    ] + AnatomyCounter.allCases.flatMap { [anatomyPerUnit($0), anatomyPerSubscription($0)] }
        + InstructionComponent.allCases.map(componentPerUnit) + SimulatedEvent.allCases.map(simulatedPerUnit)
}
