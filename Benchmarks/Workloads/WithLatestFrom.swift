import CombineFramework
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// `withLatestFrom` (the custom-operator and Producer/Sink patterns): every primary element combined with
/// the secondary's latest value. The secondary sends before every `period`-th primary element, the first
/// one included, so every primary element finds a latest value and emits.
public struct WithLatestFromWorkload: TwoInputWorkload {
    public typealias Output = Int
    /// The secondary's latest value.
    public typealias LoopState = Int?

    /// Every period `run --full` measures; the default run keeps the middle one.
    public static let periods = [1, 10, 100]

    /// Every period of ``periods`` over `source`.
    public static func sweep(_ source: SourceKind = .subject) -> [WithLatestFromWorkload] {
        periods.map { WithLatestFromWorkload(period: $0, source: source) }
    }

    public let schedule: TwoInputSchedule
    public let operators: [OperatorID] = [.withLatestFrom]
    public let source: SourceKind

    public init(period: Int, source: SourceKind = .subject) {
        schedule = TwoInputSchedule(period: period)
        self.source = source
    }

    public var baseName: String { "withLatestFrom (\(schedule.period))" }
    public var scenario: String { "withLatestFrom" }
    public var parameter: String? { String(schedule.period) }
    public var parameterTitle: String? { "primary elements per secondary element" }
    public var summary: String {
        "primary -> withLatestFrom(secondary) -> sink; secondary sends before every k-th primary element, "
            + "k = \(schedule.period), two \(source) sources"
    }

    public func reference(input: SeededInput, count: Int) -> Checksum {
        var checksum = Checksum()
        var latest: Int?
        for index in 0..<count {
            if index % schedule.period == 0 {
                latest = input[index] ^ TwoInputSchedule.secondaryMask
            }
            if let latest {
                checksum.combine(Transforms.combine(input[index], latest))
            }
        }
        return checksum
    }

    public func makeLoopState() -> Int? { nil }

    @inline(__always)
    public func loopStep(_ event: TwoInputSchedule.Event, sink: OutputSink, state latest: inout Int?) {
        switch event {
        case .secondary(let value):
            latest = value
        case .primary(let value):
            guard let latest else { return }
            sink.receive(Transforms.combine(value, latest))
        }
    }

    public func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, primary: Source, secondary: Source, output: CombineOutput<Int>
    ) throws where Source.Output == Int, Source.Failure == Never {
        try Style.withLatestFrom(primary, secondary, { Transforms.combine($0, $1) }, into: SubscribeOutput(output: output))
    }

    public func buildRx<Rx: RxLibrary>(primary: RxObservable<Rx, Int>, secondary: RxObservable<Rx, Int>) -> RxObservable<Rx, Int> {
        primary.withLatestFrom(secondary) { Transforms.combine($0, $1) }
    }

    public func buildSimpleCombine<Source: SimplePublisher>(
        primary: Source, secondary: Source, output: SimpleCombineOutput<Int>
    ) where Source.Output == Int, Source.Failure == Never {
        primary.withLatestFrom(secondary) { Transforms.combine($0, $1) }.subscribe(output)
    }
}
