import AsyncSequenceStyle
import CombineFramework
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// `histogram` (the composition pattern, docs/ORIGINS.md): counts every element and emits the bins, sorted
/// by key, once, when the source completes; that emission is part of every checksum. The source sends the
/// seeded Ints narrowed to `0..<16` (`value & 15`), so the counts stay a 16-key dictionary and the cost per
/// element is the counting, not the dictionary's growth. Per-event latency means nothing here and is not
/// measured.
///
/// `builtin` is the composition pattern's `histogramComposed`: OpenCombine's `reduce`, then `map`, erased
/// with `eraseToAnyPublisher`. `reduce` hands its closure the accumulator by value, so that row copies the
/// dictionary for every element.
public struct HistogramWorkload: StreamWorkload {
    public typealias Inputs = ValueTable<Int>
    public typealias Output = [HistogramBin]
    /// The counts so far, which must survive between batches as the operator's do.
    public typealias LoopCarry = [Int: Int]

    /// The number of distinct keys: the source sends `value & (keys - 1)`.
    public static let keys = 16

    public let baseName = "histogram"
    public let source: SourceKind
    public var summary: String {
        "\(source) (value & 15) -> histogram -> sink, one emission at completion "
            + "(builtin: reduce + map + eraseToAnyPublisher)"
    }
    public let operators: [OperatorID] = [.histogram]

    public init(source: SourceKind = .subject) {
        self.source = source
    }

    /// Counts in an array indexed by key, rather than the loop's dictionary.
    public func reference(input: SeededInput, count: Int) -> Checksum {
        var counts = [Int](repeating: 0, count: Self.keys)
        for index in 0..<count {
            counts[Self.key(input[index])] += 1
        }
        var bins: [HistogramBin] = []
        for (key, count) in counts.enumerated() where count > 0 {
            bins.append(HistogramBin(key: key, count: count))
        }
        var checksum = Checksum()
        bins.fold(into: &checksum)
        return checksum
    }

    public func makeInputs(_ input: SeededInput) -> ValueTable<Int> {
        ValueTable(input, Self.key)
    }

    public func makeLoopCarry() -> [Int: Int] { [:] }

    public func loop(input: ValueTable<Int>, range: Range<Int>, sink: OutputSink, carry counts: inout [Int: Int]) {
        for index in range {
            HistogramBin.counting(&counts, input[index])
        }
    }

    public func loopFinish(sink: OutputSink, carry counts: inout [Int: Int]) {
        sink.receive(HistogramBin.bins(from: counts))
        // Released with the end of the stream, as the operators release theirs.
        counts = [:]
    }

    public var measuresLatency: Bool { false }

    public func buildCombine<Style: CombineOperatorStyle, Source: Publisher>(
        _ style: Style.Type, source: Source, output: CombineOutput<[HistogramBin]>
    ) throws where Source.Output == Int, Source.Failure == Never {
        try Style.histogram(source, into: SubscribeOutput(output: output))
    }

    public func buildRx<Rx: RxLibrary>(source: RxObservable<Rx, Int>) -> RxObservable<Rx, [HistogramBin]> {
        source.histogram()
    }

    public func buildSimpleCombine<Source: SimplePublisher>(source: Source, output: SimpleCombineOutput<[HistogramBin]>)
    where Source.Output == Int, Source.Failure == Never {
        source.histogram().subscribe(output)
    }

    public func buildAsync<Builder: AsyncPipelineBuilder>(_ builder: Builder) -> Builder.Result
    where Builder.SourceElement == Int, Builder.Input == [HistogramBin] {
        builder.reducing { try await $0.histogram() }
    }

    /// The key a seeded Int is counted under.
    @inline(__always)
    static func key(_ value: Int) -> Int { value & (keys - 1) }
}
