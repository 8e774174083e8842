import Harness

/// What one more stage (or subscriber) costs, per implementation, for one metric: a row per
/// implementation, a column per fitted sweep (`pipelineDepth`, `pipelineDepth [direct]`, ...), each cell
/// the fit's slope.
public struct StageCostTable: Sendable {
    /// `ns`, `instructions` or `allocations`.
    public let metric: String
    /// One line saying what a cell is.
    public let caption: String
    public let table: TextTable

    /// A cell whose sweep is not a line is marked with this, and the caption says what it means.
    public static let nonlinearMark = "*"

    /// What the mark means, and the cause measured for the chains that bend: calls nested deeper than the
    /// return-address predictor (docs/PROFILES.md), which results.csv's `call_depth` and prices.csv's
    /// `deepFrame` show per cell.
    static let nonlinearMeaning = "not a line, R^2 < 0.98 or a median 25% off it: read the points; a chain bends "
        + "where its call_depth passes the frames prices.csv's deepFrame gives, about 30 here (docs/PROFILES.md)"

    /// One table per metric that `fits` has, in the order ns, instructions, allocations. Per-unit fits of
    /// time and instructions, and allocations per subscription (the set-up's per-subscription
    /// instructions stay in fits.csv).
    public static func tables(_ fits: [StageFit]) -> [StageCostTable] {
        let wanted: [(metric: String, perUnit: Bool, caption: String)] = [
            ("ns", true, "ns per unit per stage (subscriber), +- half its 95% interval"),
            ("instructions", true, "instructions per unit per stage (subscriber)"),
            ("allocations", false, "allocations per subscription per stage (subscriber)"),
        ]
        return wanted.compactMap { wanted in
            let selected = fits.filter { $0.metric == wanted.metric && $0.perUnit == wanted.perUnit }
            guard !selected.isEmpty else { return nil }
            return StageCostTable(metric: wanted.metric, caption: wanted.caption, fits: selected)
        }
    }

    /// The cost anatomy of one more stage, one table per sweep that has it (instruction runs): a row per
    /// implementation, a column per ``AnatomyCounter``, each cell the per-unit slope.
    public static func anatomyTables(_ fits: [StageFit]) -> [StageCostTable] {
        let names = Set(AnatomyCounter.allCases.map(\.columnStem))
        let anatomy = fits.filter { names.contains($0.metric) && $0.perUnit }
        var series: [String] = []
        for fit in anatomy where !series.contains(seriesLabel(fit)) { series.append(seriesLabel(fit)) }
        return series.map { label in
            let selected = anatomy.filter { seriesLabel($0) == label }
            var implementations: [String] = []
            for fit in selected where !implementations.contains(fit.implementation) { implementations.append(fit.implementation) }
            let counters = AnatomyCounter.allCases
            let rows = implementations.map { implementation in
                [implementation] + counters.map { counter in
                    selected.first { $0.implementation == implementation && $0.metric == counter.columnStem }
                        .map { cell($0) } ?? "-"
                }
            }
            return StageCostTable(
                metric: "anatomy",
                caption: "What one more stage does, per unit (`\(label)`, calls; atomic RMWs are instructions)",
                table: TextTable(header: ["implementation"] + counters.map(\.title), rows: rows, rightAligned: Set(1...counters.count))
            )
        }
    }

    private init(metric: String, caption: String, table: TextTable) {
        self.metric = metric
        self.caption = caption
        self.table = table
    }

    init(metric: String, caption: String, fits: [StageFit]) {
        var columns: [String] = [], implementations: [String] = [], cells: [String: [String: String]] = [:]
        for fit in fits {
            let column = Self.seriesLabel(fit)
            if !columns.contains(column) { columns.append(column) }
            if !implementations.contains(fit.implementation) { implementations.append(fit.implementation) }
            cells[fit.implementation, default: [:]][column] = Self.cell(fit)
        }
        self.metric = metric
        let marked = fits.contains { $0.shape == .nonlinear }
        self.caption = caption + (marked ? " (\(Self.nonlinearMark): \(Self.nonlinearMeaning))" : "")
        table = TextTable(
            header: ["implementation"] + columns,
            rows: implementations.map { implementation in
                [implementation] + columns.map { cells[implementation]?[$0] ?? "-" }
            },
            rightAligned: Set(1...columns.count)
        )
    }

    /// `pipelineDepth`, or `pipelineDepth [direct]` for a direct source.
    static func seriesLabel(_ fit: StageFit) -> String {
        fit.source.isEmpty || fit.source == "subject" ? fit.scenario : "\(fit.scenario) [\(fit.source)]"
    }

    private static func cell(_ fit: StageFit) -> String {
        let slope = fit.fit.slope
        let mark = fit.shape == .nonlinear ? nonlinearMark : ""
        switch fit.metric {
        case "ns":
            let halfWidth = (fit.fit.slopeInterval95.upperBound - fit.fit.slopeInterval95.lowerBound) / 2
            let digits = abs(slope) < 1 && halfWidth < 1 ? 2 : 1
            return "\(DecimalText.format(slope, digits: digits)) +-\(DecimalText.format(halfWidth, digits: digits))\(mark)"
        case "instructions":
            return DecimalText.format(slope, digits: 0) + mark
        default:
            return DecimalText.format(slope, digits: 2) + mark
        }
    }
}
