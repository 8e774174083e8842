import Harness

/// The work a slow consumer does per value, for the `demand` workload's slow-consumer rows: a chain of
/// dependent xorshift steps, whose result goes to the black hole. Dependent steps cannot overlap, so the
/// cost per value is fixed by `rounds` (about 1.6 ns per round here) whatever the optimiser does.
public enum ConsumerWork {
    /// Rounds per value in the slow-consumer rows: about 0.8 µs, several times the pipeline's
    /// own cost, as when a subscriber does real work per value (parsing, a UI update).
    public static let slowRounds = 512

    /// The instruction anatomy counts this function's instructions apart, by its mangled name
    /// (`InstructionComponent.consumerWork`), and the estimate prices them as the dependent chain they are.
    @inline(never)
    public static func perform(rounds: Int, seed: Int) {
        var state = UInt64(truncatingIfNeeded: seed) | 1
        for _ in 0..<rounds {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
        }
        blackHole(state)
    }

    /// What every downstream end does after counting a value, in latency mode or with a slow consumer:
    /// record the value's latency, then do `rounds` of work.
    @inline(__always)
    static func afterCounting(_ state: UnsafeMutablePointer<SinkState>, rounds: Int) {
        state.pointee.recordLatency(sentAt: state.pointee.sentAt)
        if rounds > 0 { perform(rounds: rounds, seed: state.pointee.valueCount) }
    }
}
