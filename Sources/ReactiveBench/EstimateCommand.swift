import ArgumentParser
import CostModel
import Foundation
import Harness

struct EstimateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "estimate",
        abstract: "Estimate each cell's time from its counts and the run's price list, and say how well that does.",
        discussion: """
            Reads a time run and its instruction run (RUN_DIR/instructions, as scripts/reference makes one), both \
            price lists (prices.csv) and both runs' fits.csv, and writes into RUN_DIR: estimates.csv (each \
            single-thread cell's counts priced, beside its measured median), stage_estimates.csv (one more stage \
            of each swept pipeline, split by priced event), estimate_summary.csv (how many cells each estimate \
            puts within ±20%, and its errors, over all cells and per implementation, scenario, source and \
            parameter) and estimate_parts.csv (what each part of an estimate is counted by and costs). A price \
            the time run's prices.csv marks as not trusted is left out, with a warning: its event is priced as \
            its instructions. docs/CSV.md describes every column. Reads CSV only: a debug build runs it too.
            """
    )

    @Argument(help: "A run directory (a time run) holding results.csv and prices.csv.")
    var runDirectory: String

    @Option(name: .long, help: "Its instruction run (run --metric instructions): default RUN_DIR/instructions.")
    var instructions: String?

    func run() throws {
        let run = runDirectory.hasSuffix("/") ? String(runDirectory.dropLast()) : runDirectory
        let runs = try MeasuredRuns.load(run: run, instructionRun: instructions ?? "\(run)/instructions")
        for (event, reason) in runs.prices.unpriced.sorted(by: { $0.key < $1.key }) {
            FileHandle.standardError.write(Data(
                "warning: the estimate leaves out \(event)'s price, which \(run)/prices.csv marks as not trusted: \(reason)\n".utf8
            ))
        }
        let model = CostModelFiles(runs)
        try model.write(into: run)
        for (name, _) in model.tables { print("wrote \(run)/\(name)") }
        let all = model.summary.first { $0.estimate == .prices && $0.grouping == .all }!.spread
        let within = DecimalText.format(ErrorSpread.tolerance * 100, digits: 0)
        print(
            "\(all.within) of \(all.cells) cells within ±\(within)% of their measured median"
                + (all.medianAbsoluteError.map { ", median error \(DecimalText.format($0 * 100, digits: 0))%" } ?? "")
        )
    }
}
