import Runner
import StyleKit
import Testing
import Workloads

/// The references of the multi-subscriber, threaded and churn workloads against independent
/// computations (``IndependentReferences``), and the properties those references rely on.
struct MultiWorkloadReferenceTests {
    static let names = Scenarios.all.map(\.name).filter { IndependentReferences.checksum($0, input: .init(), count: 0) != nil }
    static let input = SeededInput(seed: 7, length: 256)

    @Test func everyNewWorkloadHasAnIndependentReference() {
        let expected: Set<String> = [
            "subscribeChurn (1)", "subscribeChurn (4)", "subscribeChurn (16)",
            "subscribeChurn (1) [direct]", "subscribeChurn (4) [direct]", "subscribeChurn (16) [direct]",
            "asyncHop", "contention",
            "fanOut (1)", "fanOut (10)", "fanOut (100)", "fanOut (1000)",
            "fanOutCustomSubject (1)", "fanOutCustomSubject (10)", "fanOutCustomSubject (100)",
            "fanOutCustomSubject (1000)",
        ]
        #expect(Set(Self.names) == expected)
    }

    @Test(arguments: Self.names)
    func referenceMatchesTheIndependentComputation(_ name: String) throws {
        let workload = try #require(Scenarios.named(name))
        for count in [0, 1, 99, 100, 101, 999, 1_000, 1_001, 2_345] {
            let expected = IndependentReferences.checksum(name, input: Self.input, count: count)
            #expect(workload.reference(input: Self.input, count: count) == expected, "count \(count)")
        }
    }

    /// The churn chains really apply `map` `depth` times: the deeper references differ. Over the direct
    /// source they are the same rows, with the same references, under their own names.
    @Test func deeperChurnChainsHaveDifferentReferences() {
        let sweep = SubscribeChurnWorkload.sweep(.subject), direct = SubscribeChurnWorkload.sweep(.direct)
        let references = sweep.map { $0.reference(input: Self.input, count: 100) }
        #expect(Set(references.map(\.value)).count == 3)
        #expect(direct.map { $0.reference(input: Self.input, count: 100) } == references)
        #expect(sweep.map(\.depth) == [1, 4, 16])
        #expect(sweep.map(\.name) == ["subscribeChurn (1)", "subscribeChurn (4)", "subscribeChurn (16)"])
        #expect(direct.map(\.name) == sweep.map { $0.name + " [direct]" })
        #expect((sweep + direct).allSatisfy { $0.scenario == "subscribeChurn" })
        #expect(direct.map(\.parameter) == sweep.map(\.parameter))
    }

    /// Fan-out units: element k covers units k*N ..< (k+1)*N and belongs to the range holding k*N, so
    /// consecutive ranges send every element exactly once, however the runner cuts its batches.
    @Test(arguments: FanOutWorkload.subscriberCounts)
    func fanOutRangesSendEveryElementOnce(subscribers: Int) {
        for cuts in [[0, 100, 300], [0, 7, 1_000, 1_001, 5_000], [0, 3_333, 3_334, 10_000]] {
            let sent = zip(cuts, cuts.dropFirst()).flatMap { start, end in
                Array(FanOutWorkload.elements(units: start..<end, subscribers: subscribers))
            }
            let last = cuts.last!
            #expect(sent == Array(0..<((last + subscribers - 1) / subscribers)), "cuts \(cuts)")
        }
    }

    /// The contention reference does not depend on the order of the outputs, and still catches a value
    /// that is lost or delivered twice.
    @Test func theContentionChecksumIgnoresOrderButNotLossOrDuplication() {
        let values = (0..<500).map { Transforms.map(Self.input[$0]) }
        let fold = { (values: [Int]) in values.reduce(into: UnorderedChecksum()) { $0.combine($1) }.checksum }
        let reference = ContentionWorkload().reference(input: Self.input, count: 500)
        #expect(fold(values) == reference)
        #expect(fold(values.reversed()) == reference)
        #expect(fold(values.shuffled()) == reference)
        #expect(fold(Array(values.dropLast())) != reference)
        #expect(fold(values + [values[3]]) != reference)
    }

    /// The default run keeps the middle value of each new axis; the others run with `--full`.
    @Test func theStandardSetKeepsTheMiddleParameters() {
        let standard = Set(Scenarios.standard.map(\.name))
        for name in [
            "subscribeChurn (4)", "subscribeChurn (4) [direct]", "fanOut (100)", "fanOutCustomSubject (100)", "asyncHop",
            "contention",
        ] {
            #expect(standard.contains(name), "\(name) runs by default")
        }
        for name in [
            "subscribeChurn (1)", "subscribeChurn (16)", "subscribeChurn (1) [direct]", "subscribeChurn (16) [direct]",
            "fanOut (1)", "fanOut (10)", "fanOut (1000)",
            "fanOutCustomSubject (1)", "fanOutCustomSubject (10)", "fanOutCustomSubject (1000)",
        ] {
            #expect(!standard.contains(name), "\(name) runs with --full only")
            #expect(Scenarios.named(name) != nil)
        }
    }
}
