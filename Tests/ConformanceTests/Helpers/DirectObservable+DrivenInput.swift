import DirectSources
import ReactiveBenchConformance
import RxCore

/// The Rx family's direct source, as an input a script drives (`DirectInputsRig`).
extension DirectObservable: DrivenInput where Element == Int {
    package func send(_ value: Int) { onNext(value) }
    package func finish() { onCompleted() }
    package func fail(with error: TestError) { onError(error) }
}
