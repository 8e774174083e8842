import RxCore

/// The downstream end of every Rx cell.
///
/// Near free per event: its `on(_:)` runs unspecialised (it is reached through a protocol witness from
/// the source or the last operator's sink), where switching over an `Event<Element>` would look the
/// event type's metadata up at run time on every event. So it hands the event, untouched, to
/// `Element`'s ``Checksummable/receive(_:into:)``, whose witness is specialised for the element type,
/// and that writes the sink's fields through the sink's pointer.
public final class RxOutput<Element: Checksummable>: ObserverType {
    public let sink: OutputSink

    public init(sink: OutputSink) { self.sink = sink }

    @inline(__always)
    public func on(_ event: Event<Element>) {
        Element.receive(event, into: sink.state)
    }
}
