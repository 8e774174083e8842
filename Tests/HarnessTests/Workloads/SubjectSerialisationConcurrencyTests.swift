import CombineFramework
import Synchronization
import Testing
import TestSupport

/// The premise of `contention`'s Combine rows, checked rather than assumed: when two threads send into
/// OpenCombine's `PassthroughSubject` at once, a subscriber is still never called from two threads at
/// once (0.14.0's `Conduit.offer` holds the subscription's recursive lock around the call). The
/// contention tally relies on it and keeps no lock of its own.
@Suite struct SubjectSerialisationConcurrencyTests {
    static let iterations = 20
    static let valuesPerSender = 2_000

    /// Counts the calls in progress and remembers the most it ever saw.
    final class OverlapDetector: Subscriber, @unchecked Sendable {
        typealias Input = Int
        typealias Failure = Never

        let inProgress = Atomic<Int>(0)
        let mostInProgress = Atomic<Int>(0)
        let received = Atomic<Int>(0)

        func receive(subscription: Subscription) {
            subscription.request(.unlimited)
        }

        func receive(_ input: Int) -> Subscribers.Demand {
            let now = inProgress.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
            _ = mostInProgress.max(now, ordering: .relaxed)
            // Stay inside long enough for an unserialised second sender to arrive.
            for _ in 0..<50 { _ = inProgress.load(ordering: .relaxed) }
            inProgress.wrappingSubtract(1, ordering: .acquiringAndReleasing)
            received.wrappingAdd(1, ordering: .relaxed)
            return .none
        }

        func receive(completion: Subscribers.Completion<Never>) {}
    }

    @Test func passthroughSubjectCallsEachSubscriberFromOneThreadAtATime() {
        for _ in 0..<Self.iterations {
            let subject = PassthroughSubject<Int, Never>()
            let detector = OverlapDetector()
            subject.subscribe(detector)
            let send = { for value in 0..<Self.valuesPerSender { subject.send(value) } }
            Concurrently.run(send, send)
            #expect(detector.mostInProgress.load(ordering: .relaxed) == 1)
            #expect(detector.received.load(ordering: .relaxed) == 2 * Self.valuesPerSender)
        }
    }
}
