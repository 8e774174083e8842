import Harness
import Workloads

/// One quantity a sweep is fitted for, and where a results.csv row keeps it.
struct FitMetric: Sendable {
    /// The metric's name in fits.csv: `ns`, `instructions`, `allocations`.
    let name: String
    /// Whether the row's values are per subscription (an element workload's set-up) rather than per unit
    /// (an element or a subscription, as the row's `unit` says).
    let perSubscription: Bool
    /// Whether the metric is left out for subscription workloads, where it would repeat a per-unit
    /// metric (their set-up columns are their per-unit ones).
    let elementWorkloadsOnly: Bool
    /// The row's y values: one per repetition (time) or one (counts, which repeat).
    let values: @Sendable (CellRecord) -> [Double]

    /// What fits.csv's `measured_per` says for a row counting `unit`s.
    func measuredPer(unit: String) -> String { perSubscription ? MeasuredUnit.subscription.rawValue : unit }

    func applies(toUnit unit: String) -> Bool { !elementWorkloadsOnly || unit == MeasuredUnit.element.rawValue }

    /// Every metric fitted, in fits.csv order: time first, then the counts when the run has them, then
    /// the cost anatomy's counters (instruction runs), per unit and per subscription.
    static let all: [FitMetric] = [
        FitMetric(name: "ns", perSubscription: false, elementWorkloadsOnly: false) { $0.samples },
        column("instructions", ResultColumn.instructionsPerUnit.name),
        column("instructions", ResultColumn.instructionsPerSubscription.name, perSubscription: true, elementWorkloadsOnly: true),
        column("allocations", ResultColumn.allocationsPerSubscription.name, perSubscription: true),
    ] + AnatomyCounter.allCases.flatMap { counter in
        [
            column(counter.columnStem, ResultColumn.anatomyPerUnit(counter).name),
            column(
                counter.columnStem, ResultColumn.anatomyPerSubscription(counter).name, perSubscription: true,
                elementWorkloadsOnly: true
            ),
        ]
    }

    private static func column(
        _ name: String, _ column: String, perSubscription: Bool = false, elementWorkloadsOnly: Bool = false
    ) -> FitMetric {
        FitMetric(name: name, perSubscription: perSubscription, elementWorkloadsOnly: elementWorkloadsOnly) { record in
            record.values[column].map { [$0] } ?? []
        }
    }
}
