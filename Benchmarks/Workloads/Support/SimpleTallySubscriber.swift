import CombineFramework
import SimpleCombine

/// Ends a SimpleCombine pipeline in a tally written as an OpenCombine subscriber with unlimited demand
/// (``FanOutTally``, ``ContentionTally``): it asks for `.unlimited` and hands each event on, so every
/// family's cell ends in the same tally.
struct SimpleTallySubscriber<Tally: Subscriber>: SimpleSubscriber where Tally.Failure == Never {
    let tally: Tally
    // A struct subscriber has no address to be identified by.
    let combineIdentifier = SimpleCombineIdentifier()

    func receive(subscription: any SimpleSubscription) {
        subscription.request(.unlimited)
    }

    @inline(__always)
    func receive(_ input: Tally.Input) -> SimpleSubscribers.Demand {
        _ = tally.receive(input)
        return .none
    }

    func receive(completion: SimpleSubscribers.Completion<Never>) {
        tally.receive(completion: .finished)
    }
}
