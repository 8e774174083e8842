#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Two implementations inside one run, workload by workload: what
/// `reactive-bench compare --implementations A B RUN` reports.
public struct ImplementationRatioReport: Sendable {
    /// The results.csv of the run.
    public let source: String
    /// A: the denominator of every ratio.
    public let first: String
    /// B: the numerator.
    public let second: String
    /// Every workload both implementations ran `ok`, in the order of the run.
    public let ratios: [ImplementationRatio]
    /// The workloads of either implementation left out, each with why:
    /// `demand (max1Requested): rxSink unsupported`.
    public let skipped: [String]

    /// Pairs the cells of `first` and `second` in `run` by workload.
    public init(run: RunResults, first: String, second: String) {
        var ratios: [ImplementationRatio] = [], skipped: [String] = []
        var workloads: [String] = []
        for cell in run.cells where !workloads.contains(cell.key.workload) {
            workloads.append(cell.key.workload)
        }
        for workload in workloads {
            let a = run[CellKey(workload: workload, implementation: first)]
            let b = run[CellKey(workload: workload, implementation: second)]
            guard a != nil || b != nil else { continue }
            if let a, let b, a.isOK, b.isOK, let ratio = ImplementationRatio(first: a, second: b) {
                ratios.append(ratio)
            } else {
                skipped.append("\(workload): " + Self.whyNot([(first, a), (second, b)]))
            }
        }
        source = run.source
        self.first = first
        self.second = second
        self.ratios = ratios
        self.skipped = skipped
    }

    /// The geometric mean of the ratios: the typical factor between the two; nil without ratios.
    public var geometricMeanRatio: Double? {
        let positive = ratios.compactMap(\.ratio).filter { $0 > 0 }
        guard !positive.isEmpty else { return nil }
        return exp(positive.reduce(0.0) { $0 + log($1) } / Double(positive.count))
    }

    /// Why a workload has no ratio: `rxSink unsupported`, `builtin not run`.
    private static func whyNot(_ cells: [(name: String, cell: CellRecord?)]) -> String {
        let reasons = cells.compactMap { name, cell -> String? in
            guard let cell else { return "\(name) not run" }
            return cell.isOK ? nil : "\(name) \(cell.status)"
        }
        return reasons.isEmpty ? "no time or instruction count to compare" : reasons.joined(separator: ", ")
    }
}
