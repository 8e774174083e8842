import CombineFramework

/// A Combine downstream whose history can be read in the shared ``OutputEvent`` vocabulary, whatever the
/// operator's output type: lets one driver handle every operator.
package protocol OutputRecording: DrivenDownstream {
    var subscriptionCount: Int { get }
    /// The subscription's own `cancel`, while the downstream holds its subscription.
    var cancelHeldSubscription: (() -> Void)? { get }
    var subscriptionObject: AnyObject? { get }
    func request(_ demand: Subscribers.Demand)
}

extension TrackingSubscriber: DrivenDownstream, OutputRecording where Failure == TestError {
    /// The history without the subscription event (its count is ``subscriptionCount``; that it came
    /// first is checked in ``violations``).
    package var outputEvents: [OutputEvent] {
        history.compactMap { event in
            switch event {
            case .subscription: nil
            case .value(let value): .value(String(describing: value))
            case .completion(.finished): .finished
            case .completion(.failure(let error)): .failure(error)
            }
        }
    }

    package func requestMore(_ count: Int) {
        request(.max(count))
    }
}
