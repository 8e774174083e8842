/// A failure of the harness, told in one line that says what went wrong and, where there is one, the fix.
public struct HarnessError: Error, CustomStringConvertible, Equatable {
    /// The whole message: one line, no trailing period needed by callers.
    public let message: String

    /// Creates an error with a one-line message.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
