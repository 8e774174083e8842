/// Something that runs units of work: RxSwift's `ImmediateSchedulerType`, the part of a scheduler
/// that `observe(on:)` needs (no virtual time, no periodic work).
public protocol ImmediateSchedulerType {
    /// Runs `action` with `state`, on the scheduler's terms (now, later, on another thread).
    ///
    /// - Returns: A disposable that stops `action` from running if it has not started, and disposes
    ///   what `action` returned.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}
