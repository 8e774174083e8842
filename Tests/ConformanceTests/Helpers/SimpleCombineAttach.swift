import ReactiveBenchConformance
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// Builds a SimpleCombine operator over two inputs and subscribes a ``TrackingSubscriber`` to it, with the
/// shared ``Transforms``: the SimpleCombine counterpart of ``CombineAttach``.
enum SimpleCombineAttach {
    static func attach<Primary: SimplePublisher, Secondary: SimplePublisher>(
        _ operation: OperatorID,
        _ primary: Primary,
        _ secondary: Secondary,
        demand: DemandPolicy
    ) -> any OutputRecording
    where Primary.Output == Int, Primary.Failure == TestError, Secondary.Output == Int, Secondary.Failure == TestError {
        func record<P: SimplePublisher>(_ publisher: P) -> any OutputRecording where P.Failure == TestError {
            let subscriber = TrackingSubscriber<P.Output, TestError, SimpleCombineCore>(demand)
            publisher.subscribe(subscriber)
            return subscriber
        }
        return switch operation {
        case .map: record(primary.map(Transforms.map))
        case .filter: record(primary.filter(Transforms.isIncluded))
        case .scan: record(primary.scan(Transforms.scanInitial, Transforms.scan))
        case .modulus: record(primary.modulus(Transforms.modulo))
        case .histogram: record(primary.histogram())
        case .withLatestFrom: record(primary.withLatestFrom(secondary, Transforms.combine))
        case .sample: record(primary.sample(secondary))
        case .sampleWithFrom: record(primary.sampleWithFrom(secondary, Transforms.combine))
        }
    }
}
