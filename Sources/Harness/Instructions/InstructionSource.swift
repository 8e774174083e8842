/// Where a run's instruction counts come from (the CSV's `instructions_source`).
public enum InstructionSource: String, Sendable, Codable, CaseIterable {
    /// Valgrind's callgrind: every instruction of the simulated CPU, all threads; repeats exactly.
    case callgrind
    /// The CPU's retired-instruction counter (`perf_event_open`): user space, the measuring thread only.
    case perf
}
