import CombineFramework
import DirectSources
import ReactiveBenchConformance
import RxCore
import Testing

/// What the direct sources promise beyond the subject contracts (which they pass too): they hand out
/// their subscribers unretained during a delivery, so changes to the subscriber list made from inside
/// `receive` (a cancel, a new subscriber, a nested send) must take effect safely, at the right moment.
@Suite struct DirectSourceTests {
    @Test func aSubscriberThatCancelsInsideReceiveIsLetGoOfOnceTheDeliveryIsOver() {
        let publisher = DirectPublisher<Int, TestError>()
        weak var released: TrackingSubscriber<Int, TestError, OpenCombineCore>?
        do {
            let subscriber = TrackingSubscriber<Int, TestError, OpenCombineCore>(DemandPolicy.unlimited.cancelling(after: 1))
            released = subscriber
            publisher.subscribe(subscriber)
        }
        let staying = TrackingSubscriber<Int, TestError, OpenCombineCore>()
        publisher.subscribe(staying)
        #expect(released != nil, "the publisher holds its live subscriber")
        publisher.send(1)
        #expect(released == nil, "let go of once the delivery in which it cancelled was over")
        publisher.send(2)
        #expect(staying.outputEvents == [.value("1"), .value("2")])
    }

    @Test func anObserverThatDisposesInsideOnIsLetGoOfOnceTheDeliveryIsOver() {
        let observable = DirectObservable<Int>()
        weak var released: RecordingObserver<Int>?
        do {
            let observer = RecordingObserver<Int>(disposeAfter: 1)
            released = observer
            observer.attach(observable.subscribe(observer))
        }
        #expect(released != nil)
        observable.onNext(1)
        #expect(released == nil)
    }

    /// Subscribers that arrive during a delivery first receive the next value, as with the subjects.
    @Test func aSubscriberThatJoinsDuringADeliveryFirstGetsTheNextValue() {
        let publisher = DirectPublisher<Int, TestError>()
        let late = TrackingSubscriber<Int, TestError, OpenCombineCore>()
        var joined = false
        let first = publisher.sink(receiveCompletion: { _ in }) { _ in
            guard !joined else { return }
            joined = true
            publisher.subscribe(late)
        }
        publisher.send(1)
        publisher.send(2)
        #expect(late.outputEvents == [.value("2")])
        first.cancel()
    }

    @Test func anObserverThatSubscribesDuringADeliveryFirstGetsTheNextEvent() {
        let observable = DirectObservable<Int>()
        var late: [Int] = []
        var lateSubscription: Disposable?
        let first = observable.subscribe(onNext: { _ in
            guard lateSubscription == nil else { return }
            lateSubscription = observable.subscribe(onNext: { late.append($0) })
        })
        observable.onNext(1)
        observable.onNext(2)
        #expect(late == [2])
        first.dispose()
        lateSubscription?.dispose()
    }

    /// A value sent from inside `receive` is delivered there and then, to every subscriber with demand,
    /// before the outer delivery goes on to the next subscriber.
    @Test func aSendFromInsideReceiveIsDeliveredAtOnce() {
        let publisher = DirectPublisher<Int, TestError>()
        var order: [String] = []
        let first = publisher.sink(receiveCompletion: { _ in }) { value in
            order.append("first \(value)")
            if value == 1 { publisher.send(10) }
        }
        let second = publisher.sink(receiveCompletion: { _ in }) { value in order.append("second \(value)") }
        publisher.send(1)
        #expect(order == ["first 1", "first 10", "second 10", "second 1"])
        first.cancel()
        second.cancel()
    }

    /// Completing from inside `receive` ends every subscription once; the outer delivery then stops.
    @Test func aCompletionFromInsideReceiveEndsEverySubscriptionOnce() {
        let publisher = DirectPublisher<Int, TestError>()
        let first = TrackingSubscriber<Int, TestError, OpenCombineCore>()
        publisher.subscribe(first)
        let completing = publisher.sink(receiveCompletion: { _ in }) { _ in publisher.send(completion: .finished) }
        let last = TrackingSubscriber<Int, TestError, OpenCombineCore>()
        publisher.subscribe(last)
        publisher.send(1)
        publisher.send(2)
        #expect(first.outputEvents == [.value("1"), .finished])
        #expect(last.outputEvents == [.finished])
        #expect(first.violations.isEmpty && last.violations.isEmpty)
        completing.cancel()
    }

    /// Unlike `PassthroughSubject`'s, a direct subscription does not keep its source: a source released
    /// before it completes lets go of its subscriptions, which deliver nothing more; cancelling one
    /// afterwards is harmless.
    @Test func aSourceReleasedBeforeItCompletesLetsGoOfItsSubscriptions() {
        let subscriber = TrackingSubscriber<Int, TestError, OpenCombineCore>()
        weak var released: DirectPublisher<Int, TestError>?
        weak var subscription: AnyObject?
        do {
            let publisher = DirectPublisher<Int, TestError>()
            released = publisher
            publisher.subscribe(subscriber)
            subscription = subscriber.subscriptionObject
            publisher.send(1)
        }
        #expect(released == nil, "nothing but its owner keeps a direct source alive")
        #expect(subscription != nil, "the subscriber still holds its subscription")
        subscriber.cancel()
        #expect(subscription == nil)
        #expect(subscriber.outputEvents == [.value("1")])
        #expect(subscriber.violations.isEmpty)

        let observer = RecordingObserver<Int>()
        weak var observable: DirectObservable<Int>?
        var disposable: Disposable?
        do {
            let source = DirectObservable<Int>()
            observable = source
            disposable = source.subscribe(observer)
            source.onNext(1)
        }
        #expect(observable == nil)
        disposable?.dispose()
        #expect(observer.outputEvents == [.value("1")])
    }
}
