import RxCore
import RxSinks
import StyleKit

/// Builds an Rx operator over two inputs and subscribes a ``RecordingObserver`` to it, with the shared
/// ``Transforms``: the Rx counterpart of ``CombineAttach``.
enum RxAttach {
    static func attach(
        _ operation: OperatorID,
        _ primary: Observable<Int>,
        _ secondary: Observable<Int>,
        disposeAfter: Int? = nil
    ) -> (observer: any RxRecording, subscription: Disposable) {
        func record<Element>(
            _ observable: Observable<Element>
        ) -> (observer: any RxRecording, subscription: Disposable) {
            let observer = RecordingObserver<Element>(disposeAfter: disposeAfter)
            let subscription = observable.subscribe(observer)
            if disposeAfter != nil { observer.attach(subscription) }
            return (observer, subscription)
        }
        return switch operation {
        case .map: record(primary.map(Transforms.map))
        case .filter: record(primary.filter(Transforms.isIncluded))
        case .scan: record(primary.scan(Transforms.scanInitial, accumulator: Transforms.scan))
        case .modulus: record(primary.modulus(Transforms.modulo))
        case .histogram: record(primary.histogram())
        case .withLatestFrom: record(primary.withLatestFrom(secondary, resultSelector: Transforms.combine))
        case .sample: record(primary.sample(secondary))
        case .sampleWithFrom: record(primary.sampleWithFrom(secondary, resultSelector: Transforms.combine))
        }
    }
}
