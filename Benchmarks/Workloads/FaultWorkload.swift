import Foundation
import Harness
import StyleKit

/// Workloads that misbehave on purpose, to prove that the harness survives them: registered only when
/// `REACTIVE_BENCH_TEST_FAULTS=1` is in the environment (the tests set it), never in a normal run.
///
/// Each runs `map` like ``MapWorkload`` for the baseline and misbehaves for every other implementation:
/// `crash` dereferences a null pointer in the timed region (SIGSEGV), `trap` fails a Swift precondition
/// (SIGILL/SIGTRAP), `hang` never returns from the timed region, `leak` keeps a reference cycle per
/// repetition (it must show up as `retained_bytes`), and `orphan` starts a process that holds the cell's
/// stdout and stderr for 1000 s, named ``orphanMarker``, then crashes: what the Swift runtime's
/// backtracer once did when it blocked after the cell died, and the run waited for ever.
public struct FaultWorkload: Workload {
    public enum Fault: String, CaseIterable, Sendable {
        case crash, trap, hang, leak, orphan
    }

    /// The name (`argv[0]`) of the process the `orphan` fault leaves behind, for tests to look for.
    public static let orphanMarker = "reactive-bench-test-orphan"

    static let environmentKey = "REACTIVE_BENCH_TEST_FAULTS"

    /// Every fault workload, when the environment asks for them; otherwise none.
    static var registered: [FaultWorkload] {
        ProcessInfo.processInfo.environment[environmentKey] == "1" ? Fault.allCases.map(FaultWorkload.init) : []
    }

    public let fault: Fault
    public let operators: [OperatorID] = [.map]
    private let map = MapWorkload()

    public init(_ fault: Fault) { self.fault = fault }

    public var name: String { "fault (\(fault.rawValue))" }
    public var scenario: String { "fault" }
    public var parameter: String? { fault.rawValue }
    public var summary: String { "test only: map that \(fault.rawValue)s outside the baseline" }
    public var unit: MeasuredUnit { .element }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        map.reference(input: input, count: count)
    }

    public func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        let cell = map.makeCell(for: implementation, input: input)
        return implementation.family == .loop ? cell : FaultyCell(wrapping: cell, fault: fault)
    }
}

// MARK: - Cell

private final class FaultyCell: Cell {
    /// Two objects that keep each other alive: what `leak` leaves behind per repetition.
    private final class Node {
        var other: Node?
        let payload = [Int](repeating: 7, count: 64)
    }

    private let wrapped: any Cell
    private let fault: FaultWorkload.Fault
    private var runs = 0

    init(wrapping wrapped: any Cell, fault: FaultWorkload.Fault) {
        self.wrapped = wrapped
        self.fault = fault
    }

    var sink: OutputSink { wrapped.sink }

    func setUp() throws {
        try wrapped.setUp()
        if fault == .leak {
            let first = Node(), second = Node()
            first.other = second
            second.other = first
        }
    }

    func run(from start: Int, count: Int) {
        wrapped.run(from: start, count: count)
        runs += 1
        // The pilot runs once; misbehave in the measured repetitions.
        guard runs > 2 else { return }
        switch fault {
        case .crash:
            crash(start)
        case .orphan:
            startOrphan()
            crash(start)
        case .trap:
            precondition(blackHoleValue(start) < 0, "deliberate trap in a test-only workload")
        case .hang:
            while true { sleep(1) }
        case .leak:
            break
        }
    }

    func tearDown() { wrapped.tearDown() }

    private func crash(_ value: Int) {
        let null = UnsafeMutablePointer<Int>(bitPattern: 0x10)!
        null.pointee = blackHoleValue(value)
    }

    /// `sleep 1000` under the name ``FaultWorkload/orphanMarker``, inheriting every descriptor.
    private func startOrphan() {
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(FaultWorkload.orphanMarker), strdup("1000"), nil]
        defer { arguments.forEach { free($0) } }
        var child: pid_t = 0
        _ = posix_spawn(&child, "/bin/sleep", nil, nil, arguments, environ)
    }

    private func blackHoleValue(_ value: Int) -> Int {
        blackHole(value)
        return value
    }
}
