import RxCore
import Testing

/// RxSwift's `Hooks` (`Rx.swift`, `ObservableType+Extensions.swift`): an error that reaches
/// `subscribe(onNext:...)` without an `onError` goes to `Hooks.defaultErrorHandler`, with the call stack
/// captured at subscription when `recordCallStackOnError` was set.
@Suite(.serialized) struct RxHooksTests {
    struct MarkedError: Error {}

    final class Received: @unchecked Sendable {
        var callStacks: [[String]] = []
    }

    @Test func anUnhandledErrorReachesTheDefaultErrorHandlerWithTheSubscriptionsCallStack() {
        let previousHandler = Hooks.defaultErrorHandler
        let previousCapture = Hooks.customCaptureSubscriptionCallstack
        defer {
            Hooks.defaultErrorHandler = previousHandler
            Hooks.customCaptureSubscriptionCallstack = previousCapture
            Hooks.recordCallStackOnError = false
        }
        let received = Received()
        // Other suites may run meanwhile: only this test's error is recorded.
        Hooks.defaultErrorHandler = { callStack, error in
            if error is MarkedError { received.callStacks.append(callStack) }
        }
        Hooks.customCaptureSubscriptionCallstack = { ["captured at subscription"] }

        let subject = PublishSubject<Int>()
        Hooks.recordCallStackOnError = true
        _ = subject.subscribe(onNext: { _ in })
        Hooks.recordCallStackOnError = false
        _ = subject.subscribe(onNext: { _ in }, onError: { _ in received.callStacks.append(["onError"]) })
        subject.on(.error(MarkedError()))

        #expect(received.callStacks == [["captured at subscription"], ["onError"]])
    }
}
