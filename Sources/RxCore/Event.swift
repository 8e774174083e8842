/// One event of a sequence. A sequence follows RxSwift's grammar: `next* (error | completed)?`.
public enum Event<Element> {
    /// The next element.
    case next(Element)
    /// The sequence failed; nothing follows.
    case error(any Error)
    /// The sequence finished; nothing follows.
    case completed
}

extension Event {
    /// `true` for `.error` and `.completed`, the events that end a sequence.
    public var isStopEvent: Bool {
        switch self {
        case .next: false
        case .error, .completed: true
        }
    }

    /// The element of a `.next` event, `nil` otherwise.
    public var element: Element? {
        if case .next(let element) = self { return element }
        return nil
    }

    /// The error of an `.error` event, `nil` otherwise.
    public var error: (any Error)? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// `true` for `.completed`.
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }
}

extension Event: CustomDebugStringConvertible {
    public var debugDescription: String {
        switch self {
        case .next(let element): "next(\(element))"
        case .error(let error): "error(\(error))"
        case .completed: "completed"
        }
    }
}
