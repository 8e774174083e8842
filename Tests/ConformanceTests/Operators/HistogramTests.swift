import Implementations
import StyleKit
import Testing

/// histogram (seed 004): one `[HistogramBin]` sorted by key when the upstream finishes.
@Suite struct HistogramTests {
    static let seed004 = [1, 3, 2, 1, 4, 2, 3, 2]
    static let seed004Bins: [HistogramBin] = [
        HistogramBin(key: 1, count: 2), HistogramBin(key: 2, count: 3),
        HistogramBin(key: 3, count: 2), HistogramBin(key: 4, count: 1),
    ]

    @Test(arguments: OperatorCase.supported([.histogram]))
    func seed004Values(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run(Self.seed004.map { .value(.primary, $0) })
        #expect(rig.events == [], "nothing before the upstream finishes")
        rig.apply(.finish(.primary))
        #expect(rig.events == [.value("[1: 2, 2: 3, 3: 2, 4: 1]"), .finished])
        #expect(rig.events == [.value(String(describing: Self.seed004Bins)), .finished])
        #expect(rig.violations.isEmpty)
    }

    @Test(arguments: OperatorCase.supported([.histogram]))
    func seed004ValuesFromACollection(_ operatorCase: OperatorCase) throws {
        let run = try ColdSources.run(operatorCase, primary: Self.seed004, secondary: [], demand: .onePerValue)
        #expect(run.events == [.value("[1: 2, 2: 3, 3: 2, 4: 1]"), .finished])
        #expect(run.violations.isEmpty)
    }

    @Test(arguments: OperatorCase.supported([.histogram]))
    func anEmptyUpstreamGivesNoBins(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.apply(.finish(.primary))
        #expect(rig.events == [.value("[]"), .finished])
    }

    @Test(arguments: OperatorCase.supported([.histogram]))
    func aFailureGivesNoBins(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run([.value(.primary, 1), .value(.primary, 1), .fail(.primary)])
        #expect(rig.events == [.failure(.primary)])
        #expect(rig.violations.isEmpty)
    }
}
