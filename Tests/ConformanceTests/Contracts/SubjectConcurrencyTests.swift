import ReactiveBenchConformance
import StyleKit
import Testing
import TestSupport

/// Subjects under concurrent subscribe and cancel while values are sent (re-run under ThreadSanitizer).
@Suite struct SubjectConcurrencyTests {
    static let iterations = 20
    static let valueCount = 100

    @Test(arguments: SubjectID.allCases)
    func subscribeAndCancelWhileSending(_ id: SubjectID) {
        for _ in 0..<Self.iterations {
            let rig = SubjectRigs.make(id)
            let early = (0..<3).map { _ in rig.subscribe(.unlimited) }
            let joined = Locked<[any SubjectDownstream]>([])
            let churned = Locked<[any SubjectDownstream]>([])
            Concurrently.run(
                {
                    for value in 0..<Self.valueCount { rig.send(value) }
                    rig.finish()
                },
                {
                    for _ in 0..<10 {
                        let downstream = rig.subscribe(.unlimited)
                        downstream.cancel()
                        churned.withLock { $0.append(downstream) }
                    }
                },
                {
                    for _ in 0..<5 {
                        let downstream = rig.subscribe(.unlimited)
                        joined.withLock { $0.append(downstream) }
                    }
                }
            )
            let everything = (0..<Self.valueCount).map { OutputEvent.value("\($0)") } + [.finished]
            for downstream in early {
                #expect(downstream.outputEvents == everything)
                #expect(downstream.violations.isEmpty)
            }
            let checkLateSubscribers = {
                for downstream in joined.withLock({ $0 }) {
                    Self.expectOrderedSuffix(downstream, of: everything, terminated: true)
                }
                for downstream in churned.withLock({ $0 }) {
                    Self.expectOrderedSuffix(downstream, of: everything, terminated: false)
                }
            }
            guard id == .passthroughSubject else {
                checkLateSubscribers()
                continue
            }
            // OpenCombine 0.14.0's `PassthroughSubject.receive(subscriber:)` adds the conduit, unlocks, then
            // hands over the subscription: a `send(completion:)` in between completes the subscriber
            // before it has its subscription.
            let race: Comment = "OpenCombine's PassthroughSubject may complete a subscriber before subscribing it"
            withKnownIssue(race, isIntermittent: true) {
                checkLateSubscribers()
            }
        }
    }

    /// A subscriber that joined while values were being sent sees them in order, without gaps once it
    /// started receiving, and exactly one completion (at most one if it cancelled).
    private static func expectOrderedSuffix(
        _ downstream: any SubjectDownstream,
        of everything: [OutputEvent],
        terminated: Bool
    ) {
        let events = downstream.outputEvents
        let terminals = events.filter(\.isTerminal).count
        if terminated {
            #expect(terminals == 1)
            #expect(events == Array(everything.suffix(events.count)), "values in order, then the completion")
            #expect(downstream.violations.isEmpty)
        } else {
            #expect(terminals <= 1)
            let values = events.filter { !$0.isTerminal }
            if let first = values.first, let start = everything.firstIndex(of: first) {
                let end = min(start + values.count, everything.count)
                #expect(Array(everything[start..<end]) == values, "values in order")
            }
            #expect(CancelRaces.ignoring(downstream.violations) == [])
        }
    }
}
