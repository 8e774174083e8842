import Dispatch
import Foundation
import ReactiveBenchConformance
import RxCore
import Testing

/// What RxSwift's `PublishSubject` does under its lock (`Subjects/PublishSubject.swift`), and so the Rx
/// core's: a late subscriber receives the stop event (or the disposed error) inside `subscribe`, with
/// the lock held, and an observer removed by its subscription's dispose is released with the lock held.
@Suite struct PublishSubjectLockTests {
    final class Events: @unchecked Sendable {
        var names: [String] = []
    }

    /// Starts a thread that asks `subject.hasObservers`, which takes the subject's lock, and reports
    /// whether that thread was still waiting after a while: `true` means the caller holds the lock. The
    /// returned semaphore is signalled when the thread got through.
    static func probeLock(of subject: PublishSubject<Int>) -> (waiting: Bool, through: DispatchSemaphore) {
        let through = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = subject.hasObservers
            through.signal()
        }
        // A lock that is not held lets the thread through at once; this only waits long enough for it
        // to start. A slow machine can make an unheld lock look held, never the reverse.
        let waiting = through.wait(timeout: .now() + .milliseconds(200)) == .timedOut
        if !waiting { through.signal() }
        return (waiting, through)
    }

    @Test func aLateSubscriberReceivesTheCompletionInsideSubscribe() {
        let subject = PublishSubject<Int>()
        subject.on(.completed)
        let events = Events()
        _ = subject.subscribe { event in events.names.append(event.debugDescription) }
        events.names.append("subscribe returned")
        #expect(events.names == ["completed", "subscribe returned"])
    }

    @Test func aLateSubscriberReceivesTheErrorAndAfterDisposeTheDisposedError() {
        let subject = PublishSubject<Int>()
        subject.on(.error(TestError.primary))
        subject.on(.completed)
        let events = Events()
        _ = subject.subscribe { event in events.names.append(event.error.map { "\($0)" } ?? "other") }
        subject.dispose()
        _ = subject.subscribe { event in
            if case .error(RxError.disposed) = event { events.names.append("disposed") }
        }
        #expect(events.names == ["TestError.primary", "disposed"])
    }

    @Test func theStopEventReachesALateSubscriberWithTheSubjectsLockHeld() {
        let subject = PublishSubject<Int>()
        subject.on(.completed)
        var probe: (waiting: Bool, through: DispatchSemaphore)?
        _ = subject.subscribe { _ in probe = Self.probeLock(of: subject) }
        #expect(probe?.waiting == true)
        probe?.through.wait()
    }

    @Test func aRemovedObserverIsReleasedWithTheSubjectsLockHeld() {
        final class Observer: ObserverType {
            let subject: PublishSubject<Int>
            let onRelease: (PublishSubject<Int>) -> Void
            init(subject: PublishSubject<Int>, onRelease: @escaping (PublishSubject<Int>) -> Void) {
                self.subject = subject
                self.onRelease = onRelease
            }
            func on(_ event: Event<Int>) {}
            deinit { onRelease(subject) }
        }
        let subject = PublishSubject<Int>()
        var probe: (waiting: Bool, through: DispatchSemaphore)?
        let subscription = subject.subscribe(Observer(subject: subject) { probe = Self.probeLock(of: $0) })
        subscription.dispose()
        #expect(probe?.waiting == true)
        probe?.through.wait()
    }

    @Test func elementsAfterTheStopEventOrDisposeReachNobody() {
        let subject = PublishSubject<Int>()
        let events = Events()
        _ = subject.subscribe { event in events.names.append(event.debugDescription) }
        subject.on(.next(1))
        subject.on(.completed)
        subject.on(.next(2))
        let disposed = PublishSubject<Int>()
        _ = disposed.subscribe { event in events.names.append("disposed subject: \(event.debugDescription)") }
        disposed.dispose()
        disposed.on(.next(3))
        #expect(events.names == ["next(1)", "completed"])
        #expect(disposed.isDisposed)
        #expect(!subject.hasObservers)
    }
}
