import Foundation
import SimpleCombine
import Synchronization
import Testing
import TestSupport

/// `SimplePassthroughSubject` under threads (re-run under ThreadSanitizer): values sent from two threads
/// at once reach each subscriber one at a time and within demand; a completion never reaches a subscriber
/// before its subscription or during a value; concurrent cancels are safe.
@Suite struct SimplePassthroughSubjectConcurrencyTests {
    static let iterations = 20
    static let valueCount = 200

    @Test func twoSendersReachEachSubscriberOneAtATime() {
        for _ in 0..<Self.iterations {
            let subject = SimplePassthroughSubject<Int, Never>()
            let unlimited = Recorder<Int, Never>()
            let onePerValue = Recorder<Int, Never>(initial: .max(1), perValue: .max(1))
            subject.subscribe(unlimited)
            subject.subscribe(onePerValue)
            Concurrently.run(
                { for value in 0..<Self.valueCount { subject.send(value) } },
                { for value in Self.valueCount..<(2 * Self.valueCount) { subject.send(value) } }
            )
            subject.send(completion: .finished)
            for recorder in [unlimited, onePerValue] {
                #expect(recorder.violations == [])
                let values = recorder.events.dropFirst().dropLast()
                #expect(Set(values) == Set((0..<(2 * Self.valueCount)).map { "\($0)" }), "every value, once")
                #expect(recorder.events.last == "finished")
            }
        }
    }

    @Test func aCompletionRacingASubscribeArrivesAfterTheSubscription() {
        for _ in 0..<Self.iterations {
            let subject = SimplePassthroughSubject<Int, Never>()
            let recorders = Mutex<[Recorder<Int, Never>]>([])
            Concurrently.run(
                {
                    for value in 0..<10 { subject.send(value) }
                    subject.send(completion: .finished)
                },
                {
                    for _ in 0..<20 {
                        let recorder = Recorder<Int, Never>()
                        subject.subscribe(recorder)
                        recorders.withLock { $0.append(recorder) }
                    }
                }
            )
            for recorder in recorders.withLock({ $0 }) {
                #expect(recorder.violations == [])
                #expect(recorder.events.first == "subscription")
                #expect(recorder.events.last == "finished")
            }
        }
    }

    @Test func subscribersCancelWhileValuesAreSent() {
        for _ in 0..<Self.iterations {
            let subject = SimplePassthroughSubject<Int, Never>()
            let recorders = (0..<8).map { _ in Recorder<Int, Never>() }
            for recorder in recorders { subject.subscribe(recorder) }
            Concurrently.run(
                { for value in 0..<Self.valueCount { subject.send(value) } },
                { for recorder in recorders.prefix(4) { recorder.cancel() } },
                { for recorder in recorders.prefix(4).reversed() { recorder.cancel() } }
            )
            subject.send(completion: .finished)
            for recorder in recorders {
                #expect(recorder.violations == [])
            }
            for recorder in recorders.prefix(4) {
                #expect(recorder.events.last != "finished", "a cancelled subscriber never completes")
                let values = recorder.events.dropFirst().compactMap { Int($0) }
                #expect(values == Array(values.first.map { $0..<($0 + values.count) } ?? 0..<0), "in order, no gaps")
            }
            for recorder in recorders.suffix(4) {
                #expect(recorder.events.count == Self.valueCount + 2)
            }
        }
    }
}
