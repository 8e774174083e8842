extension SimpleSubscribers {
    /// How a publisher ended: normally, or with an error.
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

extension SimpleSubscribers.Completion: Equatable where Failure: Equatable {}

extension SimpleSubscribers.Completion: Hashable where Failure: Hashable {}

extension SimpleSubscribers.Completion: Sendable where Failure: Sendable {}
