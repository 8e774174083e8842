import Harness
import Workloads

/// What one event costs on this machine: the anatomy's controls (``AnatomyControlWorkload``), which do one
/// action k = 1 and k = 3 times per element, and the price read off the slope between them, so that the
/// loop and the harness around the action cancel out.
///
/// A time run prices each action in nanoseconds, from its two controls measured in one process with their
/// repetitions interleaved (``InterleavedRunner``): each round's difference is timed in the same moment of
/// the machine, so a neighbour that slows the machine down slows both sides of it
/// (``prices(timed:)``). An instruction run under callgrind gives each action's instructions and its anatomy
/// counts per event, which must read exactly 1 for the counters the action names
/// (``AnatomyControlAction/counters``): the check that each price is the price of one event
/// (``prices(counted:)``). A time that does not hold is marked, not written (``distrust(_:)``). Written to
/// prices.csv (docs/CSV.md).
public enum PriceList {
    /// The controls measured for the price list, in the groups a time run measures together (each in one
    /// process, its cells' repetitions interleaved): every action at k = 1 and 3, and the call chain at
    /// ``callChainDepths``. A time run leaves out the actions made for callgrind's branch model
    /// (``countedOnly``); an instruction run, which counts each control in a process of its own, the call
    /// chain, which has only a time to give.
    public static func controls(timed: Bool) -> [[any Workload]] {
        let actions = AnatomyControlAction.allCases.filter { $0 != .none && !(timed && countedOnly.contains($0)) }
        let pairs: [[any Workload]] = actions.map { action in [1, 3].map { AnatomyControlWorkload(action, times: $0) } }
        return pairs + (timed ? [callChain] : [])
    }

    /// The call chain at each of ``callChainDepths``.
    static var callChain: [any Workload] { callChainDepths.map { CallChainControlWorkload(depth: $0, functions: 4) } }

    /// The actions priced in counts only: they check callgrind's branch model, whose mispredictions this
    /// CPU predicts (`mispredictedBranches` 3.9 ns against `predictedBranches` 4.3 here), and a branch never
    /// taken costs what the loop does (`conditionalBranch` 1.3 ns, `emptyCall` 1.4): their times would
    /// price nothing, and cost 3 s of every default run.
    public static let countedOnly: Set<AnatomyControlAction> = [.conditionalBranch, .mispredictedBranches, .predictedBranches]

    /// The call chain's depths (``CallChainControlWorkload``, four functions in turn, as a chain of stages
    /// nests): one the CPU's return-address predictor holds (24 frames bend nothing here, nor anywhere
    /// with a predictor of 32 entries or more), and two beyond it.
    public static let callChainDepths = [24, 40, 64]

    /// The event of the frames nested deeper than the return-address predictor: what each costs beyond
    /// an ordinary call (`ns`), and how many frames below a cell's loop the predictor holds (`frames`),
    /// compared with a cell's `call_depth`.
    public static let deepFrame = "deepFrame"
    /// How tables and charts name ``deepFrame``'s event.
    public static let deepFrameTitle = "calls deeper than the return predictor"

    /// One price: `metric` per event, with the k = 1 and k = 3 cells' values per element (none for
    /// ``deepFrame``, read off three depths instead).
    public struct Price: Equatable, Sendable {
        /// An ``AnatomyControlAction``'s name, or ``PriceList/deepFrame``.
        public var event: String
        /// `ns`, `instructions`, `frames`, or an anatomy counter's column stem (`retains`, ...).
        public var metric: String
        public var perEvent: Double
        /// For a time: the 95% interval of the rounds' differences (``PriceList/pairedPrice(_:_:)``). Counts are
        /// exact: nil.
        public var interval: ClosedRange<Double>?
        public var once: Double?
        public var thrice: Double?
        /// Why the price does not hold (``PriceList/distrust(_:)``), or nil when it does: prices.csv then keeps
        /// its row without its value, marked `trusted` `false`, and the estimate leaves it out.
        public var untrustedReason: String? = nil

        public var isTrusted: Bool { untrustedReason == nil }
    }

    /// prices.csv's columns, in order.
    public static let schema = CSVFileSchema<Price>(
        file: "prices.csv",
        row: "what one event costs on this machine, in one metric: the slope between the event's control done once and three times per element",
        columns: [
            PriceColumn.event.written { $0.event },
            PriceColumn.metric.written { $0.metric },
            PriceColumn.perEvent.written { $0.isTrusted ? ResultTable.format($0.perEvent, digits: 4) : "" },
            PriceColumn.low.written { $0.isTrusted ? ResultTable.format($0.interval?.lowerBound, digits: 4) : "" },
            CSVColumn("high", unit: .ofMetric, "its high end") { $0.isTrusted ? ResultTable.format($0.interval?.upperBound, digits: 4) : "" },
            CSVColumn(
                "k1_per_element", unit: .ofMetric,
                "the k = 1 cell's median over the rounds the price is read from (time) or count per element; empty for `deepFrame`"
            ) {
                ResultTable.format($0.once, digits: 4)
            },
            CSVColumn("k3_per_element", unit: .ofMetric, "the same for the k = 3 cell") { ResultTable.format($0.thrice, digits: 4) },
            PriceColumn.trusted.written { String($0.isTrusted) },
            PriceColumn.reason.written { $0.untrustedReason ?? "" },
        ]
    )

    /// The prices an instruction run's controls give: `instructions`, every anatomy counter and every
    /// simulated event, per event; an action whose two rows are not both `ok` has none. Counts are exact:
    /// every one is trusted.
    public static func prices(counted results: [CellResult]) -> [Price] {
        AnatomyControlAction.allCases.filter { $0 != .none }.flatMap { action -> [Price] in
            let rows = [1, 3].map { times in
                results.first { $0.workload == AnatomyControlWorkload(action, times: times).name && $0.status == .ok }
            }
            guard let once = rows[0], let thrice = rows[1] else { return [] }
            var prices: [Price] = []
            if let first = once.instructionsPerUnit, let third = thrice.instructionsPerUnit {
                prices.append(Price(
                    event: action.rawValue, metric: "instructions", perEvent: (third - first) / 2, interval: nil, once: first,
                    thrice: third
                ))
            }
            if let first = once.anatomyPerUnit, let third = thrice.anatomyPerUnit {
                prices += counts(action, AnatomyCounter.allCases, first, third)
            }
            if let first = once.simulatedPerUnit, let third = thrice.simulatedPerUnit {
                prices += counts(action, SimulatedEvent.allCases, first, third)
            }
            return prices
        }
    }

    /// Each of `events`' count per event of `action`: the slope between its k = 1 and k = 3 rows.
    private static func counts<Event>(
        _ action: AnatomyControlAction, _ events: [Event], _ first: EventCounts<Event>, _ third: EventCounts<Event>
    ) -> [Price] where Event: RawRepresentable<String> {
        events.map { event in
            Price(
                event: action.rawValue, metric: event.rawValue, perEvent: (third[event] - first[event]) / 2, interval: nil,
                once: first[event], thrice: third[event]
            )
        }
    }

    /// The prices as a table to read: one row per event, its time with the interval, or its instructions
    /// and the counts it makes (those that are not 0).
    public static func textTable(_ prices: [Price]) -> TextTable {
        let events = prices.reduce(into: [String]()) { if $0.last != $1.event { $0.append($1.event) } }
        let rows = events.map { event -> [String] in
            let own = prices.filter { $0.event == event }
            let frames = own.first { $0.metric == "frames" && $0.isTrusted }.map { " beyond \(ResultTable.format($0.perEvent, digits: 1)) frames" }
            let time = own.first { $0.metric == "ns" }.map { price in
                guard price.isTrusted else { return "not trusted (see its warning)" }
                return "\(DecimalText.nanoseconds(price.perEvent))"
                    + (price.interval.map { " [\(DecimalText.nanoseconds($0.lowerBound)), \(DecimalText.nanoseconds($0.upperBound))]" } ?? "")
                    + (frames ?? "")
            }
            let instructions = own.first { $0.metric == "instructions" }.map { ResultTable.format($0.perEvent, digits: 1) }
            let counts = own.filter { !["ns", "instructions", "frames"].contains($0.metric) && $0.perEvent != 0 }
                .map { "\(ResultTable.format($0.perEvent)) \($0.metric)" }
            return [event] + (time.map { [$0] } ?? []) + (instructions.map { [$0, counts.joined(separator: ", ")] } ?? [])
        }
        let isTime = prices.contains { $0.metric == "ns" }
        return TextTable(
            header: ["event"] + (isTime ? ["ns per event [interval]"] : ["instructions per event", "counted per event"]),
            rows: rows, rightAligned: [1]
        )
    }

    /// prices.csv's rows.
    public static func table(_ prices: [Price]) -> CSVTable { schema.table(prices) }
}
