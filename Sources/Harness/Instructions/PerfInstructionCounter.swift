import CCallgrind
#if canImport(Glibc)
import Glibc
#endif

/// The CPU's count of the instructions the calling thread retires in user space, through
/// `perf_event_open`. Most virtual machines refuse it (these do: "not supported"); then
/// ``probe()`` says why and instruction counts come from callgrind.
public final class PerfInstructionCounter {
    private let descriptor: Int32

    /// Opens a disabled counter for the calling thread.
    public init() throws(HarnessError) {
        let descriptor = ccallgrind_perf_open()
        guard descriptor >= 0 else {
            throw HarnessError("perf_event_open refused an instruction counter: \(String(cString: strerror(-descriptor)))")
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    public func start() { _ = ccallgrind_perf_enable(descriptor, 1) }
    public func stop() { _ = ccallgrind_perf_enable(descriptor, 0) }

    /// Instructions counted while started, since the counter was opened.
    public var count: UInt64 {
        let value = ccallgrind_perf_read(descriptor)
        return value < 0 ? 0 : UInt64(value)
    }

    /// Whether the hardware counter works here: it opens, and counts something for a loop of known
    /// length. Some hypervisors accept the counter and then count nothing, so opening alone is not proof.
    public static func probe() -> Result<Void, HarnessError> {
        do {
            let counter = try PerfInstructionCounter()
            var sum = 0
            counter.start()
            for value in 0..<10_000 { sum &+= value &* value }
            counter.stop()
            blackHole(sum)
            let counted = counter.count
            guard counted >= 10_000 else {
                return .failure(HarnessError("perf_event_open opened but counted \(counted) instructions for a 10000-step loop"))
            }
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
