import CEventControls
import Foundation
import Harness
import StyleKit

/// Controls for the call anatomy (`run --metric instructions`): registered only when
/// `REACTIVE_BENCH_TEST_ANATOMY=1` is in the environment (the tests set it), never in a normal run.
///
/// Each does one ``AnatomyControlAction`` k times per element and k times in its set-up, on the
/// baseline's row only. Its anatomy must read exactly k per element and k per subscription for the
/// action's counters; the action `none` must read 0 for every counter in both regions, which shows that
/// the harness adds nothing to a measured region (and so that k is the action's, not k plus a constant).
///
/// To read 0, the cell itself must do nothing countable in `run` but the action: it keeps no state in
/// class properties there (each modify of one is a dynamic exclusivity check, which the optimiser hoists
/// out of the loop: one per batch) and hands the sink nothing while measured. It records how far the
/// elements went in raw memory, and folds the inputs `0..<end` into the sink in `tearDown`, outside
/// every region: the checksum still proves that every element was run, in order.
public struct AnatomyControlWorkload: Workload {
    static let environmentKey = "REACTIVE_BENCH_TEST_ANATOMY"

    /// Every control, when the environment asks for them (``all``).
    static var registered: [AnatomyControlWorkload] {
        ProcessInfo.processInfo.environment[environmentKey] == "1" ? all : []
    }

    /// Every control: `none` once, every other action at k = 1 and 3. The price list measures them in every
    /// default run (``Scenarios/named(_:)`` finds them whatever the environment); `list` shows them only
    /// to the tests.
    public static let all: [AnatomyControlWorkload] = [AnatomyControlWorkload(.none, times: 0)]
        + AnatomyControlAction.allCases.filter { $0 != .none }.flatMap { action in
            [1, 3].map { AnatomyControlWorkload(action, times: $0) }
        }

    public let action: AnatomyControlAction
    /// k: how often the action runs per element and per subscription.
    public let times: Int
    public let operators: [OperatorID] = []

    public init(_ action: AnatomyControlAction, times: Int) {
        self.action = action
        self.times = times
    }

    public var name: String { "anatomyControl (\(parameter!))" }
    public var scenario: String { "anatomyControl" }
    public var parameter: String? { action == .none ? "none" : "\(action.rawValue) x\(times)" }
    public var summary: String { "test only: \(parameter!) per element and per subscription, in the baseline's row" }
    public var unit: MeasuredUnit { .element }

    public func unsupportedReason(for implementation: Implementation) -> String? {
        guard implementation.family == .loop else { return "a control of the call anatomy: it runs in the baseline's row only" }
        if action.eventControl != nil && cevent_supported() == 0 {
            return "a control written in x86-64 assembly (CEventControls): this machine is not x86-64"
        }
        return nil
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        for index in 0..<count {
            checksum.combine(input[index])
        }
        return checksum
    }

    public func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        AnatomyControlCell(action: action, times: times, input: input)
    }
}

// MARK: - Cell

private final class AnatomyControlCell: Cell {
    let sink = OutputSink()
    private let target: AnatomyControlTarget
    private let times: Int
    private let input: SeededInput
    /// One past the last element run, and whether the run went in order: raw memory, which no
    /// exclusivity check guards.
    private let progress = UnsafeMutablePointer<(end: Int, inOrder: Bool)>.allocate(capacity: 1)

    init(action: AnatomyControlAction, times: Int, input: SeededInput) {
        target = AnatomyControlTarget(action: action)
        self.times = times
        self.input = input
        progress.initialize(to: (end: 0, inOrder: true))
    }

    deinit {
        progress.deallocate()
    }

    func setUp() throws {
        guard target.isAvailable else { throw ControlUnavailable() }
        target.perform(times: times)
    }

    func run(from start: Int, count: Int) {
        for _ in start..<(start + count) {
            target.perform(times: times)
        }
        progress.pointee = (end: start + count, inOrder: progress.pointee.inOrder && start == progress.pointee.end)
    }

    /// Hands the sink what the elements run so far amount to (nothing, if they skipped or went back).
    func tearDown() {
        guard progress.pointee.inOrder else { return }
        for index in 0..<progress.pointee.end {
            sink.receive(input[index])
        }
    }
}

/// A C control's ring (256 KiB for `l1Miss`, 64 MiB for `llMiss`) could not be allocated.
private struct ControlUnavailable: Error, CustomStringConvertible {
    var description: String { "the control's ring could not be allocated" }
}
