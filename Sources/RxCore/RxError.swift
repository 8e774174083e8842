/// Errors the Rx core itself produces.
public enum RxError: Error, CustomDebugStringConvertible {
    /// An observer subscribed to `object` after it was disposed.
    case disposed(object: AnyObject)

    public var debugDescription: String {
        switch self {
        case .disposed(let object): "Object `\(object)` was already disposed."
        }
    }
}
