import CombineFramework
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// `sample` (RxSwift's `sample`, the Producer/Sink pattern): the secondary is the sampler. Each of its
/// ticks, sent just before every `period`-th primary element, emits the latest primary element not yet
/// emitted; at the end the primary completes, then the sampler, which emits what is still pending and
/// finishes.
public struct SampleWorkload: TwoInputWorkload {
    public typealias Output = Int
    /// The latest primary element not yet emitted.
    public typealias LoopState = Int?

    /// Every period `run --full` measures; the default run keeps the middle one.
    public static let periods = [1, 10, 100]

    /// Every period of ``periods`` over `source`.
    public static func sweep(_ source: SourceKind = .subject) -> [SampleWorkload] {
        periods.map { SampleWorkload(period: $0, source: source) }
    }

    public let schedule: TwoInputSchedule
    public let operators: [OperatorID] = [.sample]
    public let source: SourceKind

    public init(period: Int, source: SourceKind = .subject) {
        schedule = TwoInputSchedule(period: period)
        self.source = source
    }

    public var baseName: String { "sample (\(schedule.period))" }
    public var scenario: String { "sample" }
    public var parameter: String? { String(schedule.period) }
    public var parameterTitle: String? { "primary elements per secondary element" }
    public var summary: String {
        "primary -> sample(secondary) -> sink; sampler ticks before every k-th primary element, "
            + "k = \(schedule.period), two \(source) sources"
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        var pending: Int?
        for index in 0..<count {
            if index % schedule.period == 0, let value = pending {
                checksum.combine(value)
                pending = nil
            }
            pending = input[index]
        }
        if let value = pending {
            checksum.combine(value)
        }
        return checksum
    }

    public func makeLoopState() -> Int? { nil }

    @inline(__always)
    public func loopStep(_ event: TwoInputSchedule.Event, sink: OutputSink, state pending: inout Int?) {
        switch event {
        case .primary(let value):
            pending = value
        case .secondary:
            guard let value = pending else { return }
            pending = nil
            sink.receive(value)
        }
    }

    public func loopFinish(sink: OutputSink, state pending: inout Int?) {
        guard let value = pending else { return }
        pending = nil
        sink.receive(value)
    }

    public func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, primary: Source, secondary: Source, output: CombineOutput<Int>
    ) throws where Source.Output == Int, Source.Failure == Never {
        try Style.sample(primary, secondary, into: SubscribeOutput(output: output))
    }

    public func buildRx<Rx: RxLibrary>(primary: RxObservable<Rx, Int>, secondary: RxObservable<Rx, Int>) -> RxObservable<Rx, Int> {
        primary.sample(secondary)
    }

    public func buildSimpleCombine<Source: SimplePublisher>(
        primary: Source, secondary: Source, output: SimpleCombineOutput<Int>
    ) where Source.Output == Int, Source.Failure == Never {
        primary.sample(secondary).subscribe(output)
    }
}
