#if !canImport(Darwin)
import Foundation

/// A mutable value in a class, so that a thread dictionary can hold it (RxSwift's `RxMutableBox.swift`:
/// on Linux an `NSObject`, which `NSMutableDictionary` stores without bridging).
final class RxMutableBox<T>: NSObject {
    var value: T

    init(_ value: T) {
        self.value = value
    }
}
#else
/// A mutable value in a class, so that a thread dictionary can hold it (RxSwift's `RxMutableBox.swift`).
final class RxMutableBox<T> {
    var value: T

    init(_ value: T) {
        self.value = value
    }
}
#endif
