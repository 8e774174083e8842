import Foundation

/// Process-wide settings of the Rx core, as RxSwift's `Hooks` (`Rx.swift`,
/// `ObservableType+Extensions.swift`). `subscribe(onNext:onError:onCompleted:onDisposed:)` reads them
/// on every subscription.
public enum Hooks {
    public typealias DefaultErrorHandler = (_ subscriptionCallStack: [String], _ error: Error) -> Void
    public typealias CustomCaptureSubscriptionCallstack = () -> [String]

    /// Whether `subscribe(onNext:...)` captures the call stack, for ``defaultErrorHandler``.
    public static var recordCallStackOnError: Bool = false

    private static let lock = RecursiveLock()

    private static var _defaultErrorHandler: DefaultErrorHandler = { subscriptionCallStack, error in
        #if DEBUG
        let serializedCallStack = subscriptionCallStack.joined(separator: "\n")
        print("Unhandled error happened: \(error)")
        if !serializedCallStack.isEmpty {
            print("subscription called from:\n\(serializedCallStack)")
        }
        #endif
    }

    private static var _customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack = {
        #if DEBUG
        return Thread.callStackSymbols
        #else
        return []
        #endif
    }

    /// Called with an error that reached a `subscribe(onNext:...)` without an `onError` handler. The
    /// default prints it in debug builds and does nothing in release builds, as RxSwift's.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { lock.performLocked { _defaultErrorHandler } }
        set { lock.performLocked { _defaultErrorHandler = newValue } }
    }

    /// Captures the call stack of a subscription when ``recordCallStackOnError`` is set.
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { lock.performLocked { _customCaptureSubscriptionCallstack } }
        set { lock.performLocked { _customCaptureSubscriptionCallstack = newValue } }
    }
}
