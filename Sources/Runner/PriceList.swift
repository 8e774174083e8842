import Harness
import Workloads

/// What one event costs on this machine: the anatomy's controls (``AnatomyControlWorkload``), which do one
/// action k = 1 and k = 3 times per element, measured like any cell, and the price read off the slope
/// between them, so that the loop and the harness around the action cancel out.
///
/// A time run prices each action in nanoseconds; an instruction run under callgrind gives each action's
/// instructions and its anatomy counts per event, which must read exactly 1 for the counters the action
/// names (``AnatomyControlAction/counters``): the check that each price is the price of one event.
/// Written to prices.csv (docs/CSV.md).
public enum PriceList {
    /// The controls measured for the price list: every action at k = 1 and 3.
    public static var controls: [AnatomyControlWorkload] {
        AnatomyControlWorkload.all.filter { $0.action != .none }
    }

    /// One price: `metric` per event of `action`, with the k = 1 and k = 3 cells' values per element.
    public struct Price: Equatable, Sendable {
        public var action: AnatomyControlAction
        /// `ns`, `instructions`, or an anatomy counter's column stem (`retains`, ...).
        public var metric: String
        public var perEvent: Double
        /// For a time: the interval the two medians' 95% intervals allow. Counts are exact: nil.
        public var interval: ClosedRange<Double>?
        public var once: Double
        public var thrice: Double
    }

    public static let header = ["event", "metric", "per_event", "low", "high", "k1_per_element", "k3_per_element"]

    /// The prices the controls' rows give: `ns` from time rows, `instructions` and every anatomy counter from
    /// instruction rows; an action whose two rows are not both `ok` has none.
    public static func prices(_ results: [CellResult]) -> [Price] {
        AnatomyControlAction.allCases.filter { $0 != .none }.flatMap { action -> [Price] in
            let rows = [1, 3].map { times in
                results.first { $0.workload == AnatomyControlWorkload(action, times: times).name && $0.status == .ok }
            }
            guard let once = rows[0], let thrice = rows[1] else { return [] }
            var prices: [Price] = []
            if let first = once.statistics, let third = thrice.statistics {
                prices.append(Price(
                    action: action, metric: "ns", perEvent: (third.median - first.median) / 2,
                    interval: (third.confidenceInterval95.lowerBound - first.confidenceInterval95.upperBound) / 2
                        ... (third.confidenceInterval95.upperBound - first.confidenceInterval95.lowerBound) / 2,
                    once: first.median, thrice: third.median
                ))
            }
            if let first = once.instructionsPerUnit, let third = thrice.instructionsPerUnit {
                prices.append(Price(
                    action: action, metric: "instructions", perEvent: (third - first) / 2, interval: nil, once: first,
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
                action: action, metric: event.rawValue, perEvent: (third[event] - first[event]) / 2, interval: nil,
                once: first[event], thrice: third[event]
            )
        }
    }

    /// The prices as a table to read: one row per event, its time with the interval, or its instructions
    /// and the counts it makes (those that are not 0).
    public static func textTable(_ prices: [Price]) -> TextTable {
        let events = prices.reduce(into: [AnatomyControlAction]()) { if $0.last != $1.action { $0.append($1.action) } }
        let rows = events.map { action -> [String] in
            let own = prices.filter { $0.action == action }
            let time = own.first { $0.metric == "ns" }.map { price in
                "\(DecimalText.nanoseconds(price.perEvent))"
                    + (price.interval.map { " [\(DecimalText.nanoseconds($0.lowerBound)), \(DecimalText.nanoseconds($0.upperBound))]" } ?? "")
            }
            let instructions = own.first { $0.metric == "instructions" }.map { ResultTable.format($0.perEvent, digits: 1) }
            let counts = own.filter { !["ns", "instructions"].contains($0.metric) && $0.perEvent != 0 }
                .map { "\(ResultTable.format($0.perEvent)) \($0.metric)" }
            return [action.rawValue] + (time.map { [$0] } ?? []) + (instructions.map { [$0, counts.joined(separator: ", ")] } ?? [])
        }
        let isTime = prices.contains { $0.metric == "ns" }
        return TextTable(
            header: ["event"] + (isTime ? ["ns per event [interval]"] : ["instructions per event", "counted per event"]),
            rows: rows, rightAligned: [1]
        )
    }

    /// prices.csv's rows.
    public static func table(_ prices: [Price]) -> CSVTable {
        CSVTable(header: header, rows: prices.map { price in
            [
                price.action.rawValue, price.metric, ResultTable.format(price.perEvent, digits: 4),
                ResultTable.format(price.interval?.lowerBound, digits: 4), ResultTable.format(price.interval?.upperBound, digits: 4),
                ResultTable.format(price.once, digits: 4), ResultTable.format(price.thrice, digits: 4),
            ]
        })
    }
}
