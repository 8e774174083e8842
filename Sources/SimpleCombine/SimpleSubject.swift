/// A publisher that the code holding it sends values and a completion into (Combine's `Subject`).
///
/// `send(_:)` and `send(completion:)` may be called from any thread. Like every publisher, a subject
/// relies on the code that sends into it not to send two events at once; a subject that serialises
/// concurrent senders says so.
public protocol SimpleSubject<Output, Failure>: AnyObject, SimplePublisher {
    /// Delivers `value` to every subscriber that has demand for it.
    func send(_ value: Output)

    /// Ends every subscriber with `completion`; later subscribers receive it at once.
    func send(completion: SimpleSubscribers.Completion<Failure>)
}

extension SimpleSubject where Output == Void {
    public func send() {
        send(())
    }
}
