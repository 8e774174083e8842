/// How much of a stretch of wall-clock time a thread had a CPU (``Clock/threadCPUTime()`` against
/// ``Clock/now()``), and how much a repetition needs to count as timed on a machine that left it alone.
public enum CPUShare {
    /// A repetition whose measuring thread was on a CPU for less than this share of its time counts as
    /// disturbed, whatever the sentinel read: the sentinel's probes are too short to feel the scheduler
    /// share a core. Measured on the 2-core Intel VM, `run --quick --no-latency --in-process` (one thread,
    /// so the process's CPU time was the thread's), 1,546 to 2,205 repetitions of the single-thread cells
    /// each: with nothing else running, 1 repetition was under 0.95; beside one busy loop, 25; beside two,
    /// 1,362 (most near 0.5), while the sentinel called that run quiet (median slowdown 1.037) and the
    /// cells' medians were 1.27x to 1.97x the quiet run's in 7 deciles of 9.
    public static let least = 0.95

    /// ``least`` as a percentage, as messages and docs state it: `95%`.
    public static var leastText: String { "\(DecimalText.format(least * 100, digits: 0))%" }
}
