import Harness
import Implementations
import OpenCombine
import RxCore
import RxSinks
import StyleKit

/// Subscription churn: per unit, subscribe a `map` stage to a live subject, deliver one element (which
/// proves the subscription works and feeds the checksum), cancel. Measures time, allocations and bytes
/// per subscription. After the loop a sentinel element is sent: a subscription that survived its cancel
/// would receive it and break the checksum.
public struct SubscribeChurnWorkload: Workload {
    public let name = "subscribeChurn"
    public let summary = "subscribe subject -> map -> sink, deliver one element, cancel; per subscription"
    public let unit = MeasuredUnit.subscription
    public let operators: [OperatorID] = [.map]

    static let sentinel = Int.min

    public init() {}

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        for index in 0..<count {
            checksum.combine(Transforms.map(input[index]))
        }
        return checksum
    }

    public func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        switch implementation.family {
        case .loop: return LoopChurnCell(input: input)
        case .rx: return RxChurnCell(input: input)
        case .combine: return makeCombineCell(implementation.combineStyle!, input: input)
        }
    }

    private func makeCombineCell<Style: CombineOperatorStyle>(_ style: Style.Type, input: SeededInput) -> any Cell {
        CombineChurnCell<Style>(input: input)
    }
}

// MARK: - Cells

/// The floor: registering a handler object in a list and removing it again.
private final class LoopChurnCell: Cell {
    private final class Registration {
        let transform: (Int) -> Int
        init(_ transform: @escaping (Int) -> Int) { self.transform = transform }
    }

    let sink = OutputSink()
    private let input: SeededInput
    private var registrations: [Registration] = []

    init(input: SeededInput) { self.input = input }

    func setUp() {
        registrations.reserveCapacity(1)
    }

    func run(from start: Int, count: Int) {
        for index in start..<(start + count) {
            registrations.append(Registration(Transforms.map))
            for registration in registrations {
                sink.receive(registration.transform(input[index]))
            }
            registrations.removeLast()
        }
    }

    func tearDown() {
        for registration in registrations {
            sink.receive(registration.transform(SubscribeChurnWorkload.sentinel))
        }
        registrations = []
        sink.receiveCompletion()
    }
}

private final class CombineChurnCell<Style: CombineOperatorStyle>: Cell {
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
            try! Style.map(source, Transforms.map, into: SubscribeOutput(output: output))
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
    private var source: PublishSubject<Int>?

    init(input: SeededInput) { self.input = input }

    func setUp() {
        source = PublishSubject()
    }

    func run(from start: Int, count: Int) {
        let source = self.source!
        for index in start..<(start + count) {
            let subscription = source.map(Transforms.map).subscribe(RxOutput(sink: sink))
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
