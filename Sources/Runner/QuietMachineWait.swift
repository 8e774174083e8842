import Foundation
import Harness
import Workloads

/// Before a disturbed cell is measured again, waits for the machine to leave its slow phase, within a
/// budget of seconds shared by the whole run.
///
/// Why: the extra repetitions the noise gate asks for only help if they land in a quiet phase. Slow phases
/// on these VMs last from a fraction of a second to over a minute; two runs here in which a slow phase
/// outlasted every extra pass disagreed by 40% on a quarter of their cells, with the gate keeping the slow
/// repetitions because nothing quiet was left. Probing the machine and re-measuring once it is quiet again
/// turns those cells into quiet measurements; the budget bounds what a machine that never calms down costs.
///
/// The probe is the cells' sentinel, run in the tool's own process and judged against this process's own
/// best probe: a process's memory layout moves the sentinel by several percent, so the children's quiet
/// time is no bar for the parent (measured: a parent whose probes never came within 1.15x of its child's
/// best, on a quiet machine). ``observe()`` after every cell of the first pass lets that best see the
/// run's quiet phases.
final class QuietMachineWait {
    /// Pause between probes while the machine is slow.
    static let pollInterval = 0.05

    private let sentinel: MachineSentinel
    private var remainingSeconds: Double

    init(input: SeededInput, budgetSeconds: Double) throws {
        sentinel = try MachineSentinel(input: input)
        remainingSeconds = budgetSeconds
    }

    /// One probe, to keep the best up to date (about half a millisecond).
    func observe() {
        _ = sentinel.probe()
    }

    /// Returns once the best of three probes is within ``NoiseGate/quietThreshold`` of this process's
    /// best, or once the budget is spent; false in that case.
    func untilQuiet() -> Bool {
        while true {
            let probe = (0..<3).map { _ in sentinel.probe() }.min()!
            if probe <= sentinel.best * NoiseGate.quietThreshold { return true }
            guard remainingSeconds > 0 else { return false }
            Thread.sleep(forTimeInterval: Self.pollInterval)
            remainingSeconds -= Self.pollInterval
        }
    }
}
