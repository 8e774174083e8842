import ArgumentParser
import Foundation
import Harness
import Runner

struct OrderingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orderings",
        abstract: "Which of one run's rankings another run keeps, by how far apart the first run puts each pair.",
        discussion: """
            For every workload both runs timed, every pair of implementations (the baseline left out): how many \
            times slower the slower one is in the first run, and whether the second run puts them in the same \
            order. Prints, for pairs separated by at least 1x, 1.1x, 1.2x, 1.5x, 2x and 3x, how many the second \
            run reversed (of them all, and of the pairs of cells that keep one thread busy: results.csv's `threads`), \
            and the widest apart a reversed pair was: every ranking separated by more held. Made to \
            compare runs on two processors (their environment.csv say which); exits 0 whatever it finds.
            """
    )

    @Argument(help: "The run whose rankings are checked: a run directory or its results.csv.")
    var runDirectory: String

    @Argument(help: "The run that may keep or reverse them (another processor, another day).")
    var otherRun: String

    @Option(name: .long, help: "terminal, markdown or csv (orderings.csv: one row per band).")
    var format = ReportFormat.terminal.rawValue

    func validate() throws {
        guard ReportFormat(rawValue: format) != nil else {
            throw ValidationError("--format must be terminal, markdown or csv (got '\(format)')")
        }
    }

    func run() throws {
        let run = try RunResults.load(runDirectory)
        let other = try RunResults.load(otherRun)
        guard run.metric == .time, other.metric == .time else {
            throw BadInput("orderings compares times: \(run.metric == .time ? other.source : run.source) holds \(RunMetric.instructions.description)")
        }
        let agreement = OrderAgreement(run, in: other)
        guard agreement.bands[0].pairs > 0 else {
            throw BadInput("\(run.source) and \(other.source) share no workload with two timed implementations: nothing to compare")
        }
        switch ReportFormat(rawValue: format)! {
        case .csv: print(OrderAgreement.schema.table(agreement.bands).encoded(), terminator: "")
        case .terminal: print(render(agreement, table: { $0.terminal() }))
        case .markdown: print(render(agreement, table: { $0.markdown() }))
        }
    }

    private func render(_ agreement: OrderAgreement, table: (TextTable) -> String) -> String {
        let bands = TextTable(
            header: ["separated by at least", "pairs", "reversed", "pairs of one thread", "of those reversed"],
            rows: agreement.bands.map {
                [
                    "\(ResultTable.format($0.threshold, digits: 2))x", String($0.pairs), String($0.reversed),
                    $0.pairsOfOneThread.map(String.init) ?? "-", $0.reversedOfOneThread.map(String.init) ?? "-",
                ]
            },
            rightAligned: [0, 1, 2, 3, 4]
        )
        let verdict = agreement.largestReversedRatio.map {
            "Every pair separated by more than \(ResultTable.format($0, digits: 2))x kept its order; the widest reversed:"
        } ?? "Every pair kept its order."
        let widest = agreement.reversed.prefix(10).map {
            "  \($0.workload): \($0.faster) < \($0.slower) (\(ResultTable.format($0.ratio, digits: 2))x in \(runDirectory))"
        }
        return ([table(bands), "", verdict] + widest).joined(separator: "\n")
    }
}
