import Foundation
import Harness

/// Chooses where `run --metric instructions` gets its counts: the CPU's counter when `perf_event_open`
/// works here, else callgrind, which must then be installed. `REACTIVE_BENCH_INSTRUCTIONS_SOURCE`
/// (`callgrind` or `perf`) chooses instead: callgrind's counts repeat exactly, the CPU's only nearly.
enum InstructionCounting {
    static let override = "REACTIVE_BENCH_INSTRUCTIONS_SOURCE"

    /// `simulate` (`--simulate`): callgrind, whose cache and branch simulation perf has no counterpart of.
    static func source(inProcess: Bool, simulate: Bool = false, log: (String) -> Void) throws -> InstructionSource {
        let chosen = ProcessInfo.processInfo.environment[override].flatMap { $0.isEmpty ? nil : $0 }
        if let chosen, InstructionSource(rawValue: chosen) == nil {
            throw BadInput("\(override) must be callgrind or perf (got '\(chosen)')")
        }
        if simulate && chosen == "perf" {
            throw BadInput("--simulate needs callgrind's cache and branch simulation, not perf (\(override)=perf)")
        }
        let perf = chosen == "callgrind" || simulate
            ? .failure(HarnessError(simulate ? "--simulate" : "\(override)=callgrind")) : PerfInstructionCounter.probe()
        if case .failure(let reason) = perf {
            if chosen == "perf" { throw BadInput("\(override)=perf, but \(reason)") }
            do {
                _ = try Callgrind.valgrind()
            } catch {
                throw BadInput(error.message)
            }
            if inProcess {
                throw BadInput("--metric instructions runs each cell under callgrind in its own process: drop --in-process")
            }
            log("instructions: callgrind (\(reason))")
            return .callgrind
        }
        log("instructions: hardware counters (perf_event_open)")
        return .perf
    }
}
