import ReactiveBenchConformance
import RxCore
import RxSinks
import StyleKit
import Testing

/// Rx closures may throw: the error ends the sequence (`.error`) and disposes the sink, as in RxSwift.
@Suite struct RxThrowingClosureTests {
    static func failOnThree(_ value: Int) throws -> Int {
        if value == 3 { throw TestError.thrown }
        return value
    }

    static func build(
        _ operation: OperatorID,
        _ first: Observable<Int>,
        _ second: Observable<Int>
    ) -> Observable<String> {
        switch operation {
        case .map: first.map { "\(try failOnThree($0))" }
        case .filter: first.filter { try failOnThree($0) > 0 }.map { "\($0)" }
        case .scan: first.scan(0) { try $0 + failOnThree($1) }.map { "\($0)" }
        case .withLatestFrom: first.withLatestFrom(second) { "\(try failOnThree($0))\($1)" }
        case .sampleWithFrom: first.sampleWithFrom(second) { "\(try failOnThree($0))\($1)" }
        default: preconditionFailure("\(operation) takes no closure")
        }
    }

    @Test(arguments: [OperatorID.map, .filter, .scan, .withLatestFrom, .sampleWithFrom])
    func aThrownErrorEndsTheSequenceAndDisposesTheInputs(_ operation: OperatorID) {
        let first = TrackingObservable<Int>()
        let second = TrackingObservable<Int>()
        let observer = RecordingObserver<String>()
        let subscription = Self.build(operation, first, second).subscribe(observer)
        for value in 1...4 {
            second.on(.next(0))
            first.on(.next(value))
        }
        let expected: [OutputEvent] =
            switch operation {
            case .scan: [.value("1"), .value("3"), .failure(.thrown)]
            case .withLatestFrom, .sampleWithFrom: [.value("10"), .value("20"), .failure(.thrown)]
            default: [.value("1"), .value("2"), .failure(.thrown)]
            }
        #expect(observer.outputEvents == expected)
        #expect(observer.violations.isEmpty)
        #expect(first.disposeCounts == [1])
        #expect(!first.hasLiveObservers && !second.hasLiveObservers)
        subscription.dispose()
        #expect(first.disposeCounts == [1], "disposing an ended subscription does nothing more")
    }
}
