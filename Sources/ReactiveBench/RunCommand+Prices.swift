import ArgumentParser
import Foundation
import Harness
import Runner
import StyleKit
import Workloads

extension RunCommand {
    /// The price list (``PriceList``): the anatomy's controls in the baseline's row, into prices.csv, once the
    /// run's own files are written. A time run measures each action's two controls (and the call chain's
    /// three depths) in one process, their repetitions interleaved (``InterleavedRunner``); an instruction
    /// run counts each control in a process of its own, like the run's cells. A control that fails leaves its
    /// action out, and says so; a price that does not hold is marked, with one `warning:` line. SIGINT or
    /// SIGTERM leaves no prices.csv and ends the tool with 130.
    func measurePrices(
        _ configuration: RunConfiguration, scratch: ScratchDirectory, writer: RunWriter, progress: ProgressLine
    ) throws -> [PriceList.Price] {
        var configuration = configuration
        configuration.measuresLatency = false
        let timed = configuration.instructionSource == nil
        let controls = PriceList.controls(timed: timed)
        progress.log("the price list: \(controls.flatMap { $0 }.count) controls" + (timed ? ", in \(controls.count) interleaved groups" : ""))
        let measured = try timed
            ? measureTimedPrices(controls, configuration, scratch: scratch, progress: progress)
            : measureCountedPrices(controls.flatMap { $0 }, configuration, scratch: scratch, progress: progress)
        progress.finish()
        guard let measured else {
            FileHandle.standardError.write(Data(
                "error: interrupted: the price list was not measured; the run's cells are in \(writer.directory)/results.csv\n".utf8
            ))
            throw ExitCode(130)
        }
        let (results, prices) = measured
        for failure in results where failure.isFailure {
            progress.warn("prices: \(failure.workload): \(failure.status.rawValue): \(failure.detail)")
        }
        for warning in prices.compactMap(PriceList.warning) { progress.warn(warning) }
        try writer.writePrices(prices)
        return prices
    }

    /// The controls' rows and the time prices; nil when the run was stopped.
    private func measureTimedPrices(
        _ groups: [[any Workload]], _ configuration: RunConfiguration, scratch: ScratchDirectory, progress: ProgressLine
    ) throws -> ([CellResult], [PriceList.Price])? {
        var runner = InterleavedRunner(executable: Self.executablePath, configuration: configuration, cellTimeLimit: cellTimeout ?? 300)
        runner.progress = progress.log
        runner.step = { progress.show(ProgressStep(label: "prices: \($0.label)", done: $0.done, total: $0.total)) }
        runner.shouldStop = Interruption.requested
        let outcome = try runner.run(groups, implementation: Registry.implementation(.baseline), scratch: scratch)
        guard outcome.complete else { return nil }
        return (outcome.groups.flatMap(\.results), PriceList.prices(timed: outcome.groups))
    }

    /// The controls' rows and the counted prices; nil when the run was stopped.
    private func measureCountedPrices(
        _ controls: [any Workload], _ configuration: RunConfiguration, scratch: ScratchDirectory, progress: ProgressLine
    ) throws -> ([CellResult], [PriceList.Price])? {
        var runner = IsolatedRunner(executable: Self.executablePath, configuration: configuration, cellTimeLimit: cellTimeout ?? 300)
        runner.progress = progress.log
        runner.step = { progress.show(ProgressStep(label: "prices: \($0.label)", done: $0.done, total: $0.total)) }
        runner.shouldStop = Interruption.requested
        let outcome = try runner.run(workloads: controls, implementations: [Registry.implementation(.baseline)], scratch: scratch)
        guard outcome.complete else { return nil }
        return (outcome.results, PriceList.prices(counted: outcome.results))
    }
}
