import CombineFramework
import StyleKit

/// Builds an operator of a Combine style over two inputs and subscribes a ``TrackingSubscriber`` to
/// it, with the shared ``Transforms``: the one place that maps an ``OperatorID`` to a style's builder.
enum CombineAttach {
    static func attach<Primary: Publisher, Secondary: Publisher>(
        _ style: any CombineOperatorStyle.Type,
        _ operation: OperatorID,
        _ primary: Primary,
        _ secondary: Secondary,
        demand: DemandPolicy
    ) throws(UnsupportedOperator) -> any OutputRecording
    where Primary.Output == Int, Primary.Failure == TestError, Secondary.Output == Int, Secondary.Failure == TestError {
        switch operation {
        case .map:
            let consumer = SubscribeConsumer<Int>(subscriber: TrackingSubscriber(demand))
            try style.map(primary, Transforms.map, into: consumer)
            return consumer.subscriber
        case .filter:
            let consumer = SubscribeConsumer<Int>(subscriber: TrackingSubscriber(demand))
            try style.filter(primary, Transforms.isIncluded, into: consumer)
            return consumer.subscriber
        case .scan:
            let consumer = SubscribeConsumer<Int>(subscriber: TrackingSubscriber(demand))
            try style.scan(primary, Transforms.scanInitial, Transforms.scan, into: consumer)
            return consumer.subscriber
        case .modulus:
            let consumer = SubscribeConsumer<Int>(subscriber: TrackingSubscriber(demand))
            try style.modulus(primary, Transforms.modulo, into: consumer)
            return consumer.subscriber
        case .histogram:
            let consumer = SubscribeConsumer<[HistogramBin]>(subscriber: TrackingSubscriber(demand))
            try style.histogram(primary, into: consumer)
            return consumer.subscriber
        case .withLatestFrom:
            let consumer = SubscribeConsumer<String>(subscriber: TrackingSubscriber(demand))
            try style.withLatestFrom(primary, secondary, Transforms.combine, into: consumer)
            return consumer.subscriber
        case .sample:
            let consumer = SubscribeConsumer<Int>(subscriber: TrackingSubscriber(demand))
            try style.sample(primary, secondary, into: consumer)
            return consumer.subscriber
        case .sampleWithFrom:
            let consumer = SubscribeConsumer<String>(subscriber: TrackingSubscriber(demand))
            try style.sampleWithFrom(primary, secondary, Transforms.combine, into: consumer)
            return consumer.subscriber
        }
    }
}
