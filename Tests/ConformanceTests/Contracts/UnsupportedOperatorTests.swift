import Workloads
import ReactiveBenchConformance
import StyleKit
import CombineFramework
import Testing

/// A style that cannot express an operator throws `UnsupportedOperator` naming itself and the operator
/// (the conformance library's contract, one case per implementation and operator it lacks), and the
/// registry lists the operator as unsupported.
@Suite struct UnsupportedOperatorTests {
    @Test(arguments: ImplementationUnderTest.cases(.unsupportedOperators))
    func contractsHold(_ conformanceCase: ConformanceCase) async {
        await conformanceCase.check()
    }

    @Test func builtinLacksTheMultiSourceOperators() {
        let builtin = Registry.implementation(.builtin)
        #expect(OperatorID.allCases.filter { !builtin.supports($0) } == [.withLatestFrom, .sample, .sampleWithFrom])
    }

    /// An operator a style leaves unwritten throws by default, with the style's reason; one it lists as
    /// supported but wrote with another signature (so the default ran) says that instead.
    @Test func unwrittenOperatorsThrowByDefaultWithTheStylesReason() throws {
        let upstream = PassthroughSubject<Int, Never>()
        #expect(throws: UnsupportedOperator(UnwrittenScanStyle.implementation, .filter, reason: "only a map")) {
            try UnwrittenScanStyle.filter(upstream, { _ in true }, into: EraseToAnyPublisher<Int, Never>())
        }
        let error = #expect(throws: UnsupportedOperator.self) {
            try UnwrittenScanStyle.scan(upstream, 0, { $0 + $1 }, into: EraseToAnyPublisher<Int, Never>())
        }
        #expect(error?.reason.contains("no method matches the requirement's signature") == true, "\(String(describing: error))")
    }
}

/// A style that writes `map`, lists `scan` too without writing it, and gives its own reason.
private enum UnwrittenScanStyle: CombineOperatorStyle {
    static let implementation: ImplementationID = "unwrittenScan"
    static let summary = "map only, scan listed but not written"
    static let supportedOperators: Set<OperatorID> = [.map, .scan]
    static let isThreadSafe = false
    static let unsupportedReason = "only a map"

    static func map<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ transform: @escaping (Upstream.Output) -> Output, into consumer: Consumer
    ) -> Consumer.Result where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        consumer.consume(upstream.map(transform))
    }
}
