import Foundation
import Harness

/// How much of the machine's CPUs processes other than this one used over a stretch of time: the
/// machine's busy time (`/proc/stat`, in the kernel's ticks) minus this process's own CPU time, over the
/// stretch's wall-clock time, in CPUs. 0 on a machine that left the process alone, about 1 beside one busy
/// loop.
///
/// Why: a cell that keeps a second thread busy (`asyncHop`, `contention`, the `asyncSequence` row) needs
/// both of a 2-core machine's CPUs, so the sentinel, which needs one, cannot judge it, and its own thread's
/// CPU share says nothing of the thread it hands elements to. Beside one busy loop on the 2-core AMD VM,
/// such cells read 0.43x to 1.64x the quiet run's medians (35 of the 40 cells of the default run outside
/// ±5%) with nothing in their rows to say so. The kernel charges its ticks (10 ms) to whatever runs at
/// each, so the reading is judged over all of a child's repetitions together (hundreds of milliseconds),
/// not one.
struct OtherProcesses {
    /// A cell's repetitions beside other processes that used this many CPUs or more between them count as
    /// disturbed: half a CPU, far above the tick's error over a child's repetitions (a tick is 10 ms of a
    /// few hundred) and far below a busy neighbour.
    static let most = 0.5

    private let busyTicks: UInt64
    private let ownNanoseconds: UInt64
    private let wallNanoseconds: UInt64

    /// The counters now; nil where the machine has no `/proc/stat` (not Linux), or it cannot be read.
    init?() {
        guard let busy = Self.busyTicks() else { return nil }
        busyTicks = busy
        ownNanoseconds = Clock.processCPUTime()
        wallNanoseconds = Clock.now()
    }

    /// CPUs the other processes use now: over the next `seconds`, this process asleep; nil where the machine
    /// cannot say.
    static func now(over seconds: Double = 0.2) -> Double? {
        guard let start = OtherProcesses() else { return nil }
        usleep(useconds_t(seconds * 1e6))
        return OtherProcesses().map { start.cores(until: $0) }
    }

    /// CPUs the other processes used from `self` to `later`, on average; never below 0.
    func cores(until later: OtherProcesses) -> Double {
        let wall = Double(max(1, later.wallNanoseconds &- wallNanoseconds))
        let busy = Double(later.busyTicks &- busyTicks) * Self.nanosecondsPerTick
        let own = Double(later.ownNanoseconds &- ownNanoseconds)
        return max(0, (busy - own) / wall)
    }

    private static let nanosecondsPerTick = 1e9 / Double(sysconf(Int32(_SC_CLK_TCK)))

    /// The machine's busy ticks since boot, over every CPU: the first line of `/proc/stat`
    /// (`cpu user nice system idle iowait irq softirq steal ...`) without idle, I/O wait and steal, the
    /// time the host gave another guest.
    private static func busyTicks() -> UInt64? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n", maxSplits: 1).first, line.hasPrefix("cpu ")
        else { return nil }
        let fields = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
        guard fields.count >= 8 else { return nil }
        return fields[0] + fields[1] + fields[2] + fields[5] + fields[6]
    }
}
