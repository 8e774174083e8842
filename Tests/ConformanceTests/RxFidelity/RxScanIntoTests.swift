import ReactiveBenchConformance
import RxCore
import RxSinks
import Testing

/// RxSwift's `scan(into:accumulator:)` (`Observables/Scan.swift`), which `scan(_:accumulator:)` wraps:
/// the accumulator updates the value in place.
@Suite struct RxScanIntoTests {
    @Test func scanIntoEmitsEveryPartialResult() {
        let source = PublishSubject<Int>()
        let recorder = RecordingObserver<[Int]>()
        _ = source.scan(into: [Int]()) { collected, element in collected.append(element) }.subscribe(recorder)
        source.on(.next(1))
        source.on(.next(2))
        source.on(.completed)
        #expect(recorder.outputEvents == [.value("[1]"), .value("[1, 2]"), .finished])
        #expect(recorder.violations.isEmpty)
    }

    @Test func anErrorThrownInPlaceEndsTheSequence() {
        let source = PublishSubject<Int>()
        let recorder = RecordingObserver<Int>()
        let subscription = source.scan(into: 0) { sum, element in
            if element < 0 { throw TestError.thrown }
            sum += element
        }.subscribe(recorder)
        source.on(.next(1))
        source.on(.next(-1))
        source.on(.next(2))
        #expect(recorder.outputEvents == [.value("1"), .failure(.thrown)])
        #expect(!source.hasObservers)
        subscription.dispose()
    }
}
