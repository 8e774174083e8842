import OpenCombine
import RxCore
import RxSinks
import StyleKit

/// `withLatestFrom` (seeds 000 and 003): every primary element combined with the secondary's latest
/// value. The secondary sends before every `period`-th primary element, the first one included, so every
/// primary element finds a latest value and emits.
public struct WithLatestFromWorkload: TwoInputWorkload {
    public typealias Output = Int
    /// The secondary's latest value.
    public typealias LoopState = Int?

    /// Every period `run --full` measures; the default run keeps the middle one.
    public static let sweep = [1, 10, 100].map(WithLatestFromWorkload.init)

    public let schedule: TwoInputSchedule
    public let operators: [OperatorID] = [.withLatestFrom]

    public init(period: Int) { schedule = TwoInputSchedule(period: period) }

    public var name: String { "withLatestFrom (\(schedule.period))" }
    public var scenario: String { "withLatestFrom" }
    public var parameter: String? { String(schedule.period) }
    public var summary: String {
        "primary -> withLatestFrom(secondary) -> sink; secondary sends before every k-th primary element, k = \(schedule.period)"
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

    public func buildCombine<Style: CombineOperatorStyle>(
        _ style: Style.Type, primary: PassthroughSubject<Int, Never>, secondary: PassthroughSubject<Int, Never>,
        output: CombineOutput<Int>
    ) throws {
        try Style.withLatestFrom(primary, secondary, Transforms.combine, into: SubscribeOutput(output: output))
    }

    public func buildRx(primary: PublishSubject<Int>, secondary: PublishSubject<Int>) -> Observable<Int> {
        primary.withLatestFrom(secondary, resultSelector: Transforms.combine)
    }
}
