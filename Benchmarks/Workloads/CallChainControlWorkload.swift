import Foundation
import Harness
import StyleKit

/// A control for the chains that grow faster than linear: per element, `depth` nested calls, each frame
/// one of `functions` distinct functions in turn, as a pipeline's stages nest their `receive` calls. With
/// one function every return goes back to the same place; with several, the returns differ, as they do
/// in a chain of stages (four frames per stage in `anySubscriber`, three in `classSubscription`), and a
/// CPU's return-address predictor, a stack of a few dozen entries, predicts none of them once the chain is
/// deeper than it. Registered like the anatomy controls (`REACTIVE_BENCH_TEST_ANATOMY=1`), in the
/// baseline's row only; docs/PROFILES.md has what it measured.
public struct CallChainControlWorkload: Workload {
    /// The depths the sweep measures, around the predictor's size.
    public static let depths = [8, 16, 24, 28, 32, 36, 40, 48, 64]

    /// Every control: each depth with one function and with four.
    public static let all: [CallChainControlWorkload] = [1, 4].flatMap { functions in
        depths.map { CallChainControlWorkload(depth: $0, functions: functions) }
    }

    static var registered: [CallChainControlWorkload] {
        ProcessInfo.processInfo.environment[AnatomyControlWorkload.environmentKey] == "1" ? all : []
    }

    public let depth: Int
    /// 1 or 4: how many distinct functions the frames cycle through.
    public let functions: Int
    public let operators: [OperatorID] = []

    public init(depth: Int, functions: Int) {
        precondition(depth > 0 && [1, 4].contains(functions), "a chain of 1 or 4 functions, at least one deep")
        self.depth = depth
        self.functions = functions
    }

    public var name: String { "callChainControl (\(parameter!))" }
    public var scenario: String { "callChainControl" }
    public var parameter: String? { "\(depth) frames of \(functions == 1 ? "one function" : "\(functions) functions")" }
    public var summary: String { "test only: \(depth) nested calls per element, through \(parameter!)" }
    public var unit: MeasuredUnit { .element }

    public func unsupportedReason(for implementation: Implementation) -> String? {
        implementation.family == .loop ? nil : "a control of the call depth: it runs in the baseline's row only"
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        for index in 0..<count {
            checksum.combine(CallChain.expected(input[index], depth: depth))
        }
        return checksum
    }

    public func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        CallChainCell(depth: depth, functions: functions, input: input)
    }
}

private final class CallChainCell: Cell {
    let sink = OutputSink()
    private let depth: Int
    private let functions: Int
    private let input: SeededInput

    init(depth: Int, functions: Int, input: SeededInput) {
        self.depth = depth
        self.functions = functions
        self.input = input
    }

    func setUp() {}

    func tearDown() {}

    func run(from start: Int, count: Int) {
        if functions == 1 {
            for index in start..<(start + count) {
                sink.receive(CallChain.same(input[index], depth))
            }
        } else {
            for index in start..<(start + count) {
                sink.receive(CallChain.first(input[index], depth))
            }
        }
    }
}

/// The chains. Each frame folds its callee's result into its own (`x * 31 + depth`, which the optimiser
/// cannot turn into a loop as it does a recursion that only adds or xors), so no call is a tail call, and
/// none is inlined.
enum CallChain {
    /// What every chain returns for `value`, computed without calls: the reference.
    static func expected(_ value: Int, depth: Int) -> Int {
        var result = value &+ depth
        for level in 1...depth {
            result = result &* 31 &+ level
        }
        return result
    }

    @inline(never) static func same(_ value: Int, _ depth: Int) -> Int {
        depth == 0 ? value : same(value &+ 1, depth &- 1) &* 31 &+ depth
    }

    @inline(never) static func first(_ value: Int, _ depth: Int) -> Int {
        depth == 0 ? value : second(value &+ 1, depth &- 1) &* 31 &+ depth
    }

    @inline(never) static func second(_ value: Int, _ depth: Int) -> Int {
        depth == 0 ? value : third(value &+ 1, depth &- 1) &* 31 &+ depth
    }

    @inline(never) static func third(_ value: Int, _ depth: Int) -> Int {
        depth == 0 ? value : fourth(value &+ 1, depth &- 1) &* 31 &+ depth
    }

    @inline(never) static func fourth(_ value: Int, _ depth: Int) -> Int {
        depth == 0 ? value : first(value &+ 1, depth &- 1) &* 31 &+ depth
    }
}
