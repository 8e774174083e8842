import Harness

/// Chooses where `run --metric instructions` gets its counts: the CPU's counter when `perf_event_open`
/// works here, else callgrind, which must then be installed.
enum InstructionCounting {
    static func source(inProcess: Bool, log: (String) -> Void) throws -> InstructionSource {
        switch PerfInstructionCounter.probe() {
        case .success:
            log("instructions: hardware counters (perf_event_open)")
            return .perf
        case .failure(let reason):
            log("instructions: callgrind (\(reason))")
        }
        do {
            _ = try Callgrind.valgrind()
        } catch {
            throw BadInput(error.message)
        }
        if inProcess {
            throw BadInput("--metric instructions runs each cell under callgrind in its own process: drop --in-process")
        }
        return .callgrind
    }
}
