import DirectSources
import RxCore

/// A source an Rx cell sends its elements into, of either library (``RxLibrary``): the Rx core's
/// `PublishSubject` or the project's `DirectObservable` (``SourceKind``), or RxSwift's `PublishSubject`.
protocol RxCellSource<Element>: AnyObject {
    associatedtype Element
    associatedtype Library: RxLibrary

    init()

    /// This source as an observable of its library, for a workload's pipeline.
    var observable: RxObservable<Library, Element> { get }

    func sendNext(_ element: Element)
    func sendCompleted()

    /// Sends units `range` of `inputs` through `workload`'s `send` for this source type (see
    /// ``CombineCellSource``).
    static func send<W: StreamWorkload>(
        _ range: Range<Int>, of inputs: W.Inputs, to source: Self, by workload: W, sink: OutputSink
    ) where W.Inputs.Element == Element
}

/// A source of the project's core: an `Observable` and an `ObserverType` of its own.
protocol RxCoreCellSource: RxCellSource, ObservableType, ObserverType where Library == RxCoreLibrary {}

extension RxCoreCellSource {
    var observable: RxObservable<RxCoreLibrary, Element> { RxCoreLibrary.wrap(asObservable()) }

    @inline(__always)
    func sendNext(_ element: Element) { on(.next(element)) }

    func sendCompleted() { on(.completed) }
}

extension PublishSubject: RxCoreCellSource {
    static func send<W: StreamWorkload>(
        _ range: Range<Int>, of inputs: W.Inputs, to source: PublishSubject, by workload: W, sink: OutputSink
    ) where W.Inputs.Element == Element {
        workload.send(range, of: inputs, to: source, sink: sink)
    }
}

extension DirectObservable: RxCoreCellSource {
    static func send<W: StreamWorkload>(
        _ range: Range<Int>, of inputs: W.Inputs, to source: DirectObservable, by workload: W, sink: OutputSink
    ) where W.Inputs.Element == Element {
        workload.send(range, of: inputs, to: source, sink: sink)
    }
}

// MARK: - The source of a row

/// Work to do with the source type of an Rx row, given as a concrete type: see ``rxCellSource(_:_:_:)``.
protocol RxCellSourceVisitor {
    associatedtype Element
    func visit<Source: RxCellSource>(_ source: Source.Type) -> any Cell where Source.Element == Element
}

/// Calls `visitor` with the source type of `implementation`'s library over `kind`: the one place that
/// picks the library of an Rx row. Inlined into each workload's `makeCell`, so that what `visitor` builds
/// is specialised for the workload, the library and the source.
///
/// - Precondition: `implementation` is of the Rx family and runs over `kind` (``Workload/unsupportedReason(for:)``).
@inline(__always)
func rxCellSource<Visitor: RxCellSourceVisitor>(
    _ implementation: Implementation, _ kind: SourceKind, _ visitor: Visitor
) -> any Cell {
    switch (implementation.id, kind) {
    #if REACTIVE_BENCH_RXSWIFT
    case (.rxSwift, _): visitor.visit(RxSwiftSubject<Visitor.Element>.self)
    #endif
    case (_, .subject): visitor.visit(PublishSubject<Visitor.Element>.self)
    case (_, .direct): visitor.visit(DirectObservable<Visitor.Element>.self)
    }
}
