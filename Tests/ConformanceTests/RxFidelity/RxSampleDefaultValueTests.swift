import RxCore
import RxSinks
import Testing

/// RxSwift's `sample(_:defaultValue:)` (`Observables/Sample.swift`): a tick with nothing new emits the
/// default value, if there is one.
@Suite struct RxSampleDefaultValueTests {
    @Test func aTickWithNothingNewEmitsTheDefaultValue() {
        let source = PublishSubject<Int>(), sampler = PublishSubject<Int>()
        let recorder = RecordingObserver<Int>()
        _ = source.sample(sampler, defaultValue: 0).subscribe(recorder)
        sampler.on(.next(100))
        source.on(.next(1))
        sampler.on(.next(100))
        sampler.on(.next(100))
        source.on(.completed)
        sampler.on(.next(100))
        #expect(recorder.outputEvents == [.value("0"), .value("1"), .value("0"), .value("0"), .finished])
        #expect(recorder.violations.isEmpty)
    }

    @Test func withoutADefaultValueATickWithNothingNewEmitsNothing() {
        let source = PublishSubject<Int>(), sampler = PublishSubject<Int>()
        let recorder = RecordingObserver<Int>()
        let subscription = source.sample(sampler).subscribe(recorder)
        sampler.on(.next(100))
        source.on(.next(1))
        sampler.on(.next(100))
        sampler.on(.completed)
        #expect(recorder.outputEvents == [.value("1")])
        subscription.dispose()
    }
}
