import Harness
import Implementations
import OpenCombine
import RxCore
import RxSinks
import StyleKit

/// Subscription churn: per unit, subscribe a chain of `depth` `map` stages to a live subject, deliver
/// one element (which proves the subscription works and feeds the checksum), cancel. Measures time,
/// allocations and bytes per subscription; `retained_bytes` shows what the cancelled chains kept.
/// After the loop a sentinel element is sent: a subscription that survived its cancel would receive it
/// and break the checksum.
///
/// The depths are named `subscribeChurn (1)`, `(4)` and `(16)`; all three share the scenario
/// `subscribeChurn` and carry their depth in the CSV's `parameter` column.
public struct SubscribeChurnWorkload: Workload {
    /// Every depth `run --full` measures; the default run keeps the middle one.
    public static let sweep: [SubscribeChurnWorkload] = [
        SubscribeChurnWorkload(), SubscribeChurnWorkload(FourMaps.self), SubscribeChurnWorkload(SixteenMaps.self),
    ]

    public let summary: String
    public let unit = MeasuredUnit.subscription
    public let operators: [OperatorID] = [.map]
    /// The chain, as a type, so that Combine-family chains are built with their full static type.
    private let chain: any MapChainDepth.Type

    static let sentinel = Int.min

    /// Depth 1: subject -> map -> sink.
    public init() {
        self.init(OneMap.self)
    }

    public init(_ chain: any MapChainDepth.Type) {
        self.chain = chain
        summary = "subscribe subject -> \(chain.depth == 1 ? "map" : "\(chain.depth) x map") -> sink, "
            + "deliver one element, cancel; per subscription"
    }

    public var depth: Int { chain.depth }
    public var name: String { "\(scenario) (\(depth))" }
    public var scenario: String { "subscribeChurn" }
    public var sweepAxis: SweepAxis? { .stage }
    public var parameter: String? { String(depth) }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        for index in 0..<count {
            checksum.combine(Self.mapped(input[index], depth: depth))
        }
        return checksum
    }

    /// `value` through `depth` maps.
    static func mapped(_ value: Int, depth: Int) -> Int {
        var value = value
        for _ in 0..<depth {
            value = Transforms.map(value)
        }
        return value
    }

    public func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        switch implementation.family {
        case .loop: return LoopChurnCell(input: input, depth: depth)
        case .rx: return RxChurnCell(input: input, depth: depth)
        case .combine: return makeCombineCell(implementation.combineStyle!, chain, input: input)
        }
    }

    private func makeCombineCell<Style: CombineOperatorStyle, Chain: MapChainDepth>(
        _ style: Style.Type, _ chain: Chain.Type, input: SeededInput
    ) -> any Cell {
        CombineChurnCell<Style, Chain>(input: input)
    }
}

// MARK: - Cells

/// The floor: registering a chain of handler objects (one per stage) in a list and removing it again.
private final class LoopChurnCell: Cell {
    private final class Stage {
        let transform: (Int) -> Int
        let next: Stage?

        init(_ transform: @escaping (Int) -> Int, next: Stage?) {
            self.transform = transform
            self.next = next
        }

        func deliver(_ value: Int) -> Int {
            var value = transform(value)
            var stage = next
            while let current = stage {
                value = current.transform(value)
                stage = current.next
            }
            return value
        }
    }

    let sink = OutputSink()
    private let input: SeededInput
    private let depth: Int
    private var registrations: [Stage] = []

    init(input: SeededInput, depth: Int) {
        self.input = input
        self.depth = depth
    }

    func setUp() {
        registrations.reserveCapacity(1)
    }

    func run(from start: Int, count: Int) {
        for index in start..<(start + count) {
            var chain = Stage(Transforms.map, next: nil)
            for _ in 1..<depth {
                chain = Stage(Transforms.map, next: chain)
            }
            registrations.append(chain)
            for registration in registrations {
                sink.receive(registration.deliver(input[index]))
            }
            registrations.removeLast()
        }
    }

    func tearDown() {
        for registration in registrations {
            sink.receive(registration.deliver(SubscribeChurnWorkload.sentinel))
        }
        registrations = []
        sink.receiveCompletion()
    }
}

private final class CombineChurnCell<Style: CombineOperatorStyle, Chain: MapChainDepth>: Cell {
    let sink = OutputSink()
    private let input: SeededInput
    private var source: PassthroughSubject<Int, Never>?

    init(input: SeededInput) { self.input = input }

    func setUp() {
        source = PassthroughSubject()
    }

    func run(from start: Int, count: Int) {
        let source = self.source!
        for index in start..<(start + count) {
            let output = CombineOutput<Int>(sink: sink)
            // Support for `map` was checked before the cell was made; the conformance suite checks that
            // every style builds what it claims to support.
            try! Chain.build(Style.self, source, into: SubscribeOutput(output: output))
            source.send(input[index])
            output.cancel()
        }
    }

    func tearDown() {
        source?.send(SubscribeChurnWorkload.sentinel)
        source?.send(completion: .finished)
        source = nil
    }
}

private final class RxChurnCell: Cell {
    let sink = OutputSink()
    private let input: SeededInput
    private let depth: Int
    private var source: PublishSubject<Int>?

    init(input: SeededInput, depth: Int) {
        self.input = input
        self.depth = depth
    }

    func setUp() {
        source = PublishSubject()
    }

    func run(from start: Int, count: Int) {
        let source = self.source!
        for index in start..<(start + count) {
            // The Rx family's operators return `Observable`: a chain built in a loop is what apps build.
            var chain = source.map(Transforms.map)
            for _ in 1..<depth {
                chain = chain.map(Transforms.map)
            }
            let subscription = chain.subscribe(RxOutput(sink: sink))
            source.on(.next(input[index]))
            subscription.dispose()
        }
    }

    func tearDown() {
        source?.on(.next(SubscribeChurnWorkload.sentinel))
        source?.on(.completed)
        source = nil
    }
}
