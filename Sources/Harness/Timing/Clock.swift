#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The harness's time source: the monotonic clock, in nanoseconds.
public enum Clock {
    /// Nanoseconds on `CLOCK_MONOTONIC`: unaffected by wall-clock changes, meaningful only as differences.
    /// Costs one vDSO call (see ``overheadNanoseconds()``); never allocates.
    @inlinable
    @inline(__always)
    public static func now() -> UInt64 {
        nanoseconds(on: CLOCK_MONOTONIC)
    }

    /// Nanoseconds of CPU time the calling thread has had (`CLOCK_THREAD_CPUTIME_ID`): meaningful only as
    /// differences. Against ``now()`` over the same stretch, it says how much of that stretch the thread was
    /// on a CPU. One system call, not a vDSO read (a few hundred ns): for the ends of a repetition, not its
    /// batches.
    public static func threadCPUTime() -> UInt64 {
        nanoseconds(on: CLOCK_THREAD_CPUTIME_ID)
    }

    /// Nanoseconds of CPU time every thread of this process has had (`CLOCK_PROCESS_CPUTIME_ID`): meaningful
    /// only as differences. One system call, as ``threadCPUTime()``.
    public static func processCPUTime() -> UInt64 {
        nanoseconds(on: CLOCK_PROCESS_CPUTIME_ID)
    }

    /// One read of `clock`, in nanoseconds: inlined into ``now()``'s callers as ``now()`` is.
    @inlinable
    @inline(__always)
    static func nanoseconds(on clock: clockid_t) -> UInt64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return UInt64(truncatingIfNeeded: time.tv_sec) &* 1_000_000_000 &+ UInt64(truncatingIfNeeded: time.tv_nsec)
    }

    /// The clock's resolution as the kernel reports it (`clock_getres`), in nanoseconds.
    public static func resolutionNanoseconds() -> Double {
        var resolution = timespec()
        clock_getres(CLOCK_MONOTONIC, &resolution)
        return Double(resolution.tv_sec) * 1e9 + Double(resolution.tv_nsec)
    }

    /// The measured cost of one ``now()`` call in nanoseconds: the median, over `batches` batches, of a
    /// batch's time divided by its `callsPerBatch` back-to-back calls.
    public static func overheadNanoseconds(batches: Int = 31, callsPerBatch: Int = 1_000) -> Double {
        precondition(batches > 0 && callsPerBatch > 0, "overheadNanoseconds needs at least one call")
        var perCall = [Double]()
        perCall.reserveCapacity(batches)
        var folded: UInt64 = 0
        for _ in 0..<batches {
            let start = now()
            for _ in 0..<callsPerBatch {
                folded ^= now()
            }
            perCall.append(Double(now() &- start) / Double(callsPerBatch))
        }
        blackHole(folded)
        return SampleStatistics.median(perCall)
    }
}
