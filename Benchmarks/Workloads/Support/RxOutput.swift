import RxCore

/// The downstream end of every Rx cell.
public final class RxOutput<Element: Checksummable>: ObserverType {
    public let sink: OutputSink

    public init(sink: OutputSink) { self.sink = sink }

    @inline(__always)
    public func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            sink.receive(value)
        case .error, .completed:
            sink.receiveCompletion()
        }
    }
}
