import ReactiveBenchConformance
import RxCore
import RxSinks
import StyleKit

/// Builds an Rx operator over two inputs and subscribes a ``RecordingObserver`` to it, with the shared
/// `Transforms`: the Rx counterpart of the library's `CombineAttach`.
enum RxAttach {
    static func attach(
        _ operation: OperatorID,
        _ primary: Observable<Int>,
        _ secondary: Observable<Int>,
        disposeAfter: Int? = nil
    ) -> RxDownstream {
        switch operation {
        case .map: record(primary.map(Transforms.map), disposeAfter: disposeAfter)
        case .filter: record(primary.filter(Transforms.isIncluded), disposeAfter: disposeAfter)
        case .scan: record(primary.scan(Transforms.scanInitial, accumulator: Transforms.scan), disposeAfter: disposeAfter)
        case .modulus: record(primary.modulus(Transforms.modulo), disposeAfter: disposeAfter)
        case .histogram: record(primary.histogram(), disposeAfter: disposeAfter)
        case .withLatestFrom:
            record(primary.withLatestFrom(secondary, resultSelector: Transforms.combine), disposeAfter: disposeAfter)
        case .sample: record(primary.sample(secondary), disposeAfter: disposeAfter)
        case .sampleWithFrom:
            record(primary.sampleWithFrom(secondary, resultSelector: Transforms.combine), disposeAfter: disposeAfter)
        }
    }

    /// Subscribes a ``RecordingObserver`` to `observable`; with `disposeAfter`, it disposes its subscription
    /// from inside its handler of that many-th element.
    static func record<Source: ObservableType>(_ observable: Source, disposeAfter: Int?) -> RxDownstream {
        let observer = RecordingObserver<Source.Element>(disposeAfter: disposeAfter)
        let subscription = observable.subscribe(observer)
        if disposeAfter != nil { observer.attach(subscription) }
        return RxDownstream(observer: observer, subscription: subscription)
    }
}
