import CombineFramework
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// `sampleWithFrom` (the Producer/Sink pattern's variant): a primary element is combined with the
/// secondary's latest value only if that value was not used yet. The secondary sends just before every
/// `period`-th primary element, which uses it: one emission per `period` primary elements, the others are
/// dropped.
public struct SampleWithFromWorkload: TwoInputWorkload {
    public typealias Output = Int
    /// The secondary's value not used yet.
    public typealias LoopState = Int?

    /// Every period `run --full` measures; the default run keeps the middle one.
    public static let periods = [1, 10, 100]

    /// Every period of ``periods`` over `source`.
    public static func sweep(_ source: SourceKind = .subject) -> [SampleWithFromWorkload] {
        periods.map { SampleWithFromWorkload(period: $0, source: source) }
    }

    public let schedule: TwoInputSchedule
    public let operators: [OperatorID] = [.sampleWithFrom]
    public let source: SourceKind

    public init(period: Int, source: SourceKind = .subject) {
        schedule = TwoInputSchedule(period: period)
        self.source = source
    }

    public var baseName: String { "sampleWithFrom (\(schedule.period))" }
    public var scenario: String { "sampleWithFrom" }
    public var parameter: String? { String(schedule.period) }
    public var parameterTitle: String? { "primary elements per secondary element" }
    public var summary: String {
        "primary -> sampleWithFrom(secondary) -> sink; secondary sends before every k-th primary element, "
            + "k = \(schedule.period), two \(source) sources"
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        var unused: Int?
        for index in 0..<count {
            if index % schedule.period == 0 {
                unused = input[index] ^ TwoInputSchedule.secondaryMask
            }
            if let value = unused {
                checksum.combine(Transforms.combine(input[index], value))
                unused = nil
            }
        }
        return checksum
    }

    public func makeLoopState() -> Int? { nil }

    @inline(__always)
    public func loopStep(_ event: TwoInputSchedule.Event, sink: OutputSink, state unused: inout Int?) {
        switch event {
        case .secondary(let value):
            unused = value
        case .primary(let value):
            guard let secondary = unused else { return }
            unused = nil
            sink.receive(Transforms.combine(value, secondary))
        }
    }

    public func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, primary: Source, secondary: Source, output: CombineOutput<Int>
    ) throws where Source.Output == Int, Source.Failure == Never {
        try Style.sampleWithFrom(primary, secondary, { Transforms.combine($0, $1) }, into: SubscribeOutput(output: output))
    }

    public func buildRx<Rx: RxLibrary>(primary: RxObservable<Rx, Int>, secondary: RxObservable<Rx, Int>) -> RxObservable<Rx, Int> {
        primary.sampleWithFrom(secondary) { Transforms.combine($0, $1) }
    }

    public func buildSimpleCombine<Source: SimplePublisher>(
        primary: Source, secondary: Source, output: SimpleCombineOutput<Int>
    ) where Source.Output == Int, Source.Failure == Never {
        primary.sampleWithFrom(secondary) { Transforms.combine($0, $1) }.subscribe(output)
    }
}
