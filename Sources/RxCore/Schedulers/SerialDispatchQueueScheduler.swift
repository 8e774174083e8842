import Dispatch

/// Runs work on a serial `DispatchQueue`, one unit at a time, in the order it was scheduled
/// (RxSwift's `SerialDispatchQueueScheduler`, immediate scheduling only).
///
/// `observe(on:)` recognises this scheduler and uses its cheaper serial-queue sink, which relies on
/// the queue's order instead of a lock and a buffer of its own.
public final class SerialDispatchQueueScheduler: ImmediateSchedulerType {
    let configuration: DispatchQueueConfiguration

    /// A scheduler on `serialQueue`, which must be serial: the scheduler cannot check it.
    ///
    /// RxSwift keeps this initialiser internal for that reason (its `MainScheduler` uses it); it is
    /// public here so that a benchmark can hop to the same queue in every family and drain it.
    public init(serialQueue: DispatchQueue) {
        configuration = DispatchQueueConfiguration(queue: serialQueue)
    }

    /// A scheduler on a new serial queue labelled `internalSerialQueueName`.
    public convenience init(internalSerialQueueName: String) {
        self.init(serialQueue: DispatchQueue(label: internalSerialQueueName))
    }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.schedule(state, action: action)
    }
}
