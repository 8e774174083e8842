import CombineFramework
import StyleKit

/// Builds an operator of a Combine style over two inputs and subscribes a ``TrackingSubscriber`` to
/// it, with the shared ``Transforms``: the one place that maps an ``OperatorID`` to a style's builder.
package enum CombineAttach {
    package static func attach<Primary: Publisher, Secondary: Publisher>(
        _ style: any CombineOperatorStyle.Type,
        _ operation: OperatorID,
        _ primary: Primary,
        _ secondary: Secondary,
        demand: DemandPolicy
    ) throws(UnsupportedOperator) -> any OutputRecording
    where Primary.Output == Int, Primary.Failure == TestError, Secondary.Output == Int, Secondary.Failure == TestError {
        switch operation {
        case .map: try style.map(primary, Transforms.map, into: SubscribeConsumer(demand))
        case .filter: try style.filter(primary, Transforms.isIncluded, into: SubscribeConsumer(demand))
        case .scan: try style.scan(primary, Transforms.scanInitial, Transforms.scan, into: SubscribeConsumer(demand))
        case .modulus: try style.modulus(primary, Transforms.modulo, into: SubscribeConsumer(demand))
        case .histogram: try style.histogram(primary, into: SubscribeConsumer(demand))
        case .withLatestFrom: try style.withLatestFrom(primary, secondary, Transforms.combine, into: SubscribeConsumer(demand))
        case .sample: try style.sample(primary, secondary, into: SubscribeConsumer(demand))
        case .sampleWithFrom: try style.sampleWithFrom(primary, secondary, Transforms.combine, into: SubscribeConsumer(demand))
        }
    }
}
