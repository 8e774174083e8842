import CombineFramework

/// A terminal event taken out of an operator's lock, to be sent once the lock is released.
struct PendingCompletion<Downstream: Subscriber> {
    let downstream: Downstream
    let completion: Subscribers.Completion<Downstream.Failure>

    func deliver() {
        downstream.receive(completion: completion)
    }
}
