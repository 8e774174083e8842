/// An ``ObserverBase`` that hands every event to a closure.
public final class AnonymousObserver<Element>: ObserverBase<Element> {
    public typealias EventHandler = (Event<Element>) -> Void

    private let eventHandler: EventHandler

    public init(_ eventHandler: @escaping EventHandler) {
        self.eventHandler = eventHandler
    }

    override public func onCore(_ event: Event<Element>) {
        eventHandler(event)
    }
}
