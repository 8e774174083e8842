import Foundation
import Harness
import Runner
import Workloads

/// The text of `profile.txt`: what was profiled, the total per unit, and the two tables.
struct ProfileReport {
    let title: String
    let unit: MeasuredUnit
    let outcome: CellProfiler.Outcome
    let annotation: CallgrindAnnotation
    let components: InstructionComponents
    /// Functions per table.
    let top: Int

    var text: String {
        let units = outcome.result.unitsPerRepetition
        let perUnit = Double(outcome.totalInstructions) / Double(max(1, units))
        let checksum = outcome.result.status == .ok ? "checksum matches the reference" : "\(outcome.result.status.rawValue): \(outcome.result.detail)"
        var lines = [
            "reactive-bench profile: \(title)",
            "\(units) \(unit.rawValue)s in the timed batches of one repetition, collected by callgrind (set-up, warm-up and teardown left out); \(checksum)",
            "total: \(outcome.totalInstructions) instructions = \(String(format: "%.1f", perUnit)) per \(unit.rawValue)",
            "open callgrind.out with kcachegrind, or: callgrind_annotate --inclusive=yes callgrind.out | swift-demangle --simplified",
        ]
        if !annotation.demangled { lines.append("swift-demangle was not found: names are mangled") }
        lines += anatomyTable(units: units)
        lines += componentTable(units: units)
        // The frames from main down to the element loop hold all of it and say nothing. They were running
        // when the region began, so callgrind writes their calls with a count of 0, and callgrind_annotate
        // 3.19 then takes the call's whole cost for the caller's own: they top the self list too.
        let ownCode = annotation.bySelf.filter { $0.instructions < outcome.totalInstructions }
        lines += table("by self instructions (the function's own code)", Array(ownCode.prefix(top)), units: units)
        let inside = annotation.byInclusive.filter { $0.instructions < outcome.totalInstructions }
        lines += table(
            "by inclusive instructions (the function and everything it calls)", Array(inside.prefix(top)), units: units
        )
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where the instructions execute (``InstructionComponents``).
    private func componentTable(units: Int) -> [String] {
        let total = Double(max(1, components.total))
        let header = ["instructions".leftPadded(14), "per \(unit == .element ? "elem" : "sub")".leftPadded(9), "%".leftPadded(6), "where"]
        let named = String(format: "%.1f", components.namedFraction * 100)
        return ["", "Where the instructions execute (each function's own, by library or Swift module; \(named)% named):", header.joined(separator: "  ")]
            + components.shares.map { share in
                [
                    String(share.instructions).leftPadded(14),
                    String(format: "%.1f", Double(share.instructions) / Double(max(1, units))).leftPadded(9),
                    String(format: "%.1f", Double(share.instructions) / total * 100).leftPadded(6),
                    share.label,
                ].joined(separator: "  ")
            }
    }

    /// What the profiled batches did, counted exactly (docs/CSV.md lists the symbols behind each line).
    private func anatomyTable(units: Int) -> [String] {
        let header = ["count".leftPadded(14), "per \(unit == .element ? "elem" : "sub")".leftPadded(9), "what"]
        return ["", "Anatomy (calls counted by callgrind; atomic RMWs are instructions; see docs/CSV.md):", header.joined(separator: "  ")]
            + AnatomyCounter.allCases.map { counter in
                let count = outcome.anatomy[counter]
                return [
                    String(format: "%.0f", count).leftPadded(14),
                    String(format: "%.2f", count / Double(max(1, units))).leftPadded(9),
                    counter.title,
                ].joined(separator: "  ")
            }
    }

    private func table(_ heading: String, _ functions: [CallgrindAnnotation.Function], units: Int) -> [String] {
        let total = Double(max(1, outcome.totalInstructions))
        let header = ["instructions".leftPadded(14), "per \(unit == .element ? "elem" : "sub")".leftPadded(9), "%".leftPadded(6), "function"]
        return ["", "Top \(functions.count) functions \(heading):", header.joined(separator: "  ")]
            + functions.map { function in
                let share = Double(function.instructions) / total * 100
                return [
                    String(function.instructions).leftPadded(14),
                    String(format: "%.1f", Double(function.instructions) / Double(max(1, units))).leftPadded(9),
                    (String(format: "%.1f", share) + "%").leftPadded(6),
                    function.name,
                ].joined(separator: "  ")
            }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
