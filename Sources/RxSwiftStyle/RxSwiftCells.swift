import RxSwift
import Workloads

/// A prototype of the optional `rxSwift` row (issue 14): the Rx family's cells over real RxSwift, built
/// only when `REACTIVE_BENCH_RXSWIFT` names a local RxSwift checkout (see Package.swift). Not yet wired
/// into the registry: the workloads will build their Rx pipelines once for both libraries after they
/// are reshaped; until then each pipeline below repeats the expression of its workload's `buildRx`.
public enum RxSwiftCells {
    /// A cell that runs `workload` over RxSwift, or nil when the prototype has no pipeline for it.
    public static func makeCell(for workload: any Workload, input: SeededInput) -> (any Cell)? {
        switch workload {
        case is FloorWorkload:
            return StreamCell(input: input) { $0.asObservable() }
        case is MapWorkload:
            return StreamCell(input: input) { $0.map(Transforms.map) }
        case is FilterWorkload:
            return StreamCell(input: input) { $0.filter(Transforms.isEven) }
        case is ScanWorkload:
            return StreamCell(input: input) { $0.scan(0, accumulator: Transforms.sum) }
        case is MapFilterScanWorkload:
            return StreamCell(input: input) {
                $0.map(Transforms.map).filter(Transforms.isEven).scan(0, accumulator: Transforms.sum)
            }
        case let pipeline as PipelineDepthWorkload:
            let depth = pipeline.depth
            return StreamCell(input: input) { source in
                (0..<depth).reduce(source.asObservable()) { observable, _ in observable.map(Transforms.map) }
            }
        case let withLatestFrom as WithLatestFromWorkload:
            return TwoInputCell(schedule: withLatestFrom.schedule, input: input) { primary, secondary in
                primary.withLatestFrom(secondary, resultSelector: Transforms.combine)
            }
        case let sample as SampleWorkload:
            return TwoInputCell(schedule: sample.schedule, input: input) { primary, secondary in
                primary.sample(secondary)
            }
        case let churn as SubscribeChurnWorkload:
            return ChurnCell(depth: churn.depth, input: input)
        default:
            return nil
        }
    }
}

// MARK: - Cells

/// The downstream end of every RxSwift cell, as `RxOutput` is of the Rx core's.
final class RxSwiftOutput<Element: Checksummable>: ObserverType {
    let sink: OutputSink

    init(sink: OutputSink) { self.sink = sink }

    @inline(__always)
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value): sink.receive(value)
        case .error, .completed: sink.receiveCompletion()
        }
    }
}

/// subject -> pipeline -> sink, one Int per unit.
final class StreamCell<Output: Checksummable>: Cell {
    let sink = OutputSink()
    private let input: SeededInput
    private let build: (PublishSubject<Int>) -> Observable<Output>
    private var source: PublishSubject<Int>?
    private var subscription: Disposable?

    init(input: SeededInput, build: @escaping (PublishSubject<Int>) -> Observable<Output>) {
        self.input = input
        self.build = build
    }

    func setUp() {
        let source = PublishSubject<Int>()
        subscription = build(source).subscribe(RxSwiftOutput(sink: sink))
        self.source = source
    }

    func run(from start: Int, count: Int) {
        let source = self.source!
        for index in start..<(start + count) {
            source.on(.next(input[index]))
        }
    }

    func tearDown() {
        source?.on(.completed)
        subscription?.dispose()
        subscription = nil
        source = nil
    }
}

/// primary and secondary subjects on a `TwoInputSchedule` -> pipeline -> sink.
final class TwoInputCell<Output: Checksummable>: Cell {
    let sink = OutputSink()
    private let schedule: TwoInputSchedule
    private let input: SeededInput
    private let build: (PublishSubject<Int>, PublishSubject<Int>) -> Observable<Output>
    private var sources: (primary: PublishSubject<Int>, secondary: PublishSubject<Int>)?
    private var subscription: Disposable?

    init(
        schedule: TwoInputSchedule, input: SeededInput,
        build: @escaping (PublishSubject<Int>, PublishSubject<Int>) -> Observable<Output>
    ) {
        self.schedule = schedule
        self.input = input
        self.build = build
    }

    func setUp() {
        let primary = PublishSubject<Int>(), secondary = PublishSubject<Int>()
        subscription = build(primary, secondary).subscribe(RxSwiftOutput(sink: sink))
        sources = (primary, secondary)
    }

    func run(from start: Int, count: Int) {
        let (primary, secondary) = sources!
        schedule.forEach(
            start..<(start + count), of: input,
            secondary: { secondary.on(.next($0)) },
            primary: { primary.on(.next($0)) }
        )
    }

    func tearDown() {
        sources?.primary.on(.completed)
        sources?.secondary.on(.completed)
        subscription?.dispose()
        subscription = nil
        sources = nil
    }
}

/// Per unit: subscribe subject -> `depth` maps -> sink, deliver one element, dispose.
final class ChurnCell: Cell {
    static let sentinel = Int.min

    let sink = OutputSink()
    private let depth: Int
    private let input: SeededInput
    private var source: PublishSubject<Int>?

    init(depth: Int, input: SeededInput) {
        self.depth = depth
        self.input = input
    }

    func setUp() {
        source = PublishSubject()
    }

    func run(from start: Int, count: Int) {
        let source = self.source!
        for index in start..<(start + count) {
            var chain = source.map(Transforms.map)
            for _ in 1..<depth {
                chain = chain.map(Transforms.map)
            }
            let subscription = chain.subscribe(RxSwiftOutput(sink: sink))
            source.on(.next(input[index]))
            subscription.dispose()
        }
    }

    func tearDown() {
        source?.on(.next(Self.sentinel))
        source?.on(.completed)
        source = nil
    }
}
