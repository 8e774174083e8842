import ReactiveBenchConformance
import RxCore

/// A ``RecordingObserver`` read in the shared ``OutputEvent`` vocabulary, whatever its element type.
protocol RxRecording: AnyObject {
    var outputEvents: [OutputEvent] { get }
    var violations: [String] { get }
    func noteDisposed()
    func attach(_ subscription: Disposable)
}

extension RecordingObserver: RxRecording {
    var outputEvents: [OutputEvent] {
        events.map { event in
            switch event {
            case .next(let element): .value(String(describing: element))
            case .completed: .finished
            case .error(let error as TestError): .failure(error)
            case .error(let error): .unexpectedFailure(String(describing: error))
            }
        }
    }
}
