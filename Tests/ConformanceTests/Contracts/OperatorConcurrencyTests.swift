import Implementations
import StyleKit
import Testing
import TestSupport

/// Operators under concurrent inputs, requests and cancels, for every implementation that claims
/// thread safety (re-run under ThreadSanitizer): no crash, no value beyond demand, the terminal event
/// at most once (exactly once when nothing cancels), and nothing left alive afterwards.
@Suite struct OperatorConcurrencyTests {
    static let iterations = 20
    static let valueCount = 40

    static func threadSafe(_ operations: [OperatorID]) -> [OperatorCase] {
        OperatorCase.supported(operations).filter(\.implementation.isThreadSafe)
    }

    static func sendValues(_ rig: any OperatorRig, on input: Input, then last: Step? = nil) -> () -> Void {
        {
            for value in 1...valueCount { rig.apply(.value(input, value)) }
            if let last { rig.apply(last) }
        }
    }

    @Test(arguments: Self.threadSafe(OperatorCase.multiSource))
    func bothInputsSendWhileAThirdThreadCancels(_ operatorCase: OperatorCase) throws {
        for _ in 0..<Self.iterations {
            let rig = try operatorCase.makeRig()
            Concurrently.run(
                Self.sendValues(rig, on: .primary, then: .finish(.primary)),
                Self.sendValues(rig, on: .secondary, then: .fail(.secondary)),
                { rig.apply(.cancel) }
            )
            #expect(rig.terminalEventCount <= 1)
            #expect(CancelRaces.ignoring(rig.violations) == [])
            #expect(rig.releaseAndFindSurvivors() == [])
        }
    }

    @Test(arguments: Self.threadSafe(OperatorCase.multiSource))
    func bothInputsSendAndTheDownstreamFinishesExactlyOnce(_ operatorCase: OperatorCase) throws {
        for _ in 0..<Self.iterations {
            let rig = try operatorCase.makeRig()
            Concurrently.run(
                Self.sendValues(rig, on: .primary, then: .finish(.primary)),
                Self.sendValues(rig, on: .secondary)
            )
            // sample ends on the sampler's next event after the upstream's end.
            if operatorCase.operation == .sample { rig.apply(.finish(.secondary)) }
            #expect(rig.events.last == .finished)
            #expect(rig.terminalEventCount == 1)
            #expect(rig.violations == [])
            #expect(rig.releaseAndFindSurvivors() == [])
        }
    }

    @Test(arguments: Self.threadSafe(OperatorCase.multiSource))
    func inputsEndingOnTwoThreadsGiveOneTerminalEvent(_ operatorCase: OperatorCase) throws {
        for _ in 0..<Self.iterations {
            let rig = try operatorCase.makeRig()
            Concurrently.run(
                Self.sendValues(rig, on: .primary, then: .fail(.primary)),
                Self.sendValues(rig, on: .secondary, then: .fail(.secondary))
            )
            #expect(rig.terminalEventCount == 1)
            #expect([OutputEvent.failure(.primary), .failure(.secondary)].contains(rig.events.last))
            #expect(rig.violations == [])
            #expect(rig.releaseAndFindSurvivors() == [])
        }
    }

    @Test(arguments: Self.threadSafe(OperatorID.allCases))
    func requestsRaceWithValuesAndCancel(_ operatorCase: OperatorCase) throws {
        let operation = operatorCase.operation
        for _ in 0..<Self.iterations {
            let rig = try operatorCase.makeRig(demand: .manual)
            if Scenarios.usesSecondary(operation) { rig.apply(.value(.secondary, 0)) }
            let steps = Scenarios.productive(operation, count: Self.valueCount) + Scenarios.completion(operation)
            Concurrently.run(
                { rig.run(steps) },
                { for _ in 0..<Self.valueCount / 2 { rig.apply(.request(1)) } },
                {
                    for _ in 0..<Self.valueCount / 4 { rig.apply(.request(1)) }
                    rig.apply(.cancel)
                }
            )
            #expect(rig.terminalEventCount <= 1)
            #expect(CancelRaces.ignoring(rig.violations) == [])
            #expect(rig.releaseAndFindSurvivors() == [])
        }
    }

    @Test(arguments: Self.threadSafe(OperatorID.allCases))
    func requestsRaceWithValuesWithinDemand(_ operatorCase: OperatorCase) throws {
        let operation = operatorCase.operation
        for _ in 0..<Self.iterations {
            let rig = try operatorCase.makeRig(demand: .manual)
            if Scenarios.usesSecondary(operation) { rig.apply(.value(.secondary, 0)) }
            Concurrently.run(
                { rig.run(Scenarios.productive(operation, count: Self.valueCount)) },
                { for _ in 0..<Self.valueCount / 2 { rig.apply(.request(1)) } }
            )
            #expect(rig.terminalEventCount == 0)
            #expect(rig.violations == [], "never a value beyond demand")
            rig.apply(.cancel)
            #expect(rig.releaseAndFindSurvivors() == [])
        }
    }
}
